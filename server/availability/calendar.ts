/**
 * A listing's calendar as its host keeps it: nights closed by hand, the shortest stay (for the
 * listing and per period), and the secret of its exported feed. Every change of taken nights, by
 * hand or by a feed's sync (feed-sync.ts), locks the listing's row first and then writes its
 * `unavailable` column anew from both sources in the same transaction: two changes at once never
 * leave the union without one of them. Only the listing's host reads or changes any of it.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, between, eq, sql } from "drizzle-orm";
import { accepted, refused, type Result } from "../../common/refusal";
import { isNight, nightsBetween, type Night } from "../../common/nights";
import { lastCalendarNight, MAX_STAY_NIGHTS } from "../../common/stays";
import type { Db } from "../db/client";
import { calendarFeeds, feedNights, hostBlockedNights, minStayPeriods, properties } from "../db/schema";
import { isUuid } from "../properties/properties";
import { exportFeed } from "./export-feed";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Executor = Db | Tx;

/** What a night is taken by: the host's hand, or a connected calendar (its id). */
export type NightSource = "host" | string;

export interface FeedStatus {
  id: string;
  name: string;
  url: string;
  lastSyncedAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
}

export interface HostCalendar {
  /** `uf`: the state of its location ("SP"), whose holidays the calendar marks. */
  property: { id: string; title: string; minNights: number; uf: string | null };
  calendarToken: string;
  periods: { id: string; starts: Night; ends: Night; nights: number }[];
  feeds: FeedStatus[];
  /** Taken nights from `first` to `last`, each with what took it. */
  taken: { night: Night; by: NightSource[] }[];
}

const NOT_YOURS = refused(404, "Esta propriedade não existe ou não pertence à sua conta.");

/** The host's own listing, locked for a change of its calendar; null for anyone else's. */
export async function lockOwnListing(tx: Tx, hostId: string, propertyId: string) {
  if (!isUuid(propertyId)) return null;
  const [row] = await tx
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.hostId, hostId)))
    .for("update");
  return row ?? null;
}

/** Locks a listing's row: what every change of its taken nights does first. */
export async function lockListing(tx: Tx, propertyId: string): Promise<boolean> {
  const [row] = await tx.select({ id: properties.id }).from(properties).where(eq(properties.id, propertyId)).for("update");
  return Boolean(row);
}

/**
 * Writes the listing's `unavailable` anew: every night closed by hand or read from one of its
 * feeds, as ranges. Written only when it changed, so a sync that finds nothing new leaves the
 * public pages' version (and the page cache) alone. Call with the listing locked.
 */
export async function refreshUnavailable(tx: Tx, propertyId: string): Promise<void> {
  await tx.execute(sql`
    UPDATE ${properties} SET unavailable = taken.ranges, updated_at = now()
    FROM (
      SELECT coalesce(range_agg(daterange(night, night + 1)), '{}'::datemultirange) AS ranges
      FROM (
        SELECT night FROM ${hostBlockedNights} WHERE property_id = ${propertyId}
        UNION
        SELECT fn.night FROM ${feedNights} fn JOIN ${calendarFeeds} f ON f.id = fn.feed_id WHERE f.property_id = ${propertyId}
      ) nights
    ) taken
    WHERE ${properties.id} = ${propertyId} AND ${properties.unavailable} <> taken.ranges`);
}

const newToken = () => randomBytes(24).toString("base64url");

