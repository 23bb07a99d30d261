import { sql, type SQLWrapper } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_QUERY } from "../../common/property-query";
import type { Database } from "../../server/db/client";
import { findPublicContact, findPublicProperty } from "../../server/properties/properties";
import { COUNT_CAP, searchProperties, searchStatements, type SearchInput } from "../../server/properties/search";
import { searchInput } from "../../server/properties/search-input";
import { municipalityByLabel } from "../../server/cities/places";
import { distanceKm } from "../../common/places";
import { createTestDatabase, engine } from "../support/database";
import { insertHost, insertManyProperties, insertProperty, testImages } from "../support/factories";

const HOUR = 3_600_000;
const start = Date.UTC(2026, 0, 1);
const at = (h: number) => new Date(start + h * HOUR);

describe(`search (${engine})`, () => {
  let database: Database;
  const ids: Record<string, string> = {};
  const search = async (input: Partial<SearchInput>) => {
    const result = await searchProperties(database.db, { ...searchInput(DEFAULT_QUERY, { types: [], pageSize: 9 }), ...input });
    return { ...result, titles: result.items.map((i) => i.title) };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    const host = await insertHost(db);
    const add = async (key: string, fields: Parameters<typeof insertProperty>[2], images = testImages(1, `t/${key}`)) => {
      ids[key] = (await insertProperty(db, host.id, fields, images)).id;
    };
    await add("cabana", {
      title: "Cabana Aconchegante na Serra",
      description: "Lareira e vista para as montanhas.",
      location: "Campos do Jordão - SP",
      propertyType: "Cabana",
      priceCents: 45000,
      maxGuests: 4,
      amenities: ["Wi-Fi", "Lareira interna"],
      features: ["pets", "road:terra", "signal:vivo", "power:solar"],
      createdAt: at(1),
    }, testImages(3, "t/cabana"));
    await add("chale", {
      title: "Chalé romântico",
      description: "Chalé com hidromassagem e café da manhã, a dez minutos do centro.",
      location: "Gramado - RS",
      propertyType: "Chalé",
      priceCents: 60000,
      maxGuests: 2,
      amenities: ["Wi-Fi"],
      features: ["kids", "road:asfalto", "signal:none", "internet:fibra"],
      createdAt: at(2),
    });
    await add("praia", {
      title: "Casa pé na areia",
      description: "De frente para o mar, com churrasqueira.",
      location: "São João da Barra - RJ",
      propertyType: "Casa na Praia",
      priceCents: 120000,
      maxGuests: 8,
      amenities: ["Acesso à praia", "Churrasqueira"],
      createdAt: at(3),
    });
    await add("microcasa", {
      title: "Microcasa minimalista",
      description: "Pequena, eficiente e perto da cachoeira.",
      location: "São João del Rei - MG",
      propertyType: "Microcasa",
      priceCents: 9000,
      maxGuests: 2,
      amenities: ["Acesso à praia"],
      createdAt: at(4),
    });
    // Never public: pending, rejected, inactive.
    await add("pendente", { title: "Cabana pendente", status: "pending", createdAt: at(5) });
    await add("rejeitada", { title: "Cabana rejeitada", status: "rejected", createdAt: at(6) });
    await add("inativa", { title: "Cabana inativa", isActive: false, createdAt: at(7) });
  });
  afterAll(() => database?.close());

  it("lists only approved, active properties, newest first, with the cover image", async () => {
    const r = await search({});
    expect(r.titles).toEqual(["Microcasa minimalista", "Casa pé na areia", "Chalé romântico", "Cabana Aconchegante na Serra"]);
    expect(r).toMatchObject({ total: 4, totalIsCapped: false, page: 1, pageCount: 1 });
    expect(r.items.at(-1)?.cover).toEqual({ storageKey: "t/cabana-1", width: 1200, height: 800, alt: "Foto 1" });
  });

  it("finds text in title, description and location, ignoring accents, case and plural", async () => {
    expect((await search({ search: "CABANAS" })).titles).toEqual(["Cabana Aconchegante na Serra"]);
    expect((await search({ search: "chale" })).titles).toEqual(["Chalé romântico"]);
    expect((await search({ search: "hidromassagem" })).titles).toEqual(["Chalé romântico"]);
    expect((await search({ search: "jordao" })).titles).toEqual(["Cabana Aconchegante na Serra"]);
    expect((await search({ search: "montanha" })).titles).toEqual(["Cabana Aconchegante na Serra"]);
    // Partial location text in the middle of a word (trigram on the folded location).
    expect((await search({ search: "ordão - S" })).titles).toEqual(["Cabana Aconchegante na Serra"]);
    expect((await search({ search: "zzzzqqq" })).total).toBe(0);
  });

  it("matches whole words by their stem, never as prefixes of other words", async () => {
    // "minas" and "minutos" begin alike once stemmed ("min", "minut"): no match.
    expect((await search({ search: "minas" })).total).toBe(0);
    expect((await search({ search: "minutos" })).titles).toEqual(["Chalé romântico"]);
    expect((await search({ search: "monta" })).total).toBe(0);
    expect((await search({ search: "hi" })).total).toBe(0);
  });

  it("matches one- and two-letter text as whole words only (no scan inside every location)", async () => {
    expect((await search({ search: "mg" })).titles).toEqual(["Microcasa minimalista"]);
    expect((await search({ search: "rd" })).total).toBe(0); // inside "Jordão", not a word
  });

  it("finds the property type by name", async () => {
    expect((await search({ search: "microcasa" })).titles).toEqual(["Microcasa minimalista"]);
  });

  it("filters by location without accents and treats LIKE wildcards as text", async () => {
    expect((await search({ location: "sao joao" })).titles).toEqual(["Microcasa minimalista", "Casa pé na areia"]);
    expect((await search({ location: "São João del Rei - MG" })).titles).toEqual(["Microcasa minimalista"]);
    expect((await search({ location: "%" })).total).toBe(0);
    expect((await search({ location: "_" })).total).toBe(0);
  });

  it("filters by type, or by a collection's types plus any of its amenities", async () => {
    expect((await search({ types: ["Chalé"] })).titles).toEqual(["Chalé romântico"]);
    expect((await search({ types: ["Casa na Praia", "Barco"], anyAmenities: ["Acesso à praia"] })).titles).toEqual([
      "Microcasa minimalista",
      "Casa pé na areia",
    ]);
  });

  it("filters by price range in reais, guests and required amenities", async () => {
    expect((await search({ minPrice: 100 })).titles).toEqual(["Casa pé na areia", "Chalé romântico", "Cabana Aconchegante na Serra"]);
    expect((await search({ minPrice: 100, maxPrice: 500 })).titles).toEqual(["Cabana Aconchegante na Serra"]);
    // 1000 means no upper bound: R$ 1.200 stays in.
    expect((await search({ minPrice: 1000, maxPrice: 1000 })).titles).toEqual(["Casa pé na areia"]);
    expect((await search({ minGuests: 4 })).titles).toEqual(["Casa pé na areia", "Cabana Aconchegante na Serra"]);
    expect((await search({ amenities: ["Wi-Fi"] })).titles).toEqual(["Chalé romântico", "Cabana Aconchegante na Serra"]);
    expect((await search({ amenities: ["Wi-Fi", "Lareira interna"] })).titles).toEqual(["Cabana Aconchegante na Serra"]);
  });

  it("combines filters", async () => {
    const r = await search({ search: "serra", location: "campos", types: ["Cabana"], minPrice: 400, maxPrice: 500, minGuests: 3, amenities: ["Wi-Fi"] });
    expect(r.titles).toEqual(["Cabana Aconchegante na Serra"]);
    expect((await search({ search: "serra", types: ["Chalé"] })).total).toBe(0);
  });

  it("filters by state, and around a point by distance, nearest first, with each listing's distance", async () => {
    expect((await search({ stateCode: 31 })).titles).toEqual(["Microcasa minimalista"]);
    expect((await search({ stateCode: 53 })).total).toBe(0);
    const gramado = municipalityByLabel("Gramado - RS")!;
    const near = await search({ center: gramado, radiusKm: 50, sort: "distance" });
    expect(near.titles).toEqual(["Chalé romântico"]);
    // The public position is the pin (here the municipality's point) moved by 0.25 to 1 km.
    expect(near.items[0]!.distanceKm).toBeGreaterThan(0.24);
    expect(near.items[0]!.distanceKm).toBeLessThan(1.01);
    // Campos do Jordão: its cabana, then São João del Rei (~220 km); São João da Barra (~460 km) is beyond 300 km.
    const campos = municipalityByLabel("Campos do Jordão - SP")!;
    const wide = await search({ center: campos, radiusKm: 300, sort: "distance" });
    expect(wide.titles).toEqual(["Cabana Aconchegante na Serra", "Microcasa minimalista"]);
    expect(wide.items[1]!.distanceKm).toBeGreaterThan(200);
    expect((await search({ center: campos, radiusKm: 300, sort: "price-high" })).titles).toEqual(["Cabana Aconchegante na Serra", "Microcasa minimalista"]);
    expect((await search({})).items.every((item) => item.distanceKm === null)).toBe(true);
  });

  it("gives each listing its public position for the map, never the host's pin", async () => {
    const gramado = municipalityByLabel("Gramado - RS")!;
    const [item] = (await search({ center: gramado, radiusKm: 50 })).items;
    // The pin is the municipality's point here; the map gets the point 0.25 to 1 km away from it.
    const offset = distanceKm({ lat: item!.lat!, lng: item!.lng! }, gramado);
    expect(offset).toBeGreaterThan(0.24);
    expect(offset).toBeLessThan(1.01);
    expect(offset).toBeCloseTo(item!.distanceKm!, 6);
    const detail = (await findPublicProperty(database.db, ids.chale!))!;
    expect({ lat: detail.lat, lng: detail.lng, showExactLocation: detail.showExactLocation }).toEqual({ lat: item!.lat, lng: item!.lng, showExactLocation: false });
    expect(Object.keys(detail)).not.toContain("latitude");
    expect(Object.keys(detail)).not.toContain("longitude");
  });

  it("filters by a map area", async () => {
    const around = (m: { lat: number; lng: number }, d: number) => ({ west: m.lng - d, south: m.lat - d, east: m.lng + d, north: m.lat + d });
    expect((await search({ area: around(municipalityByLabel("Gramado - RS")!, 0.1) })).titles).toEqual(["Chalé romântico"]);
    expect((await search({ area: around(municipalityByLabel("Brasília - DF")!, 1) })).total).toBe(0);
  });

  it("filters by the rural attributes: every feature asked, any of the values of each other group", async () => {
    expect((await search({ features: ["petsAllowed"] })).titles).toEqual(["Cabana Aconchegante na Serra"]);
    expect((await search({ features: ["petsAllowed", "childFriendly"] })).total).toBe(0);
    expect((await search({ road: ["terra", "4x4"] })).titles).toEqual(["Cabana Aconchegante na Serra"]);
    expect((await search({ road: ["asfalto", "terra"] })).titles).toEqual(["Chalé romântico", "Cabana Aconchegante na Serra"]);
    expect((await search({ signal: ["none"] })).titles).toEqual(["Chalé romântico"]);
    expect((await search({ signal: ["claro", "vivo"] })).titles).toEqual(["Cabana Aconchegante na Serra"]);
    expect((await search({ internet: ["fibra"], road: ["asfalto"] })).titles).toEqual(["Chalé romântico"]);
    expect((await search({ power: ["gerador"] })).total).toBe(0);
  });

  it("sorts by price both ways", async () => {
    expect((await search({ sort: "price-low" })).titles).toEqual(["Microcasa minimalista", "Cabana Aconchegante na Serra", "Chalé romântico", "Casa pé na areia"]);
    expect((await search({ sort: "price-high" })).titles).toEqual(["Casa pé na areia", "Chalé romântico", "Cabana Aconchegante na Serra", "Microcasa minimalista"]);
  });

  it("pages, and shows the last page for a page past the end", async () => {
    const first = await search({ pageSize: 3 });
    expect(first).toMatchObject({ total: 4, pageCount: 2, page: 1 });
    expect(first.titles).toHaveLength(3);
    const second = await search({ pageSize: 3, page: 2 });
    expect(second.titles).toEqual(["Cabana Aconchegante na Serra"]);
    const beyond = await search({ pageSize: 3, page: 999_999 });
    expect(beyond).toMatchObject({ page: 2, pageCount: 2 });
    expect(beyond.titles).toEqual(["Cabana Aconchegante na Serra"]);
    const none = await search({ search: "inexistente", page: 5 });
    expect(none).toMatchObject({ total: 0, pageCount: 0, page: 1, items: [] });
  });

  it("treats SQL-looking, punctuation-only and very long text as plain text", async () => {
    for (const text of ["'; DROP TABLE properties; --", "!!! ::: &&& |||", "a".repeat(5000), "cabana' OR '1'='1", "\\", "(((", "<script>"]) {
      const r = await search({ search: text, location: text });
      expect(r.total).toBe(0);
    }
    expect((await search({})).total).toBe(4);
  });

  it("reads one public property by id or slug, never a hidden one", async () => {
    const property = await findPublicProperty(database.db, ids.cabana!);
    expect(property).toMatchObject({ title: "Cabana Aconchegante na Serra", hasWhatsapp: true, priceCents: 45000 });
    expect(property?.images.map((i) => i.storageKey)).toEqual(["t/cabana-1", "t/cabana-2", "t/cabana-3"]);
    expect(property).not.toHaveProperty("whatsappContact");
    expect((await findPublicProperty(database.db, property!.slug))?.id).toBe(ids.cabana);
    for (const hidden of ["pendente", "rejeitada", "inativa"]) {
      expect(await findPublicProperty(database.db, ids[hidden]!)).toBeNull();
      expect(await findPublicContact(database.db, ids[hidden]!)).toBeNull();
    }
    expect(await findPublicProperty(database.db, "00000000-0000-0000-0000-000000000000")).toBeNull();
    expect(await findPublicProperty(database.db, "nao-existe' OR 1=1 --")).toBeNull();
    expect((await findPublicContact(database.db, ids.cabana!))?.whatsappContact).toBe("5511900000001");
  });

  it(`caps the count at ${COUNT_CAP} and says so`, async () => {
    const host = await insertHost(database.db);
    await insertManyProperties(database.db, host.id, COUNT_CAP + 5, (n) => ({ title: `Celeiro em série ${n}`, propertyType: "Celeiro", createdAt: at(-n) }));
    const r = await search({ types: ["Celeiro"], pageSize: 12, page: 999 });
    expect(r).toMatchObject({ total: COUNT_CAP, totalIsCapped: true, pageCount: Math.ceil(COUNT_CAP / 12), page: Math.ceil(COUNT_CAP / 12) });
    expect(r.items.length).toBeGreaterThan(0);
    expect(r.items[0]?.cover).toBeNull();
  });

  it("gives the same pages whether they come with the count or from a walk in their own order", async () => {
    // More than the cap of one type, with tied prices and tied creation times, spread around Gramado.
    const host = await insertHost(database.db);
    const gramado = municipalityByLabel("Gramado - RS")!;
    await insertManyProperties(database.db, host.id, COUNT_CAP + 10, (n) => ({
      title: `Contêiner ${n}`,
      propertyType: "Contêiner",
      location: "Gramado - RS",
      pin: { lat: gramado.lat + ((n % 37) - 18) * 0.004, lng: gramado.lng + ((n % 23) - 11) * 0.004 },
      priceCents: 10000 + ((n * 7) % 20) * 5000,
      maxGuests: 1 + (n % 6),
      createdAt: at(-1000 - Math.floor(n / 3)),
    }));
    const sorts = ["newest", "price-low", "price-high", "distance"] as const;
    for (const [label, filter] of [
      ["all of them (capped)", { types: ["Contêiner"] }],
      ["5+ guests (336 found)", { types: ["Contêiner"], minGuests: 5 }],
    ] as const) {
      for (const sort of sorts) {
        // Around a place its matches are collected unordered; otherwise newest first.
        const around = sort === "distance" ? { center: { lat: gramado.lat, lng: gramado.lng }, radiusKm: 100 } : {};
        const input = { ...searchInput(DEFAULT_QUERY, { types: [], pageSize: 9 }), ...filter, sort, ...around };
        const first = await searchProperties(database.db, input);
        const pages = [1, 2, 37, first.pageCount - 1, first.pageCount];
        for (const page of pages) {
          const found = await searchProperties(database.db, { ...input, page });
          const walked = await searchStatements(database.db, { ...input, page }).page(page);
          expect(found.items.map((i) => i.id), `${label}, ${sort}, page ${page}`).toEqual(walked.map((i) => i.id));
          expect(found.items.map((i) => i.distanceKm)).toEqual(walked.map((i) => i.distanceKm));
        }
        if (!first.totalIsCapped) {
          const all = [];
          for (let page = 1; page <= first.pageCount; page++) all.push(...(await searchProperties(database.db, { ...input, page })).items.map((i) => i.id));
          expect(new Set(all).size, `${label}, ${sort}`).toBe(first.total);
          expect(first.total).toBe(336);
        }
        // Past the end: the last page.
        const past = await searchProperties(database.db, { ...input, page: first.pageCount + 3 });
        expect(past.page).toBe(first.pageCount);
        expect(past.items.length).toBeGreaterThan(0);
      }
    }
  });

  it("collects a filtered search's matches newest first from the newest index alone, never reading the listings' rows", async () => {
    // The planner's choice aside (bitmap and table scans off), the index must hold every column
    // these filters read: an Index Scan instead means each match's row is read to check them.
    const input = {
      ...searchInput(DEFAULT_QUERY, { types: [], pageSize: 9 }),
      amenities: ["Wi-Fi"],
      features: ["petsAllowed"],
      road: ["terra"],
      minGuests: 2,
    } satisfies SearchInput;
    const statements = searchStatements(database.db, input);
    const plans = await database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      const explain = async (statement: SQLWrapper) =>
        ((await tx.execute(sql`EXPLAIN ${statement}`)) as unknown as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row)[0]).join("\n");
      return [await explain(statements.ranked(1)), await explain(statements.count())];
    });
    // Backward: the index is ascending (migration 0019), so new listings fill its last page.
    for (const plan of plans) expect(plan).toContain("Index Only Scan Backward using properties_public_newest_idx");
  });
});
