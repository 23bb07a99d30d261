import { count, eq, inArray, min, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { calendarFeeds, properties } from "../db/schema";

/**
 * How current each listing's calendar is: with connected calendars, the oldest of their last good
 * syncs (none while one has never been read); without, the host's last change by hand; null when
 * it keeps no calendar at all (its availability is to be confirmed with the host).
 */
export async function calendarCheckedAt(db: Db, ids: readonly string[]): Promise<Map<string, Date | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: properties.id,
      editedAt: properties.calendarEditedAt,
      feeds: count(calendarFeeds.id),
      neverSynced: sql<number>`count(*) FILTER (WHERE ${calendarFeeds.id} IS NOT NULL AND ${calendarFeeds.lastSyncedAt} IS NULL)`.mapWith(Number),
      oldestSync: min(calendarFeeds.lastSyncedAt),
    })
    .from(properties)
    .leftJoin(calendarFeeds, eq(calendarFeeds.propertyId, properties.id))
    .where(inArray(properties.id, [...ids]))
    .groupBy(properties.id);
  return new Map(rows.map((r) => [r.id, r.feeds > 0 ? (r.neverSynced > 0 ? null : r.oldestSync) : r.editedAt]));
}
