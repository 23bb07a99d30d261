import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

/** Attempts allowed per window, keyed by client IP and by email address. */
const RULES = {
  login: { ip: { points: 30, duration: 15 * 60 }, email: { points: 8, duration: 15 * 60 } },
  signup: { ip: { points: 10, duration: 60 * 60 }, email: { points: 5, duration: 60 * 60 } },
  reset: { ip: { points: 10, duration: 60 * 60 }, email: { points: 3, duration: 60 * 60 } },
  newsletter: { ip: { points: 10, duration: 60 * 60 }, email: { points: 3, duration: 60 * 60 } },
} as const;

export type LimitedAction = keyof typeof RULES;

export interface RateLimiter {
  /** Counts one attempt; returns the seconds to wait when over the limit, else null. */
  consume(action: LimitedAction, keys: { ip: string; email?: string }): Promise<number | null>;
  /** Forgets the email's failed attempts (after a successful login). */
  reset(action: LimitedAction, email: string): Promise<void>;
}

export function createRateLimiter(redis?: Redis): RateLimiter {
  const limiters = new Map<string, RateLimiterAbstract>();
  for (const [action, rule] of Object.entries(RULES)) {
    for (const [scope, opts] of Object.entries(rule)) {
      const keyPrefix = `rl:${action}:${scope}`;
      limiters.set(
        `${action}:${scope}`,
        redis
          ? // If Redis is unreachable the process keeps limiting on its own instead of failing the request.
            new RateLimiterRedis({ storeClient: redis, keyPrefix, ...opts, insuranceLimiter: new RateLimiterMemory({ keyPrefix, ...opts }) })
          : new RateLimiterMemory({ keyPrefix, ...opts }),
      );
    }
  }
  const get = (action: LimitedAction, scope: "ip" | "email") => limiters.get(`${action}:${scope}`)!;

  async function consumeOne(limiter: RateLimiterAbstract, key: string): Promise<number | null> {
    try {
      await limiter.consume(key);
      return null;
    } catch (res) {
      if (res instanceof RateLimiterRes) return Math.ceil(res.msBeforeNext / 1000);
      throw res;
    }
  }

  return {
    async consume(action, { ip, email }) {
      const waits = await Promise.all([
        consumeOne(get(action, "ip"), ip),
        email ? consumeOne(get(action, "email"), email.toLowerCase()) : null,
      ]);
      const blocked = waits.filter((w): w is number => w !== null);
      return blocked.length ? Math.max(...blocked) : null;
    },
    async reset(action, email) {
      await get(action, "email").delete(email.toLowerCase());
    },
  };
}

export function rateLimitMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Muitas tentativas. Aguarde ${minutes} ${minutes === 1 ? "minuto" : "minutos"} e tente novamente.`;
}
