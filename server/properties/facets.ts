import { and, sql, type SQL } from "drizzle-orm";
import { AMENITIES } from "../../common/catalog";
import {
  CARRIER_KEYS,
  FEATURE_KEYS,
  featureTag,
  INTERNET_KEYS,
  internetTag,
  POWER_KEYS,
  powerTag,
  ROAD_KEYS,
  roadTag,
  signalTag,
} from "../../common/stay-attributes";
import type { Db } from "../db/client";
import { properties } from "../db/schema";
import { conditions, COUNT_CAP, searchStatements, type AttributeFilters, type SearchInput } from "./search";

type Group = keyof AttributeFilters;
/** Every option of every filter group, in the order the filters show them. */
export const FACET_OPTIONS: { [G in Group]: readonly AttributeFilters[G][number][] } = {
  amenities: AMENITIES,
  features: FEATURE_KEYS,
  road: ROAD_KEYS,
  signal: [...CARRIER_KEYS, "none"],
  internet: INTERNET_KEYS,
  power: POWER_KEYS,
};
const GROUPS = Object.keys(FACET_OPTIONS) as Group[];

/** For each filter option, how many listings the search would find with that option ticked. */
export type FacetCounts = { [G in Group]: Record<AttributeFilters[G][number], number | null> };

export interface Facets {
  /** Exact up to `cap`; above it, "more than `cap`"; null when not counted (see facetCounts). */
  counts: FacetCounts;
  /** How many listings the search finds as it is: exact up to `cap`, above it "more than `cap`". */
  total: number;
  cap: number;
}

/** How many listings, at most, one pass of a request for counts reads. */
export const FACET_SCAN_LIMIT = 10_000;

/** The tag a listing row holds for each option (amenities by name, the rest in `features`). */
const TAG: { [G in Group]: (option: AttributeFilters[G][number]) => string } = {
  amenities: (a) => a,
  features: featureTag,
  road: roadTag,
  signal: signalTag,
  internet: internetTag,
  power: powerTag,
};
/** Groups where ticking one more option widens the search ("any of"), unlike amenities and features. */
const ANY_OF: Group[] = ["road", "signal", "internet", "power"];

interface Tally {
  /** Listings read; more than the limit means the pass stopped there. */
  read: number;
  /** Per tag, how many of those listings hold it. */
  tags: Map<string, number>;
}

/**
 * One pass over the listings matching `where`, in no order (at most `scanLimit` + 1): how many, and
 * each tag's count. Any of them will do: past the limit only "seen more than the cap" is told.
 */
async function tally(db: Db, where: SQL | undefined, scanLimit: number): Promise<Tally> {
  const rows = db
    .select({ amenities: properties.amenities, features: properties.features })
    .from(properties)
    .where(where)
    .limit(scanLimit + 1);
  const result = (await db.execute(sql`
    WITH scanned AS (${rows})
    SELECT NULL AS tag, count(*)::int AS n FROM scanned
    UNION ALL
    SELECT tag, count(*)::int FROM scanned, unnest(scanned.amenities || scanned.features) AS tag GROUP BY tag`)) as unknown as {
    rows: { tag: string | null; n: number }[];
  };
  const read = result.rows.find((r) => r.tag === null)?.n ?? 0;
  return { read, tags: new Map(result.rows.filter((r) => r.tag !== null).map((r) => [r.tag!, r.n])) };
}

/**
 * Every option's count, read from the listings themselves: one pass over those the search finds
 * (an amenity or feature ticked keeps those holding it), and for a widening group with options
 * ticked, one pass over those its other options would add. A pass reads at most `scanLimit`
 * listings (a broad search at a million listings would otherwise read them all at
 * every tick); when one stops there, an option already seen more than `cap` times is "more than
 * `cap`", and the others are not counted (null): nothing shown is a guess.
 */
export async function facetCounts(db: Db, input: SearchInput, { cap = COUNT_CAP, scanLimit = FACET_SCAN_LIMIT } = {}): Promise<Facets> {
  const widened = ANY_OF.filter((group) => input[group].length > 0);
  const [found, [counted], ...others] = await Promise.all([
    tally(db, and(...conditions(input)), scanLimit),
    searchStatements(db, input).count(),
    // Listings the group's ticked options leave out, which one more option could bring in.
    ...widened.map((group) => {
      const ticked = (input[group] as string[]).map((o) => (TAG[group] as (o: string) => string)(o));
      return tally(db, and(...conditions({ ...input, [group]: [] }), sql`NOT (${properties.features} && ${sql.param(ticked)}::text[])`), scanLimit);
    }),
  ]);
  const shown = (n: number, complete: boolean) => (complete ? Math.min(n, cap + 1) : n > cap ? cap + 1 : null);
  const counts = {} as Record<Group, Record<string, number | null>>;
  for (const group of GROUPS) {
    const other = others[widened.indexOf(group)];
    counts[group] = Object.fromEntries(
      FACET_OPTIONS[group].map((option) => {
        const tag = (TAG[group] as (o: string) => string)(option);
        if ((input[group] as string[]).includes(option)) return [option, shown(found.read, found.read <= scanLimit)];
        if (!other) return [option, shown(found.tags.get(tag) ?? 0, found.read <= scanLimit)];
        return [option, shown(found.read + (other.tags.get(tag) ?? 0), found.read <= scanLimit && other.read <= scanLimit)];
      }),
    );
  }
  return { counts: counts as FacetCounts, total: Math.min(counted?.n ?? 0, cap + 1), cap };
}
