import os from "node:os";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDiskStorage } from "../../server/adapters/storage";
import { loadConfig } from "../../server/config";
import { openPostgres, type Database } from "../../server/db/client";
import { runJob, type Job } from "../../server/jobs/runner";
import { createMailer } from "../../server/adapters/email";
import { createLogger } from "../../server/logger";
import { createTestDatabase, engine } from "../support/database";

/**
 * Which client-side bound a PostgreSQL query gets: the request bound while answering a request
 * (Database.answeringRequest, which server/app.ts wraps every request in), the long one for jobs
 * and other work. A statement that takes 1 s on the server stands for a database that answers too
 * late: it outlasts the request bound and not the long one.
 */
const BOUNDS = { statementTimeoutMs: 2000, queryTimeoutMs: 3000, requestQueryTimeoutMs: 300 };
const SLOW = sql`SELECT pg_sleep(1)`;

async function elapsed(work: () => Promise<unknown>): Promise<{ ms: number; error: Error | null }> {
  const started = performance.now();
  const error = await work().then(
    () => null,
    (err: unknown) => err as Error,
  );
  return { ms: performance.now() - started, error };
}

/** The driver's own error, under Drizzle's wrapper. */
const driverMessage = (error: Error | null) => ((error?.cause as Error | undefined) ?? error)?.message;

describe.runIf(engine === "postgres")("PostgreSQL: a request's queries have the request bound, jobs the long one", () => {
  let database: Database;
  let single: Database;

  beforeAll(() => {
    database = openPostgres(process.env.DATABASE_URL!, 4, BOUNDS);
    // One connection: a query that waits for it is sent when another releases it, from that other's context.
    single = openPostgres(process.env.DATABASE_URL!, 1, { ...BOUNDS, connectTimeoutMs: 5000 });
  });
  afterAll(async () => {
    await Promise.all([database?.close(), single?.close()]);
  });

  it("a query answering a request fails at the request bound; the same query elsewhere waits for its answer", async () => {
    const inRequest = await elapsed(() => database.answeringRequest(async () => await database.db.execute(SLOW)));
    expect(driverMessage(inRequest.error)).toBe("Query read timeout");
    expect(inRequest.ms).toBeGreaterThanOrEqual(BOUNDS.requestQueryTimeoutMs - 5);
    expect(inRequest.ms).toBeLessThan(900);

    const outside = await elapsed(() => database.db.execute(SLOW));
    expect(outside.error).toBeNull();
    expect(outside.ms).toBeGreaterThanOrEqual(990);
  });

  it("a transaction answering a request has the request bound on its own connection", async () => {
    const inRequest = await elapsed(() => database.answeringRequest(() => database.db.transaction((tx) => tx.execute(SLOW))));
    expect(inRequest.error).not.toBeNull();
    expect(inRequest.ms).toBeLessThan(900);
    expect(await elapsed(() => database.db.transaction((tx) => tx.execute(SLOW)))).toMatchObject({ error: null });
  });

  it("a connection whose query was given up on inside a transaction is closed, not handed on with the transaction open", async () => {
    const given = await elapsed(() => single.answeringRequest(() => single.db.transaction((tx) => tx.execute(SLOW))));
    expect(given.error).not.toBeNull();
    // The only connection's next user runs in a transaction of its own, at once (not behind the abandoned statement).
    const next = await elapsed(async () => {
      const { rows } = (await single.db.execute(sql`SELECT now() = statement_timestamp() AS own`)) as unknown as { rows: [{ own: boolean }] };
      expect(rows[0].own).toBe(true);
    });
    expect(next.error).toBeNull();
    expect(given.ms + next.ms).toBeLessThan(900);
  });

  it("a background job, through the job runner, has the long bound", async () => {
    const job: Job = { name: "teste-limite-longo", counts: "consultas", everyMs: 60_000, run: async ({ db }) => (await db.execute(SLOW), 1) };
    const config = loadConfig({ DATA_DIR: os.tmpdir(), AUTH_SECRET: "a".repeat(32) });
    const logger = createLogger("silent");
    const mailer = createMailer({ outboxDir: os.tmpdir(), from: config.MAIL_FROM, logger });
    const deps = { database, storage: createDiskStorage(os.tmpdir()), config, logger, mailer, clock: { now: () => new Date() } };
    const run = await elapsed(() => runJob(deps, job));
    expect(run.error).toBeNull();
    expect(run.ms).toBeGreaterThanOrEqual(990);
  });

  it("a query keeps the bound of where it was made while it waits for a pooled connection", async () => {
    // A job's query waits behind a request's: it is sent from the request's context, and keeps the long bound.
    const request = elapsed(() => single.answeringRequest(async () => await single.db.execute(sql`SELECT pg_sleep(0.1)`)));
    const job = elapsed(() => single.db.execute(SLOW));
    expect(await request).toMatchObject({ error: null });
    expect(await job).toMatchObject({ error: null });

    // And a request's query waiting behind a job's keeps the request bound.
    const busy = elapsed(() => single.db.execute(sql`SELECT pg_sleep(0.2)`));
    const waiting = await elapsed(() => single.answeringRequest(async () => await single.db.execute(SLOW)));
    expect(await busy).toMatchObject({ error: null });
    expect(driverMessage(waiting.error)).toBe("Query read timeout");
    expect(waiting.ms).toBeLessThan(1000);
  });
});

describe.runIf(engine === "pglite")("PGlite: no query waits on another process, so none is bounded", () => {
  it("a request's query runs to its end", async () => {
    const database = await createTestDatabase();
    try {
      const run = await elapsed(() => database.answeringRequest(async () => await database.db.execute(sql`SELECT pg_sleep(0.4)`)));
      expect(run.error).toBeNull();
      expect(run.ms).toBeGreaterThanOrEqual(390);
    } finally {
      await database.close();
    }
  });
});
