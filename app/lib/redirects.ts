/** Only same-site relative paths are accepted as a post-login destination (no open redirects). */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (to.startsWith("/login") || to.startsWith("/cadastro")) return fallback;
  return to;
}

export function loginPath(origin: string): string {
  return origin && origin !== "/" ? `/login?redirectTo=${encodeURIComponent(origin)}` : "/login";
}
