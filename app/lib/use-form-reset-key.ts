import { useState } from "react";

/**
 * A key for a filter form that follows the URL: it changes (remounting the form with the URL's
 * values) only when the query changes by other means than the form itself — "Limpar filtros",
 * back/forward, a link. While the user filters, the form stays mounted and keeps keyboard focus.
 */
export function useFormResetKey(search: string) {
  const [state, setState] = useState({ key: 0, seen: search, expected: null as string | null });
  if (state.seen !== search) {
    setState({ key: search === state.expected ? state.key : state.key + 1, seen: search, expected: null });
  }
  return {
    key: state.key,
    /** Call before the form navigates to `next`, so arriving there does not remount it. */
    expect: (next: string) => setState((s) => ({ ...s, expected: next })),
  };
}