/** The host's calendar from `first` to `last` (a view of a few months); null when the listing is not theirs. */
export async function hostCalendar(db: Db, hostId: string, propertyId: string, { first, last }: { first: Night; last: Night }): Promise<HostCalendar | null> {
  if (!isUuid(propertyId)) return null;
  const [row] = await db
    .select({ id: properties.id, title: properties.title, minNights: properties.minNights, location: properties.location, calendarToken: properties.calendarToken })
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.hostId, hostId)));
  if (!row) return null;
  // The export's secret is made the first time the host opens the calendar.
  const calendarToken =
    row.calendarToken ??
    (
      await db
        .update(properties)
        .set({ calendarToken: sql`coalesce(${properties.calendarToken}, ${newToken()})` })
        .where(eq(properties.id, propertyId))
        .returning({ token: properties.calendarToken })
    )[0]!.token!;

  const [periods, feeds, byHand, byFeeds] = await Promise.all([
    db
      .select({ id: minStayPeriods.id, starts: minStayPeriods.starts, ends: minStayPeriods.ends, nights: minStayPeriods.nights })
      .from(minStayPeriods)
      .where(eq(minStayPeriods.propertyId, propertyId))
      .orderBy(asc(minStayPeriods.starts)),
    db
      .select({ id: calendarFeeds.id, name: calendarFeeds.name, url: calendarFeeds.url, lastSyncedAt: calendarFeeds.lastSyncedAt, lastError: calendarFeeds.lastError, lastErrorAt: calendarFeeds.lastErrorAt })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.propertyId, propertyId))
      .orderBy(asc(calendarFeeds.createdAt)),
    db
      .select({ night: hostBlockedNights.night })
      .from(hostBlockedNights)
      .where(and(eq(hostBlockedNights.propertyId, propertyId), between(hostBlockedNights.night, first, last))),
    db
      .select({ night: feedNights.night, feedId: feedNights.feedId })
      .from(feedNights)
      .innerJoin(calendarFeeds, eq(calendarFeeds.id, feedNights.feedId))
      .where(and(eq(calendarFeeds.propertyId, propertyId), between(feedNights.night, first, last))),
  ]);
  const taken = new Map<Night, NightSource[]>();
  const mark = (night: Night, by: NightSource) => taken.set(night, [...(taken.get(night) ?? []), by]);
  for (const { night } of byHand) mark(night, "host");
  for (const { night, feedId } of byFeeds) mark(night, feedId);
  return {
    property: { id: row.id, title: row.title, minNights: row.minNights, uf: / - ([A-Z]{2})$/.exec(row.location)?.[1] ?? null },
    calendarToken,
    periods,
    feeds,
    taken: [...taken].sort(([a], [b]) => (a < b ? -1 : 1)).map(([night, by]) => ({ night, by })),
  };
}

/** The most nights one change may close or open: a year and a half, the calendar's length. */
export const MAX_NIGHTS_PER_CHANGE = 550;

/** Checks nights a host sends: real dates, from today to the calendar's last night. */
export function nightsProblem(nights: readonly unknown[], today: Night): string | null {
  if (nights.length === 0) return "Escolha ao menos uma noite.";
  if (nights.length > MAX_NIGHTS_PER_CHANGE) return `Altere no máximo ${MAX_NIGHTS_PER_CHANGE} noites de uma vez.`;
  if (!nights.every(isNight)) return "Datas inválidas. Use o formato dd/mm/aaaa.";
  const last = lastCalendarNight(today);
  if (nights.some((night) => night < today || night > last)) return "Escolha noites de hoje até 18 meses à frente.";
  return null;
}

/** Nights a host closes (`block`) and opens (`free`) by hand in one change. */
export interface NightsChange {
  block?: readonly unknown[];
  free?: readonly unknown[];
}

/** Closes and opens nights by hand, in one transaction; answers how many changed. Nights a feed takes stay taken. */
export async function changeHostNights(db: Db, hostId: string, propertyId: string, change: NightsChange, today: Night): Promise<Result<number>> {
  const problem = nightsProblem([...(change.block ?? []), ...(change.free ?? [])], today);
  if (problem) return refused(400, problem);
  const block = [...new Set(change.block as Night[] | undefined)];
  const free = [...new Set(change.free as Night[] | undefined)];
  if (block.some((night) => free.includes(night))) return refused(400, "Uma noite não pode ser bloqueada e liberada ao mesmo tempo.");
  return db.transaction(async (tx) => {
    if (!(await lockOwnListing(tx, hostId, propertyId))) return NOT_YOURS;
    const blocked =
      block.length === 0
        ? []
        : await tx
            .insert(hostBlockedNights)
            .values(block.map((night) => ({ propertyId, night })))
            .onConflictDoNothing()
            .returning({ night: hostBlockedNights.night });
    const freed =
      free.length === 0
        ? []
        : await tx
            .delete(hostBlockedNights)
            .where(and(eq(hostBlockedNights.propertyId, propertyId), sql`${hostBlockedNights.night} = ANY(${sql.param(free)}::date[])`))
            .returning({ night: hostBlockedNights.night });
    await refreshUnavailable(tx, propertyId);
    await tx.update(properties).set({ calendarEditedAt: new Date() }).where(eq(properties.id, propertyId));
    return accepted(blocked.length + freed.length);
  });
}

/** Why a minimum stay cannot be saved, in Portuguese; null when it can. */
function minNightsProblem(nights: number): string | null {
  return Number.isInteger(nights) && nights >= 1 && nights <= MAX_STAY_NIGHTS ? null : `A estadia mínima deve ser de 1 a ${MAX_STAY_NIGHTS} noites.`;
}

