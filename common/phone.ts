import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/** Normalises a Brazilian phone (or an international one with +) to E.164 digits without "+", or null. */
export function normalizePhone(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  const phone = parsePhoneNumberFromString(trimmed, "BR");
  if (!phone || !phone.isValid()) return null;
  return phone.number.replace("+", "");
}

/** "5511987654321" -> "(11) 98765-4321"; foreign numbers in international format. */
export function formatPhone(e164Digits: string): string {
  if (!e164Digits) return "";
  const phone = parsePhoneNumberFromString(`+${e164Digits}`);
  if (!phone) return e164Digits;
  return phone.country === "BR" ? phone.formatNational() : phone.formatInternational();
}

/** Input mask for a Brazilian phone while typing: (11) 98765-4321 or (11) 3456-7890. */
export function maskBrazilianPhone(value: string): string {
  const d = value.replace(/\D/g, "").slice(0, 11);
  if (d.length === 0) return "";
  if (d.length <= 2) return `(${d}`;
  const ddd = d.slice(0, 2);
  const rest = d.slice(2);
  if (rest.length <= 4) return `(${ddd}) ${rest}`;
  const split = rest.length === 9 ? 5 : 4;
  return `(${ddd}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}

/** "5511987654321" -> "+55 11 98765 4321": with the country code, as the WhatsApp field asks. */
export function formatInternationalPhone(e164Digits: string): string {
  if (!e164Digits) return "";
  return parsePhoneNumberFromString(`+${e164Digits}`)?.formatInternational() ?? `+${e164Digits}`;
}
