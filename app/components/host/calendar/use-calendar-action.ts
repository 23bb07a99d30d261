import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { Refusal } from "@common/refusal";
import { notify } from "~/components/ui/toasts";
import type { CalendarAnswer } from "~/routes/calendario-propriedade";

export type CalendarResult = CalendarAnswer | ({ ok: false; typed?: Record<string, string> } & Refusal);

/**
 * A form of the calendar page, posted to its action: each answer shown once as a toast (a refusal
 * that names a field is shown beside that field instead: `fieldError`; a success the page itself
 * shows, with `quietSuccess`, not at all).
 */
export function useCalendarAction({ key, quietSuccess = false }: { key?: string; quietSuccess?: boolean } = {}) {
  const fetcher = useFetcher<CalendarResult>(key ? { key } : undefined);
  const result = fetcher.data;
  useEffect(() => {
    if (!result) return;
    if (!result.ok) {
      if (!result.field) notify.error(result.title, result.description ? { description: result.description } : undefined);
    } else if (result.warning) notify.error(result.message, { description: result.warning });
    else if (!quietSuccess) notify.success(result.message);
  }, [result, quietSuccess]);
  const fieldError = (field: string) => (result && !result.ok && result.field === field ? result.title : undefined);
  return { fetcher, busy: fetcher.state !== "idle", fieldError, result };
}
