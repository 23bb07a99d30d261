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
import { collectingOrder, conditions, COUNT_CAP, type AttributeFilters, type SearchInput } from "./search";

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
/** Decimal digits per option in a listing's facet_lanes: a pass's count of an option must fit. */
const LANE_DIGITS = 5;

/** The tag a listing row holds for each option (amenities by name, the rest in `features`). */
const TAG: { [G in Group]: (option: AttributeFilters[G][number]) => string } = {
  amenities: (a) => a,
  features: featureTag,
  road: roadTag,
  signal: signalTag,
  internet: internetTag,
  power: powerTag,
};
const tagOf = (group: Group, option: string) => (TAG[group] as (o: string) => string)(option);

/**
 * Every option's tag in its lane: tag i is 10^(5i) in facet_lanes(), whose SQL (migration 0016) lists
 * them in the same order; a test checks both against every option. Only ever appended to: a new
 * option takes the next lane, and `CREATE OR REPLACE FUNCTION facet_lanes` with it appended is its
 * whole migration, since no listing holds it yet. Reordering would need every listing's lanes and
 * both indexes that carry them recomputed.
 */
export const FACET_TAGS = [
  ...["Wi-Fi", "Estacionamento", "TV", "Cozinha", "Ar condicionado", "Piscina", "Espaço de trabalho", "Máquina de lavar"],
  ...["Churrasqueira", "Mesa de bilhar", "Área de jantar externa", "Lareira interna", "Fogueira", "Equipamento ginástica"],
  ...["Chuveiro externo", "Acesso ao lago", "Acesso à praia"],
  ...["pets", "step-free", "kids"],
  ...["road:asfalto", "road:terra", "road:4x4"],
  ...["signal:vivo", "signal:claro", "signal:tim", "signal:none"],
  ...["internet:fibra", "internet:radio", "internet:satelite", "internet:nenhuma"],
  ...["power:rede", "power:solar", "power:gerador"],
] as const;

/** A sum of facet_lanes as each tag's count. */
export function laneCounts(sum: string): Map<string, number> {
  const digits = sum.padStart(FACET_TAGS.length * LANE_DIGITS, "0");
  return new Map(FACET_TAGS.map((tag, i) => [tag, Number(digits.slice(digits.length - (i + 1) * LANE_DIGITS, digits.length - i * LANE_DIGITS))]));
}

/** Groups where ticking one more option widens the search ("any of"), unlike amenities and features. */
const ANY_OF: Group[] = ["road", "signal", "internet", "power"];

interface Tally {
  /** Listings read; more than the limit means the pass stopped there. */
  read: number;
  /** Per tag, how many of those listings hold it. */
  tags: Map<string, number>;
}

/**
 * The order a pass collects its listings in: the search's own (so the newest index, which carries the
 * lanes, answers it alone), but none for free text, which no btree index can check. Its text index
 * finds the matches, and its bitmap is read in the table's order: newest first read each newest
 * listing's row to check the text (52,000 pages for the 10,001 of 'cabana' at 1M, ~150 ms), where the
 * bitmap's first 10,001 take 9,000 (~30 ms).
 */
const passOrder = (input: SearchInput): SQL[] => (input.search ? [] : collectingOrder(input));

/**
 * One pass over the listings matching `where` (at most `scanLimit` + 1, collected in `order`): how
 * many, and each tag's count, summed from their facet_lanes. Any of them will do: past the limit
 * only "seen more than the cap" is told.
 */
async function tally(db: Db, where: SQL | undefined, order: SQL[], scanLimit: number): Promise<Tally> {
  const scanned = db
    .select({ lanes: properties.facetLanes })
    .from(properties)
    .where(where)
    .orderBy(...order)
    .limit(scanLimit + 1)
    .as("scanned");
  const [row] = await db.select({ read: sql<number>`count(*)::int`, lanes: sql<string>`coalesce(sum(${scanned.lanes}), 0)::text` }).from(scanned);
  return { read: row?.read ?? 0, tags: laneCounts(row?.lanes ?? "0") };
}

/**
 * Every option's count, read from the listings themselves: one pass over those the search finds
 * (an amenity or feature ticked keeps those holding it), and for a widening group with options
 * ticked, one pass over those its other options would add (when the search finds more than
 * `cap`, so does any widening: no pass). A pass reads at most `scanLimit`
 * listings (a broad search at a million listings would otherwise read them all at
 * every tick); when one stops there, an option already seen more than `cap` times is "more than
 * `cap`", and the others are not counted (null): nothing shown is a guess.
 */
export async function facetCounts(db: Db, input: SearchInput, { cap = COUNT_CAP, scanLimit = FACET_SCAN_LIMIT } = {}): Promise<Facets> {
  const widened = ANY_OF.filter((group) => input[group].length > 0);
  if (scanLimit < cap) throw new Error(`A pass of ${scanLimit} listings cannot tell a count past the cap of ${cap}`);
  if (scanLimit + 1 >= 10 ** LANE_DIGITS) throw new Error(`A pass of ${scanLimit + 1} listings would overflow facet_lanes' ${LANE_DIGITS} digits per option`);
  // The pass reads the search's matches up to the limit, past the cap: how many it read is the capped count too.
  const found = await tally(db, and(...conditions(input)), passOrder(input), scanLimit);
  // Listings the group's ticked options leave out, which one more option could bring in: only
  // counted when the search finds no more than the cap, for one more option only adds to it.
  const others =
    found.read > cap
      ? []
      : await Promise.all(
          widened.map((group) => {
            const ticked = (input[group] as string[]).map((o) => tagOf(group, o));
            const unticked = { ...input, [group]: [] };
            return tally(db, and(...conditions(unticked), sql`NOT (${properties.features} && ${sql.param(ticked)}::text[])`), passOrder(unticked), scanLimit);
          }),
        );
  const shown = (n: number, complete: boolean) => (complete ? Math.min(n, cap + 1) : n > cap ? cap + 1 : null);
  const counts = {} as Record<Group, Record<string, number | null>>;
  for (const group of GROUPS) {
    const widening = widened.includes(group);
    const other = others[widened.indexOf(group)];
    counts[group] = Object.fromEntries(
      FACET_OPTIONS[group].map((option) => {
        const tag = tagOf(group, option);
        if ((input[group] as string[]).includes(option)) return [option, shown(found.read, found.read <= scanLimit)];
        if (!widening) return [option, shown(found.tags.get(tag) ?? 0, found.read <= scanLimit)];
        if (found.read > cap || !other) return [option, cap + 1];
        return [option, shown(found.read + (other.tags.get(tag) ?? 0), found.read <= scanLimit && other.read <= scanLimit)];
      }),
    );
  }
  return { counts: counts as FacetCounts, total: Math.min(found.read, cap + 1), cap };
}
