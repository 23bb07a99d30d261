import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROPERTY_TYPES, type PropertyType } from "../../common/catalog";
import { DEFAULT_QUERY } from "../../common/property-query";
import { featureTag, internetTag, powerTag, roadTag, signalTag } from "../../common/stay-attributes";
import { municipalityLabels } from "../../server/cities/cities";
import type { Database } from "../../server/db/client";
import { FACET_OPTIONS, facetCounts, type Facets } from "../../server/properties/facets";
import { COUNT_CAP, type SearchInput } from "../../server/properties/search";
import { searchInput } from "../../server/properties/search-input";
import { ensureBulkHosts, insertBulkProperties } from "../../server/seed/bulk";
import type { DemoImage } from "../../server/seed/demo-images";
import { createTestDatabase, engine } from "../support/database";

/** More listings than the count cap, so a broad search's counts stop at it. */
const COUNT = COUNT_CAP + 150;
const pool = Object.fromEntries(
  PROPERTY_TYPES.map((type) => [type, Array.from({ length: 8 }, (_, n): DemoImage => ({ storageKey: `bulk/${type}-${n}`, width: 1200, height: 800 }))]),
) as Record<PropertyType, DemoImage[]>;

type Group = keyof Facets["counts"];
/** Each option's condition, written out plainly: the oracle the capped counts are checked against. */
const optionCondition: { [G in Group]: (option: string) => ReturnType<typeof sql> } = {
  amenities: (o) => sql`amenities @> ARRAY[${o}]::text[]`,
  features: (o) => sql`features @> ARRAY[${featureTag(o as never)}]::text[]`,
  road: (o) => sql`${roadTag(o as never)} = ANY(features)`,
  signal: (o) => sql`${signalTag(o as never)} = ANY(features)`,
  internet: (o) => sql`${internetTag(o as never)} = ANY(features)`,
  power: (o) => sql`${powerTag(o as never)} = ANY(features)`,
};

describe(`filter counts past the count cap (${engine})`, () => {
  let database: Database;
  const input = (extra: Partial<SearchInput>) => ({ ...searchInput(DEFAULT_QUERY, { types: [], pageSize: 9 }), ...extra });

  /** How many public listings of `types` (all when empty) have each option: exact, by a plain count. */
  async function exactCounts(types: PropertyType[]) {
    const ofType = types.length ? sql`AND property_type IN (${sql.join(types.map((t) => sql`${t}`), sql`, `)})` : sql``;
    const out = {} as Record<Group, Record<string, number>>;
    for (const group of Object.keys(FACET_OPTIONS) as Group[]) {
      out[group] = {};
      for (const option of FACET_OPTIONS[group]) {
        const { rows } = (await database.db.execute(
          sql`SELECT count(*)::int AS n FROM properties WHERE status = 'approved' AND is_active ${ofType} AND ${optionCondition[group](option)}`,
        )) as unknown as { rows: { n: number }[] };
        out[group][option] = rows[0]!.n;
      }
    }
    return out;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    const hosts = await ensureBulkHosts(database.db);
    await insertBulkProperties(database.db, { count: COUNT, hosts, pool, locations: municipalityLabels(), now: new Date("2026-06-01T12:00:00Z") });
    await database.analyze();
  });
  afterAll(() => database?.close());

  it("a broad search: the total and common options say 'more than the cap', the rest are exact", async () => {
    const facets = await facetCounts(database.db, input({}));
    expect(facets.cap).toBe(COUNT_CAP);
    expect(facets.total).toBe(COUNT_CAP + 1);
    const exact = await exactCounts([]);
    let capped = 0;
    for (const group of Object.keys(FACET_OPTIONS) as Group[]) {
      for (const [option, n] of Object.entries(exact[group])) {
        expect((facets.counts[group] as Record<string, number>)[option], `${group}=${option}`).toBe(Math.min(n, COUNT_CAP + 1));
        if (n > COUNT_CAP) capped++;
      }
    }
    // The bulk catalogue is generous with some options (the check above covers both sides of the cap).
    expect(capped).toBeGreaterThan(0);
  });

  it("a search under the cap is counted exactly", async () => {
    const facets = await facetCounts(database.db, input({ types: ["Cabana"] }));
    const exact = await exactCounts(["Cabana"]);
    expect(facets.total).toBeLessThanOrEqual(COUNT_CAP);
    for (const group of Object.keys(FACET_OPTIONS) as Group[]) expect(facets.counts[group], group).toEqual(exact[group]);
  });
});
