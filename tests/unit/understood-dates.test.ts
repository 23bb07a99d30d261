import { describe, expect, it } from "vitest";
import { understandDates } from "../../server/availability/understood-dates";

/** A Wednesday. */
const TODAY = "2026-12-02";
const read = (text: string, uf: string | null = null) => understandDates(text, TODAY, uf);
const stay = (checkIn: string, checkOut: string) => ({ checkIn, checkOut });

describe("dates written in a search", () => {
  it("weekends: this one, or the one after", () => {
    expect(read("cabana neste fim de semana em Gramado")).toEqual({ stay: stay("2026-12-04", "2026-12-06"), rest: "cabana em Gramado" });
    expect(read("chalé fim de semana que vem")).toEqual({ stay: stay("2026-12-11", "2026-12-13"), rest: "chalé" });
    expect(read("próximo fim de semana")).toEqual({ stay: stay("2026-12-11", "2026-12-13"), rest: "" });
    // Saturday: the weekend under way starts today; Sunday: it is over, the next one is meant.
    expect(understandDates("fim de semana", "2026-12-05").stay).toEqual(stay("2026-12-05", "2026-12-06"));
    expect(understandDates("fim de semana", "2026-12-06").stay).toEqual(stay("2026-12-11", "2026-12-13"));
  });

  it("Carnaval and holidays: from the evening before the days off to the last of them", () => {
    expect(read("casa de praia no Carnaval")).toEqual({ stay: stay("2027-02-05", "2027-02-09"), rest: "casa de praia" });
    // Tiradentes falls on a Wednesday in 2027: its eve to the day.
    expect(read("pousada no feriado de Tiradentes")).toEqual({ stay: stay("2027-04-20", "2027-04-21"), rest: "pousada" });
    // Corpus Christi on a Thursday, bridged by Friday: Wednesday evening to Sunday.
    expect(read("feriado de corpus christi").stay).toEqual(stay("2027-05-26", "2027-05-30"));
    // Independence Day on a Tuesday, bridged by Monday: Friday evening to Tuesday.
    expect(read("no feriado da Independência, com piscina")).toEqual({ stay: stay("2027-09-03", "2027-09-07"), rest: "com piscina" });
    // New Year's Day on a Friday: Thursday evening to Sunday.
    expect(read("feriado de ano novo").stay).toEqual(stay("2026-12-31", "2027-01-03"));
  });

  it("a range of days, in words or numbers, the next time it comes", () => {
    expect(read("cabana de 10 a 15 de janeiro")).toEqual({ stay: stay("2027-01-10", "2027-01-15"), rest: "cabana" });
    expect(read("de 28 de dezembro a 3 de janeiro").stay).toEqual(stay("2026-12-28", "2027-01-03"));
    expect(read("10/01 a 15/01 em Paraty")).toEqual({ stay: stay("2027-01-10", "2027-01-15"), rest: "em Paraty" });
    expect(read("05/12/2026 até 07/12/2026").stay).toEqual(stay("2026-12-05", "2026-12-07"));
    expect(read("entre 3 e 5 de dez").stay).toEqual(stay("2026-12-03", "2026-12-05"));
  });

  it("leaves impossible ranges and other words as text", () => {
    for (const text of ["15 a 10 de janeiro", "31 de fevereiro a 2 de março", "casa na árvore", "fdsa", "carnavalesco"]) {
      expect(read(text), text).toEqual({ stay: null, rest: text });
    }
  });
});
