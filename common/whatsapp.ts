/** WhatsApp contact links and the stay (dates, guests) a visitor asks about (isomorphic). */

// Full metadata: the small set takes lengths for validity ("+55 991234567" would pass). Server-only in practice: the browser bundle tree-shakes it away.
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";

/** How far ahead a stay may be asked about. */
export const MAX_DAYS_AHEAD = 730;

/** E.164 digits without "+" when libphonenumber says the number is valid. */
function validDigits(candidate: string, country?: CountryCode): string | null {
  const phone = parsePhoneNumberFromString(candidate, country);
  return phone?.isValid() ? phone.number.slice(1) : null;
}

/** "5555 11 9…" with one country code too many. */
const undoubled = (digits: string) => (digits.startsWith("5555") ? validDigits(`+${digits.slice(2)}`) : null);

/**
 * The number as wa.me wants it: digits only, country code included, checked with libphonenumber.
 * Stored numbers are E.164 digits (so a stored US number stays American); a typed Brazilian
 * national number gets its 55 (area code 55, Santa Maria - RS, included), a doubled 55 is undone,
 * and "+" or "00" mark an international number. Null when the number is not valid.
 */
export function whatsappNumber(phone: string): string | null {
  const raw = phone.trim();
  const digits = raw.replace(/\D/g, "");
  if (!digits) return null;
  const international = raw.startsWith("+") ? digits : raw.startsWith("00") ? digits.slice(2) : null;
  if (international !== null) return validDigits(`+${international}`) ?? undoubled(international);
  return validDigits(`+${digits}`) ?? validDigits(raw, "BR") ?? undoubled(digits);
}

export interface ContactMessage {
  title: string;
  /** The property's public page. */
  url: string;
  /** yyyy-mm-dd */
  checkIn?: string;
  /** yyyy-mm-dd */
  checkOut?: string;
  guests?: number;
}

export function guestsLabel(count: number): string {
  return `${count} ${count === 1 ? "hóspede" : "hóspedes"}`;
}

/** "2026-03-10" -> "10/03/2026" (a calendar date: no time zone involved). */
export function isoDateToBR(iso: string): string {
  const [year, month, day] = iso.split("-");
  return `${day}/${month}/${year}`;
}

export function contactMessage({ title, url, checkIn, checkOut, guests }: ContactMessage): string {
  const lines = [`Olá! Vi a propriedade "${title}" no Recanto e gostaria de mais informações.`, url];
  const details = [
    checkIn ? `Check-in: ${isoDateToBR(checkIn)}` : null,
    checkOut ? `Check-out: ${isoDateToBR(checkOut)}` : null,
    guests ? guestsLabel(guests) : null,
  ].filter((line) => line !== null);
  if (details.length > 0) lines.push("", ...details);
  return lines.join("\n");
}

/** https://wa.me/{digits}?text=… with the prefilled message, or null when the number is unusable. */
export function buildWhatsappUrl(input: ContactMessage & { phone: string }): string | null {
  const number = whatsappNumber(input.phone);
  if (!number) return null;
  return `https://wa.me/${number}?text=${encodeURIComponent(contactMessage(input))}`;
}

/** Today as yyyy-mm-dd in Brasília time, where the stays are. */
export function todayInBrazil(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/Sao_Paulo",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** A real calendar date written yyyy-mm-dd (2026-02-30 is not). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export type StayField = "checkin" | "checkout";

/**
 * What is wrong with the chosen dates, or null. Both may be empty (no dates chosen); otherwise
 * both are needed, from today on, check-out after check-in, within MAX_DAYS_AHEAD.
 */
export function stayDatesError(checkIn: string, checkOut: string, today: string): { field: StayField; message: string } | null {
  if (!checkIn && !checkOut) return null;
  if (!checkIn) return { field: "checkin", message: "Informe também a data de check-in." };
  if (!isIsoDate(checkIn)) return { field: "checkin", message: "Informe uma data de check-in válida." };
  if (!checkOut) return { field: "checkout", message: "Informe também a data de check-out." };
  if (!isIsoDate(checkOut)) return { field: "checkout", message: "Informe uma data de check-out válida." };
  if (checkIn < today) return { field: "checkin", message: "A data de check-in não pode ser anterior a hoje." };
  if (checkOut <= checkIn) return { field: "checkout", message: "A data de check-out deve ser posterior à data de check-in." };
  const last = addDays(today, MAX_DAYS_AHEAD);
  if (checkOut > last) return { field: "checkout", message: `Escolha datas até ${isoDateToBR(last)}.` };
  return null;
}

/**
 * The stay from a contact link's query, keeping only what makes sense: the dates as a valid pair,
 * the guests between 1 and the property's maximum. Anything else is dropped, never an error.
 */
export function parseStay(
  query: { checkin?: string | null; checkout?: string | null; guests?: string | null },
  maxGuests: number,
  today: string,
): Pick<ContactMessage, "checkIn" | "checkOut" | "guests"> {
  const checkIn = query.checkin ?? "";
  const checkOut = query.checkout ?? "";
  const datesOk = checkIn !== "" && stayDatesError(checkIn, checkOut, today) === null;
  const guests = /^\d{1,3}$/.test(query.guests ?? "") ? Number(query.guests) : 0;
  return {
    ...(datesOk ? { checkIn, checkOut } : {}),
    ...(guests >= 1 && guests <= maxGuests ? { guests } : {}),
  };
}
