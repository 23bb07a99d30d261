import { data, Form, isRouteErrorResponse, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/denunciar";
import { checkReport, REPORT_DETAILS_MAX, REPORT_MESSAGES, reportReasonLabels, type ReportKind } from "@common/reports";
import { fieldRefusal, refused } from "@common/refusal";
import { isNewAccount, reportRefusal, reportSubject, submitReport, type ReportTarget } from "@server/trust/reports";
import { Stars } from "~/components/contacts/stars";
import { NotFoundMessage } from "~/components/layout/not-found-message";
import { PageMessage } from "~/components/layout/page-message";
import { primaryButton } from "~/components/ui/button-class";
import { TextAreaField } from "~/components/ui/field";
import { FieldError } from "~/components/ui/field-error";
import { Icon } from "~/components/ui/icons";
import { getViewer } from "~/lib/auth.server";
import { readForm, sentFields, typedFields } from "~/lib/form";
import { overLimit } from "~/lib/rate-limit.server";
import { loginPath } from "~/lib/redirects";
import { refusalData } from "~/lib/refusal.server";
import { redirectWithToast } from "~/lib/toast.server";

const WHAT: Record<ReportKind, string> = { anuncio: "anúncio", anfitriao: "anfitrião", avaliacao: "avaliação" };

const LISTING_HINT = "Por exemplo: pediram um Pix para outra pessoa, as fotos são de outro lugar, o endereço não existe.";
const HINTS: Record<ReportKind, string> = {
  anuncio: LISTING_HINT,
  anfitriao: LISTING_HINT,
  avaliacao: "Por exemplo: a pessoa nunca se hospedou aqui, o texto tem ofensas ou o telefone de alguém.",
};

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Denunciar ${WHAT[loaderData.subject.kind]} | Recanto` : "Página não encontrada | Recanto" },
  { name: "robots", content: "noindex" },
];

/** /denunciar/anuncio/{id or slug}, /denunciar/anfitriao/{id} and /denunciar/avaliacao/{id}: one form for all. */
function targetOf(params: { tipo: string; id: string }): ReportTarget | null {
  if (params.tipo === "anuncio") return { kind: "anuncio", key: params.id };
  if (params.tipo === "avaliacao") return { kind: "avaliacao", id: params.id };
  return params.tipo === "anfitriao" ? { kind: "anfitriao", id: params.id } : null;
}

async function reportPage(request: Request, params: { tipo: string; id: string }, context: Route.LoaderArgs["context"]) {
  const target = targetOf(params);
  if (!target) throw data(null, { status: 404 });
  const viewer = await getViewer(context);
  if (!viewer) throw redirect(loginPath(new URL(request.url).pathname));
  const subject = await reportSubject(context.services.database.db, target);
  if (!subject) throw data(null, { status: 404 });
  return { viewer, subject };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { viewer, subject } = await reportPage(request, params, context);
  return {
    subject: { kind: subject.kind, title: subject.title, path: subject.path, quote: subject.kind === "avaliacao" ? subject.quote : null },
    refusal: reportRefusal(subject, viewer.id)?.title ?? null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { viewer, subject } = await reportPage(request, params, context);
  const fields = await readForm(request);
  const typed = sentFields(fields, ["reason", "details"]);
  const checked = checkReport(fields, subject.kind);
  if (!checked.ok) return refusalData(fieldRefusal(checked), typed);
  if (!viewer.emailVerified) return refusalData(refused(403, REPORT_MESSAGES.unconfirmed), typed);
  const { services } = context;
  const limited = await overLimit(context, (await isNewAccount(services.database.db, viewer.id)) ? "reportNew" : "report", viewer.email);
  if (limited) return refusalData(limited, typed);
  const sent = await submitReport(services, viewer.id, subject, checked.data);
  if (!sent.ok) return refusalData(sent, typed);
  return redirectWithToast(subject.path, { title: "Denúncia enviada", description: "Obrigado por avisar. Nossa equipe vai analisar.", variant: "success" });
}

export default function Denunciar({ loaderData, actionData }: Route.ComponentProps) {
  const { subject, refusal } = loaderData;
  const navigation = useNavigation();
  const error = actionData && !actionData.ok ? actionData : null;
  const typed = typedFields(actionData);
  const fieldError = (name: string) => (error?.field === name ? error.title : undefined);
  const reasonError = fieldError("reason");
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <Link to={subject.path} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 underline underline-offset-2 dark:text-brand-300">
        <Icon name="arrow-left" aria-hidden className="size-4" /> {subject.title}
      </Link>
      <h1 className="mt-4 text-3xl font-bold">{`Denunciar ${WHAT[subject.kind]}`}</h1>
      <p className="mt-2 text-stone-700 dark:text-stone-300">
        {subject.kind === "avaliacao"
          ? `Conte o que há de errado com esta avaliação de “${subject.title}”. Sua denúncia é confidencial: nem quem escreveu nem o anfitrião sabem quem denunciou. A avaliação continua publicada até a nossa equipe analisar.`
          : `Conte o que aconteceu com “${subject.title}”. Sua denúncia é confidencial: o anfitrião não sabe quem denunciou.${subject.kind === "anuncio" ? " Quando várias pessoas denunciam um anúncio, ele sai das buscas até a nossa equipe analisar." : ""}`}
      </p>
      {subject.quote ? (
        <figure className="mt-6 rounded-xl border border-stone-200 bg-stone-50 p-4 dark:border-stone-700 dark:bg-stone-900">
          <figcaption className="sr-only">A avaliação denunciada</figcaption>
          <Stars value={subject.quote.rating} />
          <blockquote className="mt-2 whitespace-pre-line break-words text-stone-800 dark:text-stone-200">{subject.quote.text}</blockquote>
        </figure>
      ) : null}
      {refusal ? (
        <p className="mt-6 rounded-xl border border-stone-300 p-4 dark:border-stone-700">{refusal}</p>
      ) : (
        <Form method="post" className="mt-6 space-y-6" noValidate>
          {error && !error.field ? (
            <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100">
              {error.title}
            </p>
          ) : null}
          <fieldset aria-describedby={reasonError ? "motivo-erro" : undefined}>
            <legend className="mb-2 block font-medium text-stone-800 dark:text-stone-200">Motivo</legend>
            <div className="space-y-2">
              {Object.entries(reportReasonLabels(subject.kind)).map(([value, label]) => (
                <label key={value} className="flex items-center gap-2">
                  <input type="radio" name="reason" value={value} defaultChecked={typed.reason === value} className="size-4 accent-brand-700" />
                  {label}
                </label>
              ))}
            </div>
            {reasonError ? <FieldError id="motivo-erro">{reasonError}</FieldError> : null}
          </fieldset>
          <TextAreaField
            label="O que aconteceu?"
            name="details"
            rows={5}
            maxLength={REPORT_DETAILS_MAX}
            defaultValue={typed.details}
            error={fieldError("details")}
            hint={HINTS[subject.kind]}
          />
          <button type="submit" className={`${primaryButton} sm:w-auto`} disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? "Enviando..." : "Enviar denúncia"}
          </button>
        </Form>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundMessage />;
  return (
    <PageMessage title="Algo deu errado">
      <p>Não foi possível enviar sua denúncia agora. Tente novamente em instantes.</p>
    </PageMessage>
  );
}
