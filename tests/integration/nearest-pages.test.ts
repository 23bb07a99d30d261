import { desc, asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_QUERY, HOME_PAGE_SIZE } from "../../common/property-query";
import type { Database } from "../../server/db/client";
import { properties } from "../../server/db/schema";
import { COUNT_CAP, distanceFrom, searchProperties } from "../../server/properties/search";
import { searchInput } from "../../server/properties/search-input";
import { createTestDatabase, engine } from "../support/database";
import { insertHost, insertManyProperties } from "../support/factories";

const GRAMADO = { lat: -29.3734, lng: -50.8762 };

/** Nearest first past the count cap: each page as the whole circle's order has it, whichever circle it came from. */
describe(`pages nearest first around a place, past the count cap (${engine})`, () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    const host = await insertHost(database.db);
    // Spread evenly over a 45 km circle, past the count cap: a fifth of the radius holds about 50.
    await insertManyProperties(database.db, host.id, COUNT_CAP + 60, (n) => {
      const km = 45 * Math.sqrt(((n * 7919) % 1000) / 1000) + 0.2;
      const bearing = (n * 2.399963) % (2 * Math.PI);
      return {
        title: `Cabana ${n}`,
        location: "Gramado - RS",
        pin: { lat: GRAMADO.lat + (km / 111.2) * Math.cos(bearing), lng: GRAMADO.lng + (km / (111.2 * Math.cos((GRAMADO.lat * Math.PI) / 180))) * Math.sin(bearing) },
      };
    });
  });
  afterAll(() => database?.close());

  it.each([1, 5, 6, 7, 20, 40, 100])("page %i", async (page) => {
    const input = { ...searchInput({ ...DEFAULT_QUERY, location: "Gramado - RS", page }, { types: [], pageSize: HOME_PAGE_SIZE }) };
    expect(input.sort).toBe("distance");
    const found = await searchProperties(database.db, input);
    expect(found.totalIsCapped).toBe(true);
    // The reference: every listing within the radius, in the search's order, read whole.
    const all = await database.db
      .select({ id: properties.id })
      .from(properties)
      .where(sql`${distanceFrom(input.center!)} <= ${input.radiusKm}`)
      .orderBy(asc(distanceFrom(input.center!)), desc(properties.id));
    expect(found.items.map((p) => p.id)).toEqual(all.slice((page - 1) * HOME_PAGE_SIZE, page * HOME_PAGE_SIZE).map((r) => r.id));
  });
});
