import { useFetcher, useRouteLoaderData } from "react-router";
import { isTheme, THEME_FETCHER_KEY, type Theme } from "./theme";

/**
 * The theme to render: a choice being saved wins over the root loader's (possibly older) value, so a
 * re-render during the save never writes the previous theme back onto <html>.
 */
export function useTheme(): Theme {
  const pending = useFetcher({ key: THEME_FETCHER_KEY }).formData?.get("theme");
  const stored = (useRouteLoaderData("root") as { theme?: Theme } | undefined)?.theme;
  return isTheme(pending) ? pending : (stored ?? "system");
}
