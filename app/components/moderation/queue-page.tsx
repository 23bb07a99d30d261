import type { ReactNode } from "react";
import { Icon } from "~/components/ui/icons";
import { ModerationTabs } from "./moderation-tabs";

/**
 * One of the operators' queues: the tabs with every queue's count, the line saying what waits here,
 * and the list, or "Tudo em dia" with what would appear when the queue is empty.
 */
export function QueuePage({
  counts,
  summary,
  empty,
  children,
}: {
  counts: Parameters<typeof ModerationTabs>[0]["counts"];
  summary: ReactNode;
  /** What would appear here: shown instead of the list when nothing waits. */
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">Moderação</h1>
      <ModerationTabs counts={counts} />
      <p className="mt-4 text-stone-700 dark:text-stone-300">{summary}</p>
      {empty ? (
        <div className="mt-10 flex flex-col items-center rounded-2xl border border-dashed border-stone-300 px-4 py-16 text-center dark:border-stone-700">
          <Icon name="clipboard-check" aria-hidden className="size-10 text-brand-700 dark:text-brand-300" />
          <h2 className="mt-4 text-xl font-semibold">Tudo em dia</h2>
          <p className="mt-2 max-w-md text-stone-600 dark:text-stone-300">{empty}</p>
        </div>
      ) : (
        children
      )}
    </div>
  );
}
