import { Redis } from "ioredis";
import type { Logger } from "../logger";

/**
 * Redis for the rate limits shared by the processes. Nothing waits for it: a command while it is
 * disconnected fails at once (no offline queue) and one without an answer fails after
 * commandTimeoutMs; the limiter then counts in the process (server/http/rate-limit.ts). It keeps
 * reconnecting in the background, and the log says once that it went away and once that it is back.
 */
export function createRedis(url: string, timeouts: { connectMs: number; commandMs: number }, logger: Logger): Redis {
  const redis = new Redis(url, {
    connectTimeout: timeouts.connectMs,
    commandTimeout: timeouts.commandMs,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
  });
  let reachable: boolean | null = null;
  redis.on("ready", () => {
    if (reachable === false) logger.info({ dependency: "redis" }, "Redis is reachable again: rate limits are shared again");
    reachable = true;
  });
  // Every failed reconnection emits 'error': only the first of a series is news.
  redis.on("error", (err: Error) => {
    if (reachable === false) return;
    reachable = false;
    logger.warn({ dependency: "redis", err: { message: err.message } }, "Redis is unreachable: each process counts rate limits on its own until it returns");
  });
  return redis;
}

/**
 * Resolves once Redis is ready, or after `ms` (it then keeps connecting in the background). At start,
 * so the first requests already share their limits: without an offline queue, a command sent while
 * still connecting would be counted in the process only.
 */
export function whenReady(redis: Redis, ms: number): Promise<void> {
  if (redis.status === "ready") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off("ready", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.once("ready", done);
  });
}
