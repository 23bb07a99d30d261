import { beforeAll, describe, expect, it } from "vitest";
import { AMENITIES } from "../../common/catalog";
import { FACET_OPTIONS, type Facets } from "../../server/properties/facets";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertHost, insertProperty } from "../support/factories";

const HOUR = 3_600_000;
const at = (h: number) => new Date(Date.UTC(2026, 0, 1) + h * HOUR);

type Group = keyof Facets["counts"];
const OPTIONS: Record<Group, readonly string[]> = FACET_OPTIONS;

/** The count a results page states ("3 propriedades encontradas", or its empty state). */
function statedCount(html: string): number {
  const match = html.match(/(\d+) propriedades? encontradas?/);
  if (match) return Number(match[1]);
  expect(html).toMatch(/Nenhuma propriedade encontrada/);
  return 0;
}

/** The params with `option` added to its group's comma list. */
function withOption(search: string, group: Group, option: string): string {
  const params = new URLSearchParams(search);
  const list = params.get(group)?.split(",") ?? [];
  if (!list.includes(option)) params.set(group, [...list, option].join(","));
  params.delete("page");
  return params.toString();
}

describe(`filter counts, GET /api/filtros (${engine})`, () => {
  const t = useTestApp();
  const get = (path: string) => fetch(`${t.app.url}${path}`);
  const facets = async (search: string, tipo: string) => {
    const res = await get(`/api/filtros?${search}${search ? "&" : ""}tipo=${encodeURIComponent(tipo)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    return (await res.json()) as Facets;
  };

  beforeAll(async () => {
    const db = t.app.database.db;
    const host = await insertHost(db);
    const add = (h: number, fields: Parameters<typeof insertProperty>[2]) => insertProperty(db, host.id, { ...fields, createdAt: at(h) });
    await add(1, { title: "Cabana do lago", propertyType: "Cabana", location: "Gramado - RS", amenities: ["Wi-Fi", "Acesso ao lago", "Lareira interna"], features: ["pets", "road:terra", "signal:vivo", "signal:claro", "internet:radio", "power:solar"] });
    await add(2, { title: "Cabana da serra", propertyType: "Cabana", location: "Canela - RS", maxGuests: 6, amenities: ["Wi-Fi", "Lareira interna"], features: ["kids", "road:asfalto", "signal:tim", "internet:fibra", "power:rede"] });
    await add(3, { title: "Cabana isolada", propertyType: "Cabana", location: "Urubici - SC", amenities: ["Fogueira"], features: ["road:4x4", "signal:none", "internet:nenhuma", "power:gerador", "power:solar"] });
    await add(4, { title: "Chalé sem informação", propertyType: "Chalé", location: "Gramado - RS", amenities: ["Wi-Fi"] });
    await add(5, { title: "Chalé acessível", propertyType: "Chalé", location: "Campos do Jordão - SP", amenities: ["Wi-Fi", "Piscina"], features: ["step-free", "kids", "road:asfalto", "signal:vivo", "internet:fibra", "power:rede"] });
    await add(6, { title: "Casa pé na areia", propertyType: "Casa na Praia", location: "Ubatuba - SP", amenities: ["Acesso à praia", "Churrasqueira"], features: ["pets", "road:terra", "signal:claro", "internet:satelite", "power:rede"] });
    await add(7, { title: "Cabana pendente", propertyType: "Cabana", location: "Gramado - RS", amenities: ["Wi-Fi"], features: ["pets"], status: "pending" });
  });

  it.each([
    ["every listing", "", ""],
    ["cabanas", "", "cabanas"],
    ["a collection (pé na areia also lists beach access)", "", "pe-na-areia"],
    ["cabanas with Wi-Fi and dirt road", "amenities=Wi-Fi&road=terra", "cabanas"],
    ["around Gramado with carriers ticked", "location=Gramado+-+RS&radius=100&signal=vivo,tim", ""],
    ["understood text (lareira, chalé)", "search=chal%C3%A9+com+lareira", ""],
    ["guests and a state", "minGuests=4&state=RS", ""],
  ])("%s: each count is what the page lists with that option ticked", async (_label, search, tipo) => {
    const { counts, total } = await facets(search, tipo);
    const page = (params: string) => (tipo ? `/category/${tipo}?${params}` : `/?${params}`);
    // The home page without filters shows no list (and no count) to compare with.
    if (tipo || search) expect(total).toBe(statedCount(await (await get(page(search))).text()));
    for (const group of Object.keys(OPTIONS) as Group[]) {
      for (const option of OPTIONS[group]) {
        const count = (counts[group] as Record<string, number>)[option];
        const html = await (await get(page(withOption(search, group, option)))).text();
        expect(count, `${group}=${option}`).toBe(statedCount(html));
      }
    }
  });

  it("counts a few options as expected by hand", async () => {
    const { counts, total } = await facets("", "cabanas");
    expect(total).toBe(3);
    expect(counts.amenities["Wi-Fi"]).toBe(2);
    expect(counts.amenities["Acesso à praia"]).toBe(0);
    expect(counts.features.petsAllowed).toBe(1);
    expect(counts.signal.none).toBe(1);
    expect(counts.power.solar).toBe(2);
    // Within a group, options add up ("any of"): ticked Vivo, Claro still counts Vivo or Claro.
    expect((await facets("signal=vivo", "")).counts.signal.claro).toBe(3);
  });

  it.each([
    ["a script", `tipo=${encodeURIComponent("<script>alert(1)</script>")}&amenities=${encodeURIComponent("<script>")}`],
    ["SQL", `search=${encodeURIComponent("' OR 1=1; DROP TABLE properties; --")}&road=${encodeURIComponent("terra'; --")}`],
    ["very long values", `search=${"a".repeat(4000)}&amenities=${"Wi-Fi,".repeat(800)}&location=${"b".repeat(3000)}`],
    ["absurd numbers", "minPrice=-5&maxPrice=1e99&minGuests=abc&radius=99999&near=999,999&area=1,2&page=-1&sort=%27"],
    ["repeated and unknown params", "tipo=cabanas&tipo=chales&amenities=Wi-Fi&amenities=TV&foo=bar&signal=none,none,vivo"],
    ["an unknown category", "tipo=nao-existe"],
    ["broken percent-encoding", "search=%ff%fe&location=%E0%A4%A"],
  ])("answers 200 with counts for %s", async (_label, search) => {
    const res = await get(`/api/filtros?${search}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Facets;
    expect(typeof body.total).toBe("number");
    expect(Object.keys(body.counts.amenities)).toHaveLength(AMENITIES.length);
  });

  it("refuses a NUL character in the address, as every page does", async () => {
    const res = await get("/api/filtros?search=%00");
    expect(res.status).toBe(400);
    expect(await res.text()).toBe("Requisição inválida.");
  });
});
