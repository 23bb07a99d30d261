import { describe, expect, it } from "vitest";
import { cleanLine, cleanParagraphs, hasLetter, hasLetterOrDigit, hasMarkup, firstName, initials } from "../../common/text";
import { languagesIn, languagesSentence } from "../../common/languages";

/** Text that shows nothing: zero-width space, joiners, word joiner, BOM, direction marks, soft hyphen, Hangul fillers, braille blank. */
const INVISIBLE = ["\u200B", "\u200C", "\u200D", "\u2060", "\uFEFF", "\u200E", "\u202E", "\u00AD", "\u3164", "\u115F", "\u1160", "\uFFA0", "\u2800", "\u034F"];

describe("the free-text rule", () => {
  it.each(INVISIBLE.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`, c]))("drops %s, so text made of it is empty", (_label, c) => {
    expect(cleanLine(c.repeat(5))).toBe("");
    expect(cleanParagraphs(`${c}\n${c}`)).toBe("");
    expect(cleanLine(`Ca${c}sa ${c} azul`)).toBe("Casa azul");
  });

  it("fillers count as letters to Unicode, which is why they go before any check", () => {
    expect(hasLetter("\u3164\u3164\u3164")).toBe(true);
    expect(hasLetter(cleanLine("\u3164\u3164\u3164"))).toBe(false);
  });

  it("composes to NFC, drops control characters and collapses blanks of every width", () => {
    expect(cleanLine("Chale\u0301")).toBe("Chal\u00E9");
    expect(cleanLine("Chalé\u0000\u0007 da\u00A0\u2003\u3000Serra\t\r\n ")).toBe("Chalé da Serra");
  });

  it("keeps paragraphs: at most one blank line, lines trimmed", () => {
    expect(cleanParagraphs("  Primeira linha  \r\n\r\n\r\n\u200B\n  segunda\u00A0\u00A0linha\t")).toBe("Primeira linha\n\nsegunda linha");
  });

  it("tells text with letters (names) and with letters or digits (titles)", () => {
    expect(hasLetter("... - '")).toBe(false);
    expect(hasLetter("Zoë")).toBe(true);
    expect(hasLetterOrDigit("!!! ###")).toBe(false);
    expect(hasLetterOrDigit("Casa 21")).toBe(true);
    expect(hasLetterOrDigit("2024")).toBe(true);
  });

  it("gives a host's first name and an avatar's initials", () => {
    expect(firstName("  Maria  da Silva ")).toBe("Maria");
    expect(initials("Maria da Silva")).toBe("MS");
    expect(initials("  ana ")).toBe("A");
    expect(initials("élida ônix")).toBe("ÉÔ");
    expect(initials("\u{1D4D0}lice Souza")).toBe("\u{1D4D0}S");
    expect(initials("")).toBe("");
  });
});

describe("markup in free text", () => {
  it.each(['<a href="x">Pix</a>', "<b>oi</b>", "</div>", "<img src=x onerror=alert(1)>", "<!-- nota -->", "<!DOCTYPE html>", "<?xml version='1.0'?>"])("finds %s", (text) => {
    expect(hasMarkup(`antes ${text} depois`)).toBe(true);
  });
  it.each(["Amo receber <3", "2 < 3 e 5 > 4", "a < b && c > d", "< script >", "preço <= R$ 300", "a<b", "->"])("leaves %s as text", (text) => {
    expect(hasMarkup(text)).toBe(false);
  });
});

describe("languages spoken", () => {
  it("reads the ticked boxes in the offered order, ignoring unknown and unticked ones", () => {
    expect(languagesIn({ "idioma-en": "on", "idioma-pt": "on", "idioma-xx": "on", "idioma-fr": "" })).toEqual(["pt", "en"]);
  });
  it("says them as a sentence, Libras capitalised", () => {
    expect(languagesSentence(["pt", "en", "libras"])).toBe("português, inglês e Libras");
    expect(languagesSentence(["es"])).toBe("espanhol");
    expect(languagesSentence(["zz"])).toBe("");
  });
});
