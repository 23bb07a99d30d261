import { sql, type SQL } from "drizzle-orm";
import { properties } from "../db/schema";

/** What a page of free text in a price order needs to know of its search. */
export interface PricedTermsPage {
  /** The words as toTsquery wrote them ("cabanas & serra"). */
  tsquery: string;
  /** The folded text, when it is also looked for inside locations; null when it is not. */
  inLocation: string | null;
  /** Every condition of the search, text included. */
  where: SQL;
  /** The public listings within the search's price range: their prices are walked. */
  inPriceRange: SQL;
  cheapestFirst: boolean;
  /** The page's order over the `properties` table. */
  order: SQL[];
  offset: number;
  limit: number;
  /** Steps (a price, or one of its periods) after which the walk gives up and answers no row. */
  maxSteps?: number;
}

/** Windows of the text looked up (location_windows): enough to narrow, few enough to stay cheap. */
const MAX_WINDOWS = 4;

/** A price with no more matches than this is read whole; past it, period by period. */
const WHOLE_PRICE = 64;

/**
 * The ids of one page of free text in a price order, for a search with more matches than the count
 * cap (migration 0018, docs/decisions/003-search.md). Each term of a listing (a word of its text,
 * three letters of its folded location) is indexed with its price and 30-day period, so the
 * listings holding the search's terms at a price, or at a price in one period, are small posting
 * lists. The walk takes the listings' prices in the order's direction from the price index: at
 * each, it reads up to WHOLE_PRICE + 1 matches; all of them when there are no more, else the
 * price's periods one by one, newest first (oldest first for the dearest, whose ties run oldest
 * first). It stops once what it read holds the page: buckets follow the order (price, then date),
 * and each is read whole, so the page is among them. Every listing read is checked against the
 * whole search. Given `maxSteps`, a walk that needs more answers no row.
 */
export function pricedTermsPage(page: PricedTermsPage): SQL {
  const { tsquery, inLocation, where, inPriceRange, cheapestFirst, order, offset, limit, maxSteps = null } = page;
  const needed = offset + limit;
  const matchesIn = (cents: SQL, period: SQL) =>
    sql`priced_terms(${properties.searchVector}, ${properties.locationFolded}, ${properties.priceCents}, ${properties.createdAt}) @@ priced_query(q.words, q.windows, ${cents}, ${period}) AND ${where}`;
  const nextPrice = cheapestFirst
    ? sql`(SELECT min(${properties.priceCents}) FROM ${properties} WHERE ${inPriceRange} AND ${properties.priceCents} > coalesce(walk.cents, -1))`
    : sql`(SELECT max(${properties.priceCents}) FROM ${properties} WHERE ${inPriceRange} AND ${properties.priceCents} < coalesce(walk.cents::bigint, 2147483648))`;
  const period = (last: boolean) => sql`listing_period((SELECT ${sql.raw(last ? "max" : "min")}(${properties.createdAt}) FROM ${properties} WHERE ${inPriceRange}))`;
  // Any of the text's windows narrows the listings to those whose location may hold it (each is
  // checked): a few, letters first, keep a long text's lookups few.
  const windows =
    inLocation === null
      ? sql`'{}'::text[]`
      : sql`array(SELECT w FROM unnest(location_windows(${inLocation})) AS w ORDER BY w ~ '^ [a-z0-9]{3}$' DESC, w LIMIT ${MAX_WINDOWS})`;
  return sql`WITH RECURSIVE
    q AS MATERIALIZED (SELECT tsvector_to_array(to_tsvector('recanto_pt', ${tsquery})) AS words, ${windows} AS windows),
    span AS MATERIALIZED (SELECT ${period(cheapestFirst)} AS period_from, ${period(!cheapestFirst)} AS period_to),
    walk(step, cents, period, found, ids) AS (
      SELECT 0, NULL::int, NULL::int, 0, NULL::uuid[] FROM q WHERE cardinality(q.words) + cardinality(q.windows) > 0
      UNION ALL
      SELECT walk.step + 1, price.cents, next.period, walk.found + coalesce(cardinality(next.ids), 0), next.ids
      FROM walk, span, q,
        LATERAL (
          SELECT CASE WHEN in_periods THEN walk.cents ELSE ${nextPrice} END AS cents, in_periods
          FROM (SELECT (walk.period ${cheapestFirst ? sql`>` : sql`<`} span.period_to) IS TRUE AS in_periods) AS state
          OFFSET 0
        ) AS price,
        LATERAL (
          SELECT array_agg(whole.id) AS ids FROM (
            SELECT ${properties.id} FROM ${properties} WHERE NOT price.in_periods AND ${matchesIn(sql`price.cents`, sql`NULL`)} LIMIT ${WHOLE_PRICE + 1}
          ) AS whole
        ) AS at_price,
        LATERAL (
          SELECT CASE WHEN price.in_periods THEN walk.period ${cheapestFirst ? sql`- 1` : sql`+ 1`}
            WHEN cardinality(at_price.ids) > ${WHOLE_PRICE} THEN span.period_from END AS period
        ) AS period,
        LATERAL (
          SELECT period.period, CASE WHEN period.period IS NULL THEN at_price.ids ELSE (
            SELECT array_agg(${properties.id}) FROM ${properties} WHERE ${matchesIn(sql`price.cents`, sql`period.period`)}
          ) END AS ids
        ) AS next
      WHERE walk.found < ${needed} AND price.cents IS NOT NULL ${maxSteps === null ? sql`` : sql` AND walk.step < ${maxSteps}`}
    )
    SELECT ${properties.id} FROM walk, unnest(walk.ids) AS candidate(id) JOIN ${properties} ON ${properties.id} = candidate.id
    ${maxSteps === null ? sql`` : sql`WHERE NOT EXISTS (SELECT 1 FROM walk WHERE step = ${maxSteps} AND found < ${needed})`}
    ORDER BY ${sql.join(order, sql`, `)} LIMIT ${limit} OFFSET ${offset}`;
}
