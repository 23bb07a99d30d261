export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

/** The theme menu's fetcher, shared with the document so both show a choice before the server stores it. */
export const THEME_FETCHER_KEY = "tema";

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

/** Whether a theme shows dark now; "system" asks the OS (always light on the server, which cannot know). */
export function isDarkTheme(theme: Theme): boolean {
  return theme === "dark" || (theme === "system" && typeof window !== "undefined" && window.matchMedia("(prefers-color-scheme: dark)").matches);
}

/**
 * Runs in <head> before the first paint: with the "system" theme the server cannot know the
 * OS preference, so this picks it without a flash of the wrong theme, and follows later OS changes
 * for as long as "system" is the chosen theme (the choice can change without a reload).
 */
export const THEME_SCRIPT = `(function(){var d=document.documentElement;var m=window.matchMedia("(prefers-color-scheme: dark)");function a(){if(d.dataset.theme==="system")d.classList.toggle("dark",m.matches)}a();m.addEventListener("change",a)})();`;
