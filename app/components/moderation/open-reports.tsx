import { Form } from "react-router";
import { Icon } from "~/components/ui/icons";

/** One open report as the operator reads it (the reason already labelled for its kind of report). */
export interface OpenReport {
  id: string;
  reason: string;
  details: string;
  sentOn: string;
  reporterName: string;
  reporterSince: string;
}

/** A target's open reports, oldest first: reason, what the person wrote, who they are and when. */
export function OpenReports({ reports }: { reports: readonly OpenReport[] }) {
  return (
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
  );
}

/** Closes the open reports and leaves their target as it is ("dismiss"). */
export function DismissForm({ label, busyLabel, hint, busy, submitting }: { label: string; busyLabel: string; hint: string; busy: boolean; submitting: boolean }) {
  return (
    <Form method="post">
      <button
        type="submit"
        name="intent"
        value="dismiss"
        disabled={busy}
        className="inline-flex w-full items-center justify-center gap-2 rounded-lg border border-stone-300 px-4 py-3 font-semibold hover:bg-stone-100 disabled:opacity-60 dark:border-stone-600 dark:hover:bg-stone-800"
      >
        <Icon name="check" aria-hidden className="size-5" />
        {submitting ? busyLabel : label}
      </button>
      <p className="mt-2 text-xs text-stone-600 dark:text-stone-400">{hint}</p>
    </Form>
  );
}
