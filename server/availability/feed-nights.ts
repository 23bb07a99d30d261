/**
 * The nights a calendar feed (iCal, as Airbnb, Booking.com, VRBO, Google and Outlook export them)
 * marks as taken. A night is the date it starts on ("2027-02-13": from the 13th to the 14th), in
 * Brazil's time.
 *
 * - An all-day event takes the nights from its first day up to the night before its end date
 *   (DTEND is the day of departure); without an end, one night.
 * - A timed event takes each night whose midnight (America/Sao_Paulo) it covers: a stay from 14:00
 *   to 11:00 the next day takes one night, a one-hour meeting none.
 * - Cancelled events take nothing; recurring ones are expanded (RRULE, EXDATE, moved occurrences)
 *   up to HORIZON_MONTHS ahead. Events we exported ourselves (our UIDs, back through another
 *   channel's feed) are left out, so a night freed here is not held by its own echo.
 *
 * Parsing is node-ical's, in batches that let the server answer meanwhile; what a hostile feed
 * could make endless (a rule repeating every second, thousands of events) is bounded, and a feed
 * over a bound is refused whole: its last good import stays.
 */
import ical, { type EventInstance, type VEvent } from "node-ical";
import { setImmediate as nextTurn } from "node:timers/promises";
import { addNights, BRAZIL_ZONE, dateOnly, nightOf, type Night } from "../../common/nights";
import { CALENDAR_MONTHS_AHEAD, lastCalendarNight } from "../../common/stays";

export const FEED_LIMITS = {
  /** How far ahead a feed's nights are read. */
  horizonMonths: CALENDAR_MONTHS_AHEAD,
  /** Events read in one feed. */
  events: 20_000,
  /** Occurrences of one recurring event, from its start to the horizon. */
  occurrences: 5_000,
  /** Time spent reading one feed, once parsed. */
  readingMs: 5_000,
};

export const FEED_ERRORS = {
  notCalendar: "Este endereço não é um calendário iCal.",
  tooMany: "Este calendário tem eventos demais para ler. Verifique o endereço ou fale com o suporte.",
} as const;

export type FeedReading = { ok: true; nights: Night[]; events: number } | { ok: false; error: string };

const wallClock = new Intl.DateTimeFormat("en-US", { timeZone: BRAZIL_ZONE, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" });

const ymd = (night: Night) => night.split("-").map(Number) as [number, number, number];

/** The zone's offset from UTC at an instant, in ms (-3 h since 2019; daylight time before). */
function offsetAt(instant: number): number {
  const part = Object.fromEntries(wallClock.formatToParts(instant).map(({ type, value }) => [type, Number(value)]));
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!) - instant;
}

/** The instant a date begins in Brazil's time. */
function midnightOf(night: Night): number {
  const [y, m, d] = ymd(night);
  const utcMidnight = Date.UTC(y, m - 1, d);
  return utcMidnight - offsetAt(utcMidnight - offsetAt(utcMidnight));
}

/** The nights an occurrence takes, within [first, last]. */
function nightsOf(start: Date, end: Date | undefined, fullDay: boolean, first: Night, last: Night, take: (night: Night) => void) {
  if (fullDay) {
    const from = dateOnly(start);
    const until = end && dateOnly(end) > from ? dateOnly(end) : addNights(from, 1);
    for (let night = from < first ? first : from; night < until && night <= last; night = addNights(night, 1)) take(night);
    return;
  }
  if (!end || end <= start) return;
  // The night before `day` is taken when the event covers day's midnight: start ≤ midnight < end.
  for (let day = nightOf(start); ; day = addNights(day, 1)) {
    const midnight = midnightOf(day);
    if (midnight >= end.getTime()) return;
    const night = addNights(day, -1);
    if (night > last) return;
    if (midnight >= start.getTime() && night >= first) take(night);
  }
}

const isCancelled = (event: VEvent) => String(event.status ?? "").toUpperCase() === "CANCELLED";

/** Whether a recurring event stays within FEED_LIMITS.occurrences up to `until`. */
function boundedRule(event: VEvent, until: Date): boolean {
  let within = true;
  event.rrule!.all((date, index) => {
    if (date > until) return false;
    if (index >= FEED_LIMITS.occurrences) return (within = false);
    return true;
  });
  return within;
}

/**
 * The nights `text` (a feed's body) takes from `today` to FEED_LIMITS.horizonMonths ahead, sorted,
 * leaving out events whose UID ends with `@${ownDomain}`.
 */
export async function readFeedNights(text: string, { today, ownDomain }: { today: Night; ownDomain: string }): Promise<FeedReading> {
  const body = text.replace(/^\uFEFF/, "");
  if (!/^\s*BEGIN:VCALENDAR/i.test(body)) return { ok: false, error: FEED_ERRORS.notCalendar };
  let parsed: ical.CalendarResponse;
  try {
    parsed = await ical.async.parseICS(body);
  } catch {
    return { ok: false, error: FEED_ERRORS.notCalendar };
  }
  const events = Object.values(parsed).filter((item): item is VEvent => item?.type === "VEVENT");
  if (events.length > FEED_LIMITS.events) return { ok: false, error: FEED_ERRORS.tooMany };

  const last = lastCalendarNight(today);
  const from = new Date(midnightOf(today));
  const to = new Date(midnightOf(addNights(last, 1)));
  const ownSuffix = `@${ownDomain}`.toLowerCase();
  const nights = new Set<Night>();
  const take = (night: Night) => nights.add(night);
  const began = Date.now();

  for (const [index, event] of events.entries()) {
    if (index % 200 === 199) await nextTurn();
    if (Date.now() - began > FEED_LIMITS.readingMs) return { ok: false, error: FEED_ERRORS.tooMany };
    // A moved occurrence (RECURRENCE-ID) is read with its series, through `recurrences`.
    if (event.recurrenceid || String(event.uid ?? "").toLowerCase().endsWith(ownSuffix) || !(event.start instanceof Date)) continue;
    if (!event.rrule) {
      if (!isCancelled(event)) nightsOf(event.start, event.end, event.datetype === "date" || Boolean(event.start.dateOnly), today, last, take);
      continue;
    }
    if (!boundedRule(event, to)) return { ok: false, error: FEED_ERRORS.tooMany };
    const instances: EventInstance[] = ical.expandRecurringEvent(event, { from, to, expandOngoing: true });
    for (const instance of instances) {
      if (isCancelled(instance.event)) continue;
      nightsOf(instance.start, instance.end, instance.isFullDay, today, last, take);
    }
  }
  return { ok: true, nights: [...nights].sort(), events: events.length };
}
