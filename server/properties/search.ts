import { and, asc, desc, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Amenity, PropertyType } from "../../common/catalog";
import { normalizeText } from "../../common/cities";
import { formatBRL, formatCount } from "../../common/format";
import { PRICE_MAX, type Area, type LatLng, type PropertyQuery, type Sort } from "../../common/property-query";
import { EARTH_RADIUS_KM } from "../../common/places";
import { featureTag, internetTag, powerTag, roadTag, signalTag } from "../../common/stay-attributes";
import type { Db } from "../db/client";
import { identityVerifications, properties, propertyImages, publicProperty } from "../db/schema";
import { badgeLine } from "../../common/host-badges";
import type { CardRating, PropertyCardData } from "../../common/property-card";
import { formatRating, RATING_PRIOR_MEAN, reviewCountLabel } from "../../common/reviews";
import { pricedTermsPage } from "./priced-terms";
import { availableFor } from "../availability/available";

/**
 * Counting stops here: "Mais de 1.000" is what a guest needs to know, and an exact count of a
 * broad search would read every matching row on every page view.
 */
export const COUNT_CAP = 1000;

export interface SearchInput extends Omit<PropertyQuery, "propertyType" | "sort" | "location" | "state"> {
  /** Text looked for inside locations (what "Onde" held when it named no place). */
  location: string;
  /** A state's IBGE code. */
  stateCode: number | null;
  /** A municipality's IBGE code: its listings alone (destination pages). */
  municipalityCode?: number | null;
  /** Listings within radiusKm of this point (a municipality's, or the guest's), with their distance. */
  center: LatLng | null;
  sort: Sort;
  /** Types to list (a category page may span several); empty means every type. */
  types: readonly PropertyType[];
  /** Collections: also list properties of other types that have any of these amenities. */
  anyAmenities?: readonly Amenity[];
  pageSize: number;
}


/** The columns a property card shows (its cover, shown price and rating come from toCards, its badges from hostCadastur). */
export const cardColumns = {
  id: properties.id,
  slug: properties.slug,
  title: properties.title,
  location: properties.location,
  propertyType: properties.propertyType,
  priceCents: properties.priceCents,
  reviewCount: properties.reviewCount,
  ratingSum: properties.ratingSum,
  /**
   * The host's approved identity verification (at most one per account:
   * identity_verifications_user_open_idx): null without one, else whether its Cadastur was checked.
   */
  hostCadastur: sql<boolean | null>`(SELECT ${identityVerifications.cadasturChecked} FROM ${identityVerifications} WHERE ${and(eq(identityVerifications.userId, properties.hostId), eq(identityVerifications.status, "approved"))})`,
};

/** The public position (the pin moved by the listing's offset), never the pin; null for a listing without a place. */
export const publicPositionColumns = {
  lat: sql<number | null>`(${properties.publicPoint})[1]`,
  lng: sql<number | null>`(${properties.publicPoint})[0]`,
};

export interface SearchResult {
  /** Cards with their public position, for the results map. */
  items: (PropertyCardData & { distanceKm: number | null; lat: number | null; lng: number | null })[];
  /** Exact up to COUNT_CAP; `totalIsCapped` says there are more. */
  total: number;
  totalIsCapped: boolean;
  page: number;
  pageCount: number;
}

/**
 * "Cabanas na serra!" -> "cabanas & serra": every word required, each matched by its stem (recanto_pt
 * folds accents and stems: "cabanas" finds "Cabana"), never as a prefix: "minas" must not find
 * "minutos", whose stem begins like it.
 */
export function toTsquery(text: string): string {
  return normalizeText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8)
    .map((w) => w.slice(0, 40))
    .join(" & ");
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** A LIKE pattern for text already folded, anywhere. */
const containing = (folded: string) => `%${escapeLike(folded)}%`;
const containsFolded = (text: string) => containing(normalizeText(text));

