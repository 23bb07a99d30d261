import { and, asc, desc, eq, sql, type SQLWrapper } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_QUERY } from "../../common/property-query";
import type { Database } from "../../server/db/client";
import { properties } from "../../server/db/schema";
import { conditions, COUNT_CAP, searchProperties, searchStatements, type SearchInput } from "../../server/properties/search";
import { searchInput } from "../../server/properties/search-input";
import { createTestDatabase, engine } from "../support/database";
import { insertHost, insertManyProperties, insertProperty } from "../support/factories";

const DAY = 86_400_000;
const start = Date.UTC(2026, 0, 1);
const LISTINGS = 1_200;

/**
 * Free text in a price order past the count cap walks its words' price buckets (band and 30-day
 * period); its pages must be exactly those of the plain query in the page's order.
 */
describe(`free text in a price order (${engine})`, () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    const host = await insertHost(database.db);
    await insertManyProperties(database.db, host.id, LISTINGS, (n) => ({
      title: `Refúgio ${n}`,
      // One in ten does not match; one in ten matches only inside its location.
      description: n % 10 < 2 ? "Casa simples no campo." : "Cabana com riacho e mata.",
      location: n % 10 === 1 ? "Serra do Riachozinho - MG" : "Aiuruoca - MG",
      propertyType: n % 3 === 0 ? "Cabana" : "Chalé",
      // Most at six prices (about 160 listings each: read period by period), the rest spread over
      // 60 prices from R$ 90 to R$ 680 (two matches each: read whole).
      priceCents: (n % 5 === 0 ? 90 + (Math.floor(n / 10) % 60) * 10 : 200 + (n % 6) * 50) * 100,
      maxGuests: 1 + (n % 6),
      // 150 creation times, four days apart (eight listings each): about 20 periods.
      createdAt: new Date(start - (n % 150) * 4 * DAY),
    }));
    await database.analyze();
  });
  afterAll(() => database?.close());

  const inputOf = (query: Partial<SearchInput>): SearchInput => ({ ...searchInput(DEFAULT_QUERY, { types: [], pageSize: 9 }), search: "riacho", ...query });

  /** The page from the plain query: every match, in the page's order. */
  async function plainPage(input: SearchInput, page: number) {
    const order =
      input.sort === "price-low"
        ? [asc(properties.priceCents), desc(properties.createdAt), desc(properties.id)]
        : [desc(properties.priceCents), asc(properties.createdAt), asc(properties.id)];
    const rows = await database.db
      .select({ id: properties.id })
      .from(properties)
      .where(and(...conditions(input)))
      .orderBy(...order)
      .limit(input.pageSize)
      .offset((page - 1) * input.pageSize);
    return rows.map((r) => r.id);
  }

  /** The search's pages, and those of the walk run whatever the count, are the plain query's. */
  async function expectPlainPages(query: Partial<SearchInput>, label: string, capped: boolean) {
    for (const sort of ["price-low", "price-high"] as const) {
      const input = inputOf({ ...query, sort });
      const first = await searchProperties(database.db, input);
      expect(first.totalIsCapped, label).toBe(capped);
      for (const page of new Set([1, 2, 17, first.pageCount].filter((p) => p >= 1 && p <= Math.max(1, first.pageCount)))) {
        const plain = await plainPage(input, page);
        const found = await searchProperties(database.db, { ...input, page });
        expect(found.items.map((i) => i.id), `${label}, ${sort}, page ${page}`).toEqual(plain);
        const walked = await searchStatements(database.db, { ...input, page }).page(page);
        expect(walked.map((i) => i.id), `${label}, ${sort}, page ${page}, walked`).toEqual(plain);
      }
    }
  }

  it("gives the plain query's pages, ties and matches inside locations included", async () => {
    await expectPlainPages({}, "text alone", true);
    await expectPlainPages({ pageSize: 24 }, "24 a page", true);
  });

  it("checks the search's other filters on the matches it walks", async () => {
    await expectPlainPages({ minPrice: 300, maxPrice: 500 }, "within R$ 300–500", false);
    await expectPlainPages({ minGuests: 5, types: ["Chalé"] }, "Chalés for 5", false);
    await expectPlainPages({ search: "riacho mata" }, "two words", false);
    await expectPlainPages({ search: "riachoz" }, "only inside locations", false);
    await expectPlainPages({ search: "serra do riachozinho - m" }, "a long text only inside locations", false);
    await expectPlainPages({ search: "d'água \\ riacho" }, "quotes and backslashes", false);
    await expectPlainPages({ search: "😀x" }, "an emoji and a letter", false);
  });

  it("follows a price edited, a listing hidden and one approved within one request", async () => {
    const input = inputOf({ sort: "price-low" });
    const [first] = (await searchProperties(database.db, input)).items;
    const dearest = (await searchProperties(database.db, { ...input, sort: "price-high" })).items[0]!;
    // The dearest becomes the cheapest; the cheapest is hidden.
    await database.db.update(properties).set({ priceCents: 5000 }).where(eq(properties.id, dearest.id));
    await database.db.update(properties).set({ isActive: false }).where(eq(properties.id, first!.id));
    const after = await searchProperties(database.db, input);
    expect(after.items[0]?.id).toBe(dearest.id);
    expect(after.items.map((i) => i.id)).not.toContain(first!.id);
    expect(after.items.map((i) => i.id)).toEqual(await plainPage(input, 1));
    // A pending listing is approved: it is found at once.
    const host = await insertHost(database.db);
    const pending = await insertProperty(database.db, host.id, { description: "Riacho ao lado.", priceCents: 4000, status: "pending", createdAt: new Date(start) }, []);
    expect((await searchProperties(database.db, input)).items[0]?.id).toBe(dearest.id);
    await database.db.update(properties).set({ status: "approved" }).where(eq(properties.id, pending.id));
    expect((await searchProperties(database.db, input)).items[0]?.id).toBe(pending.id);
  });

  it("walks the terms' price buckets", async () => {
    const input = inputOf({ sort: "price-low", page: 2 });
    const explain = async (statement: SQLWrapper) =>
      ((await database.db.execute(sql`EXPLAIN ${statement}`)) as unknown as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row)[0]).join("\n");
    const plan = await explain(searchStatements(database.db, input).page(2));
    expect(plan).toContain("Recursive Union");
    expect(plan).toContain("properties_public_priced_terms_idx");
    expect(COUNT_CAP).toBeLessThan(LISTINGS);
  });

  it("answers no row from a walk bounded short of its page, and the page within its bound", async () => {
    const input = inputOf({ sort: "price-low" });
    const statements = searchStatements(database.db, input);
    expect(await statements.page(1, 1)).toEqual([]);
    expect((await statements.page(1, 48)).map((i) => i.id)).toEqual(await plainPage(input, 1));
    // The last page reads about 1,000 matches, period by period at the six common prices: past 48
    // steps, so searchProperties pages it with an unbounded walk after its count (checked above).
    expect(await statements.page(111, 48)).toEqual([]);
  });
});
