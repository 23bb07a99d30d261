import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEED_FETCH_ERRORS, FEED_FETCH_LIMITS, fetchFeed } from "../../server/availability/fetch-feed";

const FEED = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n";

/** A feed server on this machine's loopback address: each path answers as a channel's server might. */
function feedServer() {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(req.url ?? "");
    const hop = /^\/hop\/(\d+)$/.exec(req.url ?? "");
    if (req.url === "/feed.ics") res.writeHead(200, { "content-type": "text/calendar" }).end(FEED);
    else if (req.url === "/missing.ics") res.writeHead(404).end("not found");
    else if (req.url === "/slow.ics") setTimeout(() => res.writeHead(200).end(FEED), 2_000);
    else if (req.url === "/declared-large.ics") res.writeHead(200, { "content-length": String(FEED_FETCH_LIMITS.maxBytes + 1) }).end();
    else if (req.url === "/streamed-large.ics") {
      res.writeHead(200, { "content-type": "text/calendar" });
      const piece = Buffer.alloc(64 * 1024, "x");
      let sent = 0;
      const more = () => {
        while (sent <= FEED_FETCH_LIMITS.maxBytes && !res.destroyed) {
          sent += piece.length;
          if (!res.write(piece)) return res.once("drain", more);
        }
        res.end();
      };
      more();
    } else if (hop) res.writeHead(302, { location: `/hop/${Number(hop[1]) + 1}` }).end();
    else if (req.url === "/to-feed") res.writeHead(301, { location: "/feed.ics" }).end();
    else if (req.url === "/to-unspecified") res.writeHead(302, { location: `http://0.0.0.0:${(server.address() as AddressInfo).port}/feed.ics` }).end();
    else res.writeHead(500).end();
  });
  return { server, seen };
}

describe("fetching a calendar feed", () => {
  const { server, seen } = feedServer();
  let base = "";
  const local = { allowLoopback: true };

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("reads a feed, following a redirect", async () => {
    await expect(fetchFeed(`${base}/feed.ics`, local)).resolves.toEqual({ ok: true, text: FEED });
    await expect(fetchFeed(`${base}/to-feed`, local)).resolves.toEqual({ ok: true, text: FEED });
  });

  it("says in Portuguese what went wrong: an error status, a timeout, too large, too many redirects", async () => {
    await expect(fetchFeed(`${base}/missing.ics`, local)).resolves.toEqual({ ok: false, error: FEED_FETCH_ERRORS.status(404) });
    await expect(fetchFeed(`${base}/slow.ics`, { ...local, timeoutMs: 300 })).resolves.toEqual({ ok: false, error: FEED_FETCH_ERRORS.timeout });
    expect(FEED_FETCH_ERRORS.timeout).toBe("O calendário não respondeu em 10 s.");
    await expect(fetchFeed(`${base}/declared-large.ics`, local)).resolves.toEqual({ ok: false, error: FEED_FETCH_ERRORS.tooLarge });
    await expect(fetchFeed(`${base}/streamed-large.ics`, local)).resolves.toEqual({ ok: false, error: FEED_FETCH_ERRORS.tooLarge });
    await expect(fetchFeed(`${base}/hop/0`, local)).resolves.toEqual({ ok: false, error: FEED_FETCH_ERRORS.redirects });
    expect(seen.filter((url) => url.startsWith("/hop/"))).toEqual(["/hop/0", "/hop/1", "/hop/2", "/hop/3"]);
  });

  it("refuses schemes other than http(s), and credentials in the address, before any connection", async () => {
    for (const address of ["ftp://example.com/feed.ics", "file:///etc/passwd", "javascript:alert(1)", "webcal", ""]) {
      await expect(fetchFeed(address, local), address).resolves.toEqual({ ok: false, error: FEED_FETCH_ERRORS.scheme });
    }
    await expect(fetchFeed(`http://user:senha@127.0.0.1:1/feed.ics`, local)).resolves.toEqual({ ok: false, error: FEED_FETCH_ERRORS.address });
  });

  it("as in production, refuses this machine's addresses, by literal or by name, without a request reaching them", async () => {
    const before = seen.length;
    const port = (server.address() as AddressInfo).port;
    for (const address of [`${base}/feed.ics`, `http://localhost:${port}/feed.ics`, `http://[::1]:${port}/feed.ics`, `http://0.0.0.0:${port}/feed.ics`, `http://[::ffff:127.0.0.1]:${port}/feed.ics`]) {
      await expect(fetchFeed(address), address).resolves.toEqual({ ok: false, error: FEED_FETCH_ERRORS.address });
    }
    expect(seen.length).toBe(before);
  });

  it("checks the address again after a redirect", async () => {
    await expect(fetchFeed(`${base}/to-unspecified`, local)).resolves.toEqual({ ok: false, error: FEED_FETCH_ERRORS.address });
    expect(seen.at(-1)).toBe("/to-unspecified");
  });
});