/**
 * Free text shorter than this is not also looked for inside locations: it has no trigram, so no
 * index can find it there and every row would be read. Word prefixes ("rj", "sp", "ba") are still
 * found by the full-text match, which includes the location.
 */
const MIN_SUBSTRING = 3;

/**
 * Free text folded as locations are, when long enough to be looked for inside them: letters counted
 * as PostgreSQL counts them (an emoji is one, where a JavaScript string counts two).
 */
function foldedForLocation(search: string): string | null {
  const folded = normalizeText(search);
  return [...folded].length >= MIN_SUBSTRING ? folded : null;
}
const longEnough = (text: string) => foldedForLocation(text) !== null;

/** Free text inside a location ("ordão - S" finds Campos do Jordão - SP), when long enough to be looked for there. */
function textInLocation(search: string): SQL | null {
  const folded = foldedForLocation(search);
  return folded === null ? null : sql`${properties.locationFolded} LIKE ${containing(folded)}`;
}

const priceRange = (input: Pick<SearchInput, "minPrice" | "maxPrice">): SQL[] => [
  ...(input.minPrice > 0 ? [sql`${properties.priceCents} >= ${input.minPrice * 100}`] : []),
  ...(input.maxPrice < PRICE_MAX ? [sql`${properties.priceCents} <= ${input.maxPrice * 100}`] : []),
];

/** The search's conditions. */
export function conditions(input: SearchInput): SQL[] {
  const where: SQL[] = [publicProperty];
  if (input.search) {
    const tsquery = toTsquery(input.search);
    const matches: SQL[] = [];
    if (tsquery) matches.push(sql`${properties.searchVector} @@ to_tsquery('recanto_pt', ${tsquery})`);
    const inLocation = textInLocation(input.search);
    if (inLocation) matches.push(inLocation);
    where.push(matches.length > 0 ? sql`(${sql.join(matches, sql` OR `)})` : sql`false`);
  }
  if (input.location) where.push(sql`${properties.locationFolded} LIKE ${containsFolded(input.location)}`);
  if (input.stateCode !== null) where.push(sql`${properties.stateCode} = ${input.stateCode}`);
  if (input.municipalityCode) where.push(sql`${properties.municipalityCode} = ${input.municipalityCode}`);
  if (input.checkIn && input.checkOut) where.push(...availableFor({ checkIn: input.checkIn, checkOut: input.checkOut }));
  if (input.center) where.push(...within(input.center, input.radiusKm));
  if (input.area) where.push(sql`${properties.publicPoint} <@ ${box(input.area)}`);
  if (input.types.length > 0) {
    const ofType = inArray(properties.propertyType, [...input.types]);
    where.push(
      input.anyAmenities?.length
        ? sql`(${ofType} OR ${properties.amenities} && ${sql.param([...input.anyAmenities])}::text[])`
        : ofType,
    );
  }
  where.push(...priceRange(input));
  if (input.minGuests > 1) where.push(sql`${properties.maxGuests} >= ${input.minGuests}`);
  where.push(...attributeConditions(input));
  return where;
}

const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;
const box = (a: Area) => sql`box(point(${a.west}, ${a.south}), point(${a.east}, ${a.north}))`;

/** Kilometres from `center` to the listing's public position (haversine). */
export function distanceFrom(center: LatLng) {
  const { lat, lng } = publicPositionColumns;
  return sql<number>`(${2 * EARTH_RADIUS_KM} * asin(sqrt(power(sin(radians(${lat} - ${center.lat}) / 2), 2) + cos(radians(${center.lat})) * cos(radians(${lat})) * power(sin(radians(${lng} - ${center.lng}) / 2), 2))))`;
}

/** Within `km` of `center`: the bounding box first (the GiST index on the public point), then the true distance. */
function within(center: LatLng, km: number): SQL[] {
  const dLat = km / KM_PER_DEGREE;
  const dLng = km / (KM_PER_DEGREE * Math.max(0.01, Math.cos((center.lat * Math.PI) / 180)));
  const around = { west: center.lng - dLng, south: center.lat - dLat, east: center.lng + dLng, north: center.lat + dLat };
  return [sql`${properties.publicPoint} <@ ${box(around)}`, sql`${distanceFrom(center)} <= ${km}`];
}

