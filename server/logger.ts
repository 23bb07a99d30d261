import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";

export type Logger = pino.Logger;

/** The request being handled, as far as the log cares: every line written while handling it carries its id. */
const requestScope = new AsyncLocalStorage<{ reqId: string }>();

/**
 * One logger per process; each line written inside `withRequestId` (the request's middleware,
 * loaders, actions and every domain function they call) gets that request's `reqId`, as a child
 * logger would, without handing a logger through every call.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "recanto" },
    timestamp: pino.stdTimeFunctions.isoTime,
    // A copy: pino merges each line's fields into what the mixin returns, which must not leak into the request's later lines.
    mixin: () => ({ ...requestScope.getStore() }),
  });
}

export function withRequestId<T>(reqId: string, run: () => T): T {
  return requestScope.run({ reqId }, run);
}
