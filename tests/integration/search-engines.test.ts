import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addNights, nightOf } from "../../common/nights";
import { contacts, properties, stays } from "../../server/db/schema";
import { submitReview } from "../../server/trust/reviews";
import { signedInAs } from "../support/accounts";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertHost, insertProperty } from "../support/factories";
import { Client } from "../support/http";
import { readSitemap } from "../support/sitemap";

describe(`search engines with indexing on (${engine})`, () => {
  // Three addresses per file, so a few listings already split.
  const t = useTestApp({ SEARCH_ENGINE_INDEXING: "on", SITEMAP_FILE_SIZE: "3" });
  const anonymous = () => new Client(t.app.url);
  let host: Awaited<ReturnType<typeof signedInAs>>;
  const publicSlugs: string[] = [];
  const hiddenSlugs: string[] = [];
  let quietHostId: string;

  beforeAll(async () => {
    host = await signedInAs(t.app, "host");
    const db = t.app.database.db;
    for (let i = 0; i < 7; i++) {
      const created = await insertProperty(db, host.id, { title: `Cabana pública ${i + 1}`, createdAt: new Date(Date.now() - (10 - i) * 60_000) });
      publicSlugs.push(created.slug);
    }
    const quiet = await insertHost(db);
    quietHostId = quiet.id;
    for (const hidden of [{ status: "pending" as const }, { status: "rejected" as const }, { status: "reported" as const }, { isActive: false }]) {
      hiddenSlugs.push((await insertProperty(db, quiet.id, { title: "Cabana escondida", ...hidden })).slug);
    }
    const deleted = await insertProperty(db, host.id, { title: "Cabana excluída" });
    const removed = await host.client.post("/api/propriedades", { intent: "delete", id: deleted.id });
    expect(removed.status).toBe(200);
    hiddenSlugs.push(deleted.slug);
  });

  it("robots.txt lets crawlers in and names the sitemap index at BASE_URL", async () => {
    const res = await anonymous().get("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    expect(text).toContain("User-agent: *");
    expect(text).not.toMatch(/Disallow: \//);
    expect(text).toContain(`Sitemap: ${t.app.url}/sitemap.xml`);
  });

  it("lists every public listing once, split into files of the set size, and no hidden, pending, rejected, reported or deleted one", async () => {
    const { files, sizes, locs } = await readSitemap(t.app);
    const listingLocs = locs.filter((loc) => loc.includes("/accommodation/"));
    expect(listingLocs.toSorted()).toEqual(publicSlugs.map((slug) => `${t.app.url}/accommodation/${slug}`).toSorted());
    const listingFiles = files.filter((f) => f.includes("/sitemaps/anuncios.xml"));
    expect(listingFiles).toHaveLength(3);
    for (const file of listingFiles) expect(sizes[file]).toBeLessThanOrEqual(3);
    for (const slug of hiddenSlugs) expect(locs.join("\n")).not.toContain(slug);
  });

  it("lists the site's pages, the categories with public listings and the hosts with public listings", async () => {
    const { locs } = await readSitemap(t.app);
    for (const page of ["/", "/como-funciona", "/central-ajuda", "/planos", "/anuncie-conosco", "/termos-uso", "/privacidade", "/politica-cancelamento"]) {
      expect(locs).toContain(`${t.app.url}${page}`);
    }
    expect(locs).toContain(`${t.app.url}/category/cabanas`);
    expect(locs).toContain(`${t.app.url}/category/glamping`);
    expect(locs).not.toContain(`${t.app.url}/category/moinhos`);
    expect(locs).toContain(`${t.app.url}/anfitriao/${host.id}`);
    expect(locs.join("\n")).not.toContain(quietHostId);
    // Every address listed is a page that answers, and none says noindex.
    for (const loc of locs) {
      const res = await anonymous().get(loc);
      expect(res.status, loc).toBe(200);
      expect(res.headers.get("x-robots-tag"), loc).toBeNull();
    }
  });

  it("lists the destinations with public listings: states and cities in one file, their type pages split like the listings", async () => {
    const db = t.app.database.db;
    for (const location of ["Gramado - RS", "Canela - RS", "Campos do Jordão - SP"]) {
      for (const propertyType of ["Chalé", "Cabana"] as const) await insertProperty(db, host.id, { title: `${propertyType} em ${location}`, propertyType, location });
    }
    await insertProperty(db, quietHostId, { title: "Chalé em análise", propertyType: "Chalé", location: "Ubatuba - SP", status: "pending" });
    const { sizes, locs } = await readSitemap(t.app);
    const destinations = locs.map((loc) => new URL(loc).pathname).filter((path) => path.startsWith("/destinos/"));
    const expected = ["/destinos/rs", "/destinos/sp", "/destinos/rs/gramado", "/destinos/rs/canela", "/destinos/sp/campos-do-jordao"];
    for (const city of ["/destinos/rs/gramado", "/destinos/rs/canela", "/destinos/sp/campos-do-jordao"]) expected.push(`${city}/chales`, `${city}/cabanas`);
    for (const path of expected) expect(destinations.filter((listed) => listed === path), path).toHaveLength(1);
    expect(destinations.join("\n")).not.toContain("ubatuba");
    const typeFiles = Object.entries(sizes).filter(([file]) => file.includes("/sitemaps/destinos-tipos.xml"));
    expect(typeFiles.length).toBeGreaterThan(1);
    for (const [file, size] of typeFiles) expect(size, file).toBeLessThanOrEqual(3);
    for (const path of destinations) expect((await anonymous().get(path)).status, path).toBe(200);
  });

  it("gives each listing its real last change, which moves when the host changes it", async () => {
    const [first] = publicSlugs;
    const loc = `${t.app.url}/accommodation/${first}`;
    const before = (await readSitemap(t.app)).entries.find((e) => e.loc === loc)!;
    const [row] = await t.app.database.db.select().from(properties).where(eq(properties.slug, first!));
    expect(new Date(before.lastmod!).getTime()).toBe(row!.updatedAt.getTime());

    const paused = await host.client.post("/api/propriedades", { intent: "toggle", id: row!.id, active: "false" });
    expect(paused.status).toBe(200);
    expect((await readSitemap(t.app)).locs).not.toContain(loc);
    await host.client.post("/api/propriedades", { intent: "toggle", id: row!.id, active: "true" });
    const after = (await readSitemap(t.app)).entries.find((e) => e.loc === loc)!;
    expect(new Date(after.lastmod!).getTime()).toBeGreaterThan(new Date(before.lastmod!).getTime());
  });

  it("moves a listing's last change when a review is published on it (its page shows it)", async () => {
    const db = t.app.database.db;
    const listing = await insertProperty(db, host.id, { title: "Cabana avaliada" });
    const lastmod = async () => (await readSitemap(t.app)).entries.find((e) => e.loc === `${t.app.url}/accommodation/${listing.slug}`)!.lastmod!;
    const before = await lastmod();
    const guest = await insertHost(db, { userType: "guest" });
    const today = nightOf(new Date());
    const [contact] = await db.insert(contacts).values({ guestId: guest.id, hostId: host.id, propertyId: listing.id }).returning({ id: contacts.id });
    const [stay] = await db
      .insert(stays)
      .values({ guestId: guest.id, hostId: host.id, contactId: contact!.id, propertyId: listing.id, checkIn: addNights(today, -5), checkOut: addNights(today, -2), statedBy: "host", hostConfirmedAt: new Date(), guestConfirmedAt: new Date() })
      .returning({ id: stays.id });
    const review = { rating: 5, cleanliness: 5, location: 5, communication: 5, value: 5, accuracy: 5, text: "Cabana linda, muito limpa e o anfitrião respondeu tudo rápido." };
    const submitted = await submitReview(db, guest.id, stay!.id, review, new Date());
    expect(submitted).toMatchObject({ ok: true, value: { held: false } });
    expect(new Date(await lastmod()).getTime()).toBeGreaterThan(new Date(before).getTime());
  });

  it("refuses sitemap files that cannot exist", async () => {
    for (const path of ["/sitemaps/outros.xml", "/sitemaps/anuncios.xml?de=x", "/sitemaps/paginas.xml?de=a", "/sitemaps/anuncios.xml?pagina=2"]) {
      expect((await anonymous().get(path)).status, path).toBe(404);
    }
  });

  it("says noindex on personal answers only: signed-in pages, not the public pages a visitor sees", async () => {
    expect((await anonymous().get("/")).headers.get("x-robots-tag")).toBeNull();
    expect((await host.client.get("/perfil")).headers.get("x-robots-tag")).toBe("noindex");
    expect((await host.client.get("/minhas-propriedades")).headers.get("x-robots-tag")).toBe("noindex");
    expect((await anonymous().get("/pagina-que-nao-existe")).headers.get("x-robots-tag")).toBe("noindex");
  });
});

describe(`search engines with indexing off (${engine})`, () => {
  const t = useTestApp({ SEARCH_ENGINE_INDEXING: "off" });

  it("robots.txt disallows everything, every answer says noindex, and there is no sitemap", async () => {
    const client = new Client(t.app.url);
    const robots = await client.get("/robots.txt");
    expect(await robots.text()).toBe("User-agent: *\nDisallow: /\n");
    for (const path of ["/", "/como-funciona", "/category/cabanas", "/robots.txt"]) {
      expect((await client.get(path)).headers.get("x-robots-tag"), path).toBe("noindex");
    }
    expect((await client.get("/sitemap.xml")).status).toBe(404);
    expect((await client.get("/sitemaps/paginas.xml")).status).toBe(404);
  });
});
