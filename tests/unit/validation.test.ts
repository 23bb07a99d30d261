import { describe, expect, it } from "vitest";
import { LOCATION_MESSAGES, locationCheck } from "../../common/cities";
import { MESSAGES, validateLogin, validateProfile as validateProfileWith, validateSignUp } from "../../common/validation/accounts";
import { municipalities } from "../../server/cities/cities";

const validateProfile = (input: Record<string, unknown>, stored?: string) => validateProfileWith(input, locationCheck(municipalities(), stored));

const valid = {
  name: "Maria da Silva",
  email: "Maria@Example.com ",
  phone: "(11) 98765-4321",
  userType: "host",
  password: "segredo1",
  confirmPassword: "segredo1",
  terms: "on",
};

describe("sign-up validation", () => {
  it("accepts a complete form and normalises email and phone", () => {
    const r = validateSignUp(valid);
    expect(r).toEqual({
      ok: true,
      data: { name: "Maria da Silva", email: "maria@example.com", phone: "5511987654321", userType: "host", password: "segredo1" },
    });
  });

  it("checks in the spec's order: terms, user type, passwords equal, length", () => {
    const allWrong = { ...valid, terms: "", userType: "", confirmPassword: "x", password: "123" };
    expect(validateSignUp(allWrong)).toMatchObject({ ok: false, message: MESSAGES.terms });
    expect(validateSignUp({ ...allWrong, terms: "on" })).toMatchObject({ ok: false, message: MESSAGES.userType });
    expect(validateSignUp({ ...allWrong, terms: "on", userType: "guest" })).toMatchObject({ ok: false, message: MESSAGES.passwordsDiffer });
    expect(validateSignUp({ ...allWrong, terms: "on", userType: "guest", confirmPassword: "123" })).toMatchObject({
      ok: false,
      message: "A senha deve ter pelo menos 6 caracteres.",
    });
  });

  it("uses the spec's exact texts", () => {
    expect(MESSAGES.terms).toBe("Você deve aceitar os termos de uso para continuar.");
    expect(MESSAGES.userType).toBe("Selecione o tipo de usuário.");
    expect(MESSAGES.passwordsDiffer).toBe("As senhas não coincidem.");
  });

  it.each([
    ["empty name", { name: "" }, "name"],
    ["10,000-character name", { name: "a".repeat(10_000) }, "name"],
    ["HTML in the name", { name: "<script>alert(1)</script>" }, "name"],
    ["SQL-looking name", { name: "x'; DROP TABLE users; --" }, "name"],
    ["invalid email", { email: "não-é-email" }, "email"],
    ["10,000-character email", { email: `${"a".repeat(10_000)}@x.com` }, "email"],
    ["short phone", { phone: "1234" }, "phone"],
    ["letters as phone", { phone: "abc" }, "phone"],
    ["unknown user type", { userType: "admin" }, "userType"],
    ["10,000-character password", { password: "a".repeat(10_000), confirmPassword: "a".repeat(10_000) }, "password"],
  ])("refuses %s with a Portuguese message", (_label, patch, field) => {
    const r = validateSignUp({ ...valid, ...patch });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.field).toBe(field);
      expect(r.message).toMatch(/[a-zà-ú]/i);
    }
  });

  it("in the dialog needs no confirmation nor terms, but still a user type", () => {
    const dialog = { name: "Ana", email: "ana@example.com", phone: "21 99876-5432", password: "123456" };
    expect(validateSignUp(dialog, { requireConfirmation: false })).toMatchObject({ ok: false, message: MESSAGES.userType });
    expect(validateSignUp({ ...dialog, userType: "guest" }, { requireConfirmation: false }).ok).toBe(true);
  });
});

describe("login validation", () => {
  it("requires email and password and reads 'Lembrar de mim'", () => {
    expect(validateLogin({ email: "", password: "x" })).toMatchObject({ ok: false, field: "email" });
    expect(validateLogin({ email: "a@b.com", password: "" })).toMatchObject({ ok: false, field: "password" });
    expect(validateLogin({ email: "A@B.com", password: "x", remember: "on" })).toEqual({
      ok: true,
      data: { email: "a@b.com", password: "x", remember: true },
    });
  });
});

describe("names", () => {
  it.each([
    ["Hangul fillers", "\u3164\u3164\u3164", MESSAGES.nameRequired],
    ["zero-width characters", "\u200B\u200C\u200D\u2060", MESSAGES.nameRequired],
    ["braille blanks", "\u2800\u2800", MESSAGES.nameRequired],
    ["only punctuation", "- . '", MESSAGES.nameNoLetter],
    ["only apostrophes", "''", MESSAGES.nameNoLetter],
  ])("refuses a name of %s", (_label, name, message) => {
    expect(validateSignUp({ ...valid, name })).toEqual({ ok: false, field: "name", message });
    expect(validateProfile({ name, phone: "", location: "", bio: "" })).toEqual({ ok: false, field: "name", message });
  });

  it("stores names cleaned", () => {
    expect(validateSignUp({ ...valid, name: " Jose\u0301\u200B  d’Ávila\u3164 " })).toMatchObject({ ok: true, data: { name: "José d’Ávila" } });
  });
});

describe("profile validation", () => {
  it("takes a location that is a municipality, in its canonical spelling, or the one stored before", () => {
    expect(validateProfile({ name: "Ana", phone: "", location: "paraty - rj", bio: "" })).toMatchObject({ ok: true, data: { location: "Paraty - RJ" } });
    expect(validateProfile({ name: "Ana", phone: "", location: "Praia do Sono", bio: "" })).toEqual({ ok: false, field: "location", message: LOCATION_MESSAGES.noState });
    expect(validateProfile({ name: "Ana", phone: "", location: "Praia do Sono", bio: "" }, "Praia do Sono")).toMatchObject({ ok: true, data: { location: "Praia do Sono" } });
    expect(validateProfile({ name: "Ana", phone: "", location: "\u200B", bio: "\u3164\n\u2800" })).toMatchObject({ ok: true, data: { location: "", bio: "" } });
  });


  it("keeps the phone optional but valid when given, and limits the bio", () => {
    expect(validateProfile({ name: "Ana", phone: "", location: "", bio: "" })).toMatchObject({ ok: true, data: { phone: "" } });
    expect(validateProfile({ name: "Ana", phone: "12", location: "", bio: "" })).toMatchObject({ ok: false, field: "phone" });
    expect(validateProfile({ name: "Ana", phone: "", location: "", bio: "b".repeat(501) })).toMatchObject({ ok: false, field: "bio" });
  });
});
