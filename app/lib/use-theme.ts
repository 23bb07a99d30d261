import { useSyncExternalStore } from "react";
import { useFetcher, useRouteLoaderData } from "react-router";
import { isTheme, systemDarkMedia, systemPrefersDark, THEME_FETCHER_KEY, type Theme } from "./theme";

/**
 * The theme to render: a choice being saved wins over the root loader's (possibly older) value, so a
 * re-render during the save never writes the previous theme back onto <html>.
 */
export function useTheme(): Theme {
  const pending = useFetcher({ key: THEME_FETCHER_KEY }).formData?.get("theme");
  const stored = (useRouteLoaderData("root") as { theme?: Theme } | undefined)?.theme;
  return isTheme(pending) ? pending : (stored ?? "system");
}

function onSystemThemeChange(notify: () => void) {
  const query = systemDarkMedia();
  query.addEventListener("change", notify);
  return () => query.removeEventListener("change", notify);
}

/**
 * The OS preference as React state, so a change of it re-renders the layout. Read inside the render
 * instead, no render followed the change, and a later render decided <html>'s class from whenever
 * it happened to read the preference.
 */
export function useSystemPrefersDark(): boolean {
  return useSyncExternalStore(onSystemThemeChange, systemPrefersDark, () => false);
}
