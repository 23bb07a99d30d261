import { sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import type { Services } from "../services";
import type { Dependency } from "../unavailable";

interface Check {
  dependency: Dependency;
  /** Without it no page can be served: the process is taken out of rotation (503). */
  essential: boolean;
  run(signal: AbortSignal): Promise<unknown>;
}

/** Settles when the work does, or rejects when the signal aborts (the work is then left to its own timeouts). */
function bounded(work: Promise<unknown>, signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener("abort", abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/**
 * GET /healthz, for load balancers and monitoring, answered within HEALTHZ_TIMEOUT_MS whatever the
 * dependencies do. The database is essential: without it 503 {status: "unavailable"}. Redis and S3
 * (when configured) are not: pages are served without them (rate limits count in the process, pages
 * render without their photos), so their failure answers 200 {status: "degraded"} and names them,
 * rather than taking every process out of rotation at once (docs/decisions/011-dependency-faults.md).
 * Each check's change of state is logged once, not at every probe.
 */
export function healthHandler(services: Services): RequestHandler {
  const { config, database, storage, redis, logger } = services;
  const checks: Check[] = [{ dependency: "database", essential: true, run: () => database.db.execute(sql`select 1`) }];
  if (redis) checks.push({ dependency: "redis", essential: false, run: () => redis.ping() });
  const storageCheck = storage.check?.bind(storage);
  if (storageCheck) checks.push({ dependency: "storage", essential: false, run: (signal) => storageCheck(signal) });
  const failing = new Set<Dependency>();

  return async (_req, res) => {
    const signal = AbortSignal.timeout(config.HEALTHZ_TIMEOUT_MS);
    const results = await Promise.all(
      checks.map((check) =>
        bounded(check.run(signal), signal).then(
          () => ({ check, error: null }),
          (error: unknown) => ({ check, error }),
        ),
      ),
    );
    for (const { check, error } of results) {
      if (error && !failing.has(check.dependency)) {
        failing.add(check.dependency);
        logger.warn({ dependency: check.dependency, err: { message: (error as Error).message } }, "health check: dependency unavailable");
      } else if (!error && failing.delete(check.dependency)) {
        logger.info({ dependency: check.dependency }, "health check: dependency available again");
      }
    }
    const down = results.filter((r) => r.error).map((r) => r.check);
    const status = down.some((c) => c.essential) ? "unavailable" : down.length ? "degraded" : "ok";
    res.setHeader("Cache-Control", "no-store");
    res.status(status === "unavailable" ? 503 : 200).json({
      status,
      database: database.engine,
      ...(down.length && { unavailable: down.map((c) => c.dependency) }),
    });
  };
}
