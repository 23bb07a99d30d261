import { describe, expect, it } from "vitest";
import { addNights, formatNight, isNight, nightOf, nightsBetween } from "../../common/nights";
import { minimumStayFor, stayHasTakenNight } from "../../common/listing-calendar";
import { stayDatesError, stayProblem } from "../../common/stays";

describe("nights and stays", () => {
  it("today is the calendar day in Brasília", () => {
    expect(nightOf(new Date("2026-03-05T12:00:00Z"))).toBe("2026-03-05");
    // 01:30 UTC on the 1st is still the previous evening in São Paulo.
    expect(nightOf(new Date("2026-01-01T01:30:00Z"))).toBe("2025-12-31");
    expect(nightOf(new Date("2026-01-01T03:00:00Z"))).toBe("2026-01-01");
  });

  it("accepts only real yyyy-mm-dd dates", () => {
    expect(isNight("2026-03-10")).toBe(true);
    expect(isNight("2028-02-29")).toBe(true);
    expect(isNight("2026-02-29")).toBe(false);
    expect(isNight("2026-02-30")).toBe(false);
    expect(isNight("2026-13-01")).toBe(false);
    expect(isNight("2026-3-1")).toBe(false);
    expect(isNight("10/03/2026")).toBe(false);
    expect(isNight("")).toBe(false);
  });

  it("adds days across months and years, and shows dd/mm/aaaa", () => {
    expect(addNights("2026-01-31", 1)).toBe("2026-02-01");
    expect(addNights("2025-12-31", 1)).toBe("2026-01-01");
    expect(addNights("2026-03-10", 730)).toBe("2028-03-09");
    expect(formatNight("2026-03-05")).toBe("05/03/2026");
  });

  const today = "2026-03-10";
  it.each([
    ["", "", null],
    ["2026-03-10", "2026-03-11", null],
    ["2026-04-01", "2026-04-15", null],
    ["", "2026-03-12", { field: "checkin", message: "Informe também a data de check-in." }],
    ["2026-03-12", "", { field: "checkout", message: "Informe também a data de check-out." }],
    ["2026-03-09", "2026-03-12", { field: "checkin", message: "A data de check-in não pode ser anterior a hoje." }],
    ["2026-03-12", "2026-03-12", { field: "checkout", message: "A data de check-out deve ser posterior à data de check-in." }],
    ["2026-03-12", "2026-03-11", { field: "checkout", message: "A data de check-out deve ser posterior à data de check-in." }],
    ["2026-02-30", "2026-03-12", { field: "checkin", message: "Informe uma data de check-in válida." }],
    ["2026-03-12", "amanhã", { field: "checkout", message: "Informe uma data de check-out válida." }],
    ["2028-03-05", "2028-03-12", { field: "checkout", message: "Escolha datas até 09/03/2028." }],
    ["2026-04-01", "2027-04-02", { field: "checkout", message: "A estadia pode ter no máximo 365 noites." }],
  ])("check-in %j, check-out %j -> %j", (checkIn, checkOut, expected) => {
    expect(stayDatesError(checkIn, checkOut, today)).toEqual(expected);
  });
});

describe("a stay as searches read it", () => {
  it("counts nights and gives one message per refused stay", () => {
    expect(nightsBetween("2026-12-30", "2027-01-02")).toBe(3);
    expect(stayProblem({ checkIn: "2026-03-12", checkOut: "2026-03-15" }, "2026-03-10")).toBeNull();
    expect(stayProblem({ checkIn: "2026-03-15", checkOut: "2026-03-12" }, "2026-03-10")).toBe("A data de check-out deve ser posterior à data de check-in.");
    expect(stayProblem({ checkIn: "2026-03-01", checkOut: "2026-03-03" }, "2026-03-10")).toBe("A data de check-in não pode ser anterior a hoje.");
  });
});

describe("a listing's rules for a stay", () => {
  const periods = [{ starts: "2027-02-12", ends: "2027-02-16", nights: 4 }];
  it("asks a period's minimum for check-ins it covers, never less than the listing's", () => {
    expect(minimumStayFor("2027-02-12", 2, periods)).toBe(4);
    expect(minimumStayFor("2027-02-16", 2, periods)).toBe(4);
    expect(minimumStayFor("2027-02-17", 2, periods)).toBe(2);
    expect(minimumStayFor("2027-02-13", 5, periods)).toBe(5);
  });

  it("tells a stay over a taken night, the check-out's night not counted", () => {
    const taken = [{ first: "2027-01-10", last: "2027-01-12" }];
    expect(stayHasTakenNight({ checkIn: "2027-01-08", checkOut: "2027-01-10" }, taken)).toBe(false);
    expect(stayHasTakenNight({ checkIn: "2027-01-08", checkOut: "2027-01-11" }, taken)).toBe(true);
    expect(stayHasTakenNight({ checkIn: "2027-01-12", checkOut: "2027-01-14" }, taken)).toBe(true);
    expect(stayHasTakenNight({ checkIn: "2027-01-13", checkOut: "2027-01-14" }, taken)).toBe(false);
  });
});