export type AttributeFilters = Pick<SearchInput, "amenities" | "features" | "road" | "signal" | "internet" | "power">;

/** The amenity and attribute filters: amenities and features all required; within each other group, any of the chosen values. */
function attributeConditions(input: AttributeFilters): SQL[] {
  const tags = (list: string[]) => sql.param(list);
  const where: SQL[] = [];
  if (input.amenities.length > 0) where.push(sql`${properties.amenities} @> ${tags([...input.amenities])}::text[]`);
  if (input.features.length > 0) where.push(sql`${properties.features} @> ${tags(input.features.map(featureTag))}::text[]`);
  for (const group of [input.road.map(roadTag), input.signal.map(signalTag), input.internet.map(internetTag), input.power.map(powerTag)]) {
    if (group.length > 0) where.push(sql`${properties.features} && ${tags(group)}::text[]`);
  }
  return where;
}

/** The columns a search's order reads: the table's, or those of a subquery that selected them. */
interface OrderKeys {
  id: SQLWrapper;
  priceCents: SQLWrapper;
  ratingScore: SQLWrapper;
  createdAt: SQLWrapper;
  distanceKm: SQLWrapper | null;
}

const tableKeys = (center: LatLng | null): OrderKeys => ({
  id: properties.id,
  priceCents: properties.priceCents,
  ratingScore: properties.ratingScore,
  createdAt: properties.createdAt,
  distanceKm: center ? distanceFrom(center) : null,
});

/**
 * Orders match the partial btree indexes: newest (or type, then newest); price, or type then price,
 * with a backward scan for price-high; rating (the Bayesian score), then newest.
 */
function ordering(sort: Sort, keys: OrderKeys): SQL[] {
  switch (sort) {
    case "distance":
      return keys.distanceKm ? [asc(keys.distanceKm), desc(keys.id)] : ordering("newest", keys);
    case "price-low":
      return [asc(keys.priceCents), desc(keys.createdAt), desc(keys.id)];
    case "price-high":
      return [desc(keys.priceCents), asc(keys.createdAt), asc(keys.id)];
    case "rating":
      return [desc(keys.ratingScore), desc(keys.createdAt), desc(keys.id)];
    default:
      return [desc(keys.createdAt), desc(keys.id)];
  }
}

/** Whether a sort is the newest-first order (distance without a place falls back to it). */
const isNewestFirst = (sort: Sort, center: LatLng | null) => sort === "newest" || (sort === "distance" && !center);

/** Searches whose capped count is cheapest unordered, from the index that finds their matches. */
function countsFromItsIndex(input: SearchInput): boolean {
  const shortText = input.search !== "" && !longEnough(input.search);
  return Boolean(input.center || input.area || (input.location && longEnough(input.location)) || shortText);
}

/**
 * The order a search's matches are collected in, up to a limit: newest first, which the newest and
 * type indexes give, so a broad filter stops early on an index and a narrow one is collected from
 * its index and sorted; none where the matches' own index finds them (countsFromItsIndex).
 */
export const collectingOrder = (input: SearchInput): SQL[] => (countsFromItsIndex(input) ? [] : ordering("newest", tableKeys(null)));

/**
 * The statements of a search, built but not run. searchProperties runs them; the benchmark explains them.
 *
 * - `ranked(p)`: the matches, up to COUNT_CAP + 1, numbered in the page's order; page p of their
 *   cards, each row with how many were found (and in the rating order, how many of them were rated
 *   above the prior). Collecting the matches is what counting takes anyway,
 *   so a search of up to COUNT_CAP matches gets its page from the same query, and so does a search
 *   in newest order whose page lies within the first COUNT_CAP + 1 matches.
 * - `page(p)`: page p walked in the search's own order, for a search with more matches in another order.
 * - `ratedPage(p)`: in the rating order, page p among the matches rated above the prior, which come
 *   first: the page when they fill it.
 * - `count()`: the capped count alone (the filter counts).
 */
