import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROPERTY_TYPES, type PropertyType } from "../../common/catalog";
import { DEFAULT_QUERY } from "../../common/property-query";
import type { Database } from "../../server/db/client";
import { searchProperties, type SearchInput } from "../../server/properties/search";
import { searchInput } from "../../server/properties/search-input";
import { municipalityLabels } from "../../server/cities/cities";
import { countPublicProperties, ensureBulkHosts, insertBulkProperties, MAX_BULK_COUNT, parseCount } from "../../server/seed/bulk";
import type { DemoImage } from "../../server/seed/demo-images";
import { createTestDatabase, engine } from "../support/database";

const COUNT = 500;
const NOW = new Date("2026-06-01T12:00:00Z");
const DAY = 86_400_000;
/** Storage keys only: the bulk seed never draws, it points at the pool. */
const pool = Object.fromEntries(
  PROPERTY_TYPES.map((type) => [type, Array.from({ length: 8 }, (_, n): DemoImage => ({ storageKey: `bulk/${type}-${n}`, width: 1200, height: 800 }))]),
) as Record<PropertyType, DemoImage[]>;

describe(`bulk seed (${engine})`, () => {
  let database: Database;
  let inserted = 0;
  const progress: number[] = [];
  const search = (input: Partial<SearchInput>) => searchProperties(database.db, { ...searchInput(DEFAULT_QUERY, { types: [], pageSize: 9 }), ...input });

  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureBulkHosts(database.db);
    const hosts = await ensureBulkHosts(database.db); // a second call changes nothing
    inserted = await insertBulkProperties(database.db, {
      count: COUNT,
      hosts,
      pool,
      locations: municipalityLabels(),
      batchSize: 200,
      now: NOW,
      onProgress: (done) => progress.push(done),
    });
    await database.analyze();
  });
  afterAll(() => database?.close());

  it("inserts the requested number of approved listings in batches, by password-less hosts", async () => {
    expect(inserted).toBe(COUNT);
    expect(progress).toEqual([200, 400, 500]);
    expect(await countPublicProperties(database.db)).toBe(COUNT);
    const { rows } = (await database.db.execute(sql`
      SELECT count(*)::int AS hosts, count(a.id)::int AS credentials
      FROM users u LEFT JOIN accounts a ON a.user_id = u.id WHERE u.id LIKE 'bulk-host-%'`)) as unknown as { rows: { hosts: number; credentials: number }[] };
    expect(rows[0]).toEqual({ hosts: 12, credentials: 0 });
  });

  it("spreads listings over all types, real municipalities and two years, each with 3 to 8 pooled images", async () => {
    const { rows } = (await database.db.execute(sql`
      SELECT count(DISTINCT property_type)::int AS types, count(DISTINCT location)::int AS places, count(DISTINCT slug)::int AS slugs,
             min(created_at) AS oldest, max(created_at) AS newest,
             (SELECT min(n) FROM (SELECT count(*)::int AS n FROM property_images GROUP BY property_id) i) AS min_images,
             (SELECT max(n) FROM (SELECT count(*)::int AS n FROM property_images GROUP BY property_id) i) AS max_images,
             (SELECT count(DISTINCT property_id)::int FROM property_images) AS with_images,
             (SELECT bool_and(storage_key LIKE 'bulk/%') FROM property_images) AS pooled
      FROM properties`)) as unknown as { rows: Record<string, unknown>[] };
    const r = rows[0]!;
    expect(r).toMatchObject({ types: PROPERTY_TYPES.length, slugs: COUNT, min_images: 3, max_images: 8, with_images: COUNT, pooled: true });
    expect(r.places as number).toBeGreaterThan(300);
    const oldest = new Date(r.oldest as string).getTime();
    const newest = new Date(r.newest as string).getTime();
    expect(NOW.getTime() - oldest).toBeGreaterThan(700 * DAY);
    expect(NOW.getTime() - oldest).toBeLessThanOrEqual(730 * DAY);
    expect(newest).toBeLessThanOrEqual(NOW.getTime());
    const places = new Set(municipalityLabels());
    const { rows: locations } = (await database.db.execute(sql`SELECT DISTINCT location FROM properties`)) as unknown as { rows: { location: string }[] };
    expect(locations.every((l) => places.has(l.location))).toBe(true);
  });

  it("makes the listings searchable like any other", async () => {
    expect(await search({})).toMatchObject({ total: COUNT, totalIsCapped: false });
    const chales = await search({ types: ["Chalé"] });
    expect(chales.total).toBeGreaterThan(0);
    expect(chales.items.every((i) => i.propertyType === "Chalé" && i.cover?.storageKey.startsWith("bulk/Chalé-"))).toBe(true);
    const byText = await search({ search: "chale" });
    expect(byText.total).toBeGreaterThanOrEqual(chales.total);
    const [first] = (await search({})).items;
    const byPlace = await search({ location: first!.location });
    expect(byPlace.items.map((i) => i.id)).toContain(first!.id);
  });

  it("accepts only a whole --count from 1 to the maximum", () => {
    expect(parseCount("100000")).toEqual({ ok: true, count: 100_000 });
    expect(parseCount(String(MAX_BULK_COUNT))).toEqual({ ok: true, count: MAX_BULK_COUNT });
    for (const bad of [undefined, "", "0", "-5", "1.5", "1e5", "abc", "12abc", String(MAX_BULK_COUNT + 1)]) {
      expect(parseCount(bad)).toMatchObject({ ok: false });
    }
  });
});
