/**
 * What the parts of `npm run bench` (scripts/bench.ts and the parts beside this file) share: throw-away
 * and kept PostgreSQL databases, the bulk catalogue, the built server as a process of its own, its
 * memory and CPU from /proc, timing statistics and the verdict line.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { sql, type SQLWrapper } from "drizzle-orm";
import pg from "pg";
import { createDiskStorage } from "../../server/adapters/storage";
import { municipalityLabels } from "../../server/cities/cities";
import type { Database } from "../../server/db/client";
import { countPublicProperties, ensureBulkHosts, insertBulkProperties } from "../../server/seed/bulk";
import { ensureDemoImages } from "../../server/seed/demo-images";

/** PostgreSQL: DATABASE_URL's server, else the local default; each run gets its own throw-away database. */
export const ADMIN_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export async function postgresReachable(): Promise<boolean> {
  const probe = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  const problem = await probe.connect().then(
    () => probe.end().then(() => null),
    (err: Error) => err.message || err.name,
  );
  if (problem) console.log(`PostgreSQL skipped: ${new URL(ADMIN_URL).host} is unreachable (${problem}); PGlite only.`);
  return !problem;
}

const databaseUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** The kept database `name` on the server of `adminUrl`, created when missing. */
export async function withKeptPostgres<T>(adminUrl: string, name: string, run: (url: string) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  await admin.connect();
  const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  if (!rowCount) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return run(databaseUrl(adminUrl, name));
}

/** A fresh database on the server of `adminUrl`, dropped afterwards whatever happens. */
export async function withThrowawayPostgres<T>(adminUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = `recanto_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    return await run(databaseUrl(adminUrl, name));
  } finally {
    // pool.end() resolves before its sockets are closed; FORCE would cut them mid-close and the pool
    // would report that as an unhandled error. Wait (briefly) until the server has seen them go.
    for (let i = 0; i < 50; i++) {
      const { rows } = await admin.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1", [name]);
      if (rows[0]!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

export const ms = (started: number) => performance.now() - started;

export interface Stats {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
}

export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), mean: sorted.reduce((s, x) => s + x, 0) / sorted.length };
}

/** Rows of a raw statement (node-postgres and PGlite both answer `{ rows }`). */
export async function query<T>(database: Database, statement: SQLWrapper): Promise<T[]> {
  const result = (await database.db.execute(statement.getSQL())) as unknown as { rows: T[] };
  return result.rows;
}

/** The illustrations bulk listings name (only their storage keys matter): drawn once and kept between runs. */
const BULK_MEDIA_DIR = path.join(os.tmpdir(), "recanto-bench-media");

export async function seedBulk(engine: string, database: Database, count: number) {
  const hosts = await ensureBulkHosts(database.db);
  const pool = await ensureDemoImages(createDiskStorage(BULK_MEDIA_DIR));
  const seeding = performance.now();
  let lastReport = seeding;
  await insertBulkProperties(database.db, {
    count,
    hosts,
    pool,
    locations: municipalityLabels(),
    now: new Date("2026-06-01T12:00:00Z"),
    onProgress: (done) => {
      if (done < count && performance.now() - lastReport < 15_000) return;
      lastReport = performance.now();
      console.log(`  ${engine}: ${done.toLocaleString("pt-BR")} listings in ${(ms(seeding) / 1000).toFixed(0)} s`);
    },
  });
}

/**
 * A migrated database holding at least `count` public bulk listings, vacuumed and analysed as a live
 * one would be: a kept database's are reused, an unfinished seed is started again. Returns the
 * seconds spent seeding, or null when the listings were already there.
 */
export async function withListings(part: string, database: Database, count: number): Promise<number | null> {
  await database.migrate();
  const present = await countPublicProperties(database.db);
  if (present >= count) return null;
  const engine = database.engine === "postgres" ? "PostgreSQL" : "PGlite";
  if (present > 0) await database.db.execute(sql`TRUNCATE properties CASCADE`);
  console.log(`${part}: seeding ${count.toLocaleString("pt-BR")} listings on ${engine}…`);
  const seeding = performance.now();
  await seedBulk(engine, database, count);
  if (database.engine === "postgres") await database.db.execute(sql`VACUUM ANALYZE`);
  else await database.analyze();
  return ms(seeding) / 1000;
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** A kernel's memory counter of a process, in bytes (VmRSS now, VmHWM the peak since start or since the last reset). */
export function procMemory(pid: number, field: "VmRSS" | "VmHWM"): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new Error(`no ${field} for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** Resets a process's VmHWM to its current RSS (Linux ≥ 4.0), so the peak read afterwards is what came since; false where the kernel refuses. */
export function resetPeakMemory(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

/** CPU seconds a process has used (user + system), from /proc (clock ticks of 1/100 s, Linux's USER_HZ). */
function cpuSeconds(pid: number): number {
  // The command name, in parentheses, may hold spaces: the fields are counted after it.
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Waits until a freshly started server has done its start-up work (background jobs run at once):
 * two half-seconds in a row in which it used under 5 % of a core and, on PostgreSQL, no query of
 * `database` was running. Gives up after three minutes, saying so (the first monthly summaries of
 * a million bulk listings' 12 hosts took a minute).
 */
export async function untilSettled(pid: number, database?: Database) {
  const busyQueries = async () =>
    database?.engine === "postgres"
      ? (await query<{ n: number }>(database, sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`))[0]!.n
      : 0;
  let quiet = 0;
  for (let i = 0; quiet < 2; i++) {
    if (i >= 360) {
      console.log("  (the server was still busy after three minutes: measuring anyway)");
      return;
    }
    const before = cpuSeconds(pid);
    await new Promise((resolve) => setTimeout(resolve, 500));
    quiet = cpuSeconds(pid) - before < 0.025 && (await busyQueries()) === 0 ? quiet + 1 : 0;
  }
}

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * The built server as a process of its own on a free port, as production runs it (`node
 * build/server/index.js`): PGlite in DATA_DIR unless `env` names a DATABASE_URL. `start` resolves
 * once /healthz answers.
 */
export async function serverProcess(env: Record<string, string>) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const entry = path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js");
  const full: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", BASE_URL: url, DATABASE_URL: "", REDIS_URL: "", S3_BUCKET: "", ...env };
  delete full.MEDIA_DIR;
  const start = async () => {
    const child = spawn(process.execPath, [entry], { env: full, stdio: ["ignore", "ignore", "inherit"] });
    await untilAnswering(`${url}/healthz`, child);
    return child;
  };
  return { url, start };
}

/** Resolves once `url` answers 2xx; fails if `child` exits first or two minutes pass. */
export async function untilAnswering(url: string, child: ChildProcess) {
  for (let i = 0; !(await fetch(url).then((r) => r.ok, () => false)); i++) {
    if (child.exitCode !== null) throw new Error(`the process for ${url} exited before it answered`);
    if (i > 600) throw new Error(`${url} did not answer in 2 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function stopProcess(child: ChildProcess) {
  child.kill("SIGTERM");
  await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));
}

export function report(part: string, failures: string[]) {
  if (failures.length === 0) {
    console.log(`✓ ${part}: every goal met.`);
    return;
  }
  console.log(`✗ ${part}: ${failures.join("; ")}`);
  process.exitCode = 1;
}
