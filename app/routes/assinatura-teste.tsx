import { Icon } from "~/components/ui/icons";
import { data, Form, Link, redirect, useNavigation, type AppLoadContext } from "react-router";
import type { Route } from "./+types/assinatura-teste";
import { formatBRL, formatDate } from "@common/format";
import { sandboxActions } from "@server/billing/billing";
import { PREMIUM_PRICE_CENTS } from "@server/billing/status";
import { linkButton, PageMessage, secondaryLinkButton } from "~/components/layout/page-message";
import { getViewer } from "~/lib/auth.server";
import { readForm } from "~/lib/form";
import { loginPath } from "~/lib/redirects";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Pagamento de teste | Recanto" }, { name: "robots", content: "noindex" }];

const STATUS_LABELS: Record<string, string> = {
  active: "Ativa",
  trialing: "Ativa (primeira cobrança agendada)",
  past_due: "Pagamento pendente",
  canceled: "Cancelada",
};

/** The sandbox session behind the link, for its own user only; anything else ends here with a page. */
async function openSession(request: Request, context: AppLoadContext, params: Route.LoaderArgs["params"]) {
  const { sandbox } = context.services;
  if (!sandbox || (params.kind !== "checkout" && params.kind !== "portal")) throw data(null, { status: 404 });
  const session = sandbox.readSession(params.kind, params.token);
  if (!session) throw data({ message: "Este link de teste é inválido ou expirou. Volte aos planos e tente novamente." }, { status: 404 });
  const viewer = await getViewer(context);
  if (!viewer) throw redirect(loginPath(new URL(request.url).pathname));
  if (viewer.id !== session.userId) throw data({ message: "Este link de teste pertence a outra conta." }, { status: 403 });
  return { sandbox, session };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { sandbox, session } = await openSession(request, context, params);
  if (session.kind === "checkout") {
    return { kind: "checkout" as const, price: formatBRL(PREMIUM_PRICE_CENTS), firstCharge: session.trialEnd ? formatDate(new Date(session.trialEnd)) : null };
  }
  const subscriptions = (await sandbox.subscriptionsOf(session.customerId)).map((s) => ({
    id: s.id,
    status: STATUS_LABELS[s.status] ?? s.status,
    ended: s.status === "canceled",
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    periodEnd: s.currentPeriodEnd ? formatDate(s.currentPeriodEnd) : null,
  }));
  return { kind: "portal" as const, price: formatBRL(PREMIUM_PRICE_CENTS), returnUrl: session.returnUrl, subscriptions };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { sandbox, session } = await openSession(request, context, params);
  const actions = sandboxActions(context.services.billing, sandbox);
  const fields = await readForm(request);
  if (session.kind === "checkout") {
    if (fields.intent === "approve") return redirect(await actions.approve(session));
    return redirect(session.cancelUrl);
  }
  const cancel = fields.intent === "cancel";
  if (!(await actions.setCancelAtPeriodEnd(session, fields.subscriptionId ?? "", cancel))) {
    return redirectWithToast(new URL(request.url).pathname, { title: "Assinatura não encontrada.", variant: "error" });
  }
  return redirectWithToast(new URL(request.url).pathname, cancel ? { title: "Assinatura cancelada", description: "O Premium continua até o fim do período já pago.", variant: "success" } : { title: "Assinatura reativada", variant: "success" });
}

function SandboxNotice() {
  return (
    <p role="note" className="mb-6 flex items-center gap-2 rounded-lg border border-amber-400 bg-amber-50 px-4 py-3 text-left text-sm text-amber-900 dark:border-amber-500 dark:bg-amber-950 dark:text-amber-100">
      <Icon name="flask-conical" aria-hidden className="size-5 shrink-0" />
      <span>
        <strong>Ambiente de teste.</strong> Nenhum pagamento real é feito e nenhum cartão é pedido. Em produção, esta etapa acontece no Stripe.
      </span>
    </p>
  );
}

export default function AssinaturaTeste({ loaderData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  if (loaderData.kind === "checkout") {
    return (
      <PageMessage title="Pagamento de teste">
        <SandboxNotice />
        <p className="text-lg font-semibold text-stone-900 dark:text-stone-100">{`Recanto Premium · ${loaderData.price}/mês`}</p>
        {loaderData.firstCharge ? <p className="mt-2">{`Seu acesso gratuito continua; a primeira cobrança seria em ${loaderData.firstCharge}.`}</p> : null}
        <Form method="post" className="mt-8 flex flex-wrap justify-center gap-3">
          <button type="submit" name="intent" value="approve" disabled={busy} className={linkButton}>
            {busy ? "Processando..." : "Aprovar pagamento de teste"}
          </button>
          <button type="submit" name="intent" value="cancel" disabled={busy} className={secondaryLinkButton}>
            Cancelar
          </button>
        </Form>
      </PageMessage>
    );
  }
  return (
    <PageMessage
      title="Gerenciar assinatura (teste)"
      actions={
        <Link to={loaderData.returnUrl} className={secondaryLinkButton}>
          Voltar ao Recanto
        </Link>
      }
    >
      <SandboxNotice />
      {loaderData.subscriptions.length === 0 ? <p>Nenhuma assinatura encontrada.</p> : null}
      <ul className="space-y-4 text-left">
        {loaderData.subscriptions.map((s) => (
          <li key={s.id} className="rounded-lg border border-stone-200 p-4 dark:border-stone-700">
            <p className="font-semibold text-stone-900 dark:text-stone-100">{`Recanto Premium · ${loaderData.price}/mês`}</p>
            <p className="mt-1">{`Situação: ${s.status}`}</p>
            {s.periodEnd && !s.ended ? <p>{s.cancelAtPeriodEnd ? `Termina em ${s.periodEnd}` : `Renova em ${s.periodEnd}`}</p> : null}
            {s.ended ? null : (
              <Form method="post" className="mt-3">
                <input type="hidden" name="subscriptionId" value={s.id} />
                <button type="submit" name="intent" value={s.cancelAtPeriodEnd ? "resume" : "cancel"} disabled={busy} className={s.cancelAtPeriodEnd ? linkButton : secondaryLinkButton}>
                  {s.cancelAtPeriodEnd ? "Reativar assinatura" : "Cancelar assinatura"}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </PageMessage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = (error as { data?: { message?: string } }).data?.message ?? "Página não encontrada.";
  return (
    <PageMessage
      title="Pagamento de teste"
      actions={
        <Link to="/planos" className={linkButton}>
          Ver planos
        </Link>
      }
    >
      <p>{message}</p>
    </PageMessage>
  );
}
