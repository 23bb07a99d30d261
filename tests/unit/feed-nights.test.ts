import { describe, expect, it } from "vitest";
import { addNights, type Night } from "../../common/nights";
import { FEED_ERRORS, FEED_LIMITS, readFeedNights } from "../../server/availability/feed-nights";

/*
 * Feeds written as each channel exports them (from their help pages and the fixtures of public
 * parsers): Airbnb (CRLF, PRODID with X-RICAL-TZSOURCE, all-day "Reserved" and "Not available"),
 * Booking.com (LF, "CLOSED - Not available"), VRBO/HomeAway, Google Calendar (VTIMEZONE, timed,
 * recurring with EXDATE and a moved occurrence, cancelled, folded lines) and Outlook (Windows zone
 * names, with and without VTIMEZONE).
 */

const TODAY: Night = "2026-12-01";
const read = (text: string) => readFeedNights(text, { today: TODAY, ownDomain: "recanto.com.br" });
const calendar = (lines: string[], eol = "\r\n") => ["BEGIN:VCALENDAR", "VERSION:2.0", ...lines, "END:VCALENDAR", ""].join(eol);
const event = (lines: string[]) => ["BEGIN:VEVENT", ...lines, "END:VEVENT"];
/** `count` nights from `first`. */
const run = (first: Night, count: number) => Array.from({ length: count }, (_, i) => addNights(first, i));

async function nights(text: string): Promise<Night[]> {
  const reading = await read(text);
  if (!reading.ok) throw new Error(reading.error);
  return reading.nights;
}

const AIRBNB = calendar([
  "PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 0.8.8//EN",
  "CALSCALE:GREGORIAN",
  ...event([
    "DTEND;VALUE=DATE:20270115",
    "DTSTART;VALUE=DATE:20270110",
    "UID:1418fb94e984-d4e6ec7d6ef1ab8b1c6ca4fdd68cc37f@airbnb.com",
    "DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMABCDE\\nPhone Number (Last 4 Digits): 1234",
    "SUMMARY:Reserved",
  ]),
  ...event(["DTEND;VALUE=DATE:20270201", "DTSTART;VALUE=DATE:20270128", "UID:1418fb94e984-0b7f3d1c2a@airbnb.com", "SUMMARY:Airbnb (Not available)"]),
]);

const BOOKING = calendar(
  [
    "PRODID:-//Booking.com//Booking.com iCal 1.0//EN",
    "METHOD:PUBLISH",
    ...event(["DTSTAMP:20261115T101500Z", "DTSTART;VALUE=DATE:20270210", "DTEND;VALUE=DATE:20270213", "UID:8f1e2d3c4b5a@booking.com", "SUMMARY:CLOSED - Not available"]),
  ],
  "\n",
);

const VRBO = calendar([
  "PRODID:-//HomeAway.com, Inc.//EN",
  "CALSCALE:GREGORIAN",
  ...event(["UID:f3a9c2e4-1b7d-4c8e-9a6f-2d5e8b1c4a7f@homeaway.com", "DTSTAMP:20261120T000000Z", "DTSTART;VALUE=DATE:20270301", "DTEND;VALUE=DATE:20270304", "SUMMARY:Reserved - Maria"]),
]);

const GOOGLE = calendar([
  "PRODID:-//Google Inc//Google Calendar 70.9054//EN",
  "CALSCALE:GREGORIAN",
  "X-WR-TIMEZONE:America/Sao_Paulo",
  "BEGIN:VTIMEZONE",
  "TZID:America/Sao_Paulo",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:-0300",
  "TZOFFSETTO:-0300",
  "TZNAME:-03",
  "DTSTART:19700101T000000",
  "END:STANDARD",
  "END:VTIMEZONE",
  // A stay from 14:00 to 11:00 the next day: one night.
  ...event(["DTSTART;TZID=America/Sao_Paulo:20270305T140000", "DTEND;TZID=America/Sao_Paulo:20270306T110000", "UID:stay-1@google.com", "SUMMARY:Hóspede"]),
  // A one-hour meeting: no night.
  ...event(["DTSTART;TZID=America/Sao_Paulo:20270307T100000", "DTEND;TZID=America/Sao_Paulo:20270307T110000", "UID:meeting@google.com", "SUMMARY:Reunião"]),
  // Every Friday night in April, but the 9th (EXDATE); the 16th's moved to the 17th.
  ...event([
    "DTSTART;TZID=America/Sao_Paulo:20270402T180000",
    "DTEND;TZID=America/Sao_Paulo:20270403T120000",
    "RRULE:FREQ=WEEKLY;COUNT=4;BYDAY=FR",
    "EXDATE;TZID=America/Sao_Paulo:20270409T180000",
    "UID:fridays@google.com",
    "SUMMARY:Fim de semana",
    // A folded line, as long descriptions are written.
    "DESCRIPTION:Uma descrição longa o bastante para ser dobrada em duas linhas pelo",
    "  exportador do Google Agenda.",
  ]),
  ...event([
    "RECURRENCE-ID;TZID=America/Sao_Paulo:20270416T180000",
    "DTSTART;TZID=America/Sao_Paulo:20270417T180000",
    "DTEND;TZID=America/Sao_Paulo:20270418T120000",
    "UID:fridays@google.com",
    "SUMMARY:Fim de semana (adiado)",
  ]),
  // Cancelled: nothing.
  ...event(["DTSTART;VALUE=DATE:20270501", "DTEND;VALUE=DATE:20270503", "STATUS:CANCELLED", "UID:cancelled@google.com", "SUMMARY:Cancelado"]),
  // All day without an end: one night.
  ...event(["DTSTART;VALUE=DATE:20270520", "UID:one-day@google.com", "SUMMARY:Manutenção"]),
  // In UTC: 14:00 to 11:00 in Brazil.
  ...event(["DTSTART:20270801T170000Z", "DTEND:20270802T140000Z", "UID:utc@google.com", "SUMMARY:Reserva"]),
]);

