import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  engine: "pglite" | "postgres";
  /** Applies the committed SQL migrations (idempotent). */
  migrate(): Promise<void>;
  /** Refreshes planner statistics; PGlite never autovacuums. */
  analyze(): Promise<void>;
  close(): Promise<void>;
}

/** Beside this module in the sources; beside build/server/index.js in the build (vite.config.ts copies them). */
export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** The only place a PGlite instance is created: always with the same extensions. */
export function createPglite(options: { dataDir?: string; loadDataDir?: Blob | File } = {}) {
  return PGlite.create({ ...options, extensions: { pg_trgm, unaccent } });
}

export function wrapPglite(client: PGlite, onClose?: () => void): Database {
  const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    engine: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    analyze: async () => {
      await client.exec("VACUUM ANALYZE");
    },
    close: async () => {
      if (client.closed) return;
      await client.exec("CHECKPOINT");
      await client.close();
      onClose?.();
    },
  };
}

export function wrapPostgres(pool: pg.Pool): Database {
  const db = drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    engine: "postgres",
    migrate: async () => {
      // Several app processes may start together: one migrates, the others wait.
      const client = await pool.connect();
      try {
        await client.query("SELECT pg_advisory_lock(727274)");
        await migratePg(drizzlePg(client, { casing: "snake_case" }), { migrationsFolder });
      } finally {
        await client.query("SELECT pg_advisory_unlock(727274)").catch(() => {});
        client.release();
      }
    },
    analyze: async () => {
      await db.execute(sql`ANALYZE`);
    },
    close: () => pool.end(),
  };
}

export function openPostgres(url: string, max = 10, onIdleError: (err: Error) => void = () => {}): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection cut by the server (restart, failover) is only dropped from the pool: the next
  // query opens a new one or fails with an error its request handles. Unhandled, it would end the process.
  pool.on("error", onIdleError);
  return wrapPostgres(pool);
}

/**
 * PGlite has no lock of its own: two processes on one directory silently lose commits.
 * A pid lock file makes the second opener fail loudly instead.
 */
function acquireDirectoryLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "recanto.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number(fs.readFileSync(lockPath, "utf8"));
      if (pid && isAlive(pid)) {
        throw new Error(
          `The database in ${dataDir} is in use by process ${pid}. Stop it first (PGlite allows one opener per directory).`,
          { cause: err },
        );
      }
      fs.rmSync(lockPath, { force: true }); // stale lock from a crashed process
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export async function openPgliteDirectory(dataDir: string): Promise<Database> {
  const release = acquireDirectoryLock(dataDir);
  try {
    const client = await createPglite({ dataDir: path.join(dataDir, "pglite") });
    return wrapPglite(client, release);
  } catch (err) {
    release();
    throw err;
  }
}

export function openDatabase(
  config: { DATABASE_URL?: string; DATA_DIR: string; DATABASE_POOL_SIZE: number },
  onIdleError?: (err: Error) => void,
): Promise<Database> {
  return config.DATABASE_URL
    ? Promise.resolve(openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE, onIdleError))
    : openPgliteDirectory(config.DATA_DIR);
}
