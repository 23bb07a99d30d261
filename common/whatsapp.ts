/** WhatsApp contact links and the stay (dates, guests) a visitor asks about (isomorphic). */

// Full metadata: the small set takes lengths for validity ("+55 991234567" would pass). Server-only in practice: the browser bundle tree-shakes it away.
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import { formatNight, type Night } from "./nights";
import { stayDatesError } from "./stays";

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


export function contactMessage({ title, url, checkIn, checkOut, guests }: ContactMessage): string {
  const lines = [`Olá! Vi a propriedade "${title}" no Recanto e gostaria de mais informações.`, url];
  const details = [
    checkIn ? `Check-in: ${formatNight(checkIn)}` : null,
    checkOut ? `Check-out: ${formatNight(checkOut)}` : null,
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






/**
 * The stay from a contact link's query, keeping only what makes sense: the dates as a valid pair,
 * the guests between 1 and the property's maximum. Anything else is dropped, never an error.
 */
export function parseStay(
  query: { checkin?: string | null; checkout?: string | null; guests?: string | null },
  maxGuests: number,
  today: Night,
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
