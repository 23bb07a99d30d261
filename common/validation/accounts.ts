import { z } from "zod";
import type { LocationCheck } from "../cities";
import { LIMITS, PASSWORD_MIN } from "../limits";
import { normalizePhone } from "../phone";
import { USER_TYPES, type UserType } from "../user-types";
import { languagesIn, type LanguageCode } from "../languages";
import { cleanLine, cleanParagraphs, hasLetter, hasMarkup } from "../text";

export const MESSAGES = {
  terms: "Você deve aceitar os termos de uso para continuar.",
  userType: "Selecione o tipo de usuário.",
  passwordsDiffer: "As senhas não coincidem.",
  passwordShort: "A senha deve ter pelo menos 6 caracteres.",
  passwordLong: `A senha deve ter no máximo ${LIMITS.password} caracteres.`,
  passwordRequired: "Informe sua senha.",
  nameRequired: "Informe seu nome completo.",
  nameLong: `O nome deve ter no máximo ${LIMITS.name} caracteres.`,
  nameInvalid: "O nome deve conter apenas letras, espaços, hífens e apóstrofos.",
  nameNoLetter: "O nome deve ter pelo menos uma letra.",
  emailInvalid: "Informe um email válido.",
  phoneInvalid: "Informe um telefone válido com DDD, por exemplo (11) 98765-4321.",
  locationLong: `A localização deve ter no máximo ${LIMITS.location} caracteres.`,
  bioLong: `A bio deve ter no máximo ${LIMITS.bio} caracteres.`,
  bioMarkup: "A bio não pode ter HTML (como <b> ou <a>): escreva só o texto.",
} as const;


const text = (v: unknown) => (typeof v === "string" ? v : "");
const NAME_PATTERN = /^[\p{L}\p{M}'’. -]+$/u;

export type FieldResult<T> = { ok: true; data: T } | { ok: false; field: string; message: string };

function fail(field: string, message: string): { ok: false; field: string; message: string } {
  return { ok: false, field, message };
}

function checkName(raw: unknown): string | { field: string; message: string } {
  const name = cleanLine(raw);
  if (!name) return { field: "name", message: MESSAGES.nameRequired };
  if (!hasLetter(name)) return { field: "name", message: MESSAGES.nameNoLetter };
  if (name.length > LIMITS.name) return { field: "name", message: MESSAGES.nameLong };
  if (!NAME_PATTERN.test(name)) return { field: "name", message: MESSAGES.nameInvalid };
  return name;
}

function checkEmail(raw: unknown): string | { field: string; message: string } {
  const email = text(raw).trim().toLowerCase();
  if (!email || email.length > LIMITS.email || !z.email().safeParse(email).success) {
    return { field: "email", message: MESSAGES.emailInvalid };
  }
  return email;
}

function checkPhone(raw: unknown): string | { field: string; message: string } {
  const phone = normalizePhone(text(raw).slice(0, 40));
  return phone ?? { field: "phone", message: MESSAGES.phoneInvalid };
}

export interface SignUpData {
  name: string;
  email: string;
  phone: string;
  userType: UserType;
  password: string;
}

/**
 * Sign-up rules. Required fields first (the browser enforces them before submit), then the
 * spec's order: terms, user type, passwords equal, password length.
 * `confirmPassword` and `terms` are absent in the dialog, which has neither field.
 */
export function validateSignUp(
  input: Record<string, unknown>,
  options: { requireConfirmation: boolean } = { requireConfirmation: true },
): FieldResult<SignUpData> {
  const name = checkName(input.name);
  if (typeof name !== "string") return fail(name.field, name.message);
  const email = checkEmail(input.email);
  if (typeof email !== "string") return fail(email.field, email.message);
  const phone = checkPhone(input.phone);
  if (typeof phone !== "string") return fail(phone.field, phone.message);
  const password = text(input.password);
  if (!password) return fail("password", MESSAGES.passwordRequired);

  if (options.requireConfirmation && input.terms !== "on" && input.terms !== true) {
    return fail("terms", MESSAGES.terms);
  }
  const userType = USER_TYPES.find((t) => t.value === text(input.userType))?.value;
  if (!userType) return fail("userType", MESSAGES.userType);
  if (options.requireConfirmation && password !== text(input.confirmPassword)) {
    return fail("confirmPassword", MESSAGES.passwordsDiffer);
  }
  if (password.length < PASSWORD_MIN) return fail("password", MESSAGES.passwordShort);
  if (password.length > LIMITS.password) return fail("password", MESSAGES.passwordLong);
  return { ok: true, data: { name, email, phone, userType, password } };
}

export function validateLogin(input: Record<string, unknown>): FieldResult<{ email: string; password: string; remember: boolean }> {
  const email = checkEmail(input.email);
  if (typeof email !== "string") return fail(email.field, email.message);
  const password = text(input.password);
  if (!password) return fail("password", MESSAGES.passwordRequired);
  if (password.length > LIMITS.password) return fail("password", MESSAGES.passwordLong);
  return { ok: true, data: { email, password, remember: input.remember === "on" || input.remember === true } };
}

export function validateEmail(input: unknown): FieldResult<string> {
  const email = checkEmail(input);
  return typeof email === "string" ? { ok: true, data: email } : fail(email.field, email.message);
}

export function validateNewPassword(input: Record<string, unknown>): FieldResult<string> {
  const password = text(input.password);
  if (!password) return fail("password", MESSAGES.passwordRequired);
  if (password !== text(input.confirmPassword)) return fail("confirmPassword", MESSAGES.passwordsDiffer);
  if (password.length < PASSWORD_MIN) return fail("password", MESSAGES.passwordShort);
  if (password.length > LIMITS.password) return fail("password", MESSAGES.passwordLong);
  return { ok: true, data: password };
}

export interface ProfileData {
  name: string;
  phone: string;
  location: string;
  bio: string;
  languages: LanguageCode[];
}

/** `checkLocation` decides a non-empty location (a municipality, or the one stored before, unchanged). */
export function validateProfile(input: Record<string, unknown>, checkLocation: LocationCheck): FieldResult<ProfileData> {
  const name = checkName(input.name);
  if (typeof name !== "string") return fail(name.field, name.message);
  const rawPhone = text(input.phone).trim();
  let phone = "";
  if (rawPhone) {
    const checked = checkPhone(rawPhone);
    if (typeof checked !== "string") return fail(checked.field, checked.message);
    phone = checked;
  }
  let location = cleanLine(input.location);
  if (location.length > LIMITS.location) return fail("location", MESSAGES.locationLong);
  if (location) {
    const checked = checkLocation(location);
    if (!checked.ok) return fail("location", checked.message);
    location = checked.label;
  }
  const bio = cleanParagraphs(input.bio);
  if (bio.length > LIMITS.bio) return fail("bio", MESSAGES.bioLong);
  if (hasMarkup(bio)) return fail("bio", MESSAGES.bioMarkup);
  return { ok: true, data: { name, phone, location, bio, languages: languagesIn(input) } };
}
