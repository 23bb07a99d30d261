import { and, asc, eq, gte, sql, type SQL } from "drizzle-orm";
import { addNights, BRAZIL_ZONE, type Night } from "../../common/nights";
import type { CostPerContact } from "../../common/contact-cost";
import { NO_COUNTS, type Counts } from "../../common/insights";
import { planFor, PREMIUM_PRICE_CENTS, type SubscriptionStatus } from "../billing/status";
import type { Db } from "../db/client";
import { contacts, favorites, listingViews, properties } from "../db/schema";
import { viewDay } from "./views";

/**
 * A host's numbers (issue 46, decision 032): per day, page views and gallery openings (the beacon's
 * rows), new favourites (saved that day and still saved: an unsaved favourite leaves no row) and
 * WhatsApp contacts (decision 029), for all their listings or one; and what each contact cost.
 */

export const INSIGHT_PERIODS = [7, 30, 90] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];
export const DEFAULT_PERIOD: InsightPeriod = 30;

export interface DayCounts extends Counts {
  day: Night;
}

/** Days from `first` to `last`, both included (Brazil's). */
export interface DayRange {
  first: Night;
  last: Night;
}

/** The day (Brazil's) an instant column falls on. */
const dayOf = (column: SQL | typeof favorites.createdAt) => sql<string>`((${column}) AT TIME ZONE ${BRAZIL_ZONE})::date::text`;

/** The host's listings, for the listing selector: any status, their own only. */
export function hostListings(db: Db, hostId: string) {
  return db.select({ id: properties.id, title: properties.title }).from(properties).where(eq(properties.hostId, hostId)).orderBy(asc(properties.title), asc(properties.id));
}

/**
 * The counting rules, in one place: views and gallery openings (one row per visitor and day),
 * favourites saved in the range and still saved, contacts made in the range; the host's listings or
 * one of them, summed per day or per listing. Keys without any are absent.
 */
async function countsBy(db: Db, hostId: string, { first, last }: DayRange, by: "day" | "listing", listingId: string | null): Promise<Map<string, Counts>> {
  const ofHost = (propertyId: typeof listingViews.propertyId | typeof favorites.propertyId) =>
    listingId ? eq(propertyId, listingId) : sql`${propertyId} IN (SELECT id FROM properties WHERE host_id = ${hostId})`;
  const key = (day: SQL<string>, propertyId: typeof listingViews.propertyId | typeof favorites.propertyId | typeof contacts.propertyId) =>
    by === "day" ? day : sql<string>`${propertyId}::text`;
  const from = sql`(${first}::date::timestamp AT TIME ZONE ${BRAZIL_ZONE})`;
  const until = sql`((${last}::date + 1)::timestamp AT TIME ZONE ${BRAZIL_ZONE})`;
  const [views, saved, contacted] = await Promise.all([
    db
      .select({
        key: key(sql<string>`${listingViews.day}::text`, listingViews.propertyId),
        views: sql<number>`count(*) FILTER (WHERE ${listingViews.kind} = 'page')::int`,
        galleryOpens: sql<number>`count(*) FILTER (WHERE ${listingViews.kind} = 'gallery')::int`,
      })
      .from(listingViews)
      .where(and(ofHost(listingViews.propertyId), gte(listingViews.day, first), sql`${listingViews.day} <= ${last}`))
      .groupBy(sql`1`),
    db
      .select({ key: key(dayOf(favorites.createdAt), favorites.propertyId), n: sql<number>`count(*)::int` })
      .from(favorites)
      .where(and(ofHost(favorites.propertyId), sql`${favorites.createdAt} >= ${from} AND ${favorites.createdAt} < ${until}`))
      .groupBy(sql`1`),
    db
      .select({ key: key(dayOf(sql`${contacts.createdAt}`), contacts.propertyId), n: sql<number>`count(*)::int` })
      .from(contacts)
      .where(and(eq(contacts.hostId, hostId), listingId ? eq(contacts.propertyId, listingId) : undefined, sql`${contacts.createdAt} >= ${from} AND ${contacts.createdAt} < ${until}`))
      .groupBy(sql`1`),
  ]);
  const counts = new Map<string, Counts>();
  const of = (key: string) => counts.get(key) ?? counts.set(key, { ...NO_COUNTS }).get(key)!;
  for (const row of views) Object.assign(of(row.key), { views: row.views, galleryOpens: row.galleryOpens });
  for (const row of saved) of(row.key).favorites = row.n;
  for (const row of contacted) of(row.key).contacts = row.n;
  return counts;
}

/** Each day from `first` to `last` (both included), with that day's numbers; days without any are zeros. */
export async function dailyCounts(db: Db, hostId: string, first: Night, last: Night, listingId: string | null = null): Promise<DayCounts[]> {
  const counts = await countsBy(db, hostId, { first, last }, "day", listingId);
  const days: DayCounts[] = [];
  for (let day = first; day <= last; day = addNights(day, 1)) days.push({ day, ...(counts.get(day) ?? NO_COUNTS) });
  return days;
}

/** Each of the host's listings with any number in the range, by id, with its totals there. */
export function listingCounts(db: Db, hostId: string, range: DayRange): Promise<Map<string, Counts>> {
  return countsBy(db, hostId, range, "listing", null);
}

export function totalsOf(each: readonly Counts[]): Counts {
  return each.reduce((sum, d) => ({ views: sum.views + d.views, galleryOpens: sum.galleryOpens + d.galleryOpens, favorites: sum.favorites + d.favorites, contacts: sum.contacts + d.contacts }), { ...NO_COUNTS });
}

/** The totals of the last DEFAULT_PERIOD days, all listings (the summary on /perfil). */
export async function recentTotals(db: Db, hostId: string, now: Date): Promise<Counts> {
  const { first, last } = periodDays(DEFAULT_PERIOD, now);
  return totalsOf(await dailyCounts(db, hostId, first, last));
}

/** The last `period` days, today (Brazil's) included. */
export function periodDays(period: InsightPeriod, now: Date): { first: Night; last: Night } {
  const last = viewDay(now);
  return { first: addNights(last, 1 - period), last };
}

/** The month under way, from its first day to today (Brazil's). */
export function monthSoFar(now: Date): DayRange {
  const last = viewDay(now);
  return { first: `${last.slice(0, 8)}01`, last };
}

/** The calendar month before the one under way (Brazil's). */
export function previousMonth(now: Date): DayRange {
  const last = addNights(monthSoFar(now).first, -1);
  return { first: `${last.slice(0, 8)}01`, last };
}

/** What each of a month's contacts cost, given the plan as it stood then (common/insights.ts says it in words). */
export function costOf(plan: SubscriptionStatus, monthContacts: number): CostPerContact {
  if (plan.is_free_tier && plan.subscription_end) return { kind: "free", until: plan.subscription_end };
  if (!plan.subscribed) return { kind: "no-plan" };
  if (monthContacts === 0) return { kind: "no-contacts", priceCents: PREMIUM_PRICE_CENTS };
  return { kind: "paid", priceCents: PREMIUM_PRICE_CENTS, contacts: monthContacts, centsPerContact: Math.round(PREMIUM_PRICE_CENTS / monthContacts) };
}

/** This month's cost per contact so far (the "Desempenho" page). */
export async function costPerContact(db: Db, host: { id: string; userType: "guest" | "host" }, now: Date): Promise<CostPerContact> {
  const { first, last } = monthSoFar(now);
  const [plan, days] = await Promise.all([planFor(db, host, now), dailyCounts(db, host.id, first, last)]);
  return costOf(plan.status, totalsOf(days).contacts);
}
