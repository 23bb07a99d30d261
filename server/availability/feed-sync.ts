/**
 * Connected calendars: what a host connects, and their syncs. A sync leases its feed's row first
 * (`lease_until`, taken by one UPDATE, so one process fetches a feed at a time, whichever process
 * and however many run), fetches and reads the feed, and then, in one transaction with the listing
 * locked, replaces the feed's nights and the listing's taken nights. A feed that fails keeps its
 * last good nights and is tried again sooner (1, 2, 4 … minutes, never later than its usual turn);
 * feeds are synced several at a time, each within the fetch's bounds, so a slow or failing feed
 * never holds the others.
 */
import { and, count, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { accepted, refused, type Result } from "../../common/refusal";
import { nightOf, type Night } from "../../common/nights";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { calendarFeeds, feedNights, properties } from "../db/schema";
import { isUuid } from "../properties/properties";
import { lockListing, lockOwnListing, refreshUnavailable } from "./calendar";
import { readFeedNights } from "./feed-nights";
import { fetchFeed, FEED_FETCH_ERRORS, FEED_FETCH_LIMITS } from "./fetch-feed";

/** What syncing needs from the configuration. */
export interface FeedSyncSettings {
  /** How often a feed is read again after a good sync. */
  syncEveryMs: number;
  /** Tests' local feed servers (never in production: server/config.ts). */
  allowLoopback: boolean;
  /** Our own domain: events we exported, back through another channel's feed, are left out. */
  ownDomain: string;
  /** The fetch's time bound (FEED_FETCH_LIMITS.timeoutMs unless given). */
  timeoutMs?: number;
}

export function feedSyncSettings(config: Pick<Config, "calendarFeeds" | "BASE_URL">): FeedSyncSettings {
  return { syncEveryMs: config.calendarFeeds.syncEveryMs, allowLoopback: config.calendarFeeds.allowLoopback, ownDomain: new URL(config.BASE_URL).hostname };
}

/** Feeds a listing may have connected at once. */
export const MAX_FEEDS_PER_LISTING = 10;
/** Feeds synced at once by one process. */
export const FEED_SYNC_CONCURRENCY = 8;
/** How long a process holds a feed it is syncing: past it (the process died), another may take it. */
const LEASE_MS = FEED_FETCH_LIMITS.timeoutMs * 6;

export const FEED_TEXTS = {
  nameMissing: "Dê um nome ao calendário, como Airbnb ou Booking.com.",
  nameTooLong: "O nome do calendário pode ter no máximo 60 caracteres.",
  urlMissing: "Informe o endereço do calendário (iCal).",
  urlTooLong: "O endereço do calendário é longo demais.",
  duplicate: "Este calendário já está conectado a esta propriedade.",
  tooMany: `Uma propriedade pode ter no máximo ${MAX_FEEDS_PER_LISTING} calendários conectados.`,
  notYours: "Esta propriedade não existe ou não pertence à sua conta.",
  feedGone: "Este calendário não está mais conectado.",
  busy: "Este calendário está sendo sincronizado agora. Aguarde alguns segundos.",
} as const;

/**
 * The address as we fetch it: trimmed, `webcal://` (how Apple and some channels show it) read as
 * `https://`; a refusal in Portuguese when it cannot be a calendar's web address.
 */
export function feedAddress(value: string): Result<string> {
  const text = value.trim().replace(/^webcals?:\/\//i, "https://");
  if (text === "") return refused(400, FEED_TEXTS.urlMissing, { field: "url" });
  if (text.length > 2048) return refused(400, FEED_TEXTS.urlTooLong, { field: "url" });
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refused(400, FEED_FETCH_ERRORS.scheme, { field: "url" });
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return refused(400, FEED_FETCH_ERRORS.scheme, { field: "url" });
  if (url.username || url.password) return refused(400, FEED_FETCH_ERRORS.address, { field: "url" });
  return accepted(url.href);
}

function feedName(value: string): Result<string> {
  const name = value.trim().replace(/\s+/g, " ");
  if (name === "") return refused(400, FEED_TEXTS.nameMissing, { field: "name" });
  if (name.length > 60) return refused(400, FEED_TEXTS.nameTooLong, { field: "name" });
  return accepted(name);
}

/** Connects a calendar to the host's listing; its first sync is the caller's (at once, so the host sees it). */
export async function connectFeed(db: Db, hostId: string, propertyId: string, input: { name: string; url: string }): Promise<Result<string>> {
  const name = feedName(input.name);
  if (!name.ok) return name;
  const url = feedAddress(input.url);
  if (!url.ok) return url;
  if (!isUuid(propertyId)) return refused(404, FEED_TEXTS.notYours);
  return db.transaction(async (tx) => {
    if (!(await lockOwnListing(tx, hostId, propertyId))) return refused(404, FEED_TEXTS.notYours);
    const [connected] = await tx.select({ feeds: count() }).from(calendarFeeds).where(eq(calendarFeeds.propertyId, propertyId));
    if (connected!.feeds >= MAX_FEEDS_PER_LISTING) return refused(400, FEED_TEXTS.tooMany);
    const [row] = await tx
      .insert(calendarFeeds)
      .values({ propertyId, name: name.value, url: url.value })
      .onConflictDoNothing()
      .returning({ id: calendarFeeds.id });
    return row ? accepted(row.id) : refused(409, FEED_TEXTS.duplicate, { field: "url" });
  });
}

/** Disconnects a feed: its nights are freed with it. */
export async function disconnectFeed(db: Db, hostId: string, propertyId: string, feedId: string): Promise<Result<true>> {
  if (!isUuid(propertyId) || !isUuid(feedId)) return refused(404, FEED_TEXTS.feedGone);
  return db.transaction(async (tx) => {
    if (!(await lockOwnListing(tx, hostId, propertyId))) return refused(404, FEED_TEXTS.notYours);
    const removed = await tx
      .delete(calendarFeeds)
      .where(and(eq(calendarFeeds.id, feedId), eq(calendarFeeds.propertyId, propertyId)))
      .returning({ id: calendarFeeds.id });
    if (removed.length === 0) return refused(404, FEED_TEXTS.feedGone);
    await refreshUnavailable(tx, propertyId);
    return accepted(true as const);
  });
}

/** The host's feed, when the listing is theirs (for "Sincronizar agora"). */
export async function hostFeedExists(db: Db, hostId: string, propertyId: string, feedId: string): Promise<boolean> {
  if (!isUuid(propertyId) || !isUuid(feedId)) return false;
  const rows = await db
    .select({ id: calendarFeeds.id })
    .from(calendarFeeds)
    .innerJoin(properties, eq(properties.id, calendarFeeds.propertyId))
    .where(and(eq(calendarFeeds.id, feedId), eq(calendarFeeds.propertyId, propertyId), eq(properties.hostId, hostId)));
  return rows.length > 0;
}

interface Leased {
  id: string;
  propertyId: string;
  url: string;
  failures: number;
}

/** The wait before the next try after `failures` failures in a row: 1, 2, 4 … minutes, at most the usual interval. */
export function retryDelayMs(failures: number, syncEveryMs: number): number {
  return Math.min(syncEveryMs, 60_000 * 2 ** Math.min(failures - 1, 20));
}

const inMs = (ms: number) => sql`now() + ${`${ms} milliseconds`}::interval`;
const notLeased = or(isNull(calendarFeeds.leaseUntil), lt(calendarFeeds.leaseUntil, sql`now()`));
const leasedColumns = { id: calendarFeeds.id, propertyId: calendarFeeds.propertyId, url: calendarFeeds.url, failures: calendarFeeds.failures };

/** Leases one feed now, due or not ("Sincronizar agora", a new feed); null while another process holds it. */
async function leaseFeed(db: Db, feedId: string): Promise<Leased | null> {
  const [row] = await db
    .update(calendarFeeds)
    .set({ leaseUntil: inMs(LEASE_MS) })
    .where(and(eq(calendarFeeds.id, feedId), notLeased))
    .returning(leasedColumns);
  return row ?? null;
}

/** Leases the due feed waiting longest; other processes skip the row taken. */
async function leaseDueFeed(db: Db): Promise<Leased | null> {
  const due = db
    .select({ id: calendarFeeds.id })
    .from(calendarFeeds)
    .where(and(lte(calendarFeeds.nextSyncAt, sql`now()`), notLeased))
    .orderBy(calendarFeeds.nextSyncAt)
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db.update(calendarFeeds).set({ leaseUntil: inMs(LEASE_MS) }).where(inArray(calendarFeeds.id, due)).returning(leasedColumns);
  return row ?? null;
}

export type SyncOutcome = { ok: true; nights: number } | { ok: false; error: string };

/** Fetches, reads and applies one leased feed, then lets go of it with its next turn set. */
async function syncLeased(db: Db, feed: Leased, settings: FeedSyncSettings): Promise<SyncOutcome> {
  const today: Night = nightOf(new Date());
  const fetched = await fetchFeed(feed.url, { allowLoopback: settings.allowLoopback, ...(settings.timeoutMs && { timeoutMs: settings.timeoutMs }) });
  const reading = fetched.ok ? await readFeedNights(fetched.text, { today, ownDomain: settings.ownDomain }) : fetched;
  if (!reading.ok) {
    const failures = feed.failures + 1;
    await db
      .update(calendarFeeds)
      .set({
        lastError: reading.error,
        lastErrorAt: new Date(),
        failures,
        nextSyncAt: inMs(retryDelayMs(failures, settings.syncEveryMs)),
        leaseUntil: null,
      })
      .where(eq(calendarFeeds.id, feed.id));
    return { ok: false, error: reading.error };
  }
  await db.transaction(async (tx) => {
    if (!(await lockListing(tx, feed.propertyId))) return;
    // Disconnected while it was being read: nothing to apply.
    const [still] = await tx.select({ id: calendarFeeds.id }).from(calendarFeeds).where(eq(calendarFeeds.id, feed.id));
    if (!still) return;
    await tx.delete(feedNights).where(eq(feedNights.feedId, feed.id));
    for (let i = 0; i < reading.nights.length; i += 1000) {
      await tx.insert(feedNights).values(reading.nights.slice(i, i + 1000).map((night) => ({ feedId: feed.id, night })));
    }
    await refreshUnavailable(tx, feed.propertyId);
    await tx
      .update(calendarFeeds)
      .set({
        lastSyncedAt: new Date(),
        lastError: null,
        lastErrorAt: null,
        failures: 0,
        nextSyncAt: inMs(settings.syncEveryMs),
        leaseUntil: null,
      })
      .where(eq(calendarFeeds.id, feed.id));
  });
  return { ok: true, nights: reading.nights.length };
}

/** Syncs one feed now ("Sincronizar agora", a feed just connected); refused while another process syncs it. */
export async function syncFeedNow(db: Db, feedId: string, settings: FeedSyncSettings): Promise<Result<SyncOutcome>> {
  const feed = await leaseFeed(db, feedId);
  if (!feed) {
    const [exists] = await db.select({ id: calendarFeeds.id }).from(calendarFeeds).where(eq(calendarFeeds.id, feedId));
    return exists ? refused(409, FEED_TEXTS.busy) : refused(404, FEED_TEXTS.feedGone);
  }
  return accepted(await syncLeased(db, feed, settings));
}

/**
 * Syncs every due feed, FEED_SYNC_CONCURRENCY at a time, until none is due or `signal` aborts;
 * answers how many were synced (well or not). Any number of processes may run it at once: each
 * leases the feeds it takes.
 */
export async function syncDueFeeds(db: Db, settings: FeedSyncSettings, { signal, concurrency = FEED_SYNC_CONCURRENCY }: { signal?: AbortSignal; concurrency?: number } = {}): Promise<number> {
  let synced = 0;
  const workers = Array.from({ length: concurrency }, async () => {
    while (!signal?.aborted) {
      const feed = await leaseDueFeed(db);
      if (!feed) return;
      await syncLeased(db, feed, settings).catch(async (err: unknown) => {
        // A database fault mid-sync: let go of the feed for its next turn, and say so.
        await db.update(calendarFeeds).set({ leaseUntil: null }).where(eq(calendarFeeds.id, feed.id)).catch(() => undefined);
        throw err;
      });
      synced++;
    }
  });
  await Promise.all(workers);
  return synced;
}

