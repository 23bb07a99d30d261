import { and, arrayOverlaps, asc, eq, gt, inArray, or, sql, type SQL } from "drizzle-orm";
import { CATEGORIES, PROPERTY_TYPES, type PropertyType } from "../../common/catalog";
import { destinationPath } from "../../common/places";
import { municipalityByCode } from "../cities/places";
import type { Db } from "../db/client";
import { destinationPlaceEntries, typeSlug } from "../destinations/destination-listings";
import { destinationListings, properties, publicProperty, users } from "../db/schema";

/** One address of a sitemap: a path on the site and, where a row records it, when its content last changed. */
export interface SitemapEntry {
  path: string;
  lastmod?: Date;
}

/**
 * One sitemap file: a source, and for a split source the keys its range starts at (inclusive) and
 * ends before. Ranges are read from the keys of the rows, so a file is one range query and a row
 * stays in its file while rows come and go elsewhere.
 */
export interface SitemapFile {
  source: string;
  from?: string;
  until?: string;
}

/**
 * URLs per file when the index is made. The protocol allows 50,000: rows that become public inside
 * an old range before the index is made again still fit (a file never exceeds the protocol's cap).
 */
export const SITEMAP_FILE_SIZE = 45_000;
const PROTOCOL_CAP = 50_000;
/** Rows read per query while a file streams: a file never sits whole in memory. */
const CHUNK = 2_000;

/** The pages for everyone that are worth finding (the sign-in forms, the account's and operators' pages are not). */
export const STATIC_PAGES = ["/", "/como-funciona", "/central-ajuda", "/planos", "/anuncie-conosco", "/termos-uso", "/privacidade", "/politica-cancelamento"];

/** A source split into files by the order of a key: the first `perFile` keys of each file's range start the next. */
interface KeyedSource {
  /** The key at `offset` rows from `from` (or from the start), or null past the end. */
  keyAt(db: Db, from: string | undefined, offset: number): Promise<string | null>;
  /** Up to `limit` entries with from <= key < until, after `after` (exclusive), in key order, each with its key. */
  page(db: Db, range: { from?: string; until?: string; after?: string }, limit: number): Promise<(SitemapEntry & { key: string })[]>;
  /** Whether a key from an address could be one of this source's. */
  validKey(key: string): boolean;
}

interface WholeSource {
  entries(db: Db): Promise<SitemapEntry[]>;
}

type Compare = "gte" | "lt" | "gt";
const COMPARE = { gte: sql`>=`, lt: sql`<`, gt: sql`>` };

/**
 * A keyed source from what differs between them: which keys are valid, a key as a bound on the
 * source's key columns, and two reads in key order of the rows matching the source's own condition
 * and a range (`keys` the key alone, which its index answers; `rows` the entries).
 */
function keyedSource<Row extends { key: string }>(spec: {
  validKey(key: string): boolean;
  bound(key: string, compare: SQL): SQL;
  keys(db: Db, range: SQL | undefined, offset: number): Promise<{ key: string }[]>;
  rows(db: Db, range: SQL | undefined, limit: number): Promise<Row[]>;
  entry(row: Row): SitemapEntry;
}): KeyedSource {
  const range = (bounds: Partial<Record<Compare, string>>) =>
    and(...(Object.entries(bounds) as [Compare, string | undefined][]).map(([compare, key]) => (key ? spec.bound(key, COMPARE[compare]) : undefined)));
  return {
    validKey: spec.validKey,
    keyAt: async (db, from, offset) => (await spec.keys(db, range({ gte: from }), offset))[0]?.key ?? null,
    page: async (db, { from, until, after }, limit) => (await spec.rows(db, range({ gte: from, lt: until, gt: after }), limit)).map((row) => ({ key: row.key, ...spec.entry(row) })),
  };
}

// Listings: keyed by (created_at, id), the order of properties_public_newest_idx (read from the
// index alone). New listings go to the last file; a listing keeps its file for its life.
const createdAtKey = sql<string>`to_char(${properties.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || ${properties.id}`;
const LISTING_KEY = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

