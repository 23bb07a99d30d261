import { beforeAll, describe, expect, it } from "vitest";
import { FOOTER_CATEGORIES } from "../../common/catalog";
import { startTestApp, useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertHost, insertProperty } from "../support/factories";

const HOUR = 3_600_000;
const at = (h: number) => new Date(Date.UTC(2026, 0, 1) + h * HOUR);
const cards = (html: string) => html.match(/href="\/accommodation\/[^"]+"/g)?.length ?? 0;

describe(`home and category pages (${engine})`, () => {
  const t = useTestApp();
  const get = (path: string) => fetch(`${t.app.url}${path}`);

  beforeAll(async () => {
    const db = t.app.database.db;
    const host = await insertHost(db);
    for (let i = 0; i < 13; i++) {
      await insertProperty(db, host.id, { title: `Cabana número ${i + 1}`, location: "Urubici - SC", priceCents: (100 + i * 10) * 100, createdAt: at(i) });
    }
    const description = "Um lugar tranquilo para descansar.";
    await insertProperty(db, host.id, { description, title: "Chalé da serra gaúcha", propertyType: "Chalé", location: "Gramado - RS", maxGuests: 6, createdAt: at(20) });
    await insertProperty(db, host.id, { description, title: "Casa pé na areia", propertyType: "Casa na Praia", location: "Ubatuba - SP", createdAt: at(21) });
    await insertProperty(db, host.id, { description, title: "Fazenda histórica", propertyType: "Fazenda", location: "Poconé - MT", createdAt: at(22) });
    // A floating house on a river is not by the sea; a boat moored at a beach is.
    await insertProperty(db, host.id, { description, title: "Casa flutuante no rio", propertyType: "Casas Barco", location: "Corumbá - MS", amenities: ["Acesso ao lago"], createdAt: at(24) });
    await insertProperty(db, host.id, { description, title: "Veleiro na enseada", propertyType: "Barco", location: "Ilhabela - SP", amenities: ["Acesso à praia"], createdAt: at(25) });
    await insertProperty(db, host.id, { description, title: "Chalé escondido", propertyType: "Chalé", status: "pending", createdAt: at(23) });
  });

  it("shows the hero with category carousels of public properties, at most 8 each", async () => {
    const res = await get("/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Encontre seu refúgio na natureza");
    const cabanas = html.slice(html.indexOf('id="carrossel-cabanas"'), html.indexOf('id="carrossel-chales"'));
    expect(html).toContain("Chalé da serra gaúcha");
    expect(html).not.toContain("Chalé escondido");
    expect(html).toContain("Ver todos");
    // Streamed sections: the cabanas carousel holds its 8 newest of 13.
    expect(html).toContain("Cabana número 13");
    expect(html).not.toContain("Cabana número 5<");
    expect(cabanas).toContain("Cabanas");
  });

  it("fetches one cover at once and first (the largest paint on a phone); every other cover waits until it is near the screen", async () => {
    for (const path of ["/", "/?search=cabana", "/category/cabanas"]) {
      const images = (await (await get(path)).text()).match(/<img [^>]*>/g) ?? [];
      expect(images.length, path).toBeGreaterThan(1);
      const first = images.filter((img) => img.includes('fetchPriority="high"') || img.includes('fetchpriority="high"'));
      expect(first, path).toHaveLength(1);
      expect(first[0], path).toContain('loading="eager"');
      expect(images.filter((img) => img.includes('loading="lazy"')), path).toHaveLength(images.length - 1);
    }
  });

  it("lists results with count, 9 per page and 'Página X de Y'", async () => {
    const first = await (await get("/?search=cabana")).text();
    expect(first).toContain("13 propriedades encontradas");
    expect(cards(first)).toBe(9);
    expect(first).not.toContain("Página 1 de 2");
    const second = await (await get("/?search=cabana&page=2")).text();
    expect(second).toContain("Página 2 de 2");
    expect(cards(second)).toBe(4);
    const one = await (await get("/?location=Gramado%20-%20RS")).text();
    expect(one).toContain("1 propriedade encontrada");
    expect(one).toContain("Chalé da serra gaúcha");
    const guests = await (await get("/?minGuests=5")).text();
    expect(guests).toContain("Chalé da serra gaúcha");
    expect(guests).toContain("1 propriedade encontrada");
  });

  it("says so when nothing matches", async () => {
    const html = await (await get("/?search=inexistente")).text();
    expect(html).toContain("Nenhuma propriedade encontrada com os filtros selecionados.");
  });

  it("cleans absurd or default query strings with one redirect, and never fails", async () => {
    const absurd = `/?minPrice=-50&maxPrice=abc&page=999999&minGuests=0&propertyType=Disco%20Voador&amenities=Heliponto&sort=popular&search=${"x".repeat(5000)}`;
    const res = await fetch(`${t.app.url}${absurd}`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/?search=${"x".repeat(100)}&page=999999`);
    const followed = await get(absurd);
    expect(followed.status).toBe(200);
    expect(await followed.text()).toContain("Nenhuma propriedade encontrada com os filtros selecionados.");
    for (const path of ["/?search=%27%3B%20DROP%20TABLE%20properties%3B%20--", "/?location=%25%25%25", "/?search=cabana&page=999999", "/?search=&location=&minGuests="]) {
      const r = await get(path);
      expect(r.status, path).toBe(200);
    }
    const lastPage = await (await get("/?search=cabana&page=999999")).text();
    expect(lastPage).toContain("Página 2 de 2");
  });

  it("category page: name, tagline, count, 12 per page with page links, filters in the URL", async () => {
    const res = await get("/category/cabanas");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Cabanas: No coração da floresta | Recanto</title>");
    expect(html).toContain("13 propriedades encontradas");
    expect(html).toContain('placeholder="Buscar propriedades..."');
    expect(cards(html)).toBe(12);
    expect(html).toContain('href="/category/cabanas?page=2"');
    expect(cards(await (await get("/category/cabanas?page=2")).text())).toBe(1);
    const cheap = await (await get("/category/cabanas?maxPrice=150&sort=price-high")).text();
    expect(cheap).toContain("6 propriedades encontradas");
    expect(cheap.indexOf("Cabana número 6")).toBeLessThan(cheap.indexOf("Cabana número 1<"));
  });

  it("category page accepts the stored type name and redirects it to the slug, and is singular for one", async () => {
    for (const [name, slug] of [["Chalé", "chales"], ["Trailer / Motorhome", "trailers-motorhomes"], ["CABANA", "cabanas"]]) {
      const res = await fetch(`${t.app.url}/category/${encodeURIComponent(name!)}?page=2`, { redirect: "manual" });
      expect(res.status, name).toBe(302);
      expect(res.headers.get("location"), name).toBe(`/category/${slug}?page=2`);
    }
    // An equivalent encoding of the canonical query is not redirected again.
    expect((await fetch(`${t.app.url}/category/cabanas?search=vista%20serena`, { redirect: "manual" })).status).toBe(200);
    const byName = await (await get(`/category/${encodeURIComponent("Chalé")}`)).text();
    expect(byName).toContain("1 propriedade encontrada");
    expect(byName).toContain("Chalé da serra gaúcha");
    expect(await (await get("/category/Microcasa")).text()).toContain("0 propriedades encontradas");
  });

  it("category page empty state and unknown category (404)", async () => {
    const empty = await (await get("/category/cabanas?search=inexistente")).text();
    expect(empty).toContain("Tente ajustar os filtros ou buscar por outras categorias.");
    const res = await get("/category/disco-voador");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Categoria não encontrada");
    expect(html).toContain("A categoria que você está procurando não existe.");
  });

  it("category page drops bad filter values with one redirect", async () => {
    const res = await fetch(`${t.app.url}/category/cabanas?minPrice=-1&maxPrice=1000&guests=99&page=0&sort=x&search=`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/category/cabanas");
  });

  it("cleans nonsense places, areas, radii and thousands of amenities with one redirect, never a 500", async () => {
    // 1,500 names (9 KB): a URL far longer is refused by the HTTP server itself (431).
    const amenities = Array.from({ length: 1500 }, (_, i) => (i % 2 ? "TV" : `x${i % 9}`)).join(",");
    const cases: [string, string][] = [
      [`/?near=91,200&radius=9999&amenities=${amenities}`, "/?amenities=TV"],
      ["/?area=-40,-15,-50,-25&state=Minas", "/"],
      ["/?area=-180,-90,180,90", "/?area=-74.2%2C-34%2C-28.6%2C5.4"],
      ["/?location=Paraty%20-%20RJ&radius=0&sort=distance", "/?location=Paraty+-+RJ"],
      ["/?near=-22.9123,-43.1789&radius=25&sort=newest", "/?near=-22.91%2C-43.18&raio=25&sort=newest"],
      ["/category/chales?features=petsAllowed,heliponto&road=lama,terra&signal=oi&power=solar,solar", "/category/chales?features=petsAllowed&road=terra&power=solar"],
    ];
    for (const [path, location] of cases) {
      const res = await fetch(`${t.app.url}${path}`, { redirect: "manual" });
      expect(res.status, path.slice(0, 120)).toBe(302);
      expect(res.headers.get("location"), path.slice(0, 120)).toBe(location);
      expect((await get(location)).status, location).toBe(200);
    }
  });

  it("'Pé na areia' means by the sea: beach houses and stays with beach access, not every boat", async () => {
    const html = await (await get("/category/pe-na-areia")).text();
    expect(html).toContain("Casa pé na areia");
    expect(html).toContain("Veleiro na enseada");
    expect(html).not.toContain("Casa flutuante no rio");
  });

  it("every public page has a title and a description of its own for search engines and link previews", async () => {
    const pages = ["/", "/category/chales", "/login", "/cadastro", "/esqueci-senha", "/planos", "/como-funciona", "/central-ajuda", "/anuncie-conosco", "/termos-uso", "/privacidade", "/politica-cancelamento"];
    const descriptions = new Set<string>();
    for (const page of pages) {
      const html = await (await fetch(t.app.url + page)).text();
      expect(/<title>[^<]+ \| Recanto<\/title>|<title>Recanto \| [^<]+<\/title>/.test(html), page).toBe(true);
      const description = /<meta name="description" content="([^"]{40,})"/.exec(html)?.[1];
      expect(description, page).toBeDefined();
      descriptions.add(description!);
    }
    // Pages of their own kind say something of their own (home and a category may share the catalogue's line).
    expect(descriptions.size).toBeGreaterThanOrEqual(pages.length - 2);
  });

  it("every footer collection lists its properties", async () => {
    const expected: Record<string, string> = { glamping: "Cabana número 13", "pe-na-areia": "Casa pé na areia", "lugares-historicos": "Fazenda histórica", chales: "Chalé da serra gaúcha" };
    for (const category of FOOTER_CATEGORIES) {
      const res = await get(`/category/${category.slug}`);
      expect(res.status, category.slug).toBe(200);
      const html = await res.text();
      if (expected[category.slug]) expect(html, category.slug).toContain(expected[category.slug]);
    }
  });
});

describe(`catalogue pages when the database fails (${engine})`, () => {
  it("shows the spec's error states instead of crashing; a page kept before the outage is served as it was", async () => {
    const app = await startTestApp();
    try {
      const kept = await (await fetch(`${app.url}/category/chales`)).text();
      await app.database.close();
      const stale = await fetch(`${app.url}/category/chales`);
      expect(stale.status).toBe(200);
      expect(stale.headers.get("x-page-cache")).toBe("stale");
      expect(stale.headers.get("cache-control")).toBe("no-store");
      expect(await stale.text()).toBe(kept);
      const home = await fetch(app.url);
      expect(home.status).toBe(200);
      const homeHtml = await home.text();
      expect(homeHtml).toContain("Erro ao carregar");
      expect(homeHtml).toContain("Não foi possível carregar as propriedades. Tente recarregar a página.");
      expect(await (await fetch(`${app.url}/?search=cabana`)).text()).toContain("Erro ao carregar as propriedades. Tente novamente mais tarde.");
      const category = await (await fetch(`${app.url}/category/cabanas`)).text();
      expect(category).toContain("Erro ao carregar propriedades");
      expect(category).toContain("Tente recarregar a página ou ajustar os filtros.");
    } finally {
      await app.close().catch(() => {});
    }
  });
});
