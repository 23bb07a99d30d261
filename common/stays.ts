/**
 * A stay's rules: its check-in and check-out dates (the check-out's night not included), how far
 * ahead and how long it may be, and a listing's minimum stay and taken nights.
 */
import { addNights, formatNight, isNight, nightsBetween, type Night } from "./nights";

/** How far ahead calendars are kept and read. */
export const CALENDAR_MONTHS_AHEAD = 18;
/** How far ahead a stay may be searched for or asked about. */
export const MAX_DAYS_AHEAD = 730;
/** The longest stay a search or a contact may ask for. */
export const MAX_STAY_NIGHTS = 365;

/** The last night a calendar holds: the night before the same date CALENDAR_MONTHS_AHEAD from today. */
export function lastCalendarNight(today: Night): Night {
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return addNights(new Date(Date.UTC(y, m - 1 + CALENDAR_MONTHS_AHEAD, d)).toISOString().slice(0, 10), -1);
}

export interface Stay {
  checkIn: Night;
  checkOut: Night;
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
