import { createHmac } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import { addNights, nightOf } from "../../common/nights";
import type { Db } from "../db/client";
import { listingViews, publicProperty } from "../db/schema";
import { isUuid } from "../properties/properties";

/**
 * Page views and gallery openings, counted on our server (issue 46, decision 032): the page's beacon
 * records one row per visitor, listing, kind and day; a second beacon the same day changes nothing.
 */

export type ViewKind = (typeof listingViews.$inferSelect)["kind"];
export const VIEW_KINDS: readonly ViewKind[] = ["page", "gallery"];

/** How many days of views are kept, and the longest period the insights show. */
export const INSIGHTS_DAYS = 90;

/**
 * User agents that announce a robot, a link previewer or an automated client: a short, well-known
 * pattern (crawlers that pretend to be browsers are caught by needing a browser's beacon at all).
 */
const BOT = /bot|crawl|spider|slurp|archiver|facebookexternalhit|whatsapp|telegram|skype|preview|headless|lighthouse|pingdom|monitor|curl|wget|python|java\/|go-http|okhttp|axios|node-fetch|undici|libwww|httpclient|scrapy|phantom|puppeteer|playwright|selenium/i;

export function isRobot(userAgent: string): boolean {
  return userAgent === "" || BOT.test(userAgent);
}

/** Who viewed, as the same day's keyed hash: the account when signed in, else the address with the browser. Nobody can be followed from one day to the next. */
export function visitorKey(secret: string, day: string, who: { userId: string } | { ip: string; userAgent: string }): string {
  const value = "userId" in who ? `user:${who.userId}` : `browser:${who.ip}|${who.userAgent}`;
  return createHmac("sha256", secret).update(`view:${day}:${value}`).digest("base64url").slice(0, 22);
}

/** Records one view if the listing is public and this visitor has none of this kind today: one insert, nothing when either fails. */
export async function recordView(db: Db, listingId: string, kind: ViewKind, visitor: string, day: string): Promise<void> {
  if (!isUuid(listingId)) return;
  await db.execute(
    sql`INSERT INTO listing_views (property_id, day, kind, visitor) SELECT id, ${day}, ${kind}, ${visitor} FROM properties WHERE id = ${listingId.toLowerCase()} AND ${publicProperty} ON CONFLICT DO NOTHING`,
  );
}

/** Today in Brazil, the day views are counted on. */
export const viewDay = (now: Date) => nightOf(now);

/** Forgets views older than INSIGHTS_DAYS; returns how many. */
export async function forgetOldViews(db: Db, now: Date): Promise<number> {
  const removed = await db
    .delete(listingViews)
    .where(lt(listingViews.day, addNights(viewDay(now), -INSIGHTS_DAYS)))
    .returning({ day: listingViews.day });
  return removed.length;
}
