import fs from "node:fs";
import { loadConfig } from "./config";
import { openDatabase, type Database } from "./db/client";
import { whenReady } from "./adapters/redis";
import { createLogger } from "./logger";
import { createServices, type Services } from "./services";

export interface BootstrapOptions {
  /** The settings to read; by default the process's environment after `.env` (see loadEnvFile). */
  env?: NodeJS.ProcessEnv;
  /** An already open database (tests bring a fresh clone); by default the configured one is opened. */
  database?: Database;
  /** Overrides LOG_LEVEL (command-line tools keep their output to what they print themselves). */
  logLevel?: string;
}

/**
 * Reads `.env` from the working folder into the process's environment; variables already set win.
 * Called once by every entry point, before anything reads the environment.
 */
export function loadEnvFile(file = ".env") {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

/**
 * The one start-up path of the server, every command-line tool and the tests:
 * validated config → logger → database → migrations → services.
 */
export async function bootstrap(options: BootstrapOptions = {}): Promise<Services> {
  if (!options.env) loadEnvFile();
  const config = loadConfig(options.env ?? process.env);
  const logger = createLogger(options.logLevel ?? config.LOG_LEVEL);
  // One line per lost connection (at most the pool's size at once), without a stack: an outage is not a bug.
  const connectionLost = (err: Error & { code?: string }) =>
    logger.warn({ dependency: "database", err: { message: err.message, code: err.code } }, "a PostgreSQL connection was lost; the pool opens a new one");
  const database = options.database ?? (await openDatabase(config, connectionLost));
  try {
    await database.migrate();
  } catch (err) {
    if (!options.database) await database.close(); // one we opened; a caller's stays the caller's
    throw err;
  }
  const services = createServices(config, database, logger);
  if (services.redis) await whenReady(services.redis, config.REDIS_CONNECT_TIMEOUT_MS);
  return services;
}
