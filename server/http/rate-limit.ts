import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { refused, type Refused } from "../../common/refusal";

const QUARTER = 15 * 60;
const HOUR = 60 * 60;

/**
 * Attempts allowed per window, keyed by client network (IPv4 address or IPv6 /64), by email, and
 * for logins by email from one network. Logins: a guesser is stopped after 8 tries on one email from
 * one network and 30 from one network in all; once an email has drawn 50 attempts from everywhere, a
 * network that has already tried it is refused too, but a network's first try on it always counts
 * as usual, so nobody can lock the owner out of a network that has not failed (decision 014).
 * A successful login is not counted against anyone (`reset`).
 */
const RULES = {
  login: { ip: { points: 30, duration: QUARTER }, emailIp: { points: 8, duration: QUARTER }, email: { points: 50, duration: QUARTER } },
  // Second-factor codes, at sign-in (better-auth also allows 5 per challenge and locks an account's
  // codes for 15 minutes after 10 wrong ones in a row) and when confirming a new authenticator.
  secondFactor: { ip: { points: 30, duration: QUARTER }, email: { points: 10, duration: QUARTER } },
  signup: { ip: { points: 10, duration: HOUR }, email: { points: 5, duration: HOUR } },
  reset: { ip: { points: 10, duration: HOUR }, email: { points: 3, duration: HOUR } },
  verify: { ip: { points: 10, duration: HOUR }, email: { points: 3, duration: HOUR } },
  newsletter: { ip: { points: 10, duration: HOUR }, email: { points: 3, duration: HOUR } },
  // WhatsApp links reveal hosts' numbers: enough for any guest, too few to harvest the catalogue.
  contact: { ip: { points: 120, duration: HOUR }, email: { points: 60, duration: HOUR } },
  // Each checkout or portal visit creates a session at the provider.
  billing: { ip: { points: 60, duration: HOUR }, email: { points: 30, duration: HOUR } },
  // Reports: plenty for anyone who means it; an account younger than a week (reportNew) gets few, so
  // a batch of new accounts cannot take listings down (issue 44).
  report: { ip: { points: 30, duration: 24 * HOUR }, email: { points: 20, duration: 24 * HOUR } },
  reportNew: { ip: { points: 10, duration: 24 * HOUR }, email: { points: 3, duration: 24 * HOUR } },
  // Each image upload costs a decode and six encodes: a few listings' worth of photos an hour, re-tries included.
  upload: { ip: { points: 300, duration: HOUR }, email: { points: 150, duration: HOUR } },
  // Listing views (decision 032): one per browser and day already; a network changing its user agent
  // to count more stops here, far above what the people behind one address see in an hour.
  view: { ip: { points: 300, duration: HOUR } },
} as const;

type Scope = "ip" | "email" | "emailIp";

export type LimitedAction = keyof typeof RULES;

export type RateLimited = Refused & { retryAfter: number };

export interface RateLimiter {
  /** Counts one attempt; returns the seconds to wait when over the limit, else null. */
  consume(action: LimitedAction, keys: { ip: string; email?: string }): Promise<number | null>;
  /** Counts one attempt; over the limit, the 429 refusal to answer with (the wait in minutes, in Portuguese). */
  limit(action: LimitedAction, keys: { ip: string; email?: string }): Promise<RateLimited | null>;
  /** After a successful login: forgets this network's failures on the email, and does not count the login itself. */
  reset(action: LimitedAction, keys: { ip: string; email: string }): Promise<void>;
}

export function createRateLimiter(redis?: Redis): RateLimiter {
  const limiters = new Map<string, RateLimiterAbstract>();
  for (const [action, rule] of Object.entries(RULES)) {
    for (const [scope, opts] of Object.entries(rule)) {
      const keyPrefix = `rl:${action}:${scope}`;
      limiters.set(
        `${action}:${scope}`,
        redis
          ? // Redis unreachable (not connected: at once; no answer: after its command timeout), the
            // process keeps limiting on its own instead of failing or holding the request.
            new RateLimiterRedis({
              storeClient: redis,
              keyPrefix,
              ...opts,
              rejectIfRedisNotReady: true,
              insuranceLimiter: new RateLimiterMemory({ keyPrefix, ...opts }),
            })
          : new RateLimiterMemory({ keyPrefix, ...opts }),
      );
    }
  }
  const get = (action: LimitedAction, scope: Scope) => limiters.get(`${action}:${scope}`);
  const keyFor = (scope: Scope, ip: string, email: string) =>
    scope === "ip" ? network(ip) : scope === "email" ? email : `${email}|${network(ip)}`;

  /** The wait when over the limit (else null), and the attempts counted for the key in this window, this one included. */
  async function consumeOne(limiter: RateLimiterAbstract, key: string): Promise<{ wait: number | null; count: number }> {
    try {
      return { wait: null, count: (await limiter.consume(key)).consumedPoints };
    } catch (res) {
      if (res instanceof RateLimiterRes) return { wait: Math.ceil(res.msBeforeNext / 1000), count: res.consumedPoints };
      throw res;
    }
  }

  async function consume(action: LimitedAction, { ip, email }: { ip: string; email?: string }) {
    const mail = email?.toLowerCase() ?? "";
    const scopes = (Object.keys(RULES[action]) as Scope[]).filter((scope) => scope === "ip" || mail);
    const counted = await Promise.all(scopes.map((scope) => consumeOne(get(action, scope)!, keyFor(scope, ip, mail))));
    const firstTryFromNetwork = counted[scopes.indexOf("emailIp")]?.count === 1;
    // An email attacked from many networks holds back the networks that have tried it, never a new one.
    const blocked = counted.flatMap(({ wait }, i) => (wait === null || (scopes[i] === "email" && firstTryFromNetwork) ? [] : [wait]));
    return blocked.length ? Math.max(...blocked) : null;
  }

  return {
    consume,
    async limit(action, keys) {
      const wait = await consume(action, keys);
      return wait === null ? null : { ...refused(429, rateLimitMessage(wait)), retryAfter: wait };
    },
    async reset(action, { ip, email }) {
      const mail = email.toLowerCase();
      await Promise.all([
        get(action, "emailIp")?.delete(keyFor("emailIp", ip, mail)),
        get(action, "ip")?.reward(keyFor("ip", ip, mail)),
        get(action, "email")?.reward(keyFor("email", ip, mail)),
      ]);
    },
  };
}

/** One IPv6 customer usually holds a whole /64: count it as one client. */
function network(ip: string): string {
  const address = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  if (!address.includes(":")) return address;
  const [head = "", tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g || "0").join(":")}::/64`;
}

export function rateLimitMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Muitas tentativas. Aguarde ${minutes} ${minutes === 1 ? "minuto" : "minutos"} e tente novamente.`;
}
