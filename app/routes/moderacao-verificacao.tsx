import { data, Form, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/moderacao-verificacao";
import { formatDate } from "@common/format";
import { formattedDocument } from "@common/identity";
import { refused } from "@common/refusal";
import { requireOperator } from "@server/accounts/guards";
import { decideVerification, verificationForReview, type IdentityDecision } from "@server/trust/identity";
import { ModerationErrorBoundary } from "~/components/moderation/moderation-messages";
import { ReasonForm } from "~/components/moderation/reason-form";
import { BackLink } from "~/components/property/detail/property-detail-layout";
import { primaryButton } from "~/components/ui/button-class";
import { Icon } from "~/components/ui/icons";
import { guardPage } from "~/lib/auth.server";
import { readForm } from "~/lib/form";
import { refusalData } from "~/lib/refusal.server";
import { redirectWithToast } from "~/lib/toast.server";

const STATUS_TEXT = { pending: "Aguardando análise", approved: "Aprovado", refused: "Recusado" } as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await guardPage(request, context, requireOperator);
  const found = await verificationForReview(context.services.database.db, params.id);
  if (!found) throw data(null, { status: 404 });
  const { userId, document, documentKind, createdAt, accountCreatedAt, sameDocument, ...rest } = found;
  return {
    request: {
      ...rest,
      documentKind,
      document: formattedDocument(documentKind, document),
      sentOn: formatDate(createdAt),
      accountSince: formatDate(accountCreatedAt),
      sameDocument: sameDocument.map((other) => ({ ...other, createdAt: formatDate(other.createdAt), status: STATUS_TEXT[other.status] })),
    },
    own: userId === viewer.id,
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Verificação de identidade | Moderação | Recanto" }, { name: "robots", content: "noindex" }];

function decisionFrom(fields: Record<string, string>): IdentityDecision | null {
  if (fields.intent === "approve-identity") return { kind: "approve", cadasturChecked: fields.cadasturChecked === "on" };
  if (fields.intent === "refuse-identity") return { kind: "refuse", reason: fields.reason ?? "" };
  return null;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await guardPage(request, context, requireOperator);
  const decision = decisionFrom(await readForm(request));
  if (!decision) return refusalData(refused(400, "Ação inválida."));
  const result = await decideVerification(context.services, viewer.id, params.id, decision);
  if (!result.ok) return refusalData(result);
  const approved = result.value.status === "approved";
  return redirectWithToast("/moderacao/verificacoes", {
    variant: result.value.emailed ? "success" : "info",
    title: approved ? "Identidade verificada" : "Verificação recusada",
    description: result.value.emailed
      ? approved
        ? "O selo já aparece nos anúncios do anfitrião. Avisamos por email; as fotos foram apagadas."
        : "Enviamos o motivo ao anfitrião por email; as fotos foram apagadas."
      : "Não foi possível enviar o email ao anfitrião: avise-o por outro meio.",
  });
}

/** After a 409 (decided by someone else meanwhile) the page reloads to show what is there now. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export default function ModeracaoVerificacao({ loaderData, actionData }: Route.ComponentProps) {
  const { request, own } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const intent = navigation.formData?.get("intent");
  const problem = actionData && !actionData.ok ? actionData : null;
  const pending = request.status === "pending";
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <BackLink to="/moderacao/verificacoes">Voltar à fila</BackLink>
      <h1 className="mt-4 text-3xl font-bold">Verificação de identidade</h1>
      <p className="mt-1 text-stone-700 dark:text-stone-300">{`${STATUS_TEXT[request.status]} · enviado em ${request.sentOn}`}</p>
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="imagens-verificacao">
          <h2 id="imagens-verificacao" className="sr-only">
            Imagens enviadas
          </h2>
          {pending ? (
            <div className="grid gap-4 sm:grid-cols-2">
              {(
                [
                  ["documento", "Foto do documento"],
                  ["selfie", "Selfie segurando o documento"],
                ] as const
              ).map(([which, caption]) => (
                <figure key={which} className="overflow-hidden rounded-xl border border-stone-200 dark:border-stone-800">
                  <a href={`/moderacao/verificacoes/${request.id}/${which}`} target="_blank" rel="noreferrer" className="block">
                    <img src={`/moderacao/verificacoes/${request.id}/${which}`} alt={`${caption} enviada por ${request.accountName}`} className="w-full bg-stone-100 object-contain dark:bg-stone-900" />
                  </a>
                  <figcaption className="p-3 text-sm font-semibold">{caption}</figcaption>
                </figure>
              ))}
            </div>
          ) : (
            <p className="rounded-xl border border-dashed border-stone-300 p-6 text-stone-700 dark:border-stone-700 dark:text-stone-300">
              As imagens foram apagadas quando o pedido foi decidido.
            </p>
          )}
        </section>
        <aside id="analise" className="space-y-6">
          <dl className="space-y-3 rounded-2xl border border-stone-200 p-5 text-sm dark:border-stone-800">
            <Item label="Nome digitado" value={request.legalName} />
            <Item label={request.documentKind === "cpf" ? "CPF" : "CNPJ"} value={request.document} />
            <Item label="Cadastur" value={request.cadastur ?? "Não informado"} />
            <Item label="Conta" value={`${request.accountName} · ${request.accountEmail} · desde ${request.accountSince}`} />
          </dl>
          {request.sameDocument.length > 0 ? (
            <section aria-labelledby="mesmo-documento" className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
              <h2 id="mesmo-documento" className="font-semibold">
                Mesmo documento em outras contas
              </h2>
              <ul className="mt-2 space-y-1">
                {request.sameDocument.map((other, i) => (
                  <li key={i}>{`${other.accountName} · ${other.status} · ${other.createdAt}`}</li>
                ))}
              </ul>
            </section>
          ) : null}
          {problem ? (
            <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100">
              {problem.title}
            </p>
          ) : null}
          {!pending ? null : own ? (
            <p className="text-sm text-stone-700 dark:text-stone-300">Outra pessoa da equipe precisa analisar um pedido seu.</p>
          ) : (
            <div className="space-y-6">
              <Form method="post" className="space-y-3">
                {request.cadastur ? (
                  <label className="flex items-start gap-2 text-sm">
                    <input type="checkbox" name="cadasturChecked" className="mt-0.5 size-4 accent-brand-700" />
                    Conferi o Cadastur no site do Ministério do Turismo: está ativo e no mesmo nome ou documento.
                  </label>
                ) : null}
                <button type="submit" name="intent" value="approve-identity" disabled={busy} className={primaryButton}>
                  <Icon name="check" aria-hidden className="mr-2 size-5" />
                  {busy && intent === "approve-identity" ? "Aprovando..." : "Aprovar verificação"}
                </button>
              </Form>
              <ReasonForm
                key={problem?.title}
                intent="refuse-identity"
                busy={busy}
                submitting={busy && intent === "refuse-identity"}
                serverError={problem?.field === "reason" ? problem.title : undefined}
              />
            </div>
          )}
        </aside>
      </div>
    </div>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-stone-600 dark:text-stone-400">{label}</dt>
      <dd className="mt-0.5 font-medium break-words">{value}</dd>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ModerationErrorBoundary error={error} />;
}
