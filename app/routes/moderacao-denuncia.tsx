import { data, Form, Link, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/moderacao-denuncia";
import { formatDate } from "@common/format";
import { REPORT_REASON_LABELS } from "@common/reports";
import { refused } from "@common/refusal";
import { requireOperator } from "@server/accounts/guards";
import { moderate } from "@server/moderation/moderation";
import { dismissReports, openReportsOf, reportedSubject } from "@server/trust/reports";
import { ModerationErrorBoundary, StatusBadge } from "~/components/moderation/moderation-messages";
import { ReasonForm } from "~/components/moderation/reason-form";
import { BackLink } from "~/components/property/detail/property-detail-layout";
import { Icon } from "~/components/ui/icons";
import { guardPage } from "~/lib/auth.server";
import { readForm } from "~/lib/form";
import { refusalData } from "~/lib/refusal.server";
import { redirectWithToast } from "~/lib/toast.server";

const kindOf = (tipo: string) => (tipo === "anuncio" || tipo === "anfitriao" ? tipo : null);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await guardPage(request, context, requireOperator);
  const kind = kindOf(params.tipo);
  const db = context.services.database.db;
  const subject = kind ? await reportedSubject(db, kind, params.id) : null;
  if (!kind || !subject) throw data(null, { status: 404 });
  const reports = await openReportsOf(db, kind, params.id);
  return {
    kind,
    id: params.id,
    subject: { title: subject.title, status: subject.status, hostName: subject.hostName, publicPath: kind === "anuncio" ? `/accommodation/${subject.slug}` : `/anfitriao/${params.id}` },
    own: subject.ownerId === viewer.id,
    reports: reports.map((r) => ({ id: r.id, reason: REPORT_REASON_LABELS[r.reason], details: r.details, sentOn: formatDate(r.createdAt), reporterName: r.reporterName, reporterSince: formatDate(r.reporterSince) })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Denúncias | Moderação | Recanto" }, { name: "robots", content: "noindex" }];

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await guardPage(request, context, requireOperator);
  const kind = kindOf(params.tipo);
  if (!kind) throw data(null, { status: 404 });
  const fields = await readForm(request);
  const { services } = context;
  if (fields.intent === "dismiss") {
    const result = await dismissReports(services, viewer.id, kind, params.id);
    if (!result.ok) return refusalData(result);
    return redirectWithToast("/moderacao/denuncias", {
      variant: "success",
      title: "Denúncias dispensadas",
      description: result.value.restored ? "O anúncio voltou às buscas e avisamos o anfitrião." : `${kind === "anuncio" ? "O anúncio" : "O anfitrião"} continua como estava.`,
    });
  }
  if (fields.intent === "unpublish" && kind === "anuncio") {
    // Unpublishing closes the listing's open reports in the same transaction (moderate()).
    const taken = await moderate(services, viewer.id, params.id, { kind: "unpublish", reason: fields.reason ?? "", fraud: fields.fraud === "on" });
    if (!taken.ok) return refusalData(taken);
    return redirectWithToast("/moderacao/denuncias", { variant: "success", title: "Anúncio despublicado", description: "Enviamos o motivo ao anfitrião por email." });
  }
  return refusalData(refused(400, "Ação inválida."));
}

export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export default function ModeracaoDenuncia({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, subject, reports, own } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const intent = navigation.formData?.get("intent");
  const problem = actionData && !actionData.ok ? actionData : null;
  const canUnpublish = kind === "anuncio" && (subject.status === "approved" || subject.status === "reported");
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <BackLink to="/moderacao/denuncias">Voltar às denúncias</BackLink>
      <p className="mt-4 text-sm text-stone-600 dark:text-stone-400">{kind === "anuncio" ? `Anúncio de ${subject.hostName}` : "Anfitrião"}</p>
      <h1 className="text-3xl font-bold">{subject.title}</h1>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        {subject.status ? <StatusBadge status={subject.status} /> : null}
        <Link to={subject.publicPath} className="inline-flex items-center gap-1 font-semibold text-brand-800 underline underline-offset-2 dark:text-brand-300">
          <Icon name="external-link" aria-hidden className="size-4" /> {kind === "anuncio" ? "Ver anúncio" : "Ver página do anfitrião"}
        </Link>
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="denuncias-abertas">
          <h2 id="denuncias-abertas" className="text-xl font-semibold">
            {reports.length === 1 ? "1 denúncia aberta" : `${reports.length} denúncias abertas`}
          </h2>
          <ol className="mt-4 space-y-4">
            {reports.map((report) => (
              <li key={report.id} className="rounded-xl border border-stone-200 p-4 dark:border-stone-800">
                <p className="font-semibold">{report.reason}</p>
                <p className="mt-1 whitespace-pre-line break-words text-stone-800 dark:text-stone-200">{report.details}</p>
                <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">{`${report.reporterName} · conta desde ${report.reporterSince} · enviada em ${report.sentOn}`}</p>
              </li>
            ))}
          </ol>
        </section>
        <aside className="space-y-6">
          {problem ? (
            <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100">
              {problem.title}
            </p>
          ) : null}
          {own ? (
            <p className="text-sm text-stone-700 dark:text-stone-300">Outra pessoa da equipe precisa analisar denúncias sobre você.</p>
          ) : reports.length === 0 ? (
            <p className="text-sm text-stone-700 dark:text-stone-300">Não há denúncias abertas.</p>
          ) : (
            <>
              <Form method="post">
                <button
                  type="submit"
                  name="intent"
                  value="dismiss"
                  disabled={busy}
                  className="inline-flex w-full items-center justify-center gap-2 rounded-lg border border-stone-300 px-4 py-3 font-semibold hover:bg-stone-100 disabled:opacity-60 dark:border-stone-600 dark:hover:bg-stone-800"
                >
                  <Icon name="check" aria-hidden className="size-5" />
                  {busy && intent === "dismiss" ? "Dispensando..." : "Dispensar denúncias"}
                </button>
                <p className="mt-2 text-xs text-stone-600 dark:text-stone-400">
                  {subject.status === "reported" ? "O anúncio volta às buscas e o anfitrião é avisado." : "Nada muda no anúncio ou no anfitrião."}
                </p>
              </Form>
              {canUnpublish ? (
                <div className="border-t border-stone-200 pt-6 dark:border-stone-700">
                  <ReasonForm key={problem?.title} intent="unpublish" fraudBox busy={busy} submitting={busy && intent === "unpublish"} serverError={problem?.field === "reason" ? problem.title : undefined} />
                </div>
              ) : null}
            </>
          )}
        </aside>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ModerationErrorBoundary error={error} />;
}
