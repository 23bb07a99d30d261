import { randomBytes } from "node:crypto";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleDataRequestFunction, type HandleErrorFunction } from "react-router";
import { noteUnavailable, unavailableAnswer, unavailableHeaders, unavailableIn } from "@server/http/unavailable";
import { NonceContext } from "./lib/nonce";
import { scriptsWrittenInert } from "./lib/scripts-after-load.server";

export const streamTimeout = 5_000;

/**
 * React writes a finished Suspense boundary larger than this (12.8 KB by default) after the content
 * around it, behind its fallback, and moves it in place with a script: a part in turn (the route's
 * content) would be painted empty first, then shift. Every part that is
 * ready when the shell is sent goes with it; only what is still loading streams after its skeleton.
 */
const PROGRESSIVE_CHUNK_SIZE = 1024 * 1024;

/**
 * How long a person's page waits for its slowest part before its skeletons are sent instead: a
 * skeleton shown for less would only flash, and a page sent whole is one the page cache may keep
 * for every visitor (server/http/page-cache.ts).
 */
const WHOLE_PAGE_WAIT_MS = 100;

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
  // Every build sends the policy, React's development build included: its hydration check must see
  // the nonces hidden as browsers hide them under the policy. Vite's dev server would block its own socket.
  if (!loadContext.viteDevServer) responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, loadContext.services.config.mapTiles.origin));
  const { logger } = loadContext.services;

  // Crawlers and link previews get the whole page in one go. People get it whole too when every part
  // is ready within WHOLE_PAGE_WAIT_MS; past that, the frame and the first screen at once, and each
  // part still loading after its skeleton.
  const userAgent = request.headers.get("user-agent");
  const robot = Boolean(userAgent && isbot(userAgent));

  return new Promise<Response>((resolve, reject) => {
    // Deferred data still pending at streamTimeout is rejected by React Router; a second later, what
    // React has not written yet is cut short, its boundaries drawn by the browser.
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    let shellWait: ReturnType<typeof setTimeout> | undefined;
    let sent = false;
    const send = () => {
      if (sent) return;
      sent = true;
      clearTimeout(shellWait);
      const body = scriptsWrittenInert();
      body.once("finish", () => clearTimeout(timeoutId));
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        progressiveChunkSize: PROGRESSIVE_CHUNK_SIZE,
        onShellReady() {
          if (!robot) shellWait = setTimeout(send, WHOLE_PAGE_WAIT_MS);
        },
        onAllReady: send,
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          clearTimeout(shellWait);
          reject(error);
        },
        onError(error: unknown) {
          // An error in the shell also rejects it (React Router then draws the error page); one inside a
          // part is left for the browser to draw that part. Both are bugs.
          if (!request.signal.aborted) logger.error({ err: error }, "the page failed to render");
        },
      },
    );
  });
}