export function searchStatements(db: Db, input: SearchInput) {
  const where = and(...conditions(input));
  const order = ordering(input.sort, tableKeys(input.center));
  const columns = { ...cardColumns, ...publicPositionColumns, distanceKm: input.center ? distanceFrom(input.center) : sql<null>`null` };
  const offset = (p: number) => (p - 1) * input.pageSize;
  // Free text in a price order walks its terms' price buckets (priced-terms.ts), where the price
  // index walk checked the text on every listing it passed: ~50,000 rows for 'chalé' at 1M.
  const tsquery = toTsquery(input.search);
  const walksPricedTerms = Boolean(tsquery) && (input.sort === "price-low" || input.sort === "price-high");
  const pricedTerms = (p: number, maxSteps?: number) =>
    pricedTermsPage({
      tsquery,
      inLocation: foldedForLocation(input.search),
      where: where ?? sql`true`,
      inPriceRange: and(publicProperty, ...priceRange(input)) ?? publicProperty,
      cheapestFirst: input.sort === "price-low",
      order,
      offset: offset(p),
      limit: input.pageSize,
      maxSteps,
    });
  /** Page p walked in its order among the matches that also meet `among`. */
  const walk = (p: number, among?: SQL) => {
    // The page's ids first, then their cards: the ids' search can be answered from an index alone
    // (a map area's thousands of matches are sorted there, not fetched from the table).
    const chosen = db.select({ id: properties.id }).from(properties).where(and(where, among)).orderBy(...order).limit(input.pageSize).offset(offset(p)).as("chosen");
    return db.select(columns).from(properties).innerJoin(chosen, eq(properties.id, chosen.id)).orderBy(...order);
  };
  /** Page p walked in its order; with `maxSteps`, a walk of free text in a price order that needs more answers no row. */
  const page = (p: number, maxSteps?: number) =>
    walksPricedTerms ? db.select(columns).from(properties).where(sql`${properties.id} IN (${pricedTerms(p, maxSteps)})`).orderBy(...order) : walk(p);
  // Only reviewed listings score above the prior: properties_public_reviewed_idx holds them alone.
  const ratedPage = (p: number) => walk(p, sql`${properties.reviewCount} > 0 AND ${properties.ratingScore} > ${RATING_PRIOR_MEAN}`);

  // The matches are collected newest first, whatever the page's sort, and stop after COUNT_CAP + 1:
  // the newest and type indexes give that order, so a broad filter stops early on an index, and a
  // narrow one is collected from its GIN or btree index and sorted in memory. (Unordered, the
  // planner picks early-stopping table scans; in price order, a type or text filter can skip
  // thousands of rows.) Around a place or in a map area, unordered: the point index finds the
  // matches and stops at the cap, where sorting a dense area's thousands of matches cost more than
  // the whole page. Text inside locations, and free text too short to be looked for there,
  // unordered too: their trigram or text index finds the matches, where newest first walked tens of
  // thousands of rows at 1M ('sao jo': 42 -> 15 ms). Longer free text stays ordered: its trigram
  // half is dear for a common word.
  const unordered = countsFromItsIndex(input);
  const collectOrder = collectingOrder(input);
  const matches = db
    .select({
      id: properties.id,
      priceCents: properties.priceCents,
      ratingScore: properties.ratingScore,
      createdAt: properties.createdAt,
      distanceKm: (input.center ? distanceFrom(input.center) : sql<null>`null`).as("distance_km"),
    })
    .from(properties)
    .where(where)
    .orderBy(...collectOrder)
    .limit(COUNT_CAP + 1)
    .as("matches");
  const matchKeys: OrderKeys = {
    id: matches.id,
    priceCents: matches.priceCents,
    ratingScore: matches.ratingScore,
    createdAt: matches.createdAt,
    distanceKm: input.center ? matches.distanceKm : null,
  };
  const numbered = db
    .select({
      id: matches.id,
      found: sql<number>`count(*) over ()`.as("found"),
      rated: (input.sort === "rating" ? sql<number>`count(*) filter (where ${matches.ratingScore} > ${RATING_PRIOR_MEAN}) over ()` : sql<null>`null`).as("rated"),
      rank: sql<number>`row_number() over (order by ${sql.join(ordering(input.sort, matchKeys), sql`, `)})`.as("rank"),
    })
    .from(matches)
    .as("numbered");
  const ranked = (p: number) =>
    db
      .select({ ...columns, found: sql<number>`${numbered.found}::int`, rated: sql<number | null>`${numbered.rated}::int` })
      .from(properties)
      .innerJoin(numbered, eq(properties.id, numbered.id))
      .where(sql`${numbered.rank} > ${offset(p)} and ${numbered.rank} <= ${offset(p) + input.pageSize}`)
      .orderBy(numbered.rank);

  /** Whether ranked(p) is the page when more than COUNT_CAP match: only in newest order, within the first COUNT_CAP + 1. */
  const rankedBeyondCap = (p: number) => !unordered && isNewestFirst(input.sort, input.center) && offset(p) + input.pageSize <= COUNT_CAP + 1;

  const capped = db.select({ one: sql`1` }).from(properties).where(where).orderBy(...collectOrder).limit(COUNT_CAP + 1).as("capped");
  const count = () => db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return { page, ratedPage, ranked, rankedBeyondCap, count, walksPricedTerms };
}

