import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleDataRequestFunction, type HandleErrorFunction } from "react-router";
import { noteUnavailable, unavailableAnswer, unavailableHeaders, unavailableIn } from "@server/http/unavailable";
import { NonceContext } from "./lib/nonce";

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

export default function handleRequest(
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

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers (and WhatsApp previews) get the whole page at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is rendered are logged by React Router itself.
          if (shellRendered) loadContext.services.logger.error({ err: error }, "streaming render error");
        },
      },
    );
  });
}
