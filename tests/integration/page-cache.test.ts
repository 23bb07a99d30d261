import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { formatBRL } from "../../common/format";
import { SHARED_PAGE_POLICY } from "../../server/http/cache-policy";
import { properties, propertyImages, users } from "../../server/db/schema";
import { signedInAs } from "../support/accounts";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertHost, insertProperty } from "../support/factories";
import { Client } from "../support/http";
import { formBody, LISTING_FORM, ownListingIds, postForm } from "../support/listings";
import { uploadPhoto } from "../support/uploads";

const pressedHearts = (html: string) => [...html.matchAll(/aria-pressed="true" aria-label="Favoritar ([^"]+)"/g)].map((m) => m[1]);

describe(`pages kept for anonymous visitors (${engine})`, () => {
  const t = useTestApp();
  const db = () => t.app.database.db;
  let visitor: Client;

  /** A visitor's view of a page, twice: the second answer must come from the cache and be the same page. */
  async function cachedTwice(path: string) {
    const first = await (await visitor.get(path)).text();
    const second = await visitor.get(path);
    expect(second.headers.get("x-page-cache"), path).toBe("hit");
    const html = await second.text();
    expect(html).toBe(first);
    return html;
  }

  beforeAll(() => {
    visitor = new Client(t.app.url);
  });

  it("answers a repeated anonymous page from the cache, compressed, with the shared policy; and a 304 for the page the browser has", async () => {
    await insertProperty(db(), (await insertHost(db())).id, { title: "Cabana do Cache Inicial" });
    const first = await fetch(`${t.app.url}/category/cabanas`, { headers: { "accept-encoding": "br" } });
    expect(first.headers.get("x-page-cache")).toBe("miss");
    await first.text();
    const hit = await fetch(`${t.app.url}/category/cabanas`, { headers: { "accept-encoding": "br" } });
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    expect(hit.headers.get("cache-control")).toBe(SHARED_PAGE_POLICY);
    expect(hit.headers.get("vary")).toMatch(/Cookie/);
    expect(hit.headers.get("content-encoding")).toBe("br");
    // The page's scripts carry the nonce its policy names.
    const nonce = /'nonce-([^']+)'/.exec(hit.headers.get("content-security-policy") ?? "")?.[1];
    const html = await hit.text();
    expect(html).toContain("Cabana do Cache Inicial");
    expect(html).toContain(`nonce="${nonce}"`);
    const again = await fetch(`${t.app.url}/category/cabanas`, { headers: { "if-none-match": hit.headers.get("etag")! } });
    expect(again.status).toBe(304);
    expect(again.headers.get("cache-control")).toBe(SHARED_PAGE_POLICY);
  });

  it("draws a page once when many visitors ask for it at the same moment; the others get that drawing", async () => {
    await insertProperty(db(), (await insertHost(db())).id, { title: "Chalé da Multidão", propertyType: "Chalé" });
    const answers = await Promise.all(Array.from({ length: 6 }, () => fetch(`${t.app.url}/category/chales`)));
    expect(answers.map((a) => a.headers.get("x-page-cache")).sort()).toEqual(["hit", "hit", "hit", "hit", "hit", "miss"]);
    const pages = await Promise.all(answers.map((a) => a.text()));
    for (const page of pages) expect(page).toBe(pages[0]);
    expect(pages[0]).toContain("Chalé da Multidão");
  });

  it("holds nobody up after visitors who left while waiting for a drawing; pages that are never kept are not waited for", async () => {
    // A page drawn for each visitor (a form); the address is new, so the first request draws it.
    const address = `${t.app.url}/login?redirectTo=%2Fespera`;
    const first = fetch(address).then((r) => r.text());
    const leaving = Array.from({ length: 5 }, () => {
      const visitor = new AbortController();
      setTimeout(() => visitor.abort(), 5);
      return fetch(address, { signal: visitor.signal }).then((r) => r.text()).catch(() => null);
    });
    await Promise.all([first, ...leaving]);
    for (let i = 0; i < 3; i++) {
      const next = await fetch(address, { signal: AbortSignal.timeout(2000) });
      expect(next.status).toBe(200);
      expect(next.headers.get("x-page-cache")).toBe("miss");
      await next.text();
    }
  });

  it("keeps each theme's page apart, and never serves a request carrying any other cookie from the cache", async () => {
    const dark = await fetch(`${t.app.url}/como-funciona`, { headers: { cookie: "recanto_theme=ImRhcmsi" } });
    expect(await dark.text()).toContain('data-theme="dark"');
    const light = await fetch(`${t.app.url}/como-funciona`);
    expect(await light.text()).toContain('data-theme="system"');
    expect((await fetch(`${t.app.url}/como-funciona`, { headers: { cookie: "recanto_theme=ImRhcmsi" } })).headers.get("x-page-cache")).toBe("hit");
    const other = await fetch(`${t.app.url}/como-funciona`, { headers: { cookie: "recanto_theme=ImRhcmsi; qualquer=1" } });
    expect(other.headers.get("x-page-cache")).toBe(null);
  });

  it("two signed-in guests and a visitor take turns on the same pages: hearts and header stay each one's own", async () => {
    const host = await insertHost(db());
    const rio = await insertProperty(db(), host.id, { title: "Cabana Beira Rio" });
    const mata = await insertProperty(db(), host.id, { title: "Cabana na Mata" });
    const ana = await signedInAs(t.app, "guest", { name: "Ana Hóspede" });
    const bia = await signedInAs(t.app, "guest", { name: "Bia Viajante" });
    expect((await ana.client.post("/api/favoritos", { propertyId: rio.id, favorite: "true" })).status).toBe(200);
    expect((await bia.client.post("/api/favoritos", { propertyId: mata.id, favorite: "true" })).status).toBe(200);

    // A search's own address: what the box understood, in filters.
    const search = (await visitor.get("/?search=cabana+beira+rio")).headers.get("location")!;
    expect(search).toMatch(/^\/\?/);
    for (const path of ["/category/cabanas", "/", `/accommodation/${rio.slug}`, search]) {
      for (let round = 0; round < 2; round++) {
        const seen = {
          visitor: await visitor.get(path),
          ana: await ana.client.get(path),
          bia: await bia.client.get(path),
        };
        const html = { visitor: await seen.visitor.text(), ana: await seen.ana.text(), bia: await seen.bia.text() };
        if (round === 1) expect(seen.visitor.headers.get("x-page-cache"), path).toBe("hit");
        expect(seen.visitor.headers.get("cache-control"), path).toBe(SHARED_PAGE_POLICY);
        for (const who of ["ana", "bia"] as const) {
          expect(seen[who].headers.get("x-page-cache"), `${who} ${path}`).toBe(null);
          expect(seen[who].headers.get("cache-control"), `${who} ${path}`).toBe("private, no-store");
        }
        expect(html.ana).toContain("Menu da conta de Ana Hóspede");
        expect(html.ana).not.toContain("Bia Viajante");
        expect(html.bia).toContain("Menu da conta de Bia Viajante");
        expect(html.bia).not.toContain("Ana Hóspede");
        expect(html.visitor).not.toMatch(/Ana Hóspede|Bia Viajante|Menu da conta de/);
        expect(html.visitor).toContain('aria-label="Menu da conta"');
        // Every heart on the page is drawn from the viewer's own favourites.
        expect(pressedHearts(html.ana).every((title) => title === "Cabana Beira Rio"), path).toBe(true);
        expect(pressedHearts(html.bia).every((title) => title === "Cabana na Mata"), path).toBe(true);
        expect(pressedHearts(html.visitor), path).toEqual([]);
      }
    }
    expect(pressedHearts(await (await ana.client.get("/category/cabanas")).text())).toContain("Cabana Beira Rio");
    expect(pressedHearts(await (await bia.client.get("/category/cabanas")).text())).toContain("Cabana na Mata");
  });

  it("shows a listing's approval, price edit and hiding from the very next request, though the pages (and, signed in, the searches) were kept", async () => {
    const host = await signedInAs(t.app, "premium-host", { name: "Heitor Anfitrião" });
    const guest = await signedInAs(t.app, "guest");
    /** A signed-in view, drawn for its viewer from kept catalogue reads: twice, the same list. */
    const signedInTwice = async (path: string) => {
      const first = await (await guest.client.get(path)).text();
      const second = await guest.client.get(path);
      expect(second.headers.get("x-page-cache"), path).toBeNull();
      const html = await second.text();
      expect(pressedHearts(html)).toEqual(pressedHearts(first));
      return html;
    };
    const admin = await signedInAs(t.app, "operator");
    const photo = await uploadPhoto(host.client, t.app.url);
    const title = "Chalé do Cache Vivo";
    const form = { ...LISTING_FORM, title };
    expect((await postForm(host.client, t.app.url, "/adicionar-propriedade", formBody(form, { imageIds: [photo.id] }))).status).toBe(302);
    const [id] = await ownListingIds(host.client);
    const [row] = await db().select({ slug: properties.slug }).from(properties).where(eq(properties.id, id!));
    const listingPath = `/accommodation/${row!.slug}`;

    // Pending: not on the kept category page.
    expect(await cachedTwice("/category/chales")).not.toContain(title);
    expect(await signedInTwice("/category/chales")).not.toContain(title);
    expect(await signedInTwice("/")).not.toContain(title);
    expect((await admin.client.post(`/moderacao/${id}`, { intent: "approve" })).status).toBe(302);
    const approved = await visitor.get("/category/chales");
    expect(approved.headers.get("x-page-cache")).toBe("miss");
    expect(await approved.text()).toContain(title);
    expect(await (await guest.client.get("/category/chales")).text()).toContain(title);
    expect(await (await guest.client.get("/")).text()).toContain(title);

    expect(await cachedTwice(listingPath)).toContain(formatBRL(42000));
    const [image] = await db().select({ id: propertyImages.id }).from(propertyImages).where(eq(propertyImages.propertyId, id!));
    expect((await postForm(host.client, t.app.url, `/editar-propriedade/${id}`, formBody({ ...form, price: "455,00" }, { imageIds: [image!.id] }))).status).toBe(302);
    const [{ status }] = await db().select({ status: properties.status }).from(properties).where(eq(properties.id, id!)) as [{ status: string }];
    expect(status).toBe("approved");
    const edited = await (await visitor.get(listingPath)).text();
    expect(edited).toContain(formatBRL(45500));
    expect(edited).not.toContain(formatBRL(42000));

    expect(await cachedTwice("/category/chales")).toContain(title);
    expect(await cachedTwice(listingPath)).toContain(formatBRL(45500));
    expect(await signedInTwice("/category/chales")).toContain(formatBRL(45500));
    const hide = await host.client.post("/api/propriedades", { intent: "toggle", id: id!, active: "false" });
    expect(hide.status).toBe(200);
    expect((await visitor.get(listingPath)).status).toBe(404);
    expect(await (await visitor.get("/category/chales")).text()).not.toContain(title);
    expect(await (await guest.client.get("/category/chales")).text()).not.toContain(title);
    expect(await (await guest.client.get("/")).text()).not.toContain(title);
  });

  it("shows a host's new first name on their listing from the next request", async () => {
    const host = await insertHost(db(), { name: "Otávio Antigo" });
    const listing = await insertProperty(db(), host.id, { title: "Cabana do Nome Novo" });
    expect(await cachedTwice(`/accommodation/${listing.slug}`)).toContain("Otávio");
    await db().update(users).set({ name: "Raul Novo" }).where(eq(users.id, host.id));
    const page = await (await visitor.get(`/accommodation/${listing.slug}`)).text();
    expect(page).toContain("Raul");
    expect(page).not.toContain("Otávio");
  });
});
