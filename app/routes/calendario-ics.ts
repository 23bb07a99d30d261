import type { Route } from "./+types/calendario-ics";
import { nightOf } from "@common/nights";
import { exportedCalendar } from "@server/availability/calendar";

/**
 * A listing's exported calendar, /calendario/{secret}.ics, for Airbnb, Booking.com and the rest to
 * read: its taken nights and nothing else. An unknown or renewed secret answers 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const file = params.file;
  const token = file.endsWith(".ics") ? file.slice(0, -".ics".length) : "";
  const { database, config } = context.services;
  const text = await exportedCalendar(database.db, token, nightOf(new Date()), new URL(config.BASE_URL).hostname);
  if (text === null) return new Response("Calendário não encontrado.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(text, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      // Channels fetch it every few minutes to hours: never a copy older than its last change.
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
