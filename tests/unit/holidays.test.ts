import { describe, expect, it } from "vitest";
import { holidaysBetween, longWeekendsBetween } from "../../server/availability/holidays";

describe("the holidays and long weekends a host's calendar marks", () => {
  it("lists national holidays, the state's own, and Carnaval's Monday, Tuesday and Ash Wednesday", () => {
    const sp = holidaysBetween("2027-01-01", "2027-12-31", "SP");
    expect(sp.filter((h) => h.date.startsWith("2027-02")).map((h) => [h.date, h.name, h.kind])).toEqual([
      ["2027-02-08", "Carnaval (segunda-feira)", "optional"],
      ["2027-02-09", "Carnaval (terça-feira)", "optional"],
      ["2027-02-10", "Quarta-feira de Cinzas", "optional"],
    ]);
    expect(sp.find((h) => h.date === "2027-07-09")).toEqual({ date: "2027-07-09", name: "Revolução Constitucionalista", kind: "state" });
    expect(sp.find((h) => h.date === "2027-11-20")?.kind).toBe("national");
    // Easter is a Sunday: no day off to mark.
    expect(sp.some((h) => h.name === "Páscoa")).toBe(false);
    // Another state's holiday is not São Paulo's; without a state, only national ones and pontos facultativos.
    expect(sp.some((h) => h.date === "2027-09-20")).toBe(false);
    expect(holidaysBetween("2027-09-01", "2027-09-30", "RS").map((h) => h.date)).toEqual(["2027-09-07", "2027-09-20"]);
    expect(holidaysBetween("2027-07-01", "2027-07-31", null)).toEqual([]);
  });

  it("spans years, and keeps to the dates asked for", () => {
    expect(holidaysBetween("2026-12-20", "2027-01-10", null).map((h) => h.date)).toEqual(["2026-12-25", "2027-01-01"]);
  });

  it("marks a feriado prolongado next to a weekend, or bridged by one working day; not a holiday in mid-week or on a weekend", () => {
    const weekends = longWeekendsBetween("2027-01-01", "2027-12-31", "SP").map((w) => `${w.first}..${w.last} ${w.holidays.join(" + ")}`);
    expect(weekends).toEqual([
      "2027-01-01..2027-01-03 Ano novo", // Friday
      "2027-02-06..2027-02-09 Carnaval (segunda-feira) + Carnaval (terça-feira)",
      "2027-03-26..2027-03-28 Sexta-feira Santa",
      "2027-05-27..2027-05-30 Corpus Christi", // Thursday, bridged by Friday
      "2027-07-09..2027-07-11 Revolução Constitucionalista", // Friday, in SP only
      "2027-09-04..2027-09-07 Independência do Brasil", // Tuesday, bridged by Monday
      "2027-10-09..2027-10-12 Nossa Senhora Aparecida",
      "2027-10-30..2027-11-02 Finados",
      "2027-11-13..2027-11-15 Proclamação da República", // Monday
    ]);
    // Tiradentes (Wednesday), Consciência Negra and Natal (Saturdays) make none.
    expect(weekends.some((w) => /Tiradentes|Consciência|Natal/.test(w))).toBe(false);
    expect(longWeekendsBetween("2027-09-15", "2027-09-30", "RS")).toEqual([{ first: "2027-09-18", last: "2027-09-20", holidays: ["Revolução Farroupilha"] }]);
  });
});
