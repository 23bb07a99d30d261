import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { refusalJson } from "../../common/refusal";
import { UNAVAILABLE_DESCRIPTION, UNAVAILABLE_RETRY_AFTER, UNAVAILABLE_TITLE, unavailableRefusal } from "../../common/unavailable";
import type { Logger } from "../logger";
import { unavailableDependency, type Dependency } from "../unavailable";

/** The dependency that failed while handling a request, keyed by its load context (React Router) or request (Express). */
const failures = new WeakMap<object, Dependency>();

/**
 * The one place a failure of a dependency is classified and logged: at warn, once per request, with
 * the dependency named (an outage must not flood the log with stacks). Returns the dependency, or
 * null for any other error (a bug: the caller logs it as one).
 */
export function noteUnavailable(scope: object, error: unknown, logger: Logger): Dependency | null {
  const dependency = unavailableDependency(error);
  if (dependency && !failures.has(scope)) {
    failures.set(scope, dependency);
    const cause = deepestCause(error);
    logger.warn({ dependency, err: { message: cause.message, code: cause.code } }, `${dependency} unavailable: answered 503`);
  }
  return dependency;
}

export function unavailableIn(scope: object): Dependency | null {
  return failures.get(scope) ?? null;
}

function deepestCause(error: unknown): { message?: string; code?: string } {
  let err = error as { cause?: unknown; message?: string; code?: string };
  while (err.cause && typeof err.cause === "object") err = err.cause as typeof err;
  return { message: err.message, code: err.code };
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A short page for what React Router does not render (an image, a handler of our own). */
const UNAVAILABLE_PAGE = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(UNAVAILABLE_TITLE)} | Recanto</title></head><body><main><h1>${escapeHtml(UNAVAILABLE_TITLE)}</h1><p>${escapeHtml(UNAVAILABLE_DESCRIPTION)}</p><p><a href="/">Voltar ao início</a></p></main></body></html>`;

export const unavailableHeaders = { "Retry-After": String(UNAVAILABLE_RETRY_AFTER), "Cache-Control": "no-store" };

/**
 * The 503 a loader or action throws (React Router answers a thrown Response as it is for a resource
 * route, and renders the error boundary with its status for a page or a navigation's data).
 */
export function unavailableAnswer(): Response {
  return Response.json(refusalJson(unavailableRefusal()), { status: 503, statusText: "Service Unavailable", headers: unavailableHeaders });
}

/** 503 in the answer's kind: the refusal JSON for /api/*, else the page in Portuguese. */
export function sendUnavailable(req: ExpressRequest, res: ExpressResponse) {
  res.status(503).set(unavailableHeaders);
  if (req.path.startsWith("/api/")) res.json(refusalJson(unavailableRefusal()));
  else res.type("html").send(UNAVAILABLE_PAGE);
}