const OUTLOOK_WITHOUT_VTIMEZONE = calendar([
  "PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN",
  "METHOD:PUBLISH",
  ...event([
    "DTSTART;TZID=E. South America Standard Time:20270610T150000",
    "DTEND;TZID=E. South America Standard Time:20270612T100000",
    "UID:040000008200E00074C5B7101A82E00800000000A0B1C2D3E4F5@outlook.com",
    "SUMMARY:Família",
  ]),
  // 20:00 in California's summer is midnight in Brazil: the event covers that midnight.
  ...event(["DTSTART;TZID=Pacific Standard Time:20270701T200000", "DTEND;TZID=Pacific Standard Time:20270701T210000", "UID:pacific@outlook.com", "SUMMARY:Call"]),
]);

describe("the nights a calendar feed takes", () => {
  it("Airbnb: all-day events take their nights up to the one before departure", async () => {
    await expect(nights(AIRBNB)).resolves.toEqual([...run("2027-01-10", 5), ...run("2027-01-28", 4)]);
  });

  it("Booking.com (LF line ends) and VRBO", async () => {
    await expect(nights(BOOKING)).resolves.toEqual(run("2027-02-10", 3));
    await expect(nights(VRBO)).resolves.toEqual(run("2027-03-01", 3));
  });

  it("Google Calendar: timed events by the midnights they cover, recurrences with EXDATE and a moved occurrence, cancelled events, all day without an end, UTC times", async () => {
    await expect(nights(GOOGLE)).resolves.toEqual(["2027-03-05", "2027-04-02", "2027-04-17", "2027-04-23", "2027-05-20", "2027-08-01"]);
  });

  it("Outlook: Windows zone names without VTIMEZONE", async () => {
    await expect(nights(OUTLOOK_WITHOUT_VTIMEZONE)).resolves.toEqual(["2027-06-10", "2027-06-11", "2027-07-01"]);
  });

  it("reads what real files differ in: a byte-order mark, no END:VCALENDAR, LF or CRLF", async () => {
    const bom = `\uFEFF${BOOKING}`;
    await expect(nights(bom)).resolves.toEqual(run("2027-02-10", 3));
    const unfinished = AIRBNB.replace("END:VCALENDAR\r\n", "");
    await expect(nights(unfinished)).resolves.toEqual([...run("2027-01-10", 5), ...run("2027-01-28", 4)]);
  });

  it("only nights from today to the horizon: the past and what is beyond are left out, a stay across today is cut", async () => {
    const text = calendar([
      ...event(["DTSTART;VALUE=DATE:20261128", "DTEND;VALUE=DATE:20261203", "UID:across@x"]),
      ...event(["DTSTART;VALUE=DATE:20250101", "DTEND;VALUE=DATE:20250105", "UID:past@x"]),
      ...event(["DTSTART;VALUE=DATE:20280531", "DTEND;VALUE=DATE:20280603", "UID:edge@x"]),
      ...event(["DTSTART;VALUE=DATE:99991230", "DTEND;VALUE=DATE:99991231", "UID:far@x"]),
    ]);
    const last = addNights(`20${28}-06-01`, -1);
    expect(FEED_LIMITS.horizonMonths).toBe(18);
    await expect(nights(text)).resolves.toEqual(["2026-12-01", "2026-12-02", last]);
  });

  it("leaves out the events we exported ourselves, back through another channel's feed", async () => {
    const text = calendar([
      ...event(["DTSTART;VALUE=DATE:20270110", "DTEND;VALUE=DATE:20270112", "UID:night-20270110-abc@recanto.com.br"]),
      ...event(["DTSTART;VALUE=DATE:20270120", "DTEND;VALUE=DATE:20270121", "UID:reserva@airbnb.com"]),
    ]);
    await expect(nights(text)).resolves.toEqual(["2027-01-20"]);
  });

  it("refuses what is not a calendar, whole", async () => {
    for (const text of ["", "<!doctype html><html><body>Página não encontrada</body></html>", '{"error":"not found"}']) {
      await expect(read(text)).resolves.toEqual({ ok: false, error: FEED_ERRORS.notCalendar });
    }
  });

  it("a rule repeating every second without end is refused, fast", async () => {
    const text = calendar([...event(["DTSTART:20261201T000000Z", "DTEND:20261201T000001Z", "RRULE:FREQ=SECONDLY", "UID:flood@x"])]);
    const began = Date.now();
    await expect(read(text)).resolves.toEqual({ ok: false, error: FEED_ERRORS.tooMany });
    expect(Date.now() - began).toBeLessThan(FEED_LIMITS.readingMs);
  });

  it("more events than the bound are refused; a 2 MB line is read", async () => {
    const many = calendar(Array.from({ length: FEED_LIMITS.events + 1 }, (_, i) => event([`DTSTART;VALUE=DATE:2027${pad(1 + (i % 12))}01`, `UID:e${i}@x`])).flat());
    await expect(read(many)).resolves.toEqual({ ok: false, error: FEED_ERRORS.tooMany });
    const long = calendar([...event(["DTSTART;VALUE=DATE:20270110", "DTEND;VALUE=DATE:20270111", `DESCRIPTION:${"x".repeat(2_000_000)}`, "UID:long@x"])]);
    await expect(nights(long)).resolves.toEqual(["2027-01-10"]);
  });
});

function pad(n: number) {
  return String(n).padStart(2, "0");
}
