import { Form, Link } from "react-router";
import { REPORT_MESSAGES } from "@common/reports";
import { HostReply } from "~/components/contacts/host-reply";
import { Stars } from "~/components/contacts/stars";
import { BackLink } from "~/components/property/detail/property-detail-layout";
import { primaryButton } from "~/components/ui/button-class";
import { Icon } from "~/components/ui/icons";
import { StatusBadge } from "./moderation-messages";
import { DismissForm, OpenReports, type OpenReport } from "./open-reports";
import { ReasonForm } from "./reason-form";

/** A review as its decision page shows it: dates written out, the hold reason and sub-ratings labelled. */
export interface ModeratedReview {
  status: "published" | "held" | "hidden";
  /** Why it was held for an operator, while it is held. */
  heldFor: string | null;
  hiddenReason: string | null;
  decidedOn: string | null;
  rating: number;
  subRatings: { label: string; value: number }[];
  text: string;
  hostReply: string | null;
  sentOn: string;
  editedOn: string | null;
  /** "de 01/03/2027 a 04/03/2027", or only the check-out when the stay is gone. */
  stay: string;
  /** First name; null when the author deleted the account. */
  author: string | null;
  listing: { title: string; path: string; hostName: string };
}

/**
 * A reported or held review (issue 45): the whole review, why it is here (the open reports, or why it
 * was held), and the decisions: publish a held one, keep a reported one (the reports are dismissed),
 * or hide it with a reason that its author and the host receive.
 */
export function ReviewDecision(props: {
  review: ModeratedReview;
  reports: readonly OpenReport[];
  /** The operator wrote it, or it is about their listing: someone else decides. */
  own: boolean;
  problem: { title: string; field?: string } | null;
  busy: boolean;
  intent: FormDataEntryValue | null | undefined;
}) {
  const { review, reports, own, problem, busy, intent } = props;
  const reasonFromServer = problem?.field === "reason" ? problem.title : undefined;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <BackLink to="/moderacao/denuncias">Voltar às denúncias</BackLink>
      <p className="mt-4 text-sm text-stone-600 dark:text-stone-400">
        {"Avaliação de "}
        <Link to={review.listing.path} className="font-semibold text-brand-800 underline underline-offset-2 dark:text-brand-300">
          {review.listing.title}
        </Link>
        {`, anúncio de ${review.listing.hostName}`}
      </p>
      <h1 className="text-3xl font-bold">{review.author ? `Avaliação de ${review.author}` : "Avaliação de uma conta excluída"}</h1>
      <div className="mt-2">
        <StatusBadge status={review.status} />
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-8">
          <section aria-labelledby="avaliacao-titulo" className="rounded-2xl border border-stone-200 p-5 dark:border-stone-800">
            <h2 id="avaliacao-titulo" className="sr-only">
              A avaliação
            </h2>
            <p className="flex items-center gap-2 font-semibold">
              <Stars value={review.rating} /> Nota geral {review.rating}
            </p>
            <dl className="mt-3 grid grid-cols-[auto_auto] justify-start gap-x-6 gap-y-1 text-sm">
              {review.subRatings.map(({ label, value }) => (
                <div key={label} className="contents">
                  <dt className="text-stone-600 dark:text-stone-400">{label}</dt>
                  <dd className="tabular-nums">{value} de 5</dd>
                </div>
              ))}
            </dl>
            <p className="mt-4 whitespace-pre-line break-words text-stone-800 dark:text-stone-200">{review.text}</p>
            <p className="mt-3 text-sm text-stone-600 dark:text-stone-400">
              {`Hospedagem ${review.stay} · enviada em ${review.sentOn}${review.editedOn ? ` · editada em ${review.editedOn}` : ""}`}
            </p>
            {review.hostReply ? <HostReply text={review.hostReply} /> : null}
          </section>
          {review.heldFor ? (
            <section aria-labelledby="retida-titulo">
              <h2 id="retida-titulo" className="text-xl font-semibold">
                Por que aguarda publicação
              </h2>
              <p className="mt-2 text-stone-800 dark:text-stone-200">{`${review.heldFor}. Ela só aparece no anúncio e conta na nota depois de publicada.`}</p>
            </section>
          ) : null}
          {review.status === "hidden" ? (
            <section aria-labelledby="oculta-titulo">
              <h2 id="oculta-titulo" className="text-xl font-semibold">
                {review.decidedOn ? `Ocultada em ${review.decidedOn}` : "Ocultada"}
              </h2>
              <p className="mt-2 whitespace-pre-line break-words text-stone-800 dark:text-stone-200">{review.hiddenReason}</p>
            </section>
          ) : null}
          {reports.length > 0 ? <OpenReports reports={reports} /> : null}
        </div>
        <aside className="space-y-6">
          {problem && !reasonFromServer ? (
            <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100">
              {problem.title}
            </p>
          ) : null}
          {own ? (
            <p className="text-sm text-stone-700 dark:text-stone-300">{REPORT_MESSAGES.reviewAboutYou}</p>
          ) : review.status === "hidden" ? (
            <p className="text-sm text-stone-700 dark:text-stone-300">Esta avaliação está oculta: não aparece no anúncio nem conta na nota.</p>
          ) : (
            <>
              {review.status === "held" ? (
                <Form method="post">
                  <button type="submit" name="intent" value="publish" disabled={busy} className={`${primaryButton} gap-2`}>
                    <Icon name="check" aria-hidden className="size-5" />
                    {busy && intent === "publish" ? "Publicando..." : "Publicar avaliação"}
                  </button>
                  <p className="mt-2 text-xs text-stone-600 dark:text-stone-400">Ela aparece no anúncio e entra na nota.</p>
                </Form>
              ) : reports.length > 0 ? (
                <DismissForm
                  label="Manter publicada"
                  busyLabel="Encerrando as denúncias..."
                  hint="As denúncias são encerradas e a avaliação continua no anúncio."
                  busy={busy}
                  submitting={busy && intent === "dismiss"}
                />
              ) : null}
              <div className="border-t border-stone-200 pt-6 dark:border-stone-700">
                <ReasonForm key={reasonFromServer} intent="hide" busy={busy} submitting={busy && intent === "hide"} serverError={reasonFromServer} />
              </div>
            </>
          )}
        </aside>
      </div>
    </div>
  );
}
