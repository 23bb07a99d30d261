import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { formatBRL } from "../../common/format";
import { imageUrl } from "../../common/media";
import { readStoredFile } from "../../server/adapters/storage";
import { fileDeletions, listingCards, listingCardsDue, properties, propertyImages } from "../../server/db/schema";
import { fileDeletionsJob, listingCardsJob } from "../../server/jobs/jobs";
import { runJob } from "../../server/jobs/runner";
import { demoImageKey } from "../../server/seed/demo-images";
import { listingCardFile } from "../../server/sharing/listing-cards";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertHost, insertProperty } from "../support/factories";

/** A demo illustration (stored in the tests' media folder) as the listing's cover. */
const cover = [{ storageKey: demoImageKey("Chalé", 0), width: 1200, height: 800, alt: "Chalé entre araucárias" }];

describe(`link previews of listings (${engine})`, () => {
  const t = useTestApp();
  const db = () => t.app.database.db;
  const get = (path: string) => fetch(new URL(path, t.app.url), { redirect: "manual" });
  const drawCards = () => runJob(t.app.services, listingCardsJob);
  /** The og:image the listing's page gives, as a crawler reads it (no JavaScript), and its size tags. */
  const preview = async (slug: string) => {
    const html = await (await get(`/accommodation/${slug}`)).text();
    const meta = (property: string) => html.match(new RegExp(`<meta property="${property}" content="([^"]*)"`))?.[1];
    return { url: new URL(meta("og:image")!), width: meta("og:image:width"), height: meta("og:image:height"), type: meta("og:image:type"), alt: meta("og:image:alt") };
  };
  const cardKey = async (id: string) => (await db().select({ key: listingCards.storageKey }).from(listingCards).where(eq(listingCards.propertyId, id)))[0]?.key;
  const cardStored = async (key: string) => (await readStoredFile(t.app.services.storage, listingCardFile(key))) !== null;
  let hostId: string;

  beforeAll(async () => {
    hostId = (await insertHost(db())).id;
  });

  it("a listing's page names its card; until drawn the cover stands in; then a 1200×630 JPEG under 300 KB with the price drawn over the photo, kept for good", async () => {
    const listing = await insertProperty(db(), hostId, { title: "Chalé Araucária com lareira e vista para o vale", location: "Gramado - RS", priceCents: 125000 }, cover);
    const og = await preview(listing.slug);
    expect(og.url.pathname).toMatch(new RegExp(`^/og/${listing.id}/[0-9a-f]{16}\\.jpg$`));
    expect(og.url.origin).toBe(t.app.url);
    expect([og.width, og.height, og.type]).toEqual(["1200", "630", "image/jpeg"]);
    expect(og.alt).toBe(`Chalé Araucária com lareira e vista para o vale, Gramado - RS: ${formatBRL(125000)} por noite`);

    const before = await get(og.url.pathname);
    expect(before.status).toBe(302);
    expect(before.headers.get("location")).toBe(imageUrl(cover[0]!.storageKey, 1200, "jpeg"));
    expect(before.headers.get("cache-control")).toBe("public, max-age=60");

    expect(await drawCards()).toEqual({ ran: true, count: 1 });
    const res = await get(og.url.pathname);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toContain("immutable");
    const jpeg = Buffer.from(await res.arrayBuffer());
    expect(jpeg.length).toBeLessThan(300_000);
    const { width, height, format } = await sharp(jpeg).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: "jpeg" });
    // The price pill (white, bottom right) is drawn over the illustration, whose corner is dark green.
    const pixel = async (image: Buffer, left: number, top: number) => [...(await sharp(image).extract({ left, top, width: 1, height: 1 }).raw().toBuffer())];
    expect(Math.min(...(await pixel(jpeg, 1100, 540)))).toBeGreaterThan(230);
    const photo = await readStoredFile(t.app.services.storage, `${cover[0]!.storageKey}-1200.jpg`);
    expect(Math.min(...(await pixel(await sharp(photo!).resize(1200, 630, { fit: "cover" }).toBuffer(), 1100, 540)))).toBeLessThan(200);
    // Nothing left to draw: the next run finds nothing.
    expect(await drawCards()).toEqual({ ran: true, count: 0 });
  });

  it("a new price draws the card again at a new address and removes the old file; an edit the card does not show draws nothing", async () => {
    const listing = await insertProperty(db(), hostId, { title: "Cabana do Ipê", priceCents: 30000 }, cover);
    await drawCards();
    const first = await preview(listing.slug);
    const firstKey = (await cardKey(listing.id))!;

    await db().update(properties).set({ description: "Agora com café da manhã.", title: "Cabana do Ipê" }).where(eq(properties.id, listing.id));
    expect(await drawCards()).toEqual({ ran: true, count: 0 });
    expect(await cardKey(listing.id)).toBe(firstKey);
    expect(await db().select().from(listingCardsDue).where(eq(listingCardsDue.propertyId, listing.id))).toEqual([]);

    await db().update(properties).set({ priceCents: 35000 }).where(eq(properties.id, listing.id));
    const second = await preview(listing.slug);
    expect(second.url.pathname).not.toBe(first.url.pathname);
    expect(second.alt).toContain(`${formatBRL(35000)} por noite`);
    expect(await drawCards()).toEqual({ ran: true, count: 1 });
    expect((await get(second.url.pathname)).status).toBe(200);
    // The old address now shows the cover: its card showed the old price.
    expect((await get(first.url.pathname)).status).toBe(302);
    const listed = await db().select({ key: fileDeletions.storageKey }).from(fileDeletions).where(eq(fileDeletions.storageKey, firstKey));
    expect(listed).toHaveLength(1);
    await runJob(t.app.services, fileDeletionsJob);
    expect(await cardStored(firstKey)).toBe(false);
    expect(await cardStored((await cardKey(listing.id))!)).toBe(true);
  });

  it("a new cover draws the card again; a listing without photos still gets one, on the brand's colour", async () => {
    const listing = await insertProperty(db(), hostId, { title: "Chalé da capa nova" }, cover);
    await drawCards();
    const first = await preview(listing.slug);
    await db().update(propertyImages).set({ storageKey: demoImageKey("Chalé", 1) }).where(eq(propertyImages.propertyId, listing.id));
    expect(await drawCards()).toEqual({ ran: true, count: 1 });
    const second = await preview(listing.slug);
    expect(second.url.pathname).not.toBe(first.url.pathname);
    expect((await get(second.url.pathname)).status).toBe(200);

    const bare = await insertProperty(db(), hostId, { title: "Casa na árvore sem fotos" }, []);
    expect(await drawCards()).toEqual({ ran: true, count: 1 });
    const res = await get((await preview(bare.slug)).url.pathname);
    expect(res.status).toBe(200);
    const card = Buffer.from(await res.arrayBuffer());
    expect((await sharp(card).metadata()).width).toBe(1200);
    // The brand's green where a photo would be.
    const [r, g, b] = await sharp(card).extract({ left: 600, top: 200, width: 1, height: 1 }).raw().toBuffer();
    expect(g! > r! + 40 && g! > b! + 30).toBe(true);
  });

  it("only public listings have a card: none drawn for one awaiting approval or paused, whose address answers 404; a deleted listing's card is removed", async () => {
    const pending = await insertProperty(db(), hostId, { title: "Chalé em análise", status: "pending" }, cover);
    const paused = await insertProperty(db(), hostId, { title: "Chalé pausado", isActive: false }, cover);
    expect(await drawCards()).toEqual({ ran: true, count: 0 });
    for (const listing of [pending, paused]) expect((await get(`/og/${listing.id}/0123456789abcdef.jpg`)).status).toBe(404);

    // Approved: drawn. Paused after: its address answers 404 while its card waits for it.
    await db().update(properties).set({ status: "approved" }).where(eq(properties.id, pending.id));
    expect(await drawCards()).toEqual({ ran: true, count: 1 });
    const og = await preview(pending.slug);
    await db().update(properties).set({ isActive: false }).where(eq(properties.id, pending.id));
    expect((await get(og.url.pathname)).status).toBe(404);

    const key = (await cardKey(pending.id))!;
    await db().delete(properties).where(eq(properties.id, pending.id));
    await runJob(t.app.services, fileDeletionsJob);
    expect(await cardStored(key)).toBe(false);
  });

  it("answers 404 to addresses that name no card", async () => {
    for (const path of ["/og/nao-e-um-id/0123456789abcdef.jpg", "/og/00000000-0000-0000-0000-000000000000/0123456789abcdef.jpg", "/og/00000000-0000-0000-0000-000000000000/x.png"]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});
