import { ArrowLeft, Check, ExternalLink, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { data, Form, Link, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/moderacao-propriedade";
import { findCategory } from "@common/catalog";
import { formatBRL, formatDate } from "@common/format";
import { REASON_MAX, REASON_MIN, reasonError } from "@common/moderation";
import { refused } from "@common/refusal";
import { formatPhone } from "@common/phone";
import { findForModeration, moderate, type Decision } from "@server/moderation/moderation";
import { ModerationErrorBoundary, StatusBadge } from "~/components/moderation/moderation-messages";
import { ModerationPhotos } from "~/components/moderation/moderation-photos";
import { PropertyAbout, PropertyFacts, PropertyHeading } from "~/components/property/detail/property-summary";
import { FieldError, FormAlert, inputClass, primaryButton } from "~/components/ui/field";
import { requireOperator } from "@server/accounts/guards";
import { guardPage } from "~/lib/auth.server";
import { readForm } from "~/lib/form";
import { refusalData } from "~/lib/refusal.server";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await guardPage(request, context, requireOperator);
  const found = await findForModeration(context.services.database.db, params.id);
  if (!found) throw data(null, { status: 404 });
  const { hostId, whatsappContact, ...property } = found;
  return {
    property: { ...property, whatsapp: formatPhone(whatsappContact) },
    categorySlug: findCategory(property.propertyType)?.slug ?? null,
    ownProperty: hostId === viewer.id,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Moderação: ${loaderData.property.title} | Recanto` : "Página não encontrada | Recanto" },
  { name: "robots", content: "noindex" },
];

const EMAIL_FAILED = "Não foi possível enviar o email ao anfitrião: avise-o por outro meio.";

function decisionFrom(fields: Record<string, string>): Decision | null {
  switch (fields.intent) {
    case "approve":
      return { kind: "approve" };
    case "reject":
      return { kind: "reject", reason: fields.reason ?? "" };
    case "unpublish":
      return { kind: "unpublish", reason: fields.reason ?? "" };
    default:
      return null;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await guardPage(request, context, requireOperator);
  const fields = await readForm(request);
  const decision = decisionFrom(fields);
  if (!decision) return refusalData(refused(400, "Ação inválida."));
  const result = await moderate(context.services, viewer.id, params.id, decision, { reviewedAt: fields.reviewedAt || undefined });
  if (!result.ok) return refusalData(result);

  const { property, emailed } = result.value;
  let toast: Toast;
  if (decision.kind === "approve") {
    toast = {
      variant: "success",
      title: "Propriedade aprovada",
      description: property.isActive
        ? "Ela já aparece nas buscas. Avisamos o anfitrião por email."
        : "Ela aparecerá nas buscas quando o anfitrião ativá-la. Avisamos o anfitrião por email.",
    };
  } else {
    toast = {
      variant: "success",
      title: decision.kind === "reject" ? "Propriedade recusada" : "Propriedade despublicada",
      description: "Enviamos o motivo ao anfitrião por email.",
    };
  }
  if (!emailed) toast = { ...toast, variant: "info", description: EMAIL_FAILED };
  // A decision from the queue goes back to it; taking a published listing down stays on its page.
  return redirectWithToast(decision.kind === "unpublish" ? `/moderacao/${property.id}` : "/moderacao", toast);
}

/** After a 409 (moderated by someone else, or edited by the host) the page reloads too, to show what is there now. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

type LoaderData = Route.ComponentProps["loaderData"];
type ActionData = Route.ComponentProps["actionData"];

export default function ModeracaoPropriedade({ loaderData, actionData }: Route.ComponentProps) {
  const { property, categorySlug } = loaderData;
  return (
    <article className="mx-auto max-w-6xl px-4 pt-4 pb-16 sm:px-6 md:pt-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <Link
          to="/moderacao"
          className="inline-flex items-center gap-2 rounded-full px-3 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100 dark:text-stone-100 dark:hover:bg-stone-800"
        >
          <ArrowLeft aria-hidden className="size-4" />
          Voltar à fila
        </Link>
        <StatusBadge status={property.status} />
      </div>
      <p className="mb-5 rounded-xl border border-dashed border-stone-400 bg-stone-50 px-4 py-3 text-sm text-stone-700 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-300">
        Pré-visualização para a equipe: é assim que os hóspedes verão esta propriedade quando ela estiver aprovada e ativa.
        {/* Phones show every photo first: a shortcut to the decision. */}{" "}
        <a href="#analise" className="font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2 md:hidden dark:text-brand-300">
          Ir para a análise
        </a>
      </p>
      <PropertyHeading title={property.title} location={property.location} />
      <div className="mt-5">
        <ModerationPhotos images={property.images} title={property.title} />
      </div>
      <div className="mt-8 grid gap-x-12 md:grid-cols-[minmax(0,1fr)_20rem] md:grid-rows-[auto_1fr] lg:grid-cols-[minmax(0,1fr)_23rem]">
        <PropertyFacts
          maxGuests={property.maxGuests}
          bedrooms={property.bedrooms}
          bathrooms={property.bathrooms}
          propertyType={property.propertyType}
          categorySlug={categorySlug}
        />
        <div className="md:col-start-1">
          <PropertyAbout description={property.description} amenities={property.amenities} safetyItems={property.safetyItems} />
        </div>
        {/* Last on phones (read first, then decide); a sticky column beside the text from 768px. */}
        <aside className="md:col-start-2 md:row-span-2 md:row-start-1">
          <div className="md:sticky md:top-24">
            <ReviewPanel {...loaderData} actionData={actionData} />
          </div>
        </aside>
      </div>
    </article>
  );
}

const secondaryButton =
  "inline-flex w-full items-center justify-center gap-2 rounded-lg border border-red-700 px-4 py-3 font-semibold text-red-800 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-red-400 dark:text-red-200 dark:hover:bg-red-950/50";

function ReviewPanel({ property, ownProperty, actionData }: LoaderData & { actionData: ActionData }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const intent = busy ? navigation.formData?.get("intent") : null;
  const alert = actionData && !actionData.ok && actionData.field !== "reason" ? actionData.title : null;
  const reasonFromServer = actionData && !actionData.ok && actionData.field === "reason" ? actionData.title : undefined;
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (alert) alertRef.current?.scrollIntoView({ block: "nearest" });
  }, [alert, actionData]);

  return (
    <section
      id="analise"
      tabIndex={-1}
      aria-labelledby="analise-titulo"
      className="scroll-mt-20 rounded-2xl border border-stone-200 bg-white p-5 shadow-lg sm:p-6 dark:border-stone-700 dark:bg-stone-900"
    >
      <h2 id="analise-titulo" className="text-xl font-semibold">
        Análise
      </h2>
      <p className="mt-3">
        <span className="text-2xl font-bold">{formatBRL(property.priceCents)}</span> <span className="text-stone-700 dark:text-stone-300">/ noite</span>
      </p>
      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <dt className="text-stone-600 dark:text-stone-400">Situação</dt>
        <dd>
          <StatusBadge status={property.status} />
        </dd>
        <dt className="text-stone-600 dark:text-stone-400">Anfitrião</dt>
        <dd className="break-words">
          {property.hostName}
          <br />
          <a href={`mailto:${property.hostEmail}`} className="text-brand-700 underline underline-offset-2 dark:text-brand-300">
            {property.hostEmail}
          </a>
        </dd>
        <dt className="text-stone-600 dark:text-stone-400">WhatsApp</dt>
        <dd>{property.whatsapp || "Não informado"}</dd>
        <dt className="text-stone-600 dark:text-stone-400">Enviada em</dt>
        <dd>
          <time dateTime={property.createdAt}>{formatDate(property.createdAt)}</time>
        </dd>
        <dt className="text-stone-600 dark:text-stone-400">Anúncio</dt>
        <dd>{property.isActive ? "Ativo" : "Desativado pelo anfitrião"}</dd>
      </dl>

      <div ref={alertRef} className="mt-5 empty:hidden">
        {alert ? <FormAlert>{alert}</FormAlert> : null}
      </div>

      {property.rejectionReason ? (
        <div className="mt-5 rounded-lg border border-stone-200 bg-stone-50 px-4 py-3 text-sm dark:border-stone-700 dark:bg-stone-950">
          <p className="font-semibold">{property.status === "rejected" ? "Motivo da recusa" : "Motivo da recusa anterior"}</p>
          <p className="mt-1 whitespace-pre-line text-stone-700 dark:text-stone-300">{property.rejectionReason}</p>
        </div>
      ) : null}

      <div className="mt-6">
        {ownProperty ? (
          <p className="text-sm text-stone-700 dark:text-stone-300">Esta propriedade é sua: outra pessoa da equipe precisa analisá-la.</p>
        ) : property.status === "pending" ? (
          <div className="space-y-6">
            <Form method="post">
              <input type="hidden" name="reviewedAt" value={property.updatedAt} />
              <button type="submit" name="intent" value="approve" disabled={busy} className={`${primaryButton} gap-2`}>
                <Check aria-hidden className="size-5" />
                {intent === "approve" ? "Aprovando..." : "Aprovar"}
              </button>
              <p className="mt-2 text-xs text-stone-600 dark:text-stone-400">
                {property.isActive ? "Aparece nas buscas assim que for aprovada." : "Aparecerá nas buscas quando o anfitrião ativá-la."}
              </p>
            </Form>
            <div className="border-t border-stone-200 pt-6 dark:border-stone-700">
              <ReasonForm
                key={reasonFromServer}
                reviewedAt={property.updatedAt}
                intent="reject"
                label="Motivo da recusa"
                submitLabel="Recusar"
                busyLabel="Recusando..."
                busy={busy}
                submitting={intent === "reject"}
                serverError={reasonFromServer}
              />
            </div>
          </div>
        ) : property.status === "approved" ? (
          <div className="space-y-4">
            {property.isActive ? (
              <Link
                to={`/accommodation/${property.slug}`}
                className="inline-flex items-center gap-2 font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300"
              >
                <ExternalLink aria-hidden className="size-4" />
                Ver página pública
              </Link>
            ) : null}
            <details open={!!reasonFromServer} className="group rounded-lg border border-stone-200 dark:border-stone-700">
              <summary className="cursor-pointer rounded-lg px-4 py-3 font-semibold">Despublicar esta propriedade</summary>
              <div className="px-4 pb-4">
                <p className="mb-3 text-sm text-stone-700 dark:text-stone-300">
                  Ela sai das buscas na hora e o anfitrião recebe o motivo por email. Depois dos ajustes, volta para a fila.
                </p>
                <ReasonForm
                  key={reasonFromServer}
                  reviewedAt={property.updatedAt}
                  intent="unpublish"
                  label="Motivo para despublicar"
                  submitLabel="Despublicar"
                  busyLabel="Despublicando..."
                  busy={busy}
                  submitting={intent === "unpublish"}
                  serverError={reasonFromServer}
                />
              </div>
            </details>
          </div>
        ) : (
          <p className="text-sm text-stone-700 dark:text-stone-300">Aguardando ajustes do anfitrião: ao salvar a propriedade, ela volta para a fila.</p>
        )}
      </div>
    </section>
  );
}

/** A required reason (checked here in Portuguese before sending, and again on the server) and its button. */
function ReasonForm(props: {
  intent: "reject" | "unpublish";
  /** The version the operator is looking at (see moderate()). */
  reviewedAt: string;
  label: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  submitting: boolean;
  serverError?: string;
}) {
  const id = useId();
  // The server's message (a post sent before the script loaded) arrives as a new key, so this starts from it.
  const [error, setError] = useState<string | undefined>(props.serverError);
  const [length, setLength] = useState(0);
  const describedBy = [`${id}-dica`, error ? `${id}-erro` : null].filter(Boolean).join(" ");

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const field = event.currentTarget.elements.namedItem("reason") as HTMLTextAreaElement;
    const problem = reasonError(field.value);
    setError(problem ?? undefined);
    if (problem) {
      event.preventDefault();
      field.focus();
    }
  }

  return (
    <Form method="post" noValidate onSubmit={onSubmit}>
      <input type="hidden" name="reviewedAt" value={props.reviewedAt} />
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200">
        {props.label}
      </label>
      <textarea
        id={id}
        name="reason"
        rows={4}
        required
        maxLength={REASON_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => {
          setLength(Array.from(e.target.value.trim()).length);
          if (error) setError(reasonError(e.target.value) ?? undefined);
        }}
        className={`${inputClass} min-h-28 resize-y`}
      />
      <p id={`${id}-dica`} className="mt-1 flex justify-between gap-3 text-xs text-stone-600 dark:text-stone-400">
        <span>O anfitrião recebe este texto por email, com um link para editar a propriedade. Mínimo de {REASON_MIN} caracteres.</span>
        <span aria-hidden className="shrink-0 tabular-nums">
          {length}/{REASON_MAX}
        </span>
      </p>
      {error ? <FieldError id={`${id}-erro`}>{error}</FieldError> : null}
      <button type="submit" name="intent" value={props.intent} disabled={props.busy} className={`${secondaryButton} mt-3`}>
        <X aria-hidden className="size-5" />
        {props.submitting ? props.busyLabel : props.submitLabel}
      </button>
    </Form>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ModerationErrorBoundary error={error} />;
}
