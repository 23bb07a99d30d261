import { sql, type SQL } from "drizzle-orm";
import { nightsBetween } from "../../common/nights";
import { type Stay } from "../../common/stays";
import { minStayPeriods, properties } from "../db/schema";

/**
 * A dated search's conditions on the listing's row: no taken night in the stay (the `unavailable`
 * ranges against the stay's, checkout's night excluded), and the stay at least the minimum that
 * applies to its check-in (a period's, where one covers it, else the listing's).
 */
export function availableFor({ checkIn, checkOut }: Stay): SQL[] {
  const nights = nightsBetween(checkIn, checkOut);
  return [
    sql`NOT (${properties.unavailable} && daterange(${checkIn}::date, ${checkOut}::date))`,
    sql`${properties.minNights} <= ${nights}`,
    sql`NOT EXISTS (SELECT 1 FROM ${minStayPeriods} WHERE ${minStayPeriods.propertyId} = ${properties.id} AND ${checkIn}::date BETWEEN ${minStayPeriods.starts} AND ${minStayPeriods.ends} AND ${minStayPeriods.nights} > ${nights})`,
  ];
}