const listingOrder = [asc(properties.createdAt), asc(properties.id)];

const listings = keyedSource({
  validKey: (key) => LISTING_KEY.test(key),
  bound(key, compare) {
    const [, at, id] = LISTING_KEY.exec(key)!;
    return sql`(${properties.createdAt}, ${properties.id}) ${compare} (${at}::timestamptz, ${id}::uuid)`;
  },
  keys: (db, range, offset) => db.select({ key: createdAtKey }).from(properties).where(and(publicProperty, range)).orderBy(...listingOrder).offset(offset).limit(1),
  rows: (db, range, limit) =>
    db.select({ key: createdAtKey, slug: properties.slug, lastmod: properties.updatedAt }).from(properties).where(and(publicProperty, range)).orderBy(...listingOrder).limit(limit),
  entry: (row) => ({ path: `/accommodation/${row.slug}`, lastmod: row.lastmod }),
});

// Hosts with a public listing (the others' pages answer 404), keyed by their id. The page shows the
// host's profile and listings: it changed when either last did.
const hasPublicListing = sql`EXISTS (SELECT 1 FROM ${properties} WHERE ${properties.hostId} = ${users.id} AND ${publicProperty})`;
const publicHost = and(eq(users.userType, "host"), hasPublicListing);
// Spelled out: in a select list the query builder leaves columns unqualified, and both tables have these.
const hostLastmod = sql<Date>`greatest(users.updated_at, (SELECT max(p.updated_at) FROM properties p WHERE p.host_id = users.id AND p.status = 'approved' AND p.is_active))`.mapWith(
  users.updatedAt,
);

const hosts = keyedSource({
  validKey: (key) => key.length > 0 && key.length <= 100,
  bound: (key, compare) => sql`${users.id} ${compare} ${key}`,
  keys: (db, range, offset) => db.select({ key: users.id }).from(users).where(and(publicHost, range)).orderBy(asc(users.id)).offset(offset).limit(1),
  rows: (db, range, limit) => db.select({ key: users.id, lastmod: hostLastmod }).from(users).where(and(publicHost, range)).orderBy(asc(users.id)).limit(limit),
  entry: (row) => ({ path: `/anfitriao/${encodeURIComponent(row.key)}`, lastmod: row.lastmod }),
});

// The site's own pages and every category page with a public listing. Neither records when it
// changed, so they carry no lastmod (a guessed one would teach crawlers to ignore ours).
const pages: WholeSource = {
  async entries(db) {
    const categories = await Promise.all(
      CATEGORIES.map(async (category) => {
        const amenities = category.anyAmenities ? arrayOverlaps(properties.amenities, [...category.anyAmenities]) : undefined;
        const [row] = await db
          .select({ one: sql`1` })
          .from(properties)
          .where(and(publicProperty, or(inArray(properties.propertyType, [...category.types]), amenities)))
          .limit(1);
        return row ? { path: `/category/${category.slug}` } : null;
      }),
    );
    return [...STATIC_PAGES.map((path) => ({ path })), ...categories.filter((c) => c !== null)];
  },
};

// Destinations (decision 033): the states and municipalities with public listings fit one file;
// a municipality's type pages (/destinos/sp/campos-do-jordao/chales) can pass a file's cap, so they
// are keyed by destination_listings' own key, (municipality, type), read from its primary key.
const TYPES_WITH_PAGES = PROPERTY_TYPES.filter((type) => typeSlug(type) !== null);
const TYPE_PAGE_KEY = /^(\d{7})_(.+)$/;
const typePageKey = sql<string>`${destinationListings.municipalityCode}::text || '_' || ${destinationListings.propertyType}`;
const withTypePage = and(gt(destinationListings.listings, 0), inArray(destinationListings.propertyType, TYPES_WITH_PAGES));