/**
 * Whether any public listing has a published review: the rating sort is offered from then on
 * (DESIGN.md, decision 1 on the spec). One entry of properties_public_reviewed_idx, empty until the first.
 */
export async function reviewsExist(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: properties.id }).from(properties).where(and(publicProperty, sql`${properties.reviewCount} > 0`)).limit(1);
  return row !== undefined;
}

/** The first cards in the search's order, without counting (home carousels). */
export async function firstCards(db: Db, input: SearchInput): Promise<SearchResult["items"]> {
  return toCards(db, await searchStatements(db, input).page(1));
}

/** The page a request can show: pages past the count cap are never listed. */
export const reachablePage = (input: Pick<SearchInput, "page" | "pageSize">) => Math.min(input.page, Math.ceil(COUNT_CAP / input.pageSize));

/** Steps of a walk of free text in a price order run before its count is known (priced-terms.ts). */
const SPECULATIVE_STEPS = 48;

/** Smaller circles tried first for a page nearest first: fractions of the radius asked for. */
const NEARER_CIRCLES = [0.2, 0.5];

/**
 * Nearest first past the cap, the page from a smaller circle when that circle fills it: every
 * listing outside is farther than all inside, so its page is the whole circle's. The walk in
 * distance order reads every match of its circle (12,900 within 50 km of Gramado at 1M; a fifth
 * of the radius holds a twenty-fifth of them). Null when no smaller circle holds the page.
 */
async function pageInNearerCircle(db: Db, input: SearchInput, page: number) {
  if (input.sort !== "distance" || !input.center) return null;
  for (const share of NEARER_CIRCLES) {
    const rows = await searchStatements(db, { ...input, radiusKm: input.radiusKm * share }).page(page);
    if (rows.length === input.pageSize) return rows;
  }
  return null;
}

/**
 * In the rating order past the cap, around a place or in a map area, the page among the matches
 * rated above the prior, which come before every other match, when those the count collected
 * (`rated` of them) already fill it: read from the reviewed listings alone, where the walk in the
 * rating order sorts every match of the area (11,600 within 50 km of Gramado at 1M). A page they
 * may not fill is walked at once: reading every rated listing first cost more than it saved.
 */
