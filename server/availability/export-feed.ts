/**
 * A listing's own calendar feed, which the host gives Airbnb, Booking.com and the rest: every
 * night it is unavailable (marked by hand or imported), one all-day event per run of nights. It
 * tells nothing but nights: no guest, no source, not even the listing's title. Each event's UID is
 * of our domain and stable for its run, so a channel keeps it between fetches, and our own import
 * knows it when it comes back through another channel's feed (feed-nights.ts leaves it out).
 */
import ical from "ical-generator";
import { addNights, type Night } from "../../common/nights";
import type { NightRun } from "../../common/listing-calendar";

/** Consecutive nights as runs, from sorted or unsorted nights (repeats allowed). */
export function nightRuns(nights: readonly Night[]): NightRun[] {
  const runs: NightRun[] = [];
  for (const night of [...new Set(nights)].sort()) {
    const previous = runs.at(-1);
    if (previous && addNights(previous.last, 1) === night) previous.last = night;
    else runs.push({ first: night, last: night });
  }
  return runs;
}

const asDate = (night: Night) => new Date(`${night}T00:00:00Z`);

/**
 * The feed's text for a listing (`feedKey`: what makes its UIDs its own, never its id in clear),
 * as of `changedAt` (its last change: the events' DTSTAMP, so the same nights give the same text).
 */
export function exportFeed({ nights, feedKey, domain, changedAt }: { nights: readonly Night[]; feedKey: string; domain: string; changedAt: Date }): string {
  const calendar = ical({ prodId: { company: "Recanto", product: "Calendario", language: "PT-BR" }, name: "Recanto: noites indisponíveis" });
  for (const run of nightRuns(nights)) {
    const end = addNights(run.last, 1); // DTEND: the day of departure
    calendar.createEvent({ id: `${run.first}-${end}-${feedKey}@${domain}`, start: asDate(run.first), end: asDate(end), allDay: true, summary: "Indisponível", stamp: changedAt });
  }
  return calendar.toString();
}
