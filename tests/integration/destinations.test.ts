import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { PropertyType } from "../../common/catalog";
import { destinationPath, distanceKm } from "../../common/places";
import { municipalityByLabel } from "../../server/cities/places";
import { properties } from "../../server/db/schema";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertHost, insertProperty } from "../support/factories";
import { readSitemap } from "../support/sitemap";

const cards = (html: string) => new Set(html.match(/href="\/accommodation\/[^"?]+/g)).size;
/** The hrefs of a section's links, in order ("proximos", "cidades", "sugestoes", "tipos"). */
const sectionLinks = (html: string, id: string) => {
  const start = html.indexOf(`id="${id}"`);
  if (start < 0) return [];
  const section = html.slice(start, html.indexOf("</section>", start));
  return [...section.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
};
/** Text as the page shows it: tags and comment markers out. */
const text = (html: string) => html.replace(/<!--.*?-->/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe(`destination pages (${engine})`, () => {
  const t = useTestApp({ SEARCH_ENGINE_INDEXING: "on" });
  const get = (path: string) => fetch(`${t.app.url}${path}`, { redirect: "manual" });
  /** The destination pages the sitemap lists, as a crawler reads it. */
  const listedDestinations = async () => (await readSitemap(t.app)).locs.map((loc) => new URL(loc).pathname).filter((path) => path.startsWith("/destinos/"));

  beforeAll(async () => {
    const db = t.app.database.db;
    const host = await insertHost(db);
    const listing = (title: string, propertyType: PropertyType, location: string, reais: number, extra: object = {}) =>
      insertProperty(db, host.id, { title, propertyType, location, priceCents: reais * 100, ...extra });
    await listing("Chalé da Mantiqueira", "Chalé", "Campos do Jordão - SP", 250);
    await listing("Chalé do Capivari", "Chalé", "Campos do Jordão - SP", 890);
    await listing("Cabana do Pico", "Cabana", "Campos do Jordão - SP", 300);
    // Never counted: awaiting approval, hidden by its host, rejected.
    await listing("Chalé em análise", "Chalé", "Campos do Jordão - SP", 50, { status: "pending" });
    await listing("Chalé pausado", "Chalé", "Campos do Jordão - SP", 5000, { isActive: false });
    await listing("Chalé recusado", "Chalé", "Campos do Jordão - SP", 40, { status: "rejected" });
    await listing("Chalé do Pinhal", "Chalé", "Santo Antônio do Pinhal - SP", 400);
    await listing("Pousada da Pedra do Baú", "Pousada", "São Bento do Sapucaí - SP", 350);
    await listing("Casa da praia", "Casa na Praia", "Ubatuba - SP", 600);
    await listing("Chalé da serra gaúcha", "Chalé", "Gramado - RS", 700);
  });

  it("a city's page: its numbers, types and price range from its public listings, its listings, the nearest destinations first", async () => {
    const res = await get("/destinos/sp/campos-do-jordao");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("s-maxage");
    const html = await res.text();
    expect(html).toContain("<title>Hospedagens em Campos do Jordão - SP | Recanto</title>");
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/destinos\/sp\/campos-do-jordao"/);
    // Its link preview, read without JavaScript: the heading, the introduction, the address.
    expect(html).toContain('<meta property="og:title" content="Hospedagens em Campos do Jordão - SP"/>');
    expect(html).toContain(`<meta property="og:url" content="${t.app.url}/destinos/sp/campos-do-jordao"/>`);
    expect(html).toMatch(/<meta property="og:description" content="Campos do Jordão - SP tem 3 hospedagens no Recanto/);
    const shown = text(html);
    expect(shown).toContain("Campos do Jordão - SP tem 3 hospedagens no Recanto: 2 chalés e 1 cabana, de R$ 250,00 a R$ 890,00 por noite.");
    expect(shown).toContain("Os destinos mais próximos com hospedagens são Santo Antônio do Pinhal - SP (a 14 km), São Bento do Sapucaí - SP (a 16 km) e Ubatuba - SP (a ");
    expect(text(html.match(/<meta name="description" content="([^"]+)"/)![1]!)).toBe("Campos do Jordão - SP tem 3 hospedagens no Recanto: 2 chalés e 1 cabana, de R$ 250,00 a R$ 890,00 por noite.");
    expect(cards(html)).toBe(3);
    expect(html).not.toContain("Chalé em análise");
    expect(html).not.toContain("Chalé pausado");
    expect(html).not.toContain("Chalé recusado");
    expect(sectionLinks(html, "tipos")).toEqual(["/destinos/sp/campos-do-jordao/chales", "/destinos/sp/campos-do-jordao/cabanas"]);
    expect(sectionLinks(html, "proximos")).toEqual(["/destinos/sp/santo-antonio-do-pinhal", "/destinos/sp/sao-bento-do-sapucai", "/destinos/sp/ubatuba", "/destinos/rs/gramado"]);
    // The state is linked from the trail, which the page's structured data repeats.
    expect(html).toContain('href="/destinos/sp"');
    const trail = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!) as { itemListElement: { name: string; item: string }[] };
    expect(trail.itemListElement.map((step) => [step.name, new URL(step.item).pathname])).toEqual([
      ["Início", "/"],
      ["São Paulo", "/destinos/sp"],
      ["Hospedagens em Campos do Jordão - SP", "/destinos/sp/campos-do-jordao"],
    ]);
  });

  it("a city's type: 'Chalés em Campos do Jordão - SP', its chalés, and the nearest places with chalés", async () => {
    const html = await (await get("/destinos/sp/campos-do-jordao/chales")).text();
    expect(html).toContain("<title>Chalés em Campos do Jordão - SP | Recanto</title>");
    const shown = text(html);
    expect(shown).toContain("Campos do Jordão - SP tem 2 chalés no Recanto, de R$ 250,00 a R$ 890,00 por noite.");
    expect(shown).toContain("Os destinos mais próximos com chalés são Santo Antônio do Pinhal - SP (a 14 km) e Gramado - RS (a ");
    expect(cards(html)).toBe(2);
    expect(html).not.toContain("Cabana do Pico");
    expect(sectionLinks(html, "proximos")).toEqual(["/destinos/sp/santo-antonio-do-pinhal/chales", "/destinos/rs/gramado/chales"]);
    expect(sectionLinks(html, "tipos")).toEqual(["/destinos/sp/campos-do-jordao/cabanas"]);
    expect(html).toContain('href="/destinos/sp/campos-do-jordao"');
    // The type shows as a filter whose removal leads to the city's page.
    expect(html).toMatch(/<a [^>]*href="\/destinos\/sp\/campos-do-jordao"[^>]*aria-label="Remover filtro: Chalé"|<a [^>]*aria-label="Remover filtro: Chalé"[^>]*href="\/destinos\/sp\/campos-do-jordao"/);
    const one = text(await (await get("/destinos/sp/santo-antonio-do-pinhal/chales")).text());
    expect(one).toContain("Santo Antônio do Pinhal - SP tem 1 chalé no Recanto, a R$ 400,00 por noite.");
  });

  it("a state's page: its cities with listings, most first, with their counts", async () => {
    const html = await (await get("/destinos/sp")).text();
    expect(html).toContain("<title>Hospedagens em São Paulo (SP) | Recanto</title>");
    const shown = text(html);
    expect(shown).toContain("O Recanto tem 6 hospedagens em São Paulo, em 4 cidades: 3 chalés, 1 cabana, 1 casa na praia e 1 pousada, de R$ 250,00 a R$ 890,00 por noite.");
    expect(sectionLinks(html, "cidades")).toEqual(["/destinos/sp/campos-do-jordao", "/destinos/sp/santo-antonio-do-pinhal", "/destinos/sp/sao-bento-do-sapucai", "/destinos/sp/ubatuba"]);
    expect(shown).toContain("Campos do Jordão - SP 3 hospedagens");
    expect(cards(html)).toBe(6);
    expect(html).not.toContain("Chalé da serra gaúcha");
  });

  it("a place without public listings, or an unknown one, is a 404 with the site's texts and the nearest real destinations", async () => {
    // A municipality without listings: nearest by distance.
    const campinas = await get("/destinos/sp/campinas");
    expect(campinas.status).toBe(404);
    const html = await campinas.text();
    expect(html).toContain("Oops! Page not found");
    const from = municipalityByLabel("Campinas - SP")!;
    const byDistance = ["Campos do Jordão - SP", "Santo Antônio do Pinhal - SP", "São Bento do Sapucaí - SP", "Ubatuba - SP", "Gramado - RS"]
      .map((label) => municipalityByLabel(label)!)
      .sort((a, b) => distanceKm(from, a) - distanceKm(from, b))
      .map(destinationPath);
    expect(sectionLinks(html, "sugestoes")).toEqual(byDistance);
    // A misspelt city: the state's destinations nearest by name.
    const misspelt = await get("/destinos/sp/campos-do-jordam");
    expect(misspelt.status).toBe(404);
    expect(sectionLinks(await misspelt.text(), "sugestoes")[0]).toBe("/destinos/sp/campos-do-jordao");
    // An unknown state, a state without listings, a type the city lacks, an unknown type.
    for (const path of ["/destinos/xx", "/destinos/am", "/destinos/sp/campos-do-jordao/moinhos", "/destinos/sp/campos-do-jordao/discos-voadores"]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      const body = await res.text();
      expect(body, path).toContain("Oops! Page not found");
      if (path.startsWith("/destinos/sp/campos-do-jordao/")) expect(sectionLinks(body, "sugestoes")[0], path).toBe("/destinos/sp/campos-do-jordao");
      else expect(sectionLinks(body, "sugestoes").length, path).toBeGreaterThan(0);
    }
    // No page links to a place without listings.
    for (const path of ["/destinos/sp", "/destinos/sp/campos-do-jordao", "/destinos/sp/campos-do-jordao/chales"]) {
      const links = (await (await get(path)).text()).match(/href="\/destinos\/[^"]+"/g) ?? [];
      expect(links.some((l) => l.includes("campinas") || l.includes("moinhos") || l.includes("/am\"")), path).toBe(false);
    }
  });

  it("capitals and accents in the address lead to the one address", async () => {
    const res = await get("/destinos/SP/Campos-do-Jordao/Chales");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/destinos/sp/campos-do-jordao/chales");
    const extra = await get("/destinos/sp/campos-do-jordao?utm=x&sort=newest");
    expect(extra.status).toBe(302);
    expect(extra.headers.get("location")).toBe("/destinos/sp/campos-do-jordao");
  });

  it("a listing's place links to its city's page", async () => {
    const html = await (await get("/destinos/sp/ubatuba")).text();
    const listing = html.match(/href="(\/accommodation\/[^"?]+)/)![1]!;
    expect(await (await get(listing)).text()).toContain('href="/destinos/sp/ubatuba"');
  });

  it("follows its listings: one hidden, approved or repriced moves the numbers and the price range, and the sitemap's list", async () => {
    const db = t.app.database.db;
    const before = (await listedDestinations()).sort();
    expect(before).toEqual(
      [
        "/destinos/rs",
        "/destinos/rs/gramado",
        "/destinos/rs/gramado/chales",
        "/destinos/sp",
        "/destinos/sp/campos-do-jordao",
        "/destinos/sp/campos-do-jordao/cabanas",
        "/destinos/sp/campos-do-jordao/chales",
        "/destinos/sp/santo-antonio-do-pinhal",
        "/destinos/sp/santo-antonio-do-pinhal/chales",
        "/destinos/sp/sao-bento-do-sapucai",
        "/destinos/sp/sao-bento-do-sapucai/pousadas",
        "/destinos/sp/ubatuba",
        "/destinos/sp/ubatuba/casas-na-praia",
      ].sort(),
    );
    // The cheapest chalé hidden: the range starts at the next one.
    await db.update(properties).set({ isActive: false }).where(eq(properties.title, "Chalé da Mantiqueira"));
    expect(text(await (await get("/destinos/sp/campos-do-jordao/chales")).text())).toContain("Campos do Jordão - SP tem 1 chalé no Recanto, a R$ 890,00 por noite.");
    // The pending one approved: counted, with its price.
    await db.update(properties).set({ status: "approved" }).where(eq(properties.title, "Chalé em análise"));
    expect(text(await (await get("/destinos/sp/campos-do-jordao/chales")).text())).toContain("tem 2 chalés no Recanto, de R$ 50,00 a R$ 890,00 por noite.");
    // Repriced above the range: the range widens.
    await db.update(properties).set({ priceCents: 120000 }).where(eq(properties.title, "Chalé do Capivari"));
    expect(text(await (await get("/destinos/sp/campos-do-jordao/chales")).text())).toContain("de R$ 50,00 a R$ 1.200,00 por noite.");
    // Ubatuba's only listing hidden: its pages are gone, and so are the links and sitemap entries to them.
    await db.update(properties).set({ isActive: false }).where(eq(properties.title, "Casa da praia"));
    expect((await get("/destinos/sp/ubatuba")).status).toBe(404);
    expect((await get("/destinos/sp/ubatuba/casas-na-praia")).status).toBe(404);
    expect(await (await get("/destinos/sp")).text()).not.toContain("/destinos/sp/ubatuba");
    const after = await listedDestinations();
    expect(after.filter((p) => p.includes("ubatuba"))).toEqual([]);
  });
});