const destinationPlaces: WholeSource = { entries: destinationPlaceEntries };

const typePageOrder = [asc(destinationListings.municipalityCode), asc(destinationListings.propertyType)];

const destinationTypePages = keyedSource({
  validKey: (key) => {
    const match = TYPE_PAGE_KEY.exec(key);
    return match !== null && (TYPES_WITH_PAGES as readonly string[]).includes(match[2]!);
  },
  bound(key, compare) {
    const [, code, type] = TYPE_PAGE_KEY.exec(key)!;
    return sql`(${destinationListings.municipalityCode}, ${destinationListings.propertyType}) ${compare} (${Number(code)}::integer, ${type}::text)`;
  },
  keys: (db, range, offset) => db.select({ key: typePageKey }).from(destinationListings).where(and(withTypePage, range)).orderBy(...typePageOrder).offset(offset).limit(1),
  rows: (db, range, limit) =>
    db
      .select({ key: typePageKey, code: destinationListings.municipalityCode, type: destinationListings.propertyType, lastmod: destinationListings.changedAt })
      .from(destinationListings)
      .where(and(withTypePage, range))
      .orderBy(...typePageOrder)
      .limit(limit),
  // Every row's municipality is known: destination_listings references municipalities.
  entry: (row) => ({ path: `${destinationPath(municipalityByCode(row.code)!)}/${typeSlug(row.type as PropertyType)}`, lastmod: row.lastmod }),
});

/**
 * Every source of the sitemap, by the name its files carry. Another kind of public page is one more
 * entry here: whole when it is small, keyed when it grows with the rows.
 */
const SOURCES: Record<string, { whole: WholeSource } | { keyed: KeyedSource }> = {
  paginas: { whole: pages },
  anuncios: { keyed: listings },
  anfitrioes: { keyed: hosts },
  destinos: { whole: destinationPlaces },
  "destinos-tipos": { keyed: destinationTypePages },
};

/**
 * The files of the sitemap index. A keyed source's ranges are found by stepping `perFile` keys at a
 * time along its index (one short query per file, no row read), so the index costs a walk of the
 * keys, never the rows.
 */
export async function sitemapFiles(db: Db, perFile = SITEMAP_FILE_SIZE): Promise<SitemapFile[]> {
  const files: SitemapFile[] = [];
  for (const [name, source] of Object.entries(SOURCES)) {
    if ("whole" in source) {
      files.push({ source: name });
      continue;
    }
    let from: string | undefined;
    if ((await source.keyed.keyAt(db, undefined, 0)) === null) continue;
    for (;;) {
      const until = (await source.keyed.keyAt(db, from, perFile)) ?? undefined;
      files.push({ source: name, ...(from && { from }), ...(until && { until }) });
      if (!until) break;
      from = until;
    }
  }
  return files;
}

/** Whether an address's file could exist: a known source, and keys of its kind (a whole source has none). */
export function knownFile(file: SitemapFile): boolean {
  const source = SOURCES[file.source];
  if (!source) return false;
  if ("whole" in source) return file.from === undefined && file.until === undefined;
  return [file.from, file.until].every((key) => key === undefined || source.keyed.validKey(key));
}

/** A file's entries, read a chunk at a time. */
export async function* sitemapEntries(db: Db, file: SitemapFile): AsyncGenerator<SitemapEntry> {
  const source = SOURCES[file.source];
  if (!source) return;
  if ("whole" in source) {
    yield* await source.whole.entries(db);
    return;
  }
  let after: string | undefined;
  for (let sent = 0; sent < PROTOCOL_CAP; ) {
    const limit = Math.min(CHUNK, PROTOCOL_CAP - sent);
    const rows = await source.keyed.page(db, { from: file.from, until: file.until, after }, limit);
    for (const row of rows) yield { path: row.path, lastmod: row.lastmod };
    if (rows.length < limit) return;
    sent += rows.length;
    after = rows.at(-1)!.key;
  }
}
