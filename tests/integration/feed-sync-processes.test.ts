import { count, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addNights, nightOf } from "../../common/nights";
import { FEED_SYNC_CONCURRENCY } from "../../server/availability/feed-sync";
import type { Database } from "../../server/db/client";
import { calendarFeeds } from "../../server/db/schema";
import { createTestDatabase, engine } from "../support/database";
import { insertHost, insertProperty } from "../support/factories";
import { airbnbFeed, startFeedServer } from "../support/feed-server";
import { serverProcesses } from "../support/server-process";

const FEEDS = 40;

/**
 * Two server processes on one PostgreSQL database both run the calendar job at start: every feed is
 * fetched once, by one of them, and the two fetch at once (more than one process's eight). PGlite
 * allows a single process per data directory, so this is PostgreSQL's.
 */
describe.skipIf(engine !== "postgres")("connected calendars synced by two processes: each feed once (PostgreSQL; PGlite has one process)", () => {
  let database: Database;
  let feeds: Awaited<ReturnType<typeof startFeedServer>>;
  const processes = serverProcesses(() => database, { CALENDAR_FEEDS_FROM_LOOPBACK: "true" });

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
    processes.stop();
    await Promise.all([database?.close(), feeds?.close()]);
  });

  it("fetches every feed once, the two processes at once", async () => {
    await Promise.all([processes.start(), processes.start()]);
    const unsynced = async () => (await database.db.select({ n: count() }).from(calendarFeeds).where(isNull(calendarFeeds.lastSyncedAt)))[0]!.n;
    await expect.poll(unsynced, { timeout: 60_000, interval: 250 }).toBe(0);
    expect(Array.from({ length: FEEDS }, (_, i) => feeds.fetchesOf(`/f${i}.ics`))).toEqual(Array(FEEDS).fill(1));
    expect(feeds.mostAtOnce()).toBeGreaterThan(FEED_SYNC_CONCURRENCY);
  });
});
