/**
 * Nights, as the calendar, the search and the listing count them: a night is the date it starts on
 * ("2027-02-13": from the 13th to the 14th), in Brazil's time. The rules of a stay are in stays.ts.
 */

/** "2027-02-13": the night from the 13th to the 14th. */
export type Night = string;

export const BRAZIL_ZONE = "America/Sao_Paulo";
const dateInZone = new Intl.DateTimeFormat("en-CA", { timeZone: BRAZIL_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

const pad = (n: number) => String(n).padStart(2, "0");
const ymd = (night: Night) => night.split("-").map(Number) as [number, number, number];

/** A real date written YYYY-MM-DD (not 2027-02-30). */
export function isNight(value: unknown): value is Night {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = ymd(value);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function addNights(night: Night, count: number): Night {
  const [y, m, d] = ymd(night);
  return new Date(Date.UTC(y, m - 1, d + count)).toISOString().slice(0, 10);
}

/** Nights from `first` up to the night before `end` (a stay's length: checkIn to checkOut). */
export function nightsBetween(first: Night, end: Night): number {
  const [y1, m1, d1] = ymd(first);
  const [y2, m2, d2] = ymd(end);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

/** Every night from `first` up to the night before `end`. */
export function nightsFrom(first: Night, end: Night): Night[] {
  const count = Math.max(0, nightsBetween(first, end));
  return Array.from({ length: count }, (_, i) => addNights(first, i));
}

/** The date an instant falls on in Brazil's time. */
export function nightOf(instant: Date): Night {
  return dateInZone.format(instant);
}

/** The instant a day starts in Brazil's time (00:00 there; Intl gives the offset, so rule changes are followed). */
export function startOfNight(night: Night): Date {
  const [y, m, d] = ymd(night);
  const guess = new Date(Date.UTC(y, m - 1, d));
  const offset = new Intl.DateTimeFormat("en-US", { timeZone: BRAZIL_ZONE, timeZoneName: "longOffset" }).formatToParts(guess).find((p) => p.type === "timeZoneName")!.value; // "GMT-03:00"
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(offset); // absent for GMT itself
  const minutesOffset = match ? (Number(match[2]) * 60 + Number(match[3] ?? 0)) * (match[1] === "-" ? -1 : 1) : 0;
  return new Date(guess.getTime() - minutesOffset * 60_000);
}

/** The night as a date-only value (local midnight), as date pickers take it: `dateOnly` gives it back. */
export function localDateOf(night: Night): Date {
  const [y, m, d] = ymd(night);
  return new Date(y, m - 1, d);
}

/** A date-only value as libraries give it (node-ical, brazilian-utils: midnight of that day in the server's zone). */
export const dateOnly = (value: Date): Night => `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;

/** The day of the week a date falls on: 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (date: Night) => new Date(`${date}T12:00:00Z`).getUTCDay();

/** dd/mm/aaaa. */
export function formatNight(night: Night): string {
  const [y, m, d] = ymd(night);
  return `${pad(d)}/${pad(m)}/${y}`;
}
