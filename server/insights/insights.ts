import { and, asc, eq, gte, sql, type SQL } from "drizzle-orm";
import { addNights, BRAZIL_ZONE, type Night } from "../../common/nights";
import { planFor, PREMIUM_PRICE_CENTS } from "../billing/status";
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

export const METRICS = ["views", "galleryOpens", "favorites", "contacts"] as const;
export type Metric = (typeof METRICS)[number];
export type Counts = Record<Metric, number>;
export interface DayCounts extends Counts {
  day: Night;
}

const NONE: Counts = { views: 0, galleryOpens: 0, favorites: 0, contacts: 0 };

/** The day (Brazil's) an instant column falls on. */
const dayOf = (column: SQL | typeof favorites.createdAt) => sql<string>`((${column}) AT TIME ZONE ${BRAZIL_ZONE})::date::text`;

/** The host's listings, for the listing selector: any status, their own only. */
export function hostListings(db: Db, hostId: string) {
  return db.select({ id: properties.id, title: properties.title }).from(properties).where(eq(properties.hostId, hostId)).orderBy(asc(properties.title), asc(properties.id));
}

/** Each day from `first` to `last` (both included), with that day's numbers; days without any are zeros. */
export async function dailyCounts(db: Db, hostId: string, first: Night, last: Night, listingId: string | null = null): Promise<DayCounts[]> {
  const ofHost = (propertyId: typeof listingViews.propertyId | typeof favorites.propertyId) =>
    listingId ? eq(propertyId, listingId) : sql`${propertyId} IN (SELECT id FROM properties WHERE host_id = ${hostId})`;
  const from = sql`(${first}::date::timestamp AT TIME ZONE ${BRAZIL_ZONE})`;
  const until = sql`((${last}::date + 1)::timestamp AT TIME ZONE ${BRAZIL_ZONE})`;
  const [views, saved, contacted] = await Promise.all([
    db
      .select({ day: sql<string>`${listingViews.day}::text`, views: sql<number>`count(*) FILTER (WHERE ${listingViews.kind} = 'page')::int`, galleryOpens: sql<number>`count(*) FILTER (WHERE ${listingViews.kind} = 'gallery')::int` })
      .from(listingViews)
      .where(and(ofHost(listingViews.propertyId), gte(listingViews.day, first), sql`${listingViews.day} <= ${last}`))
      .groupBy(listingViews.day),
    db
      .select({ day: dayOf(favorites.createdAt), n: sql<number>`count(*)::int` })
      .from(favorites)
      .where(and(ofHost(favorites.propertyId), sql`${favorites.createdAt} >= ${from} AND ${favorites.createdAt} < ${until}`))
      .groupBy(sql`1`),
    db
      .select({ day: dayOf(sql`${contacts.createdAt}`), n: sql<number>`count(*)::int` })
      .from(contacts)
      .where(and(eq(contacts.hostId, hostId), listingId ? eq(contacts.propertyId, listingId) : undefined, sql`${contacts.createdAt} >= ${from} AND ${contacts.createdAt} < ${until}`))
      .groupBy(sql`1`),
  ]);
  const byDay = new Map<string, DayCounts>();
  for (let day = first; day <= last; day = addNights(day, 1)) byDay.set(day, { day, ...NONE });
  for (const row of views) Object.assign(byDay.get(row.day) ?? {}, { views: row.views, galleryOpens: row.galleryOpens });
  for (const row of saved) Object.assign(byDay.get(row.day) ?? {}, { favorites: row.n });
  for (const row of contacted) Object.assign(byDay.get(row.day) ?? {}, { contacts: row.n });
  return [...byDay.values()];
}

export function totalsOf(days: readonly DayCounts[]): Counts {
  return days.reduce((sum, d) => ({ views: sum.views + d.views, galleryOpens: sum.galleryOpens + d.galleryOpens, favorites: sum.favorites + d.favorites, contacts: sum.contacts + d.contacts }), { ...NONE });
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

/**
 * "Custo por contato": the plan's price over this month's contacts (all the host's listings: the plan
 * pays for all). Free (the first-100 promotion): nothing paid, said so rather than a made-up cost.
 */
export type CostPerContact =
  | { kind: "free"; until: string }
  | { kind: "no-plan" }
  | { kind: "no-contacts"; priceCents: number }
  | { kind: "paid"; priceCents: number; contacts: number; centsPerContact: number };

export async function costPerContact(db: Db, host: { id: string; userType: "guest" | "host" }, now: Date): Promise<CostPerContact> {
  const today = viewDay(now);
  const monthStart = `${today.slice(0, 8)}01`;
  const [plan, days] = await Promise.all([planFor(db, host, now), dailyCounts(db, host.id, monthStart, today)]);
  if (plan.status.is_free_tier && plan.status.subscription_end) return { kind: "free", until: plan.status.subscription_end };
  if (!plan.status.subscribed) return { kind: "no-plan" };
  const monthContacts = totalsOf(days).contacts;
  if (monthContacts === 0) return { kind: "no-contacts", priceCents: PREMIUM_PRICE_CENTS };
  return { kind: "paid", priceCents: PREMIUM_PRICE_CENTS, contacts: monthContacts, centsPerContact: Math.round(PREMIUM_PRICE_CENTS / monthContacts) };
}
