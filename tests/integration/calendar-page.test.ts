import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addNights, nightOf } from "../../common/nights";
import { FEED_FETCH_ERRORS } from "../../server/availability/fetch-feed";
import { calendarFeeds, hostBlockedNights, properties } from "../../server/db/schema";
import { signedInAs } from "../support/accounts";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertProperty } from "../support/factories";
import { airbnbFeed, startFeedServer } from "../support/feed-server";
import { Client } from "../support/http";

const today = nightOf(new Date());

/** The calendar page and its action over HTTP, on a server without the tests' loopback setting (as in production). */
describe(`a listing's calendar page (${engine})`, () => {
  const t = useTestApp();
  let feeds: Awaited<ReturnType<typeof startFeedServer>>;
  let owner: Awaited<ReturnType<typeof signedInAs>>;
  let listingId = "";
  let path = "";

  beforeAll(async () => {
    feeds = await startFeedServer();
    feeds.set("/airbnb.ics", airbnbFeed([{ checkIn: addNights(today, 3), checkOut: addNights(today, 5) }]));
    owner = await signedInAs(t.app, "host");
    listingId = (await insertProperty(t.app.database.db, owner.id, { title: "Chalé com dona" })).id;
    path = `/minhas-propriedades/${listingId}/calendario`;
  });
  afterAll(() => feeds?.close());

  const blocked = async () => (await t.app.database.db.select().from(hostBlockedNights).where(eq(hostBlockedNights.propertyId, listingId))).map((r) => r.night);
  const feedsOfListing = () => t.app.database.db.select().from(calendarFeeds).where(eq(calendarFeeds.propertyId, listingId));

  it("refuses loopback addresses without the tests' setting, on the address itself and never connecting", async () => {
    const res = await owner.client.post(path, { intent: "conectar", name: "Airbnb", url: `${feeds.base}/airbnb.ics` });
    expect(res.status).toBe(200);
    const [feed] = await feedsOfListing();
    expect(feed).toMatchObject({ name: "Airbnb", lastError: FEED_FETCH_ERRORS.address, lastSyncedAt: null });
    for (const address of ["http://localhost:1/cal.ics", "http://[::1]/cal.ics", "http://0.0.0.0/cal.ics", "http://127.1/cal.ics"]) {
      await owner.client.post(path, { intent: "conectar", name: address, url: address });
    }
    expect((await feedsOfListing()).map((f) => f.lastError)).toEqual(Array(5).fill(FEED_FETCH_ERRORS.address));
    expect(feeds.fetchesOf("/airbnb.ics")).toBe(0);
  });

  it("shows the calendar to its host only; every other actor's reads and changes are refused and change nothing", async () => {
    const mine = await owner.client.get(path);
    expect(mine.status).toBe(200);
    expect(await mine.text()).toContain("Chalé com dona");

    const others: [string, Client][] = [
      ["anonymous", new Client(t.app.url)],
      ["guest", (await signedInAs(t.app, "guest")).client],
      ["another host", (await signedInAs(t.app, "host")).client],
      ["operator", (await signedInAs(t.app, "operator")).client],
    ];
    const [token] = await t.app.database.db.select({ token: properties.calendarToken }).from(properties).where(eq(properties.id, listingId));
    for (const [who, client] of others) {
      const page = await client.get(path);
      expect(page.status, who).not.toBe(200);
      expect(await page.text(), who).not.toContain(token!.token!);
      const changes: Record<string, string>[] = [
        { intent: "noites", bloquear: addNights(today, 9) },
        { intent: "estadia-minima", minNights: "7" },
        { intent: "conectar", name: "Intruso", url: "https://example.invalid/cal.ics" },
        { intent: "novo-endereco" },
      ];
      for (const fields of changes) {
        const res = await client.post(`${path}.data`, fields);
        expect(res.status, `${who} ${fields.intent}`).toBeGreaterThanOrEqual(400);
      }
    }
    expect(await blocked()).toEqual([]);
    const [after] = await t.app.database.db.select({ minNights: properties.minNights, token: properties.calendarToken }).from(properties).where(eq(properties.id, listingId));
    expect(after).toEqual({ minNights: 1, token: token!.token });
    expect((await feedsOfListing()).some((f) => f.name === "Intruso")).toBe(false);
  });

  it("exports the nights, under its secret only", async () => {
    const res = await owner.client.post(path, { intent: "noites", bloquear: `${addNights(today, 2)},${addNights(today, 3)}` });
    expect(res.status, (await res.clone().text()).slice(0, 500)).toBe(200);
    expect(await blocked()).toHaveLength(2);
    const [{ token }] = (await t.app.database.db.select({ token: properties.calendarToken }).from(properties).where(eq(properties.id, listingId))) as [{ token: string }];
    const feed = await fetch(`${t.app.url}/calendario/${token}.ics`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const text = await feed.text();
    expect(text).toContain(`DTSTART;VALUE=DATE:${addNights(today, 2).replaceAll("-", "")}`);
    expect(text).not.toContain("Chalé com dona");
    for (const wrong of [`${token.slice(0, -1)}x.ics`, `${token}.txt`, "../etc/passwd", `${token}`]) {
      expect((await fetch(`${t.app.url}/calendario/${encodeURIComponent(wrong)}`)).status, wrong).toBe(404);
    }
  });
});
