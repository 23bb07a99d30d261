import { Icon } from "~/components/ui/icons";
import { Link, redirect, useLocation } from "react-router";
import type { Route } from "./+types/assinatura-sucesso";
import { isPremium, planFor } from "@server/billing/status";
import { linkButton, PageMessage, secondaryLinkButton } from "~/components/layout/page-message";
import { requireUser } from "@server/accounts/guards";
import { guardPage } from "~/lib/auth.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.premium === false ? "Confirmando pagamento | Recanto" : "Assinatura confirmada | Recanto" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await guardPage(request, context, requireUser);
  if (viewer.userType !== "host") throw redirect("/planos");
  const db = context.services.database.db;

  // The browser may arrive before the provider's webhook: read the checkout's result now.
  const sessionId = new URL(request.url).searchParams.get("session_id");
  if (sessionId) {
    await context.services.billing.confirmCheckout(viewer.id, sessionId).catch((err: unknown) => {
      context.services.logger.warn({ err }, "could not confirm the checkout session; the webhook will");
    });
  }

  const plan = await planFor(db, viewer);
  return { premium: isPremium(plan.status) };
}

export default function AssinaturaSucesso({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  if (!loaderData.premium) {
    return (
      <PageMessage
        icon={<Icon name="hourglass" aria-hidden className="h-12 w-12" />}
        title="Confirmando seu pagamento"
        actions={
          <>
            {/* The same address again: the loader reads the plan anew. */}
            <Link to={location.pathname + location.search} replace className={linkButton}>
              Atualizar
            </Link>
            <Link to="/" className={secondaryLinkButton}>
              Voltar ao início
            </Link>
          </>
        }
      >
        <p>Seu pagamento está sendo confirmado. Isso costuma levar poucos segundos: atualize a página em instantes.</p>
      </PageMessage>
    );
  }
  return (
    <PageMessage
      icon={<Icon name="circle-check-big" aria-hidden className="h-12 w-12" />}
      title="Assinatura confirmada!"
      actions={
        <>
          <Link to="/adicionar-propriedade" className={linkButton}>
            Cadastrar primeira propriedade
          </Link>
          <Link to="/" className={secondaryLinkButton}>
            Voltar ao início
          </Link>
        </>
      }
    >
      <p>Boas-vindas ao Premium! Agora você pode cadastrar e gerenciar suas propriedades e receber contatos de hóspedes.</p>
    </PageMessage>
  );
}
