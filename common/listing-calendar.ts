/** A listing's calendar as a guest's stay meets it: its taken nights and its minimum stays. */
import type { Night } from "./nights";
import type { Stay } from "./stays";

/** Consecutive taken nights: the first and the last. */
export interface NightRun {
  first: Night;
  last: Night;
}

/** A longer minimum stay for check-ins from `starts` to `ends`. */
export interface StayPeriod {
  starts: Night;
  ends: Night;
  nights: number;
}

/** The fewest nights a stay starting on `checkIn` may have: the listing's, or more where a period covering it asks more. */
export function minimumStayFor(checkIn: Night, minNights: number, periods: readonly StayPeriod[]): number {
  return Math.max(minNights, ...periods.filter((p) => checkIn >= p.starts && checkIn <= p.ends).map((p) => p.nights));
}

/** Whether a stay has a taken night (its check-out's night is not the stay's). */
export function stayHasTakenNight({ checkIn, checkOut }: Stay, taken: readonly NightRun[]): boolean {
  return taken.some((run) => run.first < checkOut && run.last >= checkIn);
}
