/**
 * The one hygiene rule for free text we keep (titles, descriptions, names, bios, reasons): Unicode
 * NFC, no characters that show nothing, no control characters, no runs of blank space. Text made
 * only of invisible characters comes out empty, so the fields' own checks refuse it.
 */

/**
 * Characters that show nothing yet are not spaces: format characters (Cf: zero-width space and
 * joiners, direction marks and overrides, soft hyphen, word joiner, BOM…), the Hangul fillers
 * (letters to Unicode, blanks on screen), the braille blank, the combining grapheme joiner, and
 * the Khmer vowels that only exist to be invisible.
 */
const INVISIBLE = /[\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]|\u034F|\u17B4|\u17B5/gu;
/** Control characters (Cc) but the tab and the line feed, once line ends are made "\n". */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
/** Blanks within a line: spaces of every width, tabs, no-break spaces. */
const BLANK = /[^\S\n]+/g;

function visible(text: unknown): string {
  return (typeof text === "string" ? text : "").normalize("NFC").replace(/\r\n?|[\u2028\u2029\u0085\v\f]/g, "\n").replace(INVISIBLE, "").replace(CONTROL, "");
}

/** One line: every run of blanks and line breaks becomes one space; trimmed. */
export function cleanLine(text: unknown): string {
  return visible(text).replace(/\s+/g, " ").trim();
}

/** Paragraphs: line breaks kept (at most one blank line in a row), blanks within a line collapsed, lines trimmed. */
export function cleanParagraphs(text: unknown): string {
  return visible(text)
    .split("\n")
    .map((line) => line.replace(BLANK, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * Whether free text holds HTML markup (a tag, a comment or a doctype): refused where people write
 * for others to read (bios, reasons, reports), so nothing can pass for a link or a page element. A
 * "<" not followed at once by a tag's name ("<3", "a < b && c > d") is plain text, as it is to a browser.
 */
export const hasMarkup = (text: string) => /<[/!?]?[a-z][^<>]*>|<!--/i.test(text);

export const hasLetter = (text: string) => /\p{L}/u.test(text);
export const hasLetterOrDigit = (text: string) => /[\p{L}\p{N}]/u.test(text);

/** The first word of a person's name, as the public sees a host ("Maria da Silva" → "Maria"). */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

/** A name's initials for an avatar without a photo: the first and last words' first letters ("Maria da Silva" → "MS", "ana" → "A"). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letter = (word: string | undefined) => (word ? (Array.from(word)[0] ?? "") : "");
  return `${letter(words[0])}${words.length > 1 ? letter(words.at(-1)) : ""}`.toLocaleUpperCase("pt-BR");
}
