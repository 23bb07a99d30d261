import { describe, expect, it } from "vitest";
import { buildWhatsappUrl, contactMessage, guestsLabel, parseStay, whatsappNumber } from "../../common/whatsapp";

describe("whatsappNumber", () => {
  it.each([
    ["11987654321", "5511987654321", "national mobile (11 digits)"],
    ["1134567890", "551134567890", "national landline (10 digits)"],
    ["(11) 98765-4321", "5511987654321", "national, formatted"],
    ["5511987654321", "5511987654321", "stored E.164 mobile (13 digits)"],
    ["551134567890", "551134567890", "stored E.164 landline (12 digits)"],
    ["+55 11 98765-4321", "5511987654321", "international with +"],
    ["0055 11 98765-4321", "5511987654321", "international with 00"],
    ["011 98765-4321", "5511987654321", "trunk prefix 0"],
    ["55991234567", "5555991234567", "national with area code 55 (Santa Maria - RS)"],
    ["5555991234567", "5555991234567", "stored E.164 with area code 55"],
    ["555511987654321", "5511987654321", "doubled country code"],
    ["+55 55 11 98765-4321", "5511987654321", "doubled country code after +"],
    ["+351 912 345 678", "351912345678", "Portugal with +"],
    ["351912345678", "351912345678", "stored E.164 from Portugal"],
    ["+1 212 555 1234", "12125551234", "United States with +"],
    ["12025550123", "12025550123", "stored E.164 from the United States (11 digits, no 55 added)"],
  ])("%s -> %s (%s)", (input, expected) => {
    expect(whatsappNumber(input)).toBe(expected);
  });

  it.each([[""], ["   "], ["abc"], ["1234"], ["98765-4321"], ["55 9876 543"], ["+55 11 3456789"], ["1234567890123456"], ["+1234567"]])(
    "refuses %j",
    (input) => {
      expect(whatsappNumber(input)).toBeNull();
    },
  );

  it("never doubles the 55 of a stored Brazilian number", () => {
    for (const stored of ["5511987654321", "551134567890", "5521900000004", "5582900000003"]) {
      expect(whatsappNumber(stored)).toBe(stored);
    }
  });
});

describe("the prefilled message and the wa.me link", () => {
  const base = { phone: "5511987654321", title: "Chalé da Serra", url: "https://recanto.example/accommodation/chale-da-serra-a1b2c3" };
  const textOf = (url: string) => new URL(url).searchParams.get("text");

  it("names the property and its link when nothing else is chosen", () => {
    const url = buildWhatsappUrl(base)!;
    expect(url).toBe(
      "https://wa.me/5511987654321?text=" +
        encodeURIComponent(
          'Olá! Vi a propriedade "Chalé da Serra" no Recanto e gostaria de mais informações.\nhttps://recanto.example/accommodation/chale-da-serra-a1b2c3',
        ),
    );
  });

  it("adds the dates as dd/mm/aaaa and the guests", () => {
    const url = buildWhatsappUrl({ ...base, checkIn: "2026-03-10", checkOut: "2026-03-12", guests: 3 })!;
    expect(url.startsWith("https://wa.me/5511987654321?text=")).toBe(true);
    expect(textOf(url)).toBe(
      [
        'Olá! Vi a propriedade "Chalé da Serra" no Recanto e gostaria de mais informações.',
        "https://recanto.example/accommodation/chale-da-serra-a1b2c3",
        "",
        "Check-in: 10/03/2026",
        "Check-out: 12/03/2026",
        "3 hóspedes",
      ].join("\n"),
    );
  });

  it("says '1 hóspede' in the singular, and lists only what was chosen", () => {
    expect(contactMessage({ ...base, guests: 1 }).split("\n").slice(2)).toEqual(["", "1 hóspede"]);
    expect(contactMessage({ ...base, checkIn: "2026-12-31" }).split("\n").slice(2)).toEqual(["", "Check-in: 31/12/2026"]);
    expect(guestsLabel(1)).toBe("1 hóspede");
    expect(guestsLabel(10)).toBe("10 hóspedes");
  });

  it("adds the 55 to a national number and encodes every special character of the title", () => {
    const url = buildWhatsappUrl({ ...base, phone: "(21) 99999-0000", title: 'Casa "Sol & Mar" #1? 100% 🌴' })!;
    expect(url.startsWith("https://wa.me/5521999990000?text=")).toBe(true);
    expect(url).not.toMatch(/[ "#&]/);
    expect(new URL(url).searchParams.size).toBe(1);
    expect(textOf(url)).toContain('"Casa "Sol & Mar" #1? 100% 🌴"');
  });

  it("gives no link when the number is unusable", () => {
    expect(buildWhatsappUrl({ ...base, phone: "" })).toBeNull();
    expect(buildWhatsappUrl({ ...base, phone: "123" })).toBeNull();
  });
});

describe("parseStay (the contact link's query)", () => {
  const today = "2026-03-10";
  const parse = (query: Parameters<typeof parseStay>[0]) => parseStay(query, 4, today);

  it("keeps a valid pair of dates and a guest count within the property's maximum", () => {
    expect(parse({ checkin: "2026-03-10", checkout: "2026-03-12", guests: "4" })).toEqual({ checkIn: "2026-03-10", checkOut: "2026-03-12", guests: 4 });
    expect(parse({ guests: "1" })).toEqual({ guests: 1 });
    expect(parse({})).toEqual({});
  });

  it.each<[Parameters<typeof parseStay>[0], string]>([
    [{ checkin: "2026-03-01", checkout: "2026-03-12" }, "check-in in the past"],
    [{ checkin: "2026-03-12", checkout: "2026-03-11" }, "check-out before check-in"],
    [{ checkin: "2026-03-12", checkout: "2026-03-12" }, "same day"],
    [{ checkin: "2026-03-12" }, "check-in alone"],
    [{ checkout: "2026-03-12" }, "check-out alone"],
    [{ checkin: "2026-02-30", checkout: "2026-03-12" }, "impossible date"],
    [{ checkin: "12/03/2026", checkout: "15/03/2026" }, "wrong format"],
    [{ checkin: "2030-01-01", checkout: "2030-01-05" }, "too far ahead"],
    [{ checkin: "<script>", checkout: "' OR 1=1 --" }, "garbage"],
  ])("drops the dates: %j (%s)", (query) => {
    expect(parse({ ...query, guests: "2" })).toEqual({ guests: 2 });
  });

  it.each([["0"], ["5"], ["-1"], ["2.5"], ["1e1"], [" 2"], ["abc"], ["9999"], [""]])("drops guests=%j", (guests) => {
    expect(parse({ checkin: "2026-03-11", checkout: "2026-03-13", guests })).toEqual({ checkIn: "2026-03-11", checkOut: "2026-03-13" });
  });
});
