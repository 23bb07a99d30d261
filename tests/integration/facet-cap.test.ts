import { and, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROPERTY_TYPES, type PropertyType } from "../../common/catalog";
import { DEFAULT_QUERY } from "../../common/property-query";
import { featureTag, internetTag, powerTag, roadTag, signalTag } from "../../common/stay-attributes";
import { municipalityLabels } from "../../server/cities/cities";
import type { Database } from "../../server/db/client";
import { FACET_OPTIONS, FACET_TAGS, facetCounts, laneCounts, type Facets } from "../../server/properties/facets";
import { conditions, COUNT_CAP, type SearchInput } from "../../server/properties/search";
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

  /** How many public listings of `types` (all when empty), and matching `also`, have each option: exact, by a plain count. */
  async function exactCounts(types: PropertyType[], also = sql`true`) {
    const ofType = types.length ? sql`AND property_type IN (${sql.join(types.map((t) => sql`${t}`), sql`, `)})` : sql``;
    const out = {} as Record<Group, Record<string, number>>;
    for (const group of Object.keys(FACET_OPTIONS) as Group[]) {
      out[group] = {};
      for (const option of FACET_OPTIONS[group]) {
        const { rows } = (await database.db.execute(
          sql`SELECT count(*)::int AS n FROM properties WHERE status = 'approved' AND is_active ${ofType} AND ${also} AND ${optionCondition[group](option)}`,
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

  it("numbers the options' lanes in facet_lanes() (migration 0016) as facets.ts reads them", async () => {
    const lanes = async (tags: string[]) => {
      const { rows } = (await database.db.execute(sql`SELECT facet_lanes(${sql.param(tags)}::text[], '{}')::text AS sum`)) as unknown as { rows: { sum: string }[] };
      return laneCounts(rows[0]!.sum);
    };
    const tagOf: { [G in Group]: (option: string) => string } = {
      amenities: (o) => o,
      features: (o) => featureTag(o as never),
      road: (o) => roadTag(o as never),
      signal: (o) => signalTag(o as never),
      internet: (o) => internetTag(o as never),
      power: (o) => powerTag(o as never),
    };
    const optionTags = (Object.keys(FACET_OPTIONS) as Group[]).flatMap((group) => FACET_OPTIONS[group].map((o) => tagOf[group](o)));
    expect([...FACET_TAGS].sort()).toEqual(optionTags.sort());
    for (const tag of FACET_TAGS) expect([...(await lanes([tag])).entries()].filter(([, n]) => n > 0), tag).toEqual([[tag, 1]]);
    expect([...(await lanes([...FACET_TAGS, "not-an-option"])).values()]).toEqual(FACET_TAGS.map(() => 1));
  });

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

  it("a pass that stops at its limit shows 'more than the cap' only for options held that often, and no count for the rest", async () => {
    const [cap, scanLimit] = [100, 500];
    const facets = await facetCounts(database.db, input({}), { cap, scanLimit });
    expect(facets.total).toBe(cap + 1);
    const exact = await exactCounts([]);
    let more = 0;
    for (const group of Object.keys(FACET_OPTIONS) as Group[]) {
      for (const [option, n] of Object.entries(exact[group])) {
        const count = (facets.counts[group] as Record<string, number | null>)[option];
        // Which listings the pass read depends on its order: a count it shows is never more than there are.
        if (n <= cap) expect(count, `${group}=${option} (${n} in all)`).toBeNull();
        else expect([cap + 1, null], `${group}=${option} (${n} in all)`).toContain(count);
        if (count === cap + 1) more++;
      }
    }
    // Wi-Fi is in about half the bulk listings: 500 read show it more than 100 times.
    expect(facets.counts.amenities["Wi-Fi"]).toBe(cap + 1);
    expect(more).toBeGreaterThan(0);
  });

  it("a widening group with an option ticked counts what one more option adds", async () => {
    const facets = await facetCounts(database.db, input({ signal: ["vivo"] }));
    const plain = async (where: ReturnType<typeof sql>) => {
      const { rows } = (await database.db.execute(sql`SELECT count(*)::int AS n FROM properties WHERE status = 'approved' AND is_active AND ${where}`)) as unknown as {
        rows: { n: number }[];
      };
      return rows[0]!.n;
    };
    expect(facets.counts.signal.vivo).toBe(Math.min(await plain(sql`'signal:vivo' = ANY(features)`), COUNT_CAP + 1));
    expect(facets.counts.signal.claro).toBe(Math.min(await plain(sql`features && ARRAY['signal:vivo', 'signal:claro']`), COUNT_CAP + 1));
    expect(facets.counts.amenities["Wi-Fi"]).toBe(Math.min(await plain(sql`'signal:vivo' = ANY(features) AND 'Wi-Fi' = ANY(amenities)`), COUNT_CAP + 1));
  });

  it("a widening group ticked on a search past the cap: one more option is 'more than the cap' too", async () => {
    const [ticked, cap] = [["vivo"] as const, 100];
    const facets = await facetCounts(database.db, input({ signal: [...ticked] }), { cap });
    expect(facets.total).toBe(cap + 1);
    for (const option of FACET_OPTIONS.signal) {
      const tags = [...new Set([...ticked, option])].map((o) => signalTag(o));
      const { rows } = (await database.db.execute(
        sql`SELECT count(*)::int AS n FROM properties WHERE status = 'approved' AND is_active AND features && ${sql.param(tags)}::text[]`,
      )) as unknown as { rows: { n: number }[] };
      expect(facets.counts.signal[option], option).toBe(Math.min(rows[0]!.n, cap + 1));
    }
  });

  it("free text is counted exactly, its matches in no order", async () => {
    for (const search of ["cabana", "serra", "ordão - s"]) {
      const text = input({ search });
      const facets = await facetCounts(database.db, text);
      const exact = await exactCounts([], and(...conditions(text)));
      expect(facets.total, search).toBeGreaterThan(0);
      expect(facets.total, search).toBeLessThanOrEqual(COUNT_CAP);
      for (const group of Object.keys(FACET_OPTIONS) as Group[]) expect(facets.counts[group], `${search}: ${group}`).toEqual(exact[group]);
    }
    // A pass of free text that stops at its limit: a count shown is "more than the cap" only where there are that many.
    const [cap, scanLimit] = [5, 10];
    const text = input({ search: "cabana" });
    const stopped = await facetCounts(database.db, text, { cap, scanLimit });
    const exact = await exactCounts([], and(...conditions(text)));
    expect(stopped.total).toBe(cap + 1);
    for (const group of Object.keys(FACET_OPTIONS) as Group[]) {
      for (const [option, n] of Object.entries(exact[group])) {
        const count = (stopped.counts[group] as Record<string, number | null>)[option];
        expect(n > cap ? [cap + 1, null] : [null], `${group}=${option} (${n} in all)`).toContain(count);
      }
    }
  });

  it("a search under the cap is counted exactly", async () => {
    const facets = await facetCounts(database.db, input({ types: ["Cabana"] }));
    const exact = await exactCounts(["Cabana"]);
    expect(facets.total).toBeLessThanOrEqual(COUNT_CAP);
    for (const group of Object.keys(FACET_OPTIONS) as Group[]) expect(facets.counts[group], group).toEqual(exact[group]);
  });
});
