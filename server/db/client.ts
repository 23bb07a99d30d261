import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
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
  /**
   * Runs `work` while holding the lock `key`, waiting for another process that holds it (a
   * PostgreSQL session advisory lock, freed if that process dies; PGlite has one process).
   */
  exclusively<T>(key: LockKey, work: () => Promise<T>): Promise<T>;
  /** As `exclusively`, but when another process holds the lock, answers `{ ran: false }` at once. */
  unlessHeldElsewhere<T>(key: LockKey, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
  /**
   * Runs `run` as the answer to an HTTP request (server/app.ts): on PostgreSQL its queries, and
   * those of whatever it starts, get the request bound instead of the long one (PostgresTimeouts).
   * A Drizzle query is made when it is awaited: await it inside `run`.
   */
  answeringRequest<T>(run: () => T): T;
  close(): Promise<void>;
}

/** Beside this module in the sources; beside build/server/index.js in the build (vite.config.ts copies them). */
export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** The only place a PGlite instance is created: always with the same extensions. */
export function createPglite(options: { dataDir?: string; loadDataDir?: Blob | File } = {}) {
  return PGlite.create({ ...options, extensions: { btree_gin, btree_gist, pg_trgm, unaccent } });
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
    exclusively: (_key, work) => work(),
    unlessHeldElsewhere: async (_key, work) => ({ ran: true, value: await work() }),
    // In the process: no query waits on a server that may hang, so there is nothing to bound.
    answeringRequest: (run) => run(),
    close: async () => {
      if (client.closed) return;
      await client.exec("CHECKPOINT");
      await client.close();
      onClose?.();
    },
  };
}

/** Advisory lock keys: one per kind of work that must not run twice at once across processes. */
export const LOCKS = { migrations: 727274, demoSeed: 727275, job: (name: string) => ({ space: 727276, name }) } as const;

/** A number, or a name within a space of numbered names (the two-key advisory lock, hashing the name). */
export type LockKey = number | { space: number; name: string };

export function wrapPostgres(pool: pg.Pool, answeringRequest: Database["answeringRequest"] = (run) => run()): Database {
  const db = drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Db;
  // The lock lives on a connection of its own, outside any transaction, so `work` has the whole
  // pool (even a pool of one) and may take longer than the idle-in-transaction timeout. That
  // connection has no statement timeout: waiting for the lock, or a migration building an index on
  // a large table, may rightly take longer than any request's query.
  async function holding<T>(key: LockKey, wait: boolean, work: (client: pg.Client) => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
    const client = new pg.Client({ ...pool.options, statement_timeout: 0, query_timeout: undefined });
    client.on("error", () => {}); // a lost connection frees the lock; `work` meets the outage itself
    await client.connect();
    try {
      const call = wait ? "pg_advisory_lock" : "pg_try_advisory_lock";
      const { rows } =
        typeof key === "number"
          ? await client.query<{ locked: boolean | "" }>(`SELECT ${call}($1) AS locked`, [key])
          : await client.query<{ locked: boolean | "" }>(`SELECT ${call}($1, hashtext($2)) AS locked`, [key.space, key.name]);
      // pg_advisory_lock returns void (""), pg_try_advisory_lock whether it got the lock.
      if (rows[0]?.locked === false) return { ran: false };
      return { ran: true, value: await work(client) };
    } finally {
      await client.end().catch(() => {});
    }
  }
  const exclusively = async <T>(key: LockKey, work: () => Promise<T>) => ((await holding(key, true, work)) as { value: T }).value;
  return {
    db,
    engine: "postgres",
    // Several app processes may start together: one migrates, the others wait.
    migrate: async () => {
      await holding(LOCKS.migrations, true, (client) => migratePg(drizzlePg(client, { casing: "snake_case" }), { migrationsFolder }));
    },
    analyze: async () => {
      await db.execute(sql`ANALYZE`);
    },
    exclusively,
    unlessHeldElsewhere: (key, work) => holding(key, false, work),
    answeringRequest,
    close: () => pool.end(),
  };
}

/** How long PostgreSQL may take before a request gets a quick answer instead of waiting (server/config.ts). */
export interface PostgresTimeouts {
  /** Opening a connection, and waiting for a free one when the pool is busy. */
  connectTimeoutMs: number;
  /** Server side: a statement running longer is cancelled. */
  statementTimeoutMs: number;
  /** Server side: a transaction left idle this long is ended (its locks freed). */
  idleInTransactionTimeoutMs: number;
  /**
   * Client side: a hung server never answers, so statement_timeout cannot help; the query fails
   * after this. The long bound, for migrations' work, the demo seed, jobs and bulk work.
   */
  queryTimeoutMs: number;
  /** Client side, while answering an HTTP request (`answeringRequest`): a person is waiting, and gives up long before. */
  requestQueryTimeoutMs: number;
}

/**
 * `config` with `query_timeout` set, unless it has one or is a query object of its own (pg-cursor).
 * node-postgres reads it per query, before its connection's default.
 */
function withQueryTimeout<T>(config: T, timeoutMs: number): T {
  if (typeof config === "string") return { text: config, query_timeout: timeoutMs } as T;
  if (config && typeof config === "object" && !("submit" in config) && !("query_timeout" in config)) return { ...config, query_timeout: timeoutMs };
  return config;
}

