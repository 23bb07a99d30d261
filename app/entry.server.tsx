import { randomBytes } from "node:crypto";
import { renderToStringAsync } from "preact-render-to-string";
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleDataRequestFunction, type HandleErrorFunction } from "react-router";
import { noteUnavailable, unavailableAnswer, unavailableHeaders, unavailableIn } from "@server/http/unavailable";
import { NonceContext } from "./lib/nonce";
import "./lib/react-only-props";
import { writeScriptsInert } from "./lib/scripts-after-load";

writeScriptsInert();

export const streamTimeout = 5_000;

/**
 * Only scripts carrying this response's nonce may run; styles stay inline-capable for Radix and toasts.
 * Images may also come from the map tiles' origin (MAP_TILE_URL).
 */
function contentSecurityPolicy(nonce: string, tileOrigin: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${tileOrigin}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // Forms may be redirected off-site: the WhatsApp contact form to wa.me (which forwards to
    // api.whatsapp.com), and the plans' buttons without script to Stripe's checkout and portal.
    "form-action 'self' https://wa.me https://api.whatsapp.com https://checkout.stripe.com https://billing.stripe.com",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Every error of a loader or action (documents, client navigations' data, resource routes) comes
 * here first: a dependency's outage is noted for the answer to be a 503 and logged once at warn;
 * anything else is a bug, logged with its stack.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || error instanceof Response) return;
  const { services } = context as AppLoadContext;
  if (!noteUnavailable(context, error, services.logger)) services.logger.error({ err: error }, "unhandled error in a loader or action");
};

/** A client navigation's data: a dependency's outage answers 503, which the client shows in the error boundary. */
export const handleDataRequest: HandleDataRequestFunction = (response, { context }) => {
  return response.status === 500 && unavailableIn(context) ? unavailableAnswer() : response;
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A dependency's outage: thrown as a 503 answer, React Router renders the error boundary with it
  // (and its status) in a second pass. That pass comes with 503, so it is not thrown again.
  if (responseStatusCode >= 500 && unavailableIn(loadContext)) {
    for (const [name, value] of Object.entries(unavailableHeaders)) responseHeaders.set(name, value);
    if (responseStatusCode === 500) throw unavailableAnswer();
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = randomBytes(16).toString("base64");
  // Vite's dev server injects inline scripts of its own: the policy applies to production builds.
  if (import.meta.env.PROD) responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, loadContext.services.config.mapTiles.origin));

  // The whole page is rendered before it is sent: Preact's streamed Suspense cannot hydrate React
  // Router's data transfer, which sits beside <html> (decision 021). Deferred data is bounded by
  // streamTimeout (React Router rejects what is still pending), and this by a second more.
  const page = renderToStringAsync(
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
  );
  let timeoutId: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timeoutId = setTimeout(() => reject(new Error("the page took too long to render")), streamTimeout + 1000);
  });
  const html = await Promise.race([page, timeout]).finally(() => clearTimeout(timeoutId));
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}
