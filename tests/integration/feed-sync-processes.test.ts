import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addNights, nightOf } from "../../common/nights";
import { FEED_SYNC_CONCURRENCY } from "../../server/availability/feed-sync";
import type { Database } from "../../server/db/client";
import { calendarFeeds } from "../../server/db/schema";
import { serverEntryPath } from "../support/app";
import { createTestDatabase, engine } from "../support/database";
import { insertHost, insertProperty } from "../support/factories";
import { airbnbFeed, startFeedServer } from "../support/feed-server";
import { freePort } from "../support/ports";
import { databaseUrlFor } from "../support/postgres-url";

const FEEDS = 40;

/**
 * Two server processes on one PostgreSQL database both run the calendar job at start: every feed is
 * fetched once, by one of them, and the two fetch at once (more than one process's eight). PGlite
 * allows a single process per data directory, so this is PostgreSQL's.
 */
describe.skipIf(engine !== "postgres")("connected calendars synced by two processes: each feed once (PostgreSQL; PGlite has one process)", () => {
  let database: Database;
  let feeds: Awaited<ReturnType<typeof startFeedServer>>;
  const children: ChildProcess[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    [database, feeds] = await Promise.all([createTestDatabase(), startFeedServer()]);
    const host = await insertHost(database.db);
    const today = nightOf(new Date());
    for (let i = 0; i < FEEDS; i++) {
      const { id } = await insertProperty(database.db, host.id, { title: `Cabana ${i}` }, []);
      feeds.set(`/f${i}.ics`, airbnbFeed([{ checkIn: addNights(today, 5 + i), checkOut: addNights(today, 7 + i) }]), { delayMs: 1_500 });
      await database.db.insert(calendarFeeds).values({ propertyId: id, name: "Airbnb", url: `${feeds.base}/f${i}.ics` });
    }
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    await Promise.all([database?.close(), feeds?.close()]);
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function startServer() {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "recanto-feeds-"));
    dirs.push(dataDir);
    const [{ name }] = ((await database.db.execute(sql`SELECT current_database() AS name`)) as unknown as { rows: [{ name: string }] }).rows;
    const child = spawn(process.execPath, [serverEntryPath], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        DATABASE_URL: databaseUrlFor(process.env.DATABASE_URL!, name),
        PORT: String(port),
        BASE_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        SEED_DEMO: "false",
        AUTH_SECRET: "segredo-de-teste-com-mais-de-32-caracteres",
        CALENDAR_FEEDS_FROM_LOOPBACK: "true",
        LOG_LEVEL: "warn",
      },
      stdio: "ignore",
    });
    children.push(child);
  }

  it("fetches every feed once, the two processes at once", async () => {
    await Promise.all([startServer(), startServer()]);
    const unsynced = async () => (await database.db.select({ n: count() }).from(calendarFeeds).where(isNull(calendarFeeds.lastSyncedAt)))[0]!.n;
    await expect.poll(unsynced, { timeout: 60_000, interval: 250 }).toBe(0);
    expect(Array.from({ length: FEEDS }, (_, i) => feeds.fetchesOf(`/f${i}.ics`))).toEqual(Array(FEEDS).fill(1));
    expect(feeds.mostAtOnce()).toBeGreaterThan(FEED_SYNC_CONCURRENCY);
  });
});
