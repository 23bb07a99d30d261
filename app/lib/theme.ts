export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

/** The theme menu's fetcher, shared with the document so both show a choice before the server stores it. */
export const THEME_FETCHER_KEY = "tema";

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

export const SYSTEM_DARK_QUERY = "(prefers-color-scheme: dark)";

let systemDarkQuery: MediaQueryList | undefined;
/**
 * The page's one query of the OS preference. When its change event fires its `matches` is the new
 * preference, where a query made anew at that moment could still tell the old one (Chromium), and
 * React would draw the old theme over the one the change asked for.
 */
export function systemDarkMedia(): MediaQueryList {
  return (systemDarkQuery ??= window.matchMedia(SYSTEM_DARK_QUERY));
}

/** Whether the OS asks for dark now (never on the server, which cannot know). */
export function systemPrefersDark(): boolean {
  return typeof window !== "undefined" && systemDarkMedia().matches;
}

/** Whether a theme shows dark, given the OS preference that "system" follows. */
export function isDarkTheme(theme: Theme, systemDark = systemPrefersDark()): boolean {
  return theme === "dark" || (theme === "system" && systemDark);
}

/**
 * Runs in <head> before the first paint: with the "system" theme the server cannot know the
 * OS preference, so this picks it without a flash of the wrong theme, and follows later OS changes
 * for as long as "system" is the chosen theme (the choice can change without a reload).
 */
export const THEME_SCRIPT = `(function(){var d=document.documentElement;var m=window.matchMedia(${JSON.stringify(SYSTEM_DARK_QUERY)});function a(){if(d.dataset.theme==="system")d.classList.toggle("dark",m.matches)}a();m.addEventListener("change",a)})();`;
