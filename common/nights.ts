/**
 * Nights and stays, as the calendar, the search and the listing count them. A night is the date it
 * starts on ("2027-02-13": from the 13th to the 14th), in Brazil's time; a stay is its check-in and
 * check-out dates, the check-out's night not included.
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

/** A date-only value as libraries give it (node-ical, brazilian-utils: midnight of that day in the server's zone). */
export const dateOnly = (value: Date): Night => `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;

/** The day of the week a date falls on: 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (date: Night) => new Date(`${date}T12:00:00Z`).getUTCDay();

/** dd/mm/aaaa. */
export function formatNight(night: Night): string {
  const [y, m, d] = ymd(night);
  return `${pad(d)}/${pad(m)}/${y}`;
}

/** How far ahead calendars are kept and read. */
export const CALENDAR_MONTHS_AHEAD = 18;
/** How far ahead a stay may be searched for or asked about. */
export const MAX_DAYS_AHEAD = 730;
/** The longest stay a search or a contact may ask for. */
export const MAX_STAY_NIGHTS = 365;

/** The last night a calendar holds: the night before the same date CALENDAR_MONTHS_AHEAD from today. */
export function lastCalendarNight(today: Night): Night {
  const [y, m, d] = ymd(today);
  return addNights(new Date(Date.UTC(y, m - 1 + CALENDAR_MONTHS_AHEAD, d)).toISOString().slice(0, 10), -1);
}

export interface Stay {
  checkIn: Night;
  checkOut: Night;
}

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

export type StayField = "checkin" | "checkout";

/**
 * What is wrong with a stay's dates, and in which field, or null. Both may be empty (no dates
 * chosen); otherwise both are needed, real dates, from today on, check-out after check-in, at most
 * MAX_STAY_NIGHTS nights, within MAX_DAYS_AHEAD.
 */
export function stayDatesError(checkIn: string, checkOut: string, today: Night): { field: StayField; message: string } | null {
  if (!checkIn && !checkOut) return null;
  if (!checkIn) return { field: "checkin", message: "Informe também a data de check-in." };
  if (!isNight(checkIn)) return { field: "checkin", message: "Informe uma data de check-in válida." };
  if (!checkOut) return { field: "checkout", message: "Informe também a data de check-out." };
  if (!isNight(checkOut)) return { field: "checkout", message: "Informe uma data de check-out válida." };
  if (checkIn < today) return { field: "checkin", message: "A data de check-in não pode ser anterior a hoje." };
  if (checkOut <= checkIn) return { field: "checkout", message: "A data de check-out deve ser posterior à data de check-in." };
  if (nightsBetween(checkIn, checkOut) > MAX_STAY_NIGHTS) return { field: "checkout", message: `A estadia pode ter no máximo ${MAX_STAY_NIGHTS} noites.` };
  const last = addNights(today, MAX_DAYS_AHEAD);
  if (checkOut > last) return { field: "checkout", message: `Escolha datas até ${formatNight(last)}.` };
  return null;
}

/** Why a stay cannot be searched for or asked about, in Portuguese; null when it can. */
export function stayProblem(stay: Stay, today: Night): string | null {
  return stayDatesError(stay.checkIn, stay.checkOut, today)?.message ?? null;
}
