/** Languages a person may say they speak on /perfil, in the order offered; a host's page lists them. */
export const LANGUAGES = [
  { code: "pt", name: "Português" },
  { code: "en", name: "Inglês" },
  { code: "es", name: "Espanhol" },
  { code: "fr", name: "Francês" },
  { code: "it", name: "Italiano" },
  { code: "de", name: "Alemão" },
  { code: "libras", name: "Libras" },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]["code"];

/** The form field of each language's checkbox ("idioma-pt"): one field per box keeps forms plain strings. */
export const languageField = (code: LanguageCode) => `idioma-${code}`;

/** The codes ticked in a posted form, in the offered order. */
export function languagesIn(fields: Record<string, unknown>): LanguageCode[] {
  return LANGUAGES.filter(({ code }) => fields[languageField(code)] === "on").map(({ code }) => code);
}

/** Stored codes as they read in a sentence: "português, inglês e Libras"; unknown codes are left out. */
export function languagesSentence(codes: readonly string[]): string {
  const names = LANGUAGES.filter(({ code }) => codes.includes(code)).map(({ code, name }) => (code === "libras" ? name : name.toLowerCase()));
  return new Intl.ListFormat("pt-BR", { type: "conjunction" }).format(names);
}
