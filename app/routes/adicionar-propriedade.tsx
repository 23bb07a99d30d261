import { Crown } from "lucide-react";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/adicionar-propriedade";
import { formatBRL } from "@common/format";
import { isPremium, planFor, PREMIUM_PRICE_CENTS } from "@server/billing/status";
import { BillingButton } from "~/components/billing/billing-button";
import { PageMessage, secondaryLinkButton } from "~/components/layout/page-message";
import { AccessRestricted } from "~/components/layout/access-restricted";
import { getViewer } from "~/lib/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Adicionar Propriedade | Recanto" }];

/** Logged out sees why (spec), guests go home, hosts need Premium (paid or the promotion). */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await getViewer(context);
  if (!viewer) return { access: "logged-out" as const };
  if (viewer.userType !== "host") throw redirect("/");
  const plan = await planFor(context.services.database.db, viewer);
  return isPremium(plan.status) ? { access: "premium" as const } : { access: "needs-premium" as const, premiumPriceCents: PREMIUM_PRICE_CENTS };
}

export default function AdicionarPropriedade({ loaderData }: Route.ComponentProps) {
  if (loaderData.access === "logged-out") {
    return <AccessRestricted returnTo="/adicionar-propriedade">Faça login como anfitrião para cadastrar sua propriedade.</AccessRestricted>;
  }
  if (loaderData.access === "needs-premium") {
    return (
      <PageMessage
        icon={<Crown aria-hidden className="h-12 w-12" />}
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
    <PageMessage
      title="Adicionar Propriedade"
      actions={
        <Link to="/perfil" className={secondaryLinkButton}>
          Voltar ao perfil
        </Link>
      }
    >
      <p>Seu plano Premium está ativo. O formulário de cadastro de propriedades ainda está em construção e chega em breve nesta página.</p>
    </PageMessage>
  );
}
