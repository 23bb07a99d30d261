import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addNights, nightOf } from "../../common/nights";
import { viewBeaconUrl } from "../../common/view-beacon";
import { listingViews } from "../../server/db/schema";
import { oldViewsJob } from "../../server/jobs/jobs";
import { runJob } from "../../server/jobs/runner";
import { signedInAs } from "../support/accounts";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertProperty } from "../support/factories";
import { Client } from "../support/http";
import { ownAddress } from "../support/stays";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe(`listing views counted by the page's beacon (${engine})`, () => {
  const t = useTestApp({ TRUST_PROXY: "1" });
  const db = () => t.app.database.db;
  let listing: { id: string; slug: string };
  let hidden: { id: string; slug: string };

  /** A browser of its own: an address behind the trusted proxy and a browser's user agent. */
  const visitor = () => {
    const client = ownAddress(new Client(t.app.url));
    client.headers.set("user-agent", BROWSER);
    return client;
  };
  /** The beacon as navigator.sendBeacon sends it: a POST naming the page's origin, without a body. */
  const beacon = (client: Client, id = listing.id, kind: "pagina" | "galeria" = "pagina", headers: Record<string, string> = {}) =>
    client.request(viewBeaconUrl(kind, id), { method: "POST", headers: { origin: t.app.url, ...headers } });
  const counted = async (id = listing.id, kind: "page" | "gallery" = "page") =>
    (await db().select({ n: count() }).from(listingViews).where(and(eq(listingViews.propertyId, id), eq(listingViews.kind, kind))))[0]!.n;

  beforeAll(async () => {
    const host = await signedInAs(t.app, "host");
    listing = await insertProperty(db(), host.id, { title: "Cabana Contada", status: "approved" });
    hidden = await insertProperty(db(), host.id, { title: "Cabana Oculta", status: "approved", isActive: false });
  });

  it("counts one view per visitor and day, however many beacons; a flood from one address counts once", async () => {
    const ana = visitor();
    for (let i = 0; i < 3; i++) expect((await beacon(ana)).status).toBe(204);
    expect(await counted()).toBe(1);
    await beacon(visitor());
    expect(await counted()).toBe(2);

    const flood = visitor();
    const before = await counted();
    await Promise.all(Array.from({ length: 100 }, () => beacon(flood)));
    expect(await counted()).toBe(before + 1);
    const [row] = await db().select().from(listingViews).where(eq(listingViews.propertyId, listing.id)).limit(1);
    // Neither the address nor the browser is kept, only their keyed hash of the day.
    expect(row!.day).toBe(nightOf(new Date()));
    expect(row!.visitor).not.toContain("203.0.113");
  });

  it("counts a signed-in person once whatever their address", async () => {
    const guest = await signedInAs(t.app, "guest");
    guest.client.headers.set("user-agent", BROWSER);
    const before = await counted();
    for (let i = 0; i < 3; i++) await beacon(ownAddress(guest.client));
    expect(await counted()).toBe(before + 1);
  });

  it("does not count robots, prefetches, requests no page of ours sent, nor listings that are not public", async () => {
    const before = await counted();
    for (const agent of ["Googlebot/2.1 (+http://www.google.com/bot.html)", "facebookexternalhit/1.1", "WhatsApp/2.23.20.0", "curl/8.5.0", "Mozilla/5.0 HeadlessChrome/131.0.0.0", ""]) {
      const robot = visitor();
      robot.headers.set("user-agent", agent);
      expect((await beacon(robot)).status).toBe(204);
    }
    expect((await beacon(visitor(), listing.id, "pagina", { "sec-purpose": "prefetch" })).status).toBe(204);
    expect((await beacon(visitor(), listing.id, "pagina", { purpose: "prefetch" })).status).toBe(204);
    // Without the page's origin (a script, not a browser's beacon), or from another site.
    const bare = visitor();
    expect((await bare.request(viewBeaconUrl("pagina", listing.id), { method: "POST" })).status).toBe(204);
    expect((await beacon(visitor(), listing.id, "pagina", { origin: "https://outro-site.example" })).status).toBe(403);
    expect(await counted()).toBe(before);

    for (const id of [hidden.id, "00000000-0000-4000-8000-000000000000", "não-é-um-id", "'; DROP TABLE listing_views; --"]) {
      expect((await beacon(visitor(), id)).status).toBe(204);
    }
    expect((await beacon(visitor(), listing.id, "outra-coisa" as "pagina")).status).toBe(204);
    expect(await counted(hidden.id)).toBe(0);
    expect(await counted()).toBe(before);
  });

  it("counts the view of a page served from the page cache: the beacon counts, not the drawing", async () => {
    const first = await fetch(`${t.app.url}/accommodation/${listing.slug}`);
    await first.text();
    const kept = await fetch(`${t.app.url}/accommodation/${listing.slug}`);
    expect(kept.headers.get("x-page-cache")).toBe("hit");
    await kept.text();
    const before = await counted();
    await beacon(visitor());
    expect(await counted()).toBe(before + 1);
  });

  it("counts gallery openings apart from page views", async () => {
    const bia = visitor();
    const views = await counted();
    await beacon(bia, listing.id, "galeria");
    await beacon(bia, listing.id, "galeria");
    expect(await counted(listing.id, "gallery")).toBe(1);
    expect(await counted()).toBe(views);
  });

  it("forgets views older than 90 days", async () => {
    const today = nightOf(new Date());
    await db().insert(listingViews).values([
      { propertyId: listing.id, day: addNights(today, -91), kind: "page", visitor: "antigo" },
      { propertyId: listing.id, day: addNights(today, -90), kind: "page", visitor: "no-limite" },
    ]);
    expect(await runJob(t.app.services, oldViewsJob)).toEqual({ ran: true, count: 1 });
    const kept = await db().select({ visitor: listingViews.visitor }).from(listingViews).where(eq(listingViews.visitor, "no-limite"));
    expect(kept).toHaveLength(1);
  });
});
