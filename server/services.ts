import type { Redis } from "ioredis";
import path from "node:path";
import { createMailer, type Mailer } from "./adapters/email";
import { createRedis } from "./adapters/redis";
import { createBackground, type Background } from "./background";
import { createAuth, type Auth } from "./accounts/auth";
import { createDiskStorage, createS3Storage, type Storage } from "./adapters/storage";
import { createBilling, type Billing } from "./billing/billing";
import { createSandboxProvider, type SandboxProvider } from "./billing/sandbox-provider";
import { createStripeProvider, type StripeProvider } from "./billing/stripe-provider";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { createRateLimiter, type RateLimiter } from "./http/rate-limit";
import type { Logger } from "./logger";
import { keptCatalogue, type KeptCatalogue } from "./properties/kept-catalogue";

export interface Clock {
  now(): Date;
}

/** Everything a request needs, created once per process and handed to loaders and actions. */
export interface Services {
  config: Config;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  storage: Storage;
  limiter: RateLimiter;
  /** Shared rate limits, when REDIS_URL is set. */
  redis: Redis | null;
  billing: Billing;
  /** The local test checkout and portal, when billing is not Stripe. */
  sandbox: SandboxProvider | null;
  /** Stripe, when configured (its webhooks are verified with it). */
  stripe: StripeProvider | null;
  logger: Logger;
  /** Work finished after the answer (see background.ts). */
  background: Background;
  /** The public catalogue's reads kept per catalogue version, for the pages drawn per request. */
  catalogue: KeptCatalogue;
  /**
   * The time rules about stays and reviews read (check-out passed, 30 days to review, 48 hours to
   * edit): the system's, which tests move forward by replacing `now`.
   */
  clock: Clock;
  close(): Promise<void>;
}

export function createServices(config: Config, database: Database, logger: Logger): Services {
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    outboxDir: path.join(config.DATA_DIR, "outbox"),
    from: config.MAIL_FROM,
    logger,
  });
  const redis = config.REDIS_URL
    ? createRedis(config.REDIS_URL, { connectMs: config.REDIS_CONNECT_TIMEOUT_MS, commandMs: config.REDIS_COMMAND_TIMEOUT_MS }, logger)
    : null;
  const auth = createAuth({
    db: database.db,
    mailer,
    logger,
    baseURL: config.BASE_URL,
    secret: config.authSecret,
    secureCookies: config.secureCookies,
  });
  const stripe = config.stripe ? createStripeProvider(config.stripe) : null;
  const sandbox = stripe ? null : createSandboxProvider({ db: database.db, secret: config.authSecret, baseUrl: config.BASE_URL });
  const billing = createBilling({ db: database.db, provider: (stripe ?? sandbox)!, baseUrl: config.BASE_URL, logger });
  const background = createBackground(logger);
  const storage = config.s3 ? createS3Storage(config.s3) : createDiskStorage(config.mediaDir, config.privateDir);
  return {
    config,
    database,
    auth,
    mailer,
    storage,
    limiter: createRateLimiter(redis ?? undefined),
    redis,
    billing,
    sandbox,
    stripe,
    logger,
    background,
    catalogue: keptCatalogue(database.db),
    clock: { now: () => new Date() },
    async close() {
      await background.settled();
      redis?.disconnect();
      storage.close?.();
      await database.close();
    },
  };
}