/**
 * The client-side bound of each query: the request bound inside `answeringRequest`, else the long
 * one. Which applies is read where a query is made (an async context), not where node-postgres
 * sends it: a query waiting for a pooled connection is sent from the context of whoever released
 * that connection, a job's as well as a request's. So `pool.query` marks its query at once (0, when
 * there is no long bound, means the connection's default), and a checked-out connection (a
 * transaction) marks each of its queries as its caller makes it.
 */
function boundQueries(pool: pg.Pool, timeouts: Partial<PostgresTimeouts>): Database["answeringRequest"] {
  const answering = new AsyncLocalStorage<true>();
  const { queryTimeoutMs = 0, requestQueryTimeoutMs = queryTimeoutMs } = timeouts;
  const bound = () => (answering.getStore() ? requestQueryTimeoutMs : queryTimeoutMs);
  const poolQuery = pool.query.bind(pool) as (config: unknown, ...rest: unknown[]) => unknown;
  pool.query = ((config: unknown, ...rest: unknown[]) => poolQuery(withQueryTimeout(config, bound()), ...rest)) as typeof pool.query;
  pool.on("connect", (client) => {
    const clientQuery = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
    client.query = ((config: unknown, ...rest: unknown[]) => {
      const result = clientQuery(answering.getStore() ? withQueryTimeout(config, bound()) : config, ...rest);
      // A query given up on may still run on the server, its transaction open: the connection is
      // closed (the server then rolls the transaction back), not handed to the next caller, whose
      // statements would run inside that transaction. `pool.query` drops its connection itself.
      if (result instanceof Promise) {
        result.catch((err: unknown) => {
          if ((err as Error).message === "Query read timeout") client.end().catch(() => {});
        });
      }
      return result;
    }) as typeof client.query;
  });
  return (run) => answering.run(true, run);
}

export function openPostgres(
  url: string,
  max = 10,
  options: Partial<PostgresTimeouts> & { onConnectionError?: (err: Error) => void } = {},
): Database {
  const { onConnectionError = () => {} } = options;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    keepAlive: true,
    connectionTimeoutMillis: options.connectTimeoutMs,
    statement_timeout: options.statementTimeoutMs,
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs,
    query_timeout: options.queryTimeoutMs,
    // Our statements are short and many; JIT compiling one whose cost estimate passes jit_above_cost
    // (a count over a million listings) took 15 ms of a 20 ms budget and never paid for itself.
    options: "-c jit=off",
  });
  // A connection cut by the server or the network (restart, failover) emits 'error': while idle the
  // pool drops it (and re-emits it on the pool); while checked out nothing listens, and an unheard
  // 'error' event ends the process. So every connection gets a listener for its whole life: the
  // query under way fails with an error its request handles, and the pool drops the connection on
  // release (it is no longer queryable). The pool's own event repeats what that listener logged.
  pool.on("connect", (client) => client.on("error", onConnectionError));
  pool.on("error", () => {});
  return wrapPostgres(pool, boundQueries(pool, options));
}

/**
 * PGlite has no lock of its own: two processes on one directory silently lose commits.
 * A lock file naming the opener makes the second opener fail loudly instead.
 */
function acquireDirectoryLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "recanto.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, processIdentity(process.pid), { flag: "wx" });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = fs.readFileSync(lockPath, "utf8").trim();
      const pid = Number.parseInt(holder, 10);
      if (isHeldBy(holder, pid)) {
        throw new Error(
          `The database in ${dataDir} is in use by process ${pid}. Stop it first (PGlite allows one opener per directory).`,
          { cause: err },
        );
      }
      fs.rmSync(lockPath, { force: true }); // stale lock from a process that is gone
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

/**
 * "pid" or, where /proc tells when a process started, "pid:start". The start time tells a reused
 * pid from the opener: a container's process is PID 1 on every start, and after a reboot another
 * program may have the old pid.
 */
function processIdentity(pid: number): string {
  const start = startTimeOf(pid);
  return start ? `${pid}:${start}` : String(pid);
}

function isHeldBy(holder: string, pid: number): boolean {
  if (!pid || pid === process.pid || !isAlive(pid)) return false;
  return !holder.includes(":") || holder === processIdentity(pid);
}

/** Field 22 of /proc/PID/stat: clock ticks from boot to the process's start (Linux only). */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
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
  config: { DATABASE_URL?: string; DATA_DIR: string; DATABASE_POOL_SIZE: number; postgresTimeouts: PostgresTimeouts },
  onConnectionError?: (err: Error) => void,
): Promise<Database> {
  return config.DATABASE_URL
    ? Promise.resolve(openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE, { ...config.postgresTimeouts, onConnectionError }))
    : openPgliteDirectory(config.DATA_DIR);
}

/** A unique constraint refused the write (PostgreSQL's 23505), however many wrappers (Drizzle's, a driver's) it came in. */
export function isUniqueViolation(err: unknown): boolean {
  const seen = new Set<unknown>();
  let e: unknown = err;
  while (e && typeof e === "object" && !seen.has(e)) {
    seen.add(e);
    if ((e as { code?: string }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
