import { data, Link, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/moderacao-denuncia";
import { formatDate } from "@common/format";
import { formatNight } from "@common/nights";
import { REPORT_REASON_LABELS, reportReasonLabels, REVIEW_HOLD_LABELS } from "@common/reports";
import { refused } from "@common/refusal";
import { SUB_RATING_KEYS, SUB_RATINGS } from "@common/reviews";
import { requireOperator } from "@server/accounts/guards";
import { moderate } from "@server/moderation/moderation";
import { dismissReports, openReportsOf, reportedSubject } from "@server/trust/reports";
import { decideReview, reviewForModeration } from "@server/trust/reviews";
import { ModerationErrorBoundary, StatusBadge } from "~/components/moderation/moderation-messages";
import { DismissForm, OpenReports } from "~/components/moderation/open-reports";
import { ReasonForm } from "~/components/moderation/reason-form";
import { ReviewDecision, type ModeratedReview } from "~/components/moderation/review-decision";
import { BackLink } from "~/components/property/detail/property-detail-layout";
import { Icon } from "~/components/ui/icons";
import { guardPage } from "~/lib/auth.server";
import { readForm } from "~/lib/form";
import { refusalData } from "~/lib/refusal.server";
import { redirectWithToast } from "~/lib/toast.server";

const kindOf = (tipo: string) => (tipo === "anuncio" || tipo === "anfitriao" || tipo === "avaliacao" ? tipo : null);

/** The review written out for its decision page. */
function moderatedReview(review: NonNullable<Awaited<ReturnType<typeof reviewForModeration>>>): ModeratedReview {
  return {
    status: review.status,
    heldFor: review.status === "held" && review.heldFor ? REVIEW_HOLD_LABELS[review.heldFor] : null,
    hiddenReason: review.hiddenReason,
    decidedOn: review.decidedAt ? formatDate(review.decidedAt) : null,
    rating: review.rating,
    subRatings: SUB_RATING_KEYS.map((key) => ({ label: SUB_RATINGS[key], value: review[key] })),
    text: review.text,
    hostReply: review.hostReply,
    sentOn: formatDate(review.createdAt),
    editedOn: review.updatedAt.getTime() > review.createdAt.getTime() ? formatDate(review.updatedAt) : null,
    stay: review.checkIn ? `de ${formatNight(review.checkIn)} a ${formatNight(review.stayedUntil)}` : `com saída em ${formatNight(review.stayedUntil)}`,
    author: review.authorName,
    listing: { title: review.listingTitle, path: review.listingPublic ? `/accommodation/${review.listingSlug}` : `/moderacao/${review.listingId}`, hostName: review.hostName },
  };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await guardPage(request, context, requireOperator);
  const kind = kindOf(params.tipo);
  if (!kind) throw data(null, { status: 404 });
  const db = context.services.database.db;
  const labels = reportReasonLabels(kind);
  const reports = (await openReportsOf(db, kind, params.id)).map((r) => ({
    id: r.id,
    reason: labels[r.reason] ?? REPORT_REASON_LABELS[r.reason],
    details: r.details,
    sentOn: formatDate(r.createdAt),
    reporterName: r.reporterName,
    reporterSince: formatDate(r.reporterSince),
  }));
  if (kind === "avaliacao") {
    const review = await reviewForModeration(db, params.id);
    if (!review) throw data(null, { status: 404 });
    return { kind, review: moderatedReview(review), own: review.authorId === viewer.id || review.hostId === viewer.id, reports };
  }
  const subject = await reportedSubject(db, kind, params.id);
  if (!subject) throw data(null, { status: 404 });
  return {
    kind,
    subject: { title: subject.title, status: subject.status, hostName: subject.hostName, publicPath: kind === "anuncio" ? `/accommodation/${subject.slug}` : `/anfitriao/${params.id}` },
    own: subject.ownerId === viewer.id,
    reports,
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
      description: result.value.restored ? "O anúncio voltou às buscas e avisamos o anfitrião." : `${{ anuncio: "O anúncio", anfitriao: "O anfitrião", avaliacao: "A avaliação" }[kind]} continua como estava.`,
    });
  }
  if ((fields.intent === "publish" || fields.intent === "hide") && kind === "avaliacao") {
    const decision = fields.intent === "publish" ? { kind: "publish" as const } : { kind: "hide" as const, reason: fields.reason ?? "" };
    const decided = await decideReview(services, viewer.id, params.id, decision);
    if (!decided.ok) return refusalData(decided);
    if (decision.kind === "publish") {
      return redirectWithToast("/moderacao/denuncias", { variant: "success", title: "Avaliação publicada", description: "Ela aparece no anúncio e entra na nota." });
    }
    return redirectWithToast("/moderacao/denuncias", {
      variant: "success",
      title: "Avaliação ocultada",
      description: decided.value.emailFailed ? "Não conseguimos enviar o email: avise quem escreveu e o anfitrião de outra forma." : "Enviamos o motivo por email a quem escreveu e ao anfitrião.",
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
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const intent = navigation.formData?.get("intent");
  const problem = actionData && !actionData.ok ? actionData : null;
  const { kind, review, reports, own } = loaderData;
  if (review) return <ReviewDecision review={review} reports={reports} own={own} problem={problem} busy={busy} intent={intent} />;
  // The loader sends either a review or the listing or host reported (its data type merges the two shapes).
  const subject = loaderData.subject!;
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
        <OpenReports reports={reports} />
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
              <DismissForm
                label="Dispensar denúncias"
                busyLabel="Dispensando..."
                hint={subject.status === "reported" ? "O anúncio volta às buscas e o anfitrião é avisado." : "Nada muda no anúncio ou no anfitrião."}
                busy={busy}
                submitting={busy && intent === "dismiss"}
              />
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