export async function setMinNights(db: Db, hostId: string, propertyId: string, nights: number): Promise<Result<number>> {
  const problem = minNightsProblem(nights);
  if (problem) return refused(400, problem, { field: "minNights" });
  if (!isUuid(propertyId)) return NOT_YOURS;
  const changed = await db
    .update(properties)
    .set({ minNights: nights, updatedAt: new Date() })
    .where(and(eq(properties.id, propertyId), eq(properties.hostId, hostId)))
    .returning({ id: properties.id });
  return changed.length > 0 ? accepted(nights) : NOT_YOURS;
}

export interface PeriodInput {
  starts: unknown;
  ends: unknown;
  nights: number;
}

export async function addMinStayPeriod(db: Db, hostId: string, propertyId: string, input: PeriodInput, today: Night): Promise<Result<string>> {
  const { starts, ends } = input;
  if (!isNight(starts)) return refused(400, "Informe o início do período (dd/mm/aaaa).", { field: "starts" });
  if (!isNight(ends)) return refused(400, "Informe o fim do período (dd/mm/aaaa).", { field: "ends" });
  if (ends < starts) return refused(400, "O fim do período deve ser depois do início.", { field: "ends" });
  if (ends < today) return refused(400, "Este período já passou.", { field: "ends" });
  if (nightsBetween(starts, ends) > MAX_STAY_NIGHTS) return refused(400, "O período pode ter no máximo um ano.", { field: "ends" });
  const problem = minNightsProblem(input.nights);
  if (problem) return refused(400, problem, { field: "periodNights" });
  return db.transaction(async (tx) => {
    if (!(await lockOwnListing(tx, hostId, propertyId))) return NOT_YOURS;
    const [row] = await tx.insert(minStayPeriods).values({ propertyId, starts, ends, nights: input.nights }).returning({ id: minStayPeriods.id });
    // The period's rule counts in dated searches: the catalogue's version moves with the listing.
    await tx.update(properties).set({ updatedAt: new Date() }).where(eq(properties.id, propertyId));
    return accepted(row!.id);
  });
}

export async function removeMinStayPeriod(db: Db, hostId: string, propertyId: string, periodId: string): Promise<Result<true>> {
  if (!isUuid(periodId)) return NOT_YOURS;
  return db.transaction(async (tx) => {
    if (!(await lockOwnListing(tx, hostId, propertyId))) return NOT_YOURS;
    const removed = await tx
      .delete(minStayPeriods)
      .where(and(eq(minStayPeriods.id, periodId), eq(minStayPeriods.propertyId, propertyId)))
      .returning({ id: minStayPeriods.id });
    if (removed.length === 0) return refused(404, "Este período não existe mais.");
    await tx.update(properties).set({ updatedAt: new Date() }).where(eq(properties.id, propertyId));
    return accepted(true as const);
  });
}

/** A new secret for the exported feed: the old address stops answering at once. */
export async function renewCalendarToken(db: Db, hostId: string, propertyId: string): Promise<Result<string>> {
  if (!isUuid(propertyId)) return NOT_YOURS;
  const [row] = await db
    .update(properties)
    .set({ calendarToken: newToken() })
    .where(and(eq(properties.id, propertyId), eq(properties.hostId, hostId)))
    .returning({ token: properties.calendarToken });
  return row ? accepted(row.token!) : NOT_YOURS;
}

/** The nights a listing's exported feed lists (by hand and imported), from today on; null for an unknown secret. */
export async function exportedNights(db: Executor, token: string, today: Night) {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return null;
  const [row] = await db
    .select({ id: properties.id, updatedAt: properties.updatedAt, nights: sql<Night[]>`ARRAY(
        SELECT d::date::text FROM unnest(${properties.unavailable}) r, generate_series(lower(r), upper(r) - 1, interval '1 day') d
        WHERE d >= ${today}::date ORDER BY d)` })
    .from(properties)
    .where(eq(properties.calendarToken, token));
  return row ?? null;
}

/** The text of a listing's exported feed (its secret in the address), as of today; null for an unknown secret. */
export async function exportedCalendar(db: Db, token: string, today: Night, domain: string): Promise<string | null> {
  const found = await exportedNights(db, token, today);
  if (!found) return null;
  // The listing's id stays ours: its UIDs carry a hash of it.
  const feedKey = createHash("sha256").update(found.id).digest("hex").slice(0, 16);
  return exportFeed({ nights: found.nights, feedKey, domain, changedAt: found.updatedAt });
}
