import { sql, type SQL } from "drizzle-orm";
import { AMENITIES } from "../../common/catalog";
import { CARRIER_KEYS, FEATURE_KEYS, INTERNET_KEYS, POWER_KEYS, ROAD_KEYS } from "../../common/stay-attributes";
import type { Db } from "../db/client";
import { COUNT_CAP, searchStatements, type AttributeFilters, type SearchInput } from "./search";

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
export type FacetCounts = { [G in Group]: Record<AttributeFilters[G][number], number> };

export interface Facets {
  /** Exact up to `cap`; a number above it means "more than `cap`". */
  counts: FacetCounts;
  /** How many listings the search finds as it is, read the same way. */
  total: number;
  cap: number;
}

/** The search with `option` added to its group's selection. */
function withOption<G extends Group>(input: SearchInput, group: G, option: AttributeFilters[G][number]): SearchInput {
  const chosen = input[group] as string[];
  return { ...input, [group]: chosen.includes(option) ? chosen : [...chosen, option] };
}

/**
 * Every option's count, and the search's own total, as the result list counts: each stops after
 * COUNT_CAP + 1 listings (an exact count of a broad search reads the whole catalogue, and the
 * dialog asks again at every tick). One statement, one round trip.
 */
export async function facetCounts(db: Db, input: SearchInput): Promise<Facets> {
  const counts: [string, SQL][] = [["total", sql`(${searchStatements(db, input).count()})`]];
  for (const group of GROUPS) {
    FACET_OPTIONS[group].forEach((option, i) => {
      counts.push([`${group}_${i}`, sql`(${searchStatements(db, withOption(input, group, option)).count()})`]);
    });
  }
  const [row] = await db.select(Object.fromEntries(counts.map(([key, count]) => [key, sql<number>`${count}`]))).from(sql`(VALUES (1)) AS one (x)`);
  const found = {} as Record<Group, Record<string, number>>;
  for (const group of GROUPS) found[group] = Object.fromEntries(FACET_OPTIONS[group].map((option, i) => [option, row?.[`${group}_${i}`] ?? 0]));
  return { counts: found as FacetCounts, total: row?.total ?? 0, cap: COUNT_CAP };
}
