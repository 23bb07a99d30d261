import { asc, eq, gte, sql } from "drizzle-orm";
import { calendarNote } from "../../common/availability-texts";
import { type Night } from "../../common/nights";
import type { NightRun, StayPeriod } from "../../common/listing-calendar";
import { lastCalendarNight } from "../../common/stays";
import type { Db } from "../db/client";
import { minStayPeriods, properties } from "../db/schema";
import { calendarCheckedAt } from "./calendar-status";

/** What a listing's page tells a guest about its dates: taken nights, minimum stays, and how current its calendar is. */
export interface ListingAvailability {
  /** Runs of taken nights from today on (first and last night of each). */
  taken: NightRun[];
  minNights: number;
  /** Longer minimum stays for check-ins in a period. */
  periods: StayPeriod[];
  /** "Calendário atualizado há 3 horas", or "Disponibilidade a confirmar". */
  note: string;
  /** The calendar's last night (the picker's last month). */
  lastNight: Night;
}

/** Read per request, never kept with the catalogue: a sync changes how current it is without changing the listing. */
export async function listingAvailability(db: Db, propertyId: string, today: Night): Promise<ListingAvailability> {
  const [[row], periods, checkedAt] = await Promise.all([
    db
      .select({
        minNights: properties.minNights,
        taken: sql<NightRun[]>`coalesce((
          SELECT json_agg(json_build_object('first', lower(r)::text, 'last', (upper(r) - 1)::text) ORDER BY lower(r))
          FROM unnest(${properties.unavailable}) r WHERE upper(r) > ${today}::date), '[]'::json)`,
      })
      .from(properties)
      .where(eq(properties.id, propertyId)),
    db
      .select({ starts: minStayPeriods.starts, ends: minStayPeriods.ends, nights: minStayPeriods.nights })
      .from(minStayPeriods)
      .where(sql`${minStayPeriods.propertyId} = ${propertyId} AND ${gte(minStayPeriods.ends, today)}`)
      .orderBy(asc(minStayPeriods.starts)),
    calendarCheckedAt(db, [propertyId]),
  ]);
  return {
    taken: (row?.taken ?? []).map((run) => ({ first: run.first < today ? today : run.first, last: run.last })),
    minNights: row?.minNights ?? 1,
    periods,
    note: calendarNote(checkedAt.get(propertyId) ?? null, new Date()),
    lastNight: lastCalendarNight(today),
  };
}
