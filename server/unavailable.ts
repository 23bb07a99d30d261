/** The services a request may wait on. Redis never fails a request: rate limits fall back to the process. */
export type Dependency = "database" | "storage" | "redis";

/** A dependency did not answer (refused, cut, timed out, overloaded): the request gets a 503, not a 500. */
export class DependencyUnavailable extends Error {
  constructor(
    readonly dependency: Dependency,
    cause: unknown,
  ) {
    super(`${dependency} unavailable`, { cause });
    this.name = "DependencyUnavailable";
  }
}

/** Errors of the network itself, whoever raised them. */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

/**
 * PostgreSQL's answers that mean "not now" rather than "wrong": connection exceptions (class 08),
 * shutting down or starting up (57P01–57P03), too many connections (53300), a statement cancelled by
 * statement_timeout (57014) and a transaction ended by idle_in_transaction_session_timeout (25P03).
 */
const POSTGRES_UNAVAILABLE = /^(08...|57P0[123]|53300|57014|25P03)$/;

/** node-postgres's own messages for a connection lost, not opened in time, or a query without answer. */
const POSTGRES_CLIENT_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed)/;

function isDatabaseFailure(err: { code?: unknown; message?: unknown; severity?: unknown }) {
  if (typeof err.code === "string" && typeof err.severity === "string" && POSTGRES_UNAVAILABLE.test(err.code)) return true;
  if (typeof err.message === "string" && POSTGRES_CLIENT_MESSAGES.test(err.message)) return true;
  // Storage and Redis wrap or absorb their own network errors, so a bare one comes from the database driver.
  return typeof err.code === "string" && NETWORK_CODES.has(err.code);
}

/** For a catch-all that turns errors into a refusal: an outage is not the request's fault, it goes on up (to a 503). */
export function rethrowUnavailable(error: unknown): void {
  if (unavailableDependency(error)) throw error;
}

/**
 * The one place that tells "a dependency is unavailable" from a bug: the dependency's name, or null.
 * Follows `cause` (Drizzle and better-auth wrap the driver's error).
 */
export function unavailableDependency(error: unknown): Dependency | null {
  let err = error;
  for (let depth = 0; depth < 8 && err && typeof err === "object"; depth++) {
    if (err instanceof DependencyUnavailable) return err.dependency;
    if (isDatabaseFailure(err as object)) return "database";
    err = (err as { cause?: unknown }).cause;
  }
  return null;
}
