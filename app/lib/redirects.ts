import { redirect } from "react-router";
import { type Night } from "@common/nights";
import { stayProblem, type Stay } from "@common/stays";
import { LISTING_FROM } from "./listing-path";

const LOCAL = "http://recanto.invalid";

/**
 * Only a path on this site is accepted as a post-login destination (no open redirects):
 * no control characters or backslashes (browsers drop or rewrite them), and the path must
 * resolve to our own origin.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.length > 2000 || hasUnsafeCharacter(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, LOCAL);
  } catch {
    return fallback;
  }
  if (url.origin !== LOCAL || url.pathname.startsWith("//")) return fallback;
  if (url.pathname === "/login" || url.pathname === SECOND_FACTOR_STEP || url.pathname === "/cadastro") return fallback;
  return url.pathname + url.search + url.hash;
}

function hasUnsafeCharacter(path: string) {
  for (const char of path) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === "\\") return true;
  }
  return false;
}

/** `path`, sending the browser back to `origin` afterwards if the login page would accept it (an overlong one would not). */
function withRedirect(path: string, origin: string) {
  const destination = safeRedirect(origin);
  return destination !== "/" ? `${path}?redirectTo=${encodeURIComponent(destination)}` : path;
}

export function loginPath(origin: string): string {
  return withRedirect("/login", origin);
}

export function signUpPath(origin: string): string {
  return withRedirect("/cadastro", origin);
}

/**
 * "Esqueci minha senha": the page with `email` already in its field, whose way back to the sign-in
 * keeps `origin`.
 */
export function forgotPasswordPath(email: string, origin: string): string {
  const query = new URLSearchParams();
  if (email) query.set("email", email);
  const destination = safeRedirect(origin);
  if (destination !== "/") query.set("redirectTo", destination);
  const search = query.toString();
  return search ? `/esqueci-senha?${search}` : "/esqueci-senha";
}

/** Where a listing's "Voltar" leads: the results named in its URL if they are on this site, else home. */
export function listingBackPath(url: URL): string {
  return safeRedirect(url.searchParams.get(LISTING_FROM));
}

/** The stay a listing's page was opened for: its own checkIn/checkOut, or those of the results it came from; null unless usable. */
export function listingStay(url: URL, today: Night): Stay | null {
  const from = new URL(listingBackPath(url), LOCAL).searchParams;
  for (const params of [url.searchParams, from]) {
    const checkIn = params.get("checkIn") ?? "";
    const checkOut = params.get("checkOut") ?? "";
    if (checkIn && checkOut && stayProblem({ checkIn, checkOut }, today) === null) return { checkIn, checkOut };
  }
  return null;
}

/** The sign-in's code step (second factor), then back to `origin`. */
export const SECOND_FACTOR_STEP = "/login/verificacao";
export function secondFactorStepPath(origin: string): string {
  return withRedirect(SECOND_FACTOR_STEP, origin);
}

/** Where an account sets up its second factor (operators are sent there), then back to `origin`. */
export const SECOND_FACTOR_SETUP = "/perfil/seguranca";
export function secondFactorSetupPath(origin: string): string {
  return withRedirect(SECOND_FACTOR_SETUP, origin);
}

/**
 * One URL per list: redirects to `pathname + search` unless the request is already there. Queries
 * are compared decoded, so a different but equivalent encoding never causes a redirect (or a loop).
 */
export function redirectToCanonical(url: URL, pathname: string, search: string) {
  const current = new URLSearchParams(url.search).toString();
  if (url.pathname !== pathname || (current ? `?${current}` : "") !== search) throw redirect(pathname + search);
}
