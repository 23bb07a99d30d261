import http from "node:http";
import type { AddressInfo } from "node:net";

/** All-day events as Airbnb exports them ("Reserved", DTEND the day of departure). */
export function airbnbFeed(stays: { checkIn: string; checkOut: string }[]): string {
  const compact = (night: string) => night.replaceAll("-", "");
  const events = stays.map(
    ({ checkIn, checkOut }, i) =>
      `BEGIN:VEVENT\r\nDTEND;VALUE=DATE:${compact(checkOut)}\r\nDTSTART;VALUE=DATE:${compact(checkIn)}\r\nUID:${i}-abc123@airbnb.com\r\nSUMMARY:Reserved\r\nEND:VEVENT\r\n`,
  );
  return `BEGIN:VCALENDAR\r\nPRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN\r\nCALSCALE:GREGORIAN\r\nVERSION:2.0\r\n${events.join("")}END:VCALENDAR\r\n`;
}

/**
 * A calendar server on this machine's loopback address, as a channel's would be: each path answers
 * the text set for it (or 404), after `delayMs` when set; every fetch of a path is counted.
 */
export async function startFeedServer() {
  const feeds = new Map<string, { text: string; delayMs?: number; status?: number }>();
  const fetches = new Map<string, number>();
  let open = 0;
  let mostAtOnce = 0;
  const server = http.createServer((req, res) => {
    const path = req.url ?? "";
    fetches.set(path, (fetches.get(path) ?? 0) + 1);
    mostAtOnce = Math.max(mostAtOnce, ++open);
    res.on("close", () => open--);
    const feed = feeds.get(path);
    const answer = () => (feed ? res.writeHead(feed.status ?? 200, { "content-type": "text/calendar; charset=utf-8" }).end(feed.text) : res.writeHead(404).end());
    if (feed?.delayMs) setTimeout(answer, feed.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    /** Serves `text` at `path` from now on. */
    set: (path: string, text: string, options: { delayMs?: number; status?: number } = {}) => feeds.set(path, { text, ...options }),
    fetchesOf: (path: string) => fetches.get(path) ?? 0,
    /** The most fetches answered at the same time so far. */
    mostAtOnce: () => mostAtOnce,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
