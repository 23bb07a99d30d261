import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseHomeQuery, type PropertyQuery } from "../../common/property-query";
import { attributesFromTags } from "../../common/stay-attributes";
import type { Database } from "../../server/db/client";
import { createProperty } from "../../server/properties/properties";
import { placeNotes } from "../../server/properties/place-notes";
import { searchProperties } from "../../server/properties/search";
import { searchInput } from "../../server/properties/search-input";
import { homeQueryOf } from "../../server/properties/understood-query";
import { demoCatalogue } from "../../server/seed/demo-catalog";
import { RELEVANCE_CASES, type DemoListing } from "../relevance/cases";
import { createTestDatabase, engine } from "../support/database";
import { insertHost } from "../support/factories";

/** Cases whose point is that nothing is found. */
const FINDS_NOTHING = ["xyzzy", "gerais", "de", "em para com"];

describe(`relevance on the demo catalogue (${engine})`, () => {
  let database: Database;
  const catalogue = demoCatalogue(["5511900000001"]);
  const listings: DemoListing[] = catalogue.map((p) => ({ ...p, uf: p.location.slice(-2), attributes: attributesFromTags(p.features ?? []) }));

  beforeAll(async () => {
    database = await createTestDatabase();
    const host = await insertHost(database.db);
    for (const property of catalogue) await createProperty(database.db, host.id, property, []);
  });
  afterAll(() => database?.close());

  it(`has at least 60 queries`, () => {
    expect(RELEVANCE_CASES.length).toBeGreaterThanOrEqual(60);
  });

  for (const c of RELEVANCE_CASES) {
    it(`"${c.q}"`, async () => {
      const home = homeQueryOf(parseHomeQuery(new URLSearchParams({ search: c.q })));
      if (c.types) {
        expect(home.kind === "collection" && home.category.types).toEqual(c.types);
        return;
      }
      if (home.kind !== "results") throw new Error(`"${c.q}" went to the collection ${home.category.slug}`);
      const { query, understood } = home;
      if (c.understood) expect(pick(query, Object.keys(c.understood) as (keyof PropertyQuery)[])).toEqual(c.understood);

      const result = await searchProperties(database.db, searchInput(query, { types: query.propertyType ? [query.propertyType] : [], pageSize: 100 }));
      expect(result.totalIsCapped).toBe(false);
      if (c.expect) {
        const wanted = listings.filter(c.expect).map((p) => p.title).sort();
        expect(wanted.length, "the oracle accepts some listing (a case that finds nothing proves little)").toBeGreaterThan(FINDS_NOTHING.includes(c.q) ? -1 : 0);
        expect(result.items.map((p) => p.title).sort()).toEqual(wanted);
      }
      if (c.first) {
        expect(result.items[0]?.location).toBe(c.first);
        const distances = result.items.map((p) => p.distanceKm!);
        expect(distances).toEqual([...distances].sort((a, b) => a - b));
        expect(Math.max(...distances)).toBeLessThanOrEqual(query.radiusKm);
      }
      if (c.namesakes) expect(placeNotes(understood).notes.alternatives.map((a) => a.label)).toEqual(expect.arrayContaining(c.namesakes));
    });
  }
});

function pick(query: PropertyQuery, keys: (keyof PropertyQuery)[]): Partial<PropertyQuery> {
  return Object.fromEntries(keys.map((k) => [k, query[k]]));
}
