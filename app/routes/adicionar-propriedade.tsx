import { Icon } from "~/components/ui/icons";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/adicionar-propriedade";
import { formatBRL } from "@common/format";
import { formatInternationalPhone } from "@common/phone";
import { isPremium, planFor, PREMIUM_PRICE_CENTS } from "@server/billing/status";
import { requirePremiumHost } from "@server/accounts/guards";
import { getProfile } from "@server/accounts/profile";
import { UploadClaimError } from "@server/media/uploads";
import { createHostProperty } from "@server/properties/manage";
import { BillingButton } from "~/components/billing/billing-button";
import { FormErrorToast } from "~/components/host/form/form-error-toast";
import { emptyPropertyForm, PropertyForm } from "~/components/host/form/property-form";
import { AccessRestricted } from "~/components/layout/access-restricted";
import { PageMessage, secondaryLinkButton } from "~/components/layout/page-message";
import { getViewer, guardAction } from "~/lib/auth.server";
import { formFailure, hostGuardTexts, readPropertyForm } from "~/lib/property-form.server";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Adicionar Propriedade | Recanto" }];

/** Logged out sees why (spec), guests go home, hosts need Premium (paid or the promotion). */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await getViewer(context);
  if (!viewer) return { access: "logged-out" as const };
  if (viewer.userType !== "host") throw redirect("/");
  const db = context.services.database.db;
  const plan = await planFor(db, viewer);
  if (!isPremium(plan.status)) return { access: "needs-premium" as const, premiumPriceCents: PREMIUM_PRICE_CENTS };
  // The WhatsApp starts as the phone on the host's profile.
  const profile = await getProfile(db, viewer.id);
  return { access: "premium" as const, whatsapp: formatInternationalPhone(profile?.phone ?? "") };
}

/** Saves a new listing as pending approval; only Premium hosts (checked here, not by the page). */
export async function action({ request, context }: Route.ActionArgs) {
  const { database, logger } = context.services;
  const host = await guardAction(context, (viewer) =>
    requirePremiumHost(database.db, viewer, {
      ...hostGuardTexts("Você precisa estar logado para adicionar uma propriedade."),
      notPremium: { title: "Plano Premium Necessário", description: "Assine o Premium para cadastrar propriedades." },
    }),
  );
  if (!host.ok) return formFailure(host);
  const input = await readPropertyForm(request);
  if (!input.ok) return input.response;
  try {
    await createHostProperty(database.db, host.value.id, input.value);
  } catch (err) {
    if (err instanceof UploadClaimError) return formFailure({ status: 422, errors: { imageIds: err.message } });
    logger.error({ err }, "property creation failed");
    return formFailure({ status: 500, title: "Erro ao cadastrar propriedade", description: "Tente novamente mais tarde." });
  }
  return redirectWithToast("/minhas-propriedades", {
    title: "Propriedade cadastrada!",
    description: "Sua propriedade foi cadastrada com sucesso e está aguardando aprovação",
    variant: "success",
  });
}

export default function AdicionarPropriedade({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.access === "logged-out") {
    return <AccessRestricted returnTo="/adicionar-propriedade">Faça login como anfitrião para cadastrar sua propriedade.</AccessRestricted>;
  }
  if (loaderData.access === "needs-premium") {
    return (
      <PageMessage
        icon={<Icon name="crown" aria-hidden className="h-12 w-12" />}
        title="Plano Premium Necessário"
        actions={
          <>
            <BillingButton kind="checkout" />
            <Link to="/planos" className={secondaryLinkButton}>
              Ver planos
            </Link>
          </>
        }
      >
        <p>Para cadastrar propriedades, assine o plano Premium por {formatBRL(loaderData.premiumPriceCents)}/mês.</p>
      </PageMessage>
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">Adicionar Propriedade</h1>
      <p className="mt-2 text-stone-600 dark:text-stone-300">Depois de cadastrada, a propriedade passa por uma análise rápida da nossa equipe antes de aparecer nas buscas.</p>
      <FormErrorToast refusal={actionData?.refusal} />
      <div className="mt-8">
        <PropertyForm mode="create" initial={emptyPropertyForm(loaderData.whatsapp)} cancelTo="/" serverErrors={actionData?.errors} />
      </div>
    </div>
  );
}