async function pageAmongRated(statements: ReturnType<typeof searchStatements>, input: SearchInput, page: number, rated: number) {
  if (input.sort !== "rating" || !(input.center || input.area) || rated < page * input.pageSize) return null;
  return statements.ratedPage(page);
}

/** Public properties matching the filters: one page of cards and the (capped) total. */
export async function searchProperties(db: Db, input: SearchInput): Promise<SearchResult> {
  const statements = searchStatements(db, input);
  const ranked = async (p: number) => {
    const rows = await statements.ranked(p);
    return { found: rows[0]?.found, rated: rows[0]?.rated ?? 0, cards: rows.map(({ found: _found, rated: _rated, ...card }) => card) };
  };
  const wanted = reachablePage(input);
  const firstRanked = ranked(wanted);
  // Free text in a price order past the cap is paged by its walk, which would wait for the count:
  // it starts beside it instead, bounded, so a rare word (paged with its count) costs a few steps.
  const walked = statements.walksPricedTerms ? statements.page(wanted, SPECULATIVE_STEPS).catch(() => null) : null;
  const first = await firstRanked;
  // No row: nothing matches, or the page is past the end (an old link, a hand-edited URL).
  const found = first.found ?? (wanted === 1 ? 0 : ((await statements.count())[0]?.n ?? 0));
  const total = Math.min(found, COUNT_CAP);
  const pageCount = Math.ceil(total / input.pageSize);
  // Past the end: the last page instead of nothing.
  const page = Math.min(wanted, Math.max(1, pageCount));

  let items = first.cards;
  if (found > COUNT_CAP && !statements.rankedBeyondCap(page)) {
    const early = page === wanted ? await walked : null;
    items = early?.length
      ? early
      : ((await pageInNearerCircle(db, input, page)) ?? (await pageAmongRated(statements, input, page, first.rated)) ?? (await statements.page(page)));
  } else if (page !== wanted && total > 0) items = (await ranked(page)).cards;
  return { items: await toCards(db, items), total, totalIsCapped: found > COUNT_CAP, page, pageCount };
}

/** A listing's reviews as its card shows them; null before the first ("Novo"). */
function cardRating(reviewCount: number, ratingSum: number): CardRating | null {
  if (reviewCount === 0) return null;
  const average = formatRating(ratingSum / reviewCount);
  return { average, count: formatCount(reviewCount), label: `Nota ${average} de 5, ${reviewCountLabel(reviewCount)}` };
}

/**
 * Rows as cards: each with its first image (position order, one query for all), its price and
 * rating as shown, and its host's badges (read with the row: cardColumns.hostCadastur).
 */
export async function toCards<Row extends { id: string; priceCents: number; reviewCount: number; ratingSum: number; hostCadastur: boolean | null }>(
  db: Db,
  rows: Row[],
): Promise<(Omit<Row, "hostCadastur" | "reviewCount" | "ratingSum"> & Pick<PropertyCardData, "cover" | "price" | "rating" | "badges">)[]> {
  if (rows.length === 0) return [];
  const covers = await db
    .selectDistinctOn([propertyImages.propertyId], {
      propertyId: propertyImages.propertyId,
      storageKey: propertyImages.storageKey,
      width: propertyImages.width,
      height: propertyImages.height,
      alt: propertyImages.alt,
    })
    .from(propertyImages)
    .where(inArray(propertyImages.propertyId, rows.map((r) => r.id)))
    .orderBy(propertyImages.propertyId, asc(propertyImages.position));
  const byProperty = new Map(covers.map(({ propertyId, ...cover }) => [propertyId, cover]));
  return rows.map(({ hostCadastur, reviewCount, ratingSum, ...r }) => ({
    ...r,
    price: formatBRL(r.priceCents),
    rating: cardRating(reviewCount, ratingSum),
    cover: byProperty.get(r.id) ?? null,
    badges: badgeLine({ verified: hostCadastur !== null, cadastur: hostCadastur === true }),
  }));
}
