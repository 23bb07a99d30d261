import { and, sql } from "drizzle-orm";
import { AMENITIES } from "../../common/catalog";
import { CARRIER_KEYS, FEATURE_KEYS, INTERNET_KEYS, POWER_KEYS, ROAD_KEYS } from "../../common/stay-attributes";
import type { Db } from "../db/client";
import { properties } from "../db/schema";
import { attributeConditions, conditions, type AttributeFilters, type SearchInput } from "./search";

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
  counts: FacetCounts;
  /** How many listings the search finds as it is (uncapped, unlike the result list's count). */
  total: number;
}

/**
 * Every option's count, and the search's own total, in one pass over the listings that match the
 * search's other filters: an option's count applies the search's amenity and attribute filters
 * with that option added (to its group's selection), so a ticked option shows the current total.
 */
export async function facetCounts(db: Db, input: SearchInput): Promise<Facets> {
  const chosen = and(...attributeConditions(input));
  const columns: Record<string, ReturnType<typeof sql<number>>> = {
    total: chosen ? sql<number>`count(*) FILTER (WHERE ${chosen})::int` : sql<number>`count(*)::int`,
  };
  for (const group of GROUPS) {
    FACET_OPTIONS[group].forEach((option, i) => {
      const inGroup = input[group] as string[];
      const withOption = { ...input, [group]: inGroup.includes(option) ? inGroup : [...inGroup, option] } as AttributeFilters;
      columns[`${group}_${i}`] = sql<number>`count(*) FILTER (WHERE ${and(...attributeConditions(withOption))})::int`;
    });
  }
  const [row] = await db
    .select(columns)
    .from(properties)
    .where(and(...conditions(input, { attributes: false })));
  const counts = {} as Record<Group, Record<string, number>>;
  for (const group of GROUPS) counts[group] = Object.fromEntries(FACET_OPTIONS[group].map((option, i) => [option, row?.[`${group}_${i}`] ?? 0]));
  return { counts: counts as FacetCounts, total: row?.total ?? 0 };
}
