import type { RequestHandler } from "express";
import onHeaders from "on-headers";
import { hasSessionCookie } from "../accounts/auth";

/**
 * What a page the same for every anonymous visitor lets shared caches do (a CDN; our own page
 * cache, server/http/page-cache.ts): keep it a minute, and serve it up to ten minutes older while
 * fetching it again. Browsers check with us every time (max-age=0; an unchanged page costs a 304).
 * Vary: Cookie, as the theme's cookie changes the page, and a signed-in visitor gets their own.
 */
export const SHARED_PAGE_POLICY = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

/** The route `headers` of such pages. */
export const sharedPageHeaders = () => ({ "Cache-Control": SHARED_PAGE_POLICY, Vary: "Cookie" });

export const sharedPolicyIn = (cacheControl: unknown) => typeof cacheControl === "string" && cacheControl.includes("s-maxage");

/**
 * The one rule on who may keep an answer. Signed in, a page or its data may be personal: never kept
 * by a shared cache or the browser's history cache, unless the route set its own Cache-Control that
 * is the same for everyone (not the shared pages' policy, which assumes an anonymous visitor). And an
 * anonymous answer is shared only as the page itself: not an error, nor one that sets a cookie.
 */
export function cachePolicy(): RequestHandler {
  return (req, res, next) => {
    const signedIn = hasSessionCookie(req.get("cookie"));
    onHeaders(res, () => {
      const policy = res.getHeader("Cache-Control");
      const shared = sharedPolicyIn(policy);
      if (signedIn && (policy === undefined || shared)) res.setHeader("Cache-Control", "private, no-store");
      else if (shared && ((res.statusCode !== 200 && res.statusCode !== 304) || res.hasHeader("Set-Cookie"))) res.setHeader("Cache-Control", "no-store");
    });
    next();
  };
}
