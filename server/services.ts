import { Redis } from "ioredis";
import path from "node:path";
import { createMailer, type Mailer } from "./adapters/email";
import { createAuth, type Auth } from "./accounts/auth";
import { createDiskStorage, type Storage } from "./adapters/storage";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { createRateLimiter, type RateLimiter } from "./http/rate-limit";
import type { Logger } from "./logger";

/** Everything a request needs, created once per process and handed to loaders and actions. */
export interface Services {
  config: Config;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  storage: Storage;
  limiter: RateLimiter;
  logger: Logger;
  close(): Promise<void>;
}

export function createServices(config: Config, database: Database, logger: Logger): Services {
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    outboxDir: path.join(config.DATA_DIR, "outbox"),
    from: config.MAIL_FROM,
    logger,
  });
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;
  const auth = createAuth({
    db: database.db,
    mailer,
    logger,
    baseURL: config.BASE_URL,
    secret: config.authSecret,
    secureCookies: config.secureCookies,
  });
  return {
    config,
    database,
    auth,
    mailer,
    storage: createDiskStorage(config.mediaDir),
    limiter: createRateLimiter(redis),
    logger,
    async close() {
      redis?.disconnect();
      await database.close();
    },
  };
}
