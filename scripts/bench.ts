/**
 * npm run bench — eleven measurements, printed (plans are asserted; timings only in part 5's goals).
 * Parts 9–11 live in scripts/bench/, with the helpers every part shares (scripts/bench/support.ts):
 *
 * 1. TTFB: time to first byte of the home page, served by the production build (BUILD_DIR, else
 *    build/) in this process, on embedded PGlite and on PostgreSQL.
 * 2. Search: 100,000 generated listings in a fresh in-memory PGlite and a throw-away PostgreSQL
 *    database; p50/p95/mean of realistic searches through searchProperties beside the naive
 *    ILIKE + exact count; EXPLAIN ANALYZE of every statement, written to docs/search-plans.md,
 *    failing if any plan reads the properties table sequentially.
 *
 * 3. Upload: time and peak memory (RSS, sampled every 5 ms) to turn one 12-megapixel JPEG into every
 *    stored variant (3 widths × WebP and JPEG), and for 10 simultaneous uploads through the real
 *    POST /api/imagens (browser-sized 1200×800 JPEGs as the uploader sends, then 12-megapixel
 *    originals as an API client might), on PGlite and local disk. Runs first, so the process's
 *    lifetime peak (maxRSS) is its own. Then the built server as a process of its own takes 10
 *    simultaneous 49 MB PNGs from one Premium host: its idle and peak RSS (from /proc), the
 *    answers, and the temporary files left (UPLOAD_CONCURRENCY from the environment applies).
 *
 * 4. Answers that must not tell who has an account: median time of the forgotten-password form for
 *    emails with and without an account, and of the newsletter form for new and already-subscribed
 *    addresses (each from its own client address, so no rate limit interferes), on both engines.
 *
 * 5. Pages: the built server as a process of its own on PostgreSQL (demo data, then --count listings),
 *    each public page under load (autocannon, 10 connections) anonymous and signed in, as a share of
 *    a minimal Express 5 server's requests per second measured before and after (their mean); p99;
 *    cold start to the first page; each public page's first-load JavaScript (module preloads, gzip)
 *    against 130 KB and its HTML against 150 KB; the signed-in home against twice its share before
 *    React came back (issue 41). Then PGlite with 50 connections over the public pages: no answer
 *    may take over 2 s.
 *    Unlike the other parts, it fails (exit code 1) when a goal is missed.
 *
 * 6. Availability (issue 43), on PostgreSQL: --count listings (the search part's kept database with
 *    --keep), 30 % of them given about 60 taken nights in the next year and a few a longer minimum
 *    stay; p50/p95 of dated searches in every shape, failing above 20 ms at p95 or on a sequential
 *    scan of the listings; then 1,000 connected calendars synced from a local feed server: total
 *    time, peak memory (RSS) and the most fetches at once.
 *
 * 7. Photo hashes (issue 44): median and p95 time of photoHashes (plain, mirrored and cropped pHash)
 *    on 50 photo-like 1200×800 photos, beside normalizeImage of the same JPEGs in the same run (the
 *    machine's speed varies: read the ratio); then the Hamming distance from edited copies (resized,
 *    recompressed, watermarked, mirrored, cropped) to their original's stored hashes, and between
 *    unrelated photos, against PHOTO_MATCH_DISTANCE. Needs no build.
 *
 * 8. Rating sort (issue 45), on PostgreSQL: --count listings, about 5 % of them given reviews (1–60,
 *    most few; averages 3.5–5.0) by setting their figures; p50/p95 of searches of every shape in
 *    the rating order beside the same searches in their own order (newest first; nearest first
 *    around a place), alternated in the same run (read the ratios: the machine is shared), failing
 *    above 20 ms at p95 in the rating order or on a sequential scan of the listings. Needs no build.
 *
 * 9. Listing views (issue 46), on PGlite and PostgreSQL: the built server as a process of its own
 *    behind a trusted proxy takes view beacons (POST /api/visitas) at 10 connections, in alternated
 *    rounds: new visitors (one row each), visitors already counted today (the same statement, which
 *    writes nothing) and a robot's user agent (no database); p50/p95/p99 and requests per second of
 *    each, and what recording adds beside both references. Fails if the rows written are not
 *    exactly the new visitors'.
 *
 * 10. Sitemap (issue 46), on PostgreSQL: --count listings (default 1,000,000; --keep keeps
 *    recanto_bench_sitemap_<count>), then /sitemap.xml and every file it lists read from the built
 *    server as a process of its own: time, bytes, URLs, files, and its resident memory idle and at
 *    its peak against the XML served; beside one keyed-pagination loop over the same listings'
 *    (id, slug, updated_at) through node-postgres, before and after.
 *
 * 11. Link-preview cards (issue 46): 40 cards drawn with drawListingCard on the demo illustrations:
 *    the first (cold) and the others' time, the part on the main thread and its longest block,
 *    JPEG sizes (fails at 300 KB or more), beside sharp alone cropping and encoding the same covers.
 *    Needs no build.
 *
 * PostgreSQL is DATABASE_URL's server, else postgres://postgres@127.0.0.1:5432/postgres; each part
 * creates its own recanto_bench_<pid> database and drops it. Unreachable: PGlite only.
 *
 * Options (after `npm run bench --`): --only ttfb|search|upload|answers|pages|availability|photo-hash|rating|views|sitemap|cards,
 * --count N (listings, default 100000, the sitemap part's 1000000; the plans file is only written at the default, with both
 * engines), --runs N (per search, default 200),
 * --engine pglite|postgres (the search part on one engine only), --keep (the search part's PostgreSQL
 * database is named recanto_bench_keep_<count>, kept afterwards and reused while it holds <count>
 * listings: seeding a million takes most of an hour, so tuning a query at that size needs it; the
 * pages part keeps recanto_bench_pages_<count> the same way, the rating part recanto_bench_rating_<count>, the sitemap
 * part recanto_bench_sitemap_<count>).
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { parseArgs } from "node:util";
import { sql, type SQLWrapper } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import sharp from "sharp";
import { deferredScripts } from "../app/lib/scripts-after-load";
import { createAccount } from "../server/accounts/users";
import { grantPromotion } from "../server/billing/promotion";
import { MAX_IMAGE_BYTES } from "../common/image-upload";
import { CATEGORY_PAGE_SIZE, DEFAULT_QUERY, HOME_PAGE_SIZE, parseHomeQuery } from "../common/property-query";
import { findCategory } from "../common/catalog";
import { createPglite, openPostgres, wrapPglite, type Database } from "../server/db/client";
import { COUNT_CAP, reachablePage, reviewsExist, searchProperties, searchStatements, type SearchInput } from "../server/properties/search";
import { addNights, nightOf } from "../common/nights";
import { syncDueFeeds } from "../server/availability/feed-sync";
import { calendarFeeds } from "../server/db/schema";
import { searchInput } from "../server/properties/search-input";
import { homeQueryOf } from "../server/properties/understood-query";
import { municipalityByLabel } from "../server/cities/places";
import { facetCounts } from "../server/properties/facets";
import { countPublicProperties, parseCount } from "../server/seed/bulk";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from "../server/seed/demo";
import { hashDistance, PHOTO_MATCH_DISTANCE, photoHashes, type PhotoHashes } from "../server/media/photo-hash";
import { normalizeImage } from "../server/media/variants";
import { croppedCopy, mirroredCopy, resizedCopy, scenePhoto, watermarkedCopy } from "../tests/support/scenes";
import type * as ServerEntry from "../server/index";
import { benchCards } from "./bench/cards";
import { benchSitemap, SITEMAP_LISTINGS } from "./bench/sitemap";
import {
  ADMIN_URL,
  freePort,
  kb,
  mb,
  ms,
  postgresReachable,
  procMemory,
  query,
  report,
  resetPeakMemory,
  seedBulk,
  serverProcess,
  stats,
  stopProcess,
  untilAnswering,
  withKeptPostgres,
  withListings,
  withThrowawayPostgres,
  type Stats,
} from "./bench/support";
import { benchViews } from "./bench/views";

const DEFAULT_COUNT = 100_000;
const { values: args } = parseArgs({
  options: { only: { type: "string" }, count: { type: "string" }, runs: { type: "string" }, engine: { type: "string" }, keep: { type: "boolean" } },
  strict: true,
});
if (args.only && !["ttfb", "search", "upload", "answers", "pages", "availability", "photo-hash", "rating", "views", "sitemap", "cards"].includes(args.only)) {
  console.error("--only aceita ttfb, search, upload, answers, pages, availability, photo-hash, rating, views, sitemap ou cards");
  process.exit(2);
}
if (args.engine && !["pglite", "postgres"].includes(args.engine)) {
  console.error("--engine aceita pglite ou postgres");
  process.exit(2);
}
/** Search engines to measure: both unless --engine names one (a million listings in PGlite's memory take long to seed). */
const measures = (engine: "pglite" | "postgres") => !args.engine || args.engine === engine;
const countArg = parseCount(args.count ?? String(DEFAULT_COUNT));
const runsArg = parseCount(args.runs ?? "200");
if (!countArg.ok || !runsArg.ok) {
  console.error(countArg.ok ? "--runs precisa ser um número inteiro positivo" : countArg.message);
  process.exit(2);
}
/** Listings per engine, and timed runs per search. */
const LISTINGS = countArg.count;
const RUNS = runsArg.count;

/**
 * The production build `npm run build` made (BUILD_DIR lets parallel work trees keep their own), in
 * this process for the parts that serve it here (upload, ttfb, answers): the app is measured as it
 * runs. The other parts start it as a process of their own, or call modules directly.
 */
const servedHere = !args.only || ["upload", "ttfb", "answers"].includes(args.only);
const server = (servedHere ? await import(pathToFileURL(path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js")).href) : undefined) as typeof ServerEntry;

/** The built app on a random local port, on the given database, through the one bootstrap. */
async function startBuiltApp(database: Database, dataDir: string, env: Record<string, string> = {}) {
  const listener = http.createServer();
  await new Promise<void>((r) => listener.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  const services = await server.bootstrap({ env: { NODE_ENV: "production", BASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env }, database });
  listener.on("request", server.createApp(services, { build: server.serverBuild, clientDir: server.clientDir }));
  const stop = () => {
    listener.closeAllConnections();
    listener.close();
  };
  return { url, services, stop };
}


// ---------------------------------------------------------------------------------------------
// 1. TTFB of the home page

const TTFB_REQUESTS = 20;

function ttfb(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    http
      .get(url, (res) => {
        res.once("data", () => resolve(Number(process.hrtime.bigint() - started) / 1e6));
        res.resume();
      })
      .on("error", reject);
  });
}

async function measureTtfb(label: string, database: Database) {
  const { url, services, stop } = await startBuiltApp(database, os.tmpdir());
  await seedDemoData(services);
  for (let i = 0; i < 5; i++) await ttfb(url); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < TTFB_REQUESTS; i++) samples.push(await ttfb(url));
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!.toFixed(1);
  console.log(`${label.padEnd(10)} GET /  TTFB over ${TTFB_REQUESTS} requests: median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
  stop();
  await services.close();
}

async function benchTtfb() {
  await measureTtfb("PGlite", wrapPglite(await createPglite()));
  if (await postgresReachable()) {
    await withThrowawayPostgres(ADMIN_URL, (url) => measureTtfb("PostgreSQL", openPostgres(url)));
  }
}

// ---------------------------------------------------------------------------------------------
// 2. Search at scale

const TARGET_P95_MS = 20;
const WARM_UP = 20;
const NAIVE_RUNS = 20;
const pe = findCategory("pe-na-areia")!;

interface Shape {
  key: string;
  label: string;
  input: Partial<SearchInput>;
}

const SHAPES: Shape[] = [
  { key: "a", label: "text 'cabana'", input: { search: "cabana" } },
  { key: "b", label: "text 'vista para o mar'", input: { search: "vista para o mar" } },
  { key: "c", label: "city 'Gramado - RS'", input: { location: "Gramado - RS" } },
  { key: "d", label: "partial location 'sao jo'", input: { location: "sao jo" } },
  { key: "e", label: "Chalé, R$ 200–600, 4 guests", input: { types: ["Chalé"], minPrice: 200, maxPrice: 600, minGuests: 4 } },
  { key: "f", label: "amenities Wi-Fi + Lareira interna", input: { amenities: ["Wi-Fi", "Lareira interna"] } },
  {
    key: "g",
    label: "collection 'Pé na areia' (12/page)",
    input: { types: [...pe.types], anyAmenities: [...(pe.anyAmenities ?? [])], pageSize: CATEGORY_PAGE_SIZE },
  },
  { key: "h", label: "no filters, page 100", input: { page: 100 } },
  { key: "i1", label: "Cabana, price-low", input: { types: ["Cabana"], sort: "price-low" } },
  { key: "i2", label: "6+ guests, price-high", input: { minGuests: 6, sort: "price-high" } },
  { key: "j", label: "no filters, page 1", input: {} },
  // Beyond the brief's list: combinations where the planner's estimates are weakest.
  { key: "k1", label: "text 'chalé', price-low", input: { search: "chalé", sort: "price-low" } },
  { key: "k2", label: "two letters 'rj'", input: { search: "rj" } },
  { key: "k3", label: "text 'serra', Cabana, 3+ guests", input: { search: "serra", types: ["Cabana"], minGuests: 3 } },
  // Places and attributes (issue 13).
  { key: "l1", label: "50 km around Paraty, nearest first", input: { center: pointOf("Paraty - RJ"), radiusKm: 50, sort: "distance" } },
  { key: "l2", label: "200 km around São Paulo, Chalé, nearest", input: { center: pointOf("São Paulo - SP"), radiusKm: 200, types: ["Chalé"], sort: "distance" } },
  { key: "l3", label: "50 km around Gramado, price-low", input: { center: pointOf("Gramado - RS"), radiusKm: 50, sort: "price-low" } },
  { key: "m", label: "map area 1° × 1° (Mantiqueira)", input: { area: { west: -46, south: -23, east: -45, north: -22 } } },
  { key: "n", label: "understood 'cabana com lareira em minas para 6'", input: understood({ search: "cabana com lareira em minas para 6 pessoas" }) },
  { key: "o", label: "state MG, newest", input: { stateCode: 31 } },
  { key: "p", label: "pets + road terra/4x4 + signal vivo", input: { features: ["petsAllowed"], road: ["terra", "4x4"], signal: ["vivo"] } },
  // Issue 18's worst search at 1M (51 ms): as the home page runs it ("minas" is the state), and
  // with text in "Onde" that names no place, looked for inside locations.
  { key: "q", label: "text 'cachoeira', where 'minas' (the state)", input: understood({ search: "cachoeira", location: "minas" }) },
  { key: "r", label: "text 'cachoeira', partial location 'sao jo'", input: { search: "cachoeira", location: "sao jo" } },
];

function pointOf(label: string) {
  const m = municipalityByLabel(label)!;
  return { lat: m.lat, lng: m.lng };
}

/** The home page's search box and "Onde" as the home page runs them (understood into filters). */
function understood(fields: Record<string, string>): Partial<SearchInput> {
  const home = homeQueryOf(parseHomeQuery(new URLSearchParams(fields)));
  if (home.kind !== "results") throw new Error(`${JSON.stringify(fields)} is not a results search`);
  return searchInput(home.query, { types: home.query.propertyType ? [home.query.propertyType] : [], pageSize: HOME_PAGE_SIZE });
}

const NAIVE_TERMS = ["cabana", "vista para o mar"];
/** Searches whose "Mais filtros" counts (facetCounts: every option's capped count) are timed too. */
const FACET_KEYS = ["j", "a", "g", "l1", "n", "p"];
const FACET_RUNS = 50;

const fullInput = (shape: Shape): SearchInput => ({ ...searchInput(DEFAULT_QUERY, { types: [], pageSize: HOME_PAGE_SIZE }), ...shape.input });

/** The search the spec's first backend ran: ILIKE over three columns and an exact count, no index can help. */
function naiveStatements(term: string) {
  const where = sql`is_active AND (title ILIKE ${`%${term}%`} OR description ILIKE ${`%${term}%`} OR location ILIKE ${`%${term}%`})`;
  return {
    page: sql`SELECT id, slug, title, location, property_type, price_cents, created_at FROM properties WHERE ${where} ORDER BY created_at DESC LIMIT 9`,
    count: sql`SELECT count(*)::int AS n FROM properties WHERE ${where}`,
  };
}

async function time(times: number, warmUp: number, run: () => Promise<unknown>): Promise<Stats> {
  for (let i = 0; i < warmUp; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run();
    samples.push(ms(started));
  }
  return stats(samples);
}

interface Plan {
  statement: "page with its count" | "page walked in its order" | "page" | "count";
  text: string;
}

interface EngineResult {
  engine: string;
  version: string;
  seedSeconds: number;
  timings: Map<string, Stats>;
  totals: Map<string, string>;
  plans: Map<string, Plan[]>;
  /** The statements' SQL and parameters, the same on both engines. */
  statements: Map<string, string>;
}

const dialect = new PgDialect();
const queryText = ({ sql: text, params }: { sql: string; params: unknown[] }) => `${text}\n-- params: ${JSON.stringify(params)}`;

async function explain(database: Database, statement: SQLWrapper): Promise<string> {
  const rows = await query<Record<string, string>>(database, sql`EXPLAIN (ANALYZE, BUFFERS OFF) ${statement}`);
  return rows.map((row) => Object.values(row)[0]).join("\n");
}

/** Seeds, times and explains one engine; the database is closed (pool ended) before it may be dropped. */
async function benchEngine(engine: string, database: Database): Promise<EngineResult> {
  try {
    return await measureSearch(engine, database);
  } finally {
    await database.close();
  }
}

async function measureSearch(engine: string, database: Database): Promise<EngineResult> {
  await database.migrate();
  const [{ version } = { version: "?" }] = await query<{ version: string }>(database, sql`SELECT version()`);
  const seeding = performance.now();
  const present = await countPublicProperties(database.db);
  if (present === LISTINGS) {
    console.log(`  ${engine}: reusing the kept database's ${LISTINGS.toLocaleString("pt-BR")} listings`);
  } else {
    if (present > 0) await database.db.execute(sql`TRUNCATE properties CASCADE`); // a kept database's unfinished seed
    await seedBulk(engine, database, LISTINGS);
  }
  // A live catalogue is vacuumed by autovacuum (PGlite's analyze() vacuums too): the visibility map
  // it sets lets index-only scans skip the table. Every table, as autovacuum would: without statistics
  // on the photos (autovacuum may be off on a test server), the covers' lookup of a page's 9 listings
  // was planned for 300,000 rows, in parallel, and took 6 ms of every search at 1M.
  if (database.engine === "postgres") await database.db.execute(sql`VACUUM ANALYZE`);
  else await database.analyze();
  const seedSeconds = ms(seeding) / 1000;
  console.log(`  ${engine}: seeded and analysed in ${seedSeconds.toFixed(0)} s; timing ${SHAPES.length} searches × ${RUNS}…`);

  const timings = new Map<string, Stats>();
  const totals = new Map<string, string>();
  const plans = new Map<string, Plan[]>();
  const sqlTexts = new Map<string, string>();
  for (const shape of SHAPES) {
    const input = fullInput(shape);
    const result = await searchProperties(database.db, input);
    totals.set(shape.key, `${result.totalIsCapped ? "> " : ""}${result.total.toLocaleString("pt-BR")}`);
    timings.set(shape.key, await time(RUNS, WARM_UP, () => searchProperties(database.db, input)));
    const statements = searchStatements(database.db, input);
    const page = reachablePage(input);
    sqlTexts.set(shape.key, `-- page ${page} with its count\n${queryText(statements.ranked(page).toSQL())}\n\n-- page ${page} walked in its order (over ${COUNT_CAP} matches, unless newest first)\n${queryText(statements.page(page).toSQL())}`);
    plans.set(shape.key, [
      { statement: "page with its count", text: await explain(database, statements.ranked(page)) },
      { statement: "page walked in its order", text: await explain(database, statements.page(page)) },
    ]);
  }
  console.log(`  ${engine}: filter counts × ${FACET_RUNS} for ${FACET_KEYS.length} searches…`);
  for (const key of FACET_KEYS) {
    const input = fullInput(SHAPES.find((s) => s.key === key)!);
    const facets = await facetCounts(database.db, input);
    totals.set(`facets:${key}`, `${facets.total > facets.cap ? "> " : ""}${Math.min(facets.total, facets.cap).toLocaleString("pt-BR")}`);
    timings.set(`facets:${key}`, await time(FACET_RUNS, 5, () => facetCounts(database.db, input)));
  }
  console.log(`  ${engine}: naive query × ${NAIVE_RUNS} per term…`);
  for (const term of NAIVE_TERMS) {
    const naive = naiveStatements(term);
    sqlTexts.set(`naive:${term}`, `${queryText(dialect.sqlToQuery(naive.page))}\n\n${queryText(dialect.sqlToQuery(naive.count))}`);
    const [counted] = await query<{ n: number }>(database, naive.count);
    totals.set(`naive:${term}`, (counted?.n ?? 0).toLocaleString("pt-BR"));
    timings.set(`naive:${term}`, await time(NAIVE_RUNS, 2, () => Promise.all([query(database, naive.page), query(database, naive.count)])));
    plans.set(`naive:${term}`, [
      { statement: "page", text: await explain(database, naive.page) },
      { statement: "count", text: await explain(database, naive.count) },
    ]);
  }
  return { engine, version, seedSeconds, timings, totals, plans, statements: sqlTexts };
}

const SEQ_SCAN = "Seq Scan on properties";

function rows(): { key: string; label: string }[] {
  return [
    ...SHAPES.map((s) => ({ key: s.key, label: `(${s.key}) ${s.label}` })),
    ...FACET_KEYS.map((k) => ({ key: `facets:${k}`, label: `filter counts of (${k})` })),
    ...NAIVE_TERMS.map((t) => ({ key: `naive:${t}`, label: `naive ILIKE '${t}' + count(*)` })),
  ];
}

function printTable(results: EngineResult[]) {
  const n = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1)).padStart(6);
  const head = results.map((r) => r.engine.padStart(17).padEnd(28)).join(" ");
  const sub = results.map(() => `${"p50".padStart(6)}${"p95".padStart(7)}${"mean".padStart(7)}  ${"total".padStart(6)}`).join(" ");
  const lines = [
    "",
    `Search over ${LISTINGS.toLocaleString("pt-BR")} listings: searchProperties end to end (page with its capped count, the page walked in its order when over the cap and not newest first, then covers), ms, ${RUNS} runs after ${WARM_UP} warm-up (filter counts: ${FACET_RUNS}; naive: ${NAIVE_RUNS})`,
    `${"".padEnd(42)} ${head}`,
    `${"query".padEnd(42)} ${sub}`,
  ];
  for (const row of rows()) {
    const cells = results.map((r) => {
      const s = r.timings.get(row.key)!;
      const over = r.engine === "PostgreSQL" && !row.key.startsWith("naive") && s.p95 > TARGET_P95_MS ? "!" : " ";
      return `${n(s.p50)} ${n(s.p95)}${over}${n(s.mean)}  ${r.totals.get(row.key)!.padStart(6)}`;
    });
    lines.push(`${row.label.padEnd(42)} ${cells.join(" ")}`);
  }
  lines.push(`(total: matches shown, capped at 1.000; ! = p95 above the ${TARGET_P95_MS} ms PostgreSQL target)`);
  console.log(lines.join("\n"));
}

function markdownTable(results: EngineResult[]): string {
  const f = (x: number) => x.toFixed(1);
  const header = `| query | ${results.map((r) => `${r.engine} p50 | p95 | mean`).join(" | ")} | matches |`;
  const rule = `|---|${results.map(() => "---:|---:|---:").join("|")}|---:|`;
  const body = rows().map((row) => {
    const cells = results.map((r) => {
      const s = r.timings.get(row.key)!;
      return `${f(s.p50)} | ${f(s.p95)} | ${f(s.mean)}`;
    });
    return `| ${row.label} | ${cells.join(" | ")} | ${results[0]!.totals.get(row.key)} |`;
  });
  return [header, rule, ...body].join("\n");
}

function writePlansFile(results: EngineResult[], file: string) {
  const out: string[] = [
    "# Search plans at 100,000 listings",
    "",
    "Generated by `npm run bench -- --only search` (scripts/bench.ts); do not edit by hand.",
    "Every search shape of the benchmark, with the SQL that `searchStatements` builds and the",
    "`EXPLAIN (ANALYZE, BUFFERS OFF)` of its page with its capped count, and of its page walked in its own order, on each engine, after",
    "`npm run seed`-style bulk data (all 17 types, real municipalities, two years of listings) and ANALYZE.",
    `The benchmark fails if a plan of ours contains \`${SEQ_SCAN}\`; the naive query at the end is there for contrast.`,
    "Decisions behind these plans: docs/decisions/003-search.md.",
    "",
    `Run: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at the end.`,
    ...results.map((r) => `- ${r.engine}: ${r.version.split(",")[0]}; bulk seed + ANALYZE ${r.seedSeconds.toFixed(0)} s`),
    "",
    "## Timings (ms)",
    "",
    markdownTable(results),
    "",
  ];
  for (const row of rows().filter((r) => results[0]!.plans.has(r.key))) {
    out.push(`## ${row.label}`, "");
    const shape = SHAPES.find((s) => s.key === row.key);
    if (shape) out.push("```json", JSON.stringify(shape.input), "```", "");
    out.push("```sql", results[0]!.statements.get(row.key)!, "```", "");
    for (const r of results) {
      for (const plan of r.plans.get(row.key)!) {
        out.push(`${r.engine}, ${plan.statement}:`, "", "```", plan.text, "```", "");
      }
    }
  }
  fs.writeFileSync(file, out.join("\n"));
}

async function benchSearch() {
  console.log(`Search benchmark: ${LISTINGS.toLocaleString("pt-BR")} listings per engine.`);
  const results: EngineResult[] = [];
  if (measures("pglite")) results.push(await benchEngine("PGlite", wrapPglite(await createPglite())));

  if (measures("postgres") && (await postgresReachable())) {
    const bench = (url: string) => benchEngine("PostgreSQL", openPostgres(url));
    results.push(await (args.keep ? withKeptPostgres(ADMIN_URL, `recanto_bench_keep_${LISTINGS}`, bench) : withThrowawayPostgres(ADMIN_URL, bench)));
  }

  printTable(results);
  const seqScans = results.flatMap((r) =>
    SHAPES.flatMap((s) => r.plans.get(s.key)!.filter((p) => p.text.includes(SEQ_SCAN)).map((p) => `${r.engine} (${s.key}) ${p.statement}`)),
  );
  if (LISTINGS === DEFAULT_COUNT && !args.engine) {
    writePlansFile(results, path.resolve("docs/search-plans.md"));
    console.log("Plans written to docs/search-plans.md.");
  } else {
    console.log(`Plans not written: docs/search-plans.md holds the ${DEFAULT_COUNT.toLocaleString("pt-BR")}-listing run.`);
  }
  if (seqScans.length > 0) {
    console.log(`✗ ${SEQ_SCAN} in: ${seqScans.join(", ")}`);
    process.exitCode = 1;
  } else {
    console.log(`✓ No plan of ours reads the properties table sequentially (${SHAPES.length * 2 * results.length} plans checked).`);
  }
}

// ---------------------------------------------------------------------------------------------
// 3. Image uploads

/** Runs `work` while sampling the process's resident memory; returns its result, the time and the peak seen. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; peakRss: number; baseRss: number }> {
  const baseRss = process.memoryUsage.rss();
  let peakRss = baseRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 5);
  const started = performance.now();
  try {
    const result = await work();
    return { result, ms: ms(started), peakRss: Math.max(peakRss, process.memoryUsage.rss()), baseRss };
  } finally {
    clearInterval(sampler);
  }
}

/** A 12-megapixel (4000×3000) photo-like JPEG: blurred noise, quality 90, a few MB like a phone's. */
async function twelveMegapixelJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#5a8f3c", noise: { type: "gaussian", mean: 120, sigma: 50 } } })
    .blur(1.2)
    .jpeg({ quality: 90 })
    .toBuffer()
    .then((b) => sharp(b).jpeg({ quality: 90 }).toBuffer());
}

async function benchUpload() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "recanto-bench-upload-"));
  const database = wrapPglite(await createPglite());
  try {
    const photo = await twelveMegapixelJpeg();
    const browserSized = await sharp(photo).resize({ width: 1200, height: 800, fit: "inside" }).jpeg({ quality: 80 }).toBuffer();
    console.log(`Upload benchmark: a 12-megapixel JPEG of ${mb(photo.length)}; the browser's 1200×800 version ${(browserSized.length / 1024).toFixed(0)} KB. ${os.cpus().length} cores.`);

    // One image into every variant, straight through the pipeline, in a process of its own (its peak memory is the pipeline's).
    const photoFile = path.join(dataDir, "foto-12mp.jpg");
    fs.writeFileSync(photoFile, photo);
    const child = spawnSync(process.execPath, ["--import", "tsx", path.resolve("scripts/bench-image.ts"), photoFile], { encoding: "utf8" });
    if (child.status !== 0) throw new Error(`scripts/bench-image.ts failed:\n${child.stderr}`);
    const single = JSON.parse(child.stdout.trim().split("\n").pop()!) as { runs: number[]; rssBefore: number; maxRss: number };
    const s = stats(single.runs);
    console.log(
      `one 12 MP JPEG → 6 variants (400/800/1200 × WebP+JPEG), own process: median ${s.p50.toFixed(0)} ms, slowest ${Math.max(...single.runs).toFixed(0)} ms over ${single.runs.length} runs; RSS ${mb(single.rssBefore)} after warm-up, peak ${mb(single.maxRss)}`,
    );

    // 10 at once through the real endpoint: session, Premium check, rate limit, content checks, storage, staging row.
    const { url, services, stop } = await startBuiltApp(database, dataDir);
    try {
      const host = await createAccount(services.auth, { name: "Bench Host", email: "bench-upload@example.com", password: "segredo123", userType: "host" });
      await grantPromotion(database.db, host.id, new Date());
      const { headers } = await services.auth.api.signInEmail({ body: { email: "bench-upload@example.com", password: "segredo123" }, returnHeaders: true });
      const cookie = headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
      const send = async (body: Buffer) => {
        const started = performance.now();
        const res = await fetch(`${url}/api/imagens`, { method: "POST", body: new Uint8Array(body), headers: { cookie, origin: url, "content-type": "image/jpeg" } });
        if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
        await res.arrayBuffer();
        return ms(started);
      };
      await send(browserSized); // warm-up
      for (const [label, body] of [
        ["browser-sized 1200×800", browserSized],
        ["12 MP originals", photo],
      ] as const) {
        const m = await measured(() => Promise.all(Array.from({ length: 10 }, () => send(body))));
        const each = stats(m.result);
        console.log(
          `10 parallel uploads, ${label.padEnd(22)}: all done in ${m.ms.toFixed(0)} ms (each: median ${each.p50.toFixed(0)} ms, slowest ${Math.max(...m.result).toFixed(0)} ms); RSS ${mb(m.baseRss)} before, peak ${mb(m.peakRss)}`,
        );
      }
    } finally {
      stop();
    }
    console.log(`process peak RSS so far (maxRSS): ${mb(process.resourceUsage().maxRSS * 1024)}`);
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// 10 × 49 MB uploads at once into the built server as a process of its own: the memory they cost it.

const BIG_UPLOADS = 10;
const BIG_UPLOAD_BYTES = 49 * 1024 * 1024;

/**
 * A PNG of random pixels just under BIG_UPLOAD_BYTES. Noise does not compress much: 32 levels per
 * channel (5 random bits) give about 2 bytes a pixel, so the file holds about 25 megapixels, more
 * than a phone's photo and under the 50-megapixel limit (so it is accepted and decoded whole).
 */
async function noisePng(bytes: number): Promise<Buffer> {
  const width = 5000;
  const encode = (height: number) => {
    const pixels = randomBytes(width * height * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = 0x60 + (pixels[i]! & 0x1f);
    return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
  };
  const perRow = (await encode(200)).length / 200;
  const png = await encode(Math.floor((bytes * 0.995) / perRow));
  if (png.length > MAX_IMAGE_BYTES || png.length < bytes * 0.97) throw new Error(`noise PNG of ${png.length} bytes, wanted about ${bytes}`);
  return png;
}

async function benchBigUploads() {
  if (!fs.existsSync("/proc/self/status")) {
    console.log("10 × 49 MB uploads skipped: needs Linux's /proc to read the server's memory.");
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "recanto-bench-big-"));
  const app = await serverProcess({ DATA_DIR: dataDir, LOG_LEVEL: "warn", SEED_DEMO: "true" });
  const { url } = app;
  // The first start seeds the demo data (drawing its illustrations takes memory the process keeps):
  // the measured process is a second one on the seeded data, as a restarted server would be.
  await stopProcess(await app.start());
  const child = await app.start();
  try {
    const png = await noisePng(BIG_UPLOAD_BYTES);
    const meta = await sharp(png).metadata();
    // A demo host (Premium through the launch promotion).
    const cookie = await signedInCookie(url, DEMO_ACCOUNTS[0].email);
    const send = async (body: Buffer, type: string) => {
      const res = await fetch(`${url}/api/imagens`, {
        method: "POST",
        body: new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), // a view: 10 requests share one copy
        headers: { cookie, origin: url, "content-type": type },
      });
      await res.arrayBuffer();
      return res.status;
    };
    // Warm-up: libvips and its codecs loaded, one image through the pipeline.
    const warm = await send(await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#5a8f3c" } }).jpeg().toBuffer(), "image/jpeg");
    if (warm !== 201) throw new Error(`warm-up upload answered ${warm}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = procMemory(child.pid!, "VmRSS");
    const hwmReset = resetPeakMemory(child.pid!);
    let sampled = idle;
    const sampler = setInterval(() => (sampled = Math.max(sampled, procMemory(child.pid!, "VmRSS"))), 10);
    const started = performance.now();
    const statuses = await Promise.all(Array.from({ length: BIG_UPLOADS }, () => send(png, "image/png"))).finally(() => clearInterval(sampler));
    const took = ms(started);
    const peak = Math.max(sampled, hwmReset ? procMemory(child.pid!, "VmHWM") : 0);
    const counted = [...new Set(statuses)].map((status) => `${statuses.filter((s) => s === status).length} × ${status}`);
    const leftovers = fs.existsSync(path.join(dataDir, "tmp")) ? fs.readdirSync(path.join(dataDir, "tmp"), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0;
    console.log(
      `${BIG_UPLOADS} simultaneous ${mb(png.length)} PNG uploads (noise, ${(meta.width! * meta.height! / 1e6).toFixed(0)} MP) into the server process: ${counted.join(", ")} in ${(took / 1000).toFixed(1)} s; ` +
        `server RSS ${mb(idle)} idle, peak ${mb(peak)} (+${mb(peak - idle)})${hwmReset ? "" : " (sampled every 10 ms)"}; ${leftovers} temporary files left`,
    );
  } finally {
    await stopProcess(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// 4. Answers that must not tell who has an account

const ANSWER_SAMPLES = 40;

async function measureAnswers(engine: string, database: Database) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "recanto-bench-answers-"));
  const { url, services, stop } = await startBuiltApp(database, dataDir, { TRUST_PROXY: "1" });
  try {
    let client = 0;
    /** One form post from a client address of its own; its time until the whole answer is read. */
    const post = async (pathname: string, email: string) => {
      client++;
      const started = performance.now();
      const res = await fetch(`${url}${pathname}`, {
        method: "POST",
        body: new URLSearchParams({ email }),
        headers: { origin: url, "x-forwarded-for": `10.9.${client >> 8}.${client & 255}` },
      });
      await res.text();
      if (res.status !== 200) throw new Error(`${pathname} answered ${res.status}`);
      return ms(started);
    };
    const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[samples.length >> 1]!.toFixed(1);
    const compare = async (label: string, pathname: string, known: (i: number) => string, unknown: (i: number) => string) => {
      const times = { known: [] as number[], unknown: [] as number[] };
      await post(pathname, unknown(-1)); // warm-up
      // Taken in turns, each kind first every other time, so neither pays for the other's after-answer work more often.
      for (let i = 0; i < ANSWER_SAMPLES; i++) {
        for (const kind of i % 2 ? (["unknown", "known"] as const) : (["known", "unknown"] as const)) {
          times[kind].push(await post(pathname, kind === "known" ? known(i) : unknown(i)));
        }
      }
      console.log(`${engine.padEnd(10)} ${label.padEnd(44)} median over ${ANSWER_SAMPLES}: ${median(times.known)} ms vs ${median(times.unknown)} ms`);
      await services.background.settled();
    };

    const account = (i: number) => `conta-${i}@example.com`;
    for (let i = 0; i < ANSWER_SAMPLES; i++) {
      await createAccount(services.auth, { name: `Conta ${i}`, email: account(i), password: "senha-do-bench", userType: "guest" });
    }
    await compare("forgotten password: account vs no account", "/esqueci-senha", account, (i) => `ninguem-${i}@example.com`);

    const reader = (i: number) => `leitor-${i}@example.com`;
    for (let i = 0; i < ANSWER_SAMPLES; i++) await post("/newsletter", reader(i));
    await services.background.settled();
    await compare("newsletter: repeat vs first sign-up", "/newsletter", reader, (i) => `novo-leitor-${i}@example.com`);
  } finally {
    stop();
    await services.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchAnswers() {
  await measureAnswers("PGlite", wrapPglite(await createPglite()));
  if (await postgresReachable()) {
    await withThrowawayPostgres(ADMIN_URL, (url) => measureAnswers("PostgreSQL", openPostgres(url)));
  }
}

// ---------------------------------------------------------------------------------------------
// 5. Pages: the built server as a process of its own, beside a minimal Express 5 server

/** Issue 41's goals (React's budgets): each page at least this share of the minimal server's requests per second, p99 under this. */
const PAGE_SHARE_GOAL = 0.3;
/** The signed-in home, drawn per request: twice its share on Preact at 1M listings (0.5 %). */
const SIGNED_IN_HOME_SHARE_GOAL = 0.01;
const PAGE_P99_GOAL_MS = 100;
const COLD_START_GOAL_MS = 3000;
/** JavaScript a public page makes the browser load before it runs (gzip bytes). */
const JS_BUDGET_BYTES = 130_000;
/** A public page's HTML, uncompressed. */
const HTML_BUDGET_BYTES = 150_000;
/** Public pages checked for their first load beside the pages under load. */
const MORE_PUBLIC_PAGES = ["/planos", "/anuncie-conosco"];
const PGLITE_MAX_GOAL_MS = 2000;
const LOAD_SECONDS = 10;
const BROWSER_HEADERS = { "accept-encoding": "br, gzip", accept: "text/html" };

interface Load {
  rps: number;
  p99: number;
  max: number;
  /** Answers other than 2xx, and connection errors or timeouts. */
  bad: number;
}

async function load(url: string, connections: number, options: { cookie?: string; paths?: string[]; seconds?: number } = {}): Promise<Load> {
  const headers = { ...BROWSER_HEADERS, ...(options.cookie && { cookie: options.cookie }) };
  const result = await autocannon({
    url,
    connections,
    duration: options.seconds ?? LOAD_SECONDS,
    headers,
    ...(options.paths && { requests: options.paths.map((p) => ({ method: "GET" as const, path: p })) }),
  });
  return { rps: result.requests.average, p99: result.latency.p99, max: result.latency.max, bad: result.non2xx + result.errors + result.timeouts };
}

/** The reference: Express 5 answering a fixed 30 KB page, in a process of its own like the app. */
async function minimalServer() {
  const port = await freePort();
  const code = `import express from "express";
const page = "<!doctype html><html lang=pt-BR><title>Recanto</title><body>" + "<p>Hospedagens na natureza.</p>".repeat(30 * 1024 / 32) + "</body></html>";
const app = express();
app.get("/", (_req, res) => res.type("html").send(page));
app.listen(${port}, "127.0.0.1");`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", code], { cwd: process.cwd(), stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}/`;
  await untilAnswering(url, child);
  return { url, stop: () => stopProcess(child) };
}

/** The pages of the goals, on whatever this catalogue holds: a category's first listing and its gallery, a place search. */
async function benchPaths(url: string) {
  const html = (p: string) => fetch(url + p).then((r) => r.text());
  const category = "/category/chales";
  const listing = /href="(\/accommodation\/[^"?]+)/.exec(await html(category))?.[1];
  const gallery = listing && /href="(\/property-gallery\/[^"?]+)/.exec(await html(listing))?.[1];
  // The canonical address of a place search (the box's text becomes filters).
  const search = (await fetch(`${url}/?search=${encodeURIComponent("chalé perto de gramado")}`, { redirect: "manual" })).headers.get("location");
  if (!listing || !gallery || !search) throw new Error("the catalogue has no chalé with photos, or the search did not redirect");
  return { home: "/", category, search, listing, gallery, login: "/login" };
}

const DEMO_GUEST = DEMO_ACCOUNTS.find((a) => a.userType === "guest")!.email;

/** A demo account's session cookie, signed in through the login form. */
async function signedInCookie(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password: DEMO_PASSWORD }),
  });
  if (res.status !== 302) throw new Error(`sign-in answered ${res.status}`);
  return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

/** The JavaScript each page has the browser fetch before it runs (its module preloads, written inert until the page has loaded), in bytes as served: gzip, and brotli; and the page's HTML. */
async function firstLoadScripts(url: string, paths: string[]) {
  const sizes = new Map<string, Promise<number>>();
  const served = (href: string, encoding: "gzip" | "br") => {
    const key = `${encoding} ${href}`;
    if (!sizes.has(key)) {
      sizes.set(
        key,
        // The length sent: compressed, or as is for the few files too small to gain from it.
        fetch(url + href, { headers: { "accept-encoding": encoding } }).then(async (res) => {
          await res.arrayBuffer();
          const length = res.headers.get("content-length");
          // Compressed per request (chunked, no length): the build's .br/.gz file is missing.
          if (length === null) throw new Error(`${href} was compressed per request, not at build`);
          return Number(length);
        }),
      );
    }
    return sizes.get(key)!;
  };
  const total = async (scripts: string[], encoding: "gzip" | "br") => (await Promise.all(scripts.map((href) => served(href, encoding)))).reduce((a, b) => a + b, 0);
  const rows = [];
  for (const p of paths) {
    const html = await (await fetch(url + p)).text();
    const scripts = [...new Set(deferredScripts(html))];
    rows.push({ path: p, files: scripts.length, bytes: await total(scripts, "gzip"), brotli: await total(scripts, "br"), html: Buffer.byteLength(html) });
  }
  return rows;
}

const pct = (share: number) => `${(share * 100).toFixed(1)} %`;

async function benchPages() {
  if (!(await postgresReachable())) {
    console.log("Pages benchmark skipped: it runs on PostgreSQL.");
    return;
  }
  const bench = async (databaseUrl: string) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "recanto-bench-pages-"));
    // Production as documented: PostgreSQL, info logs (to nowhere), demo data for the signed-in views.
    const app = await serverProcess({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, AUTH_SECRET: randomBytes(32).toString("hex"), SEED_DEMO: "true" });
    try {
      const database = openPostgres(databaseUrl);
      try {
        await database.migrate();
        const present = await countPublicProperties(database.db);
        if (present === 0) await stopProcess(await app.start()); // migrates and seeds the demo catalogue
        if (present < LISTINGS) {
          console.log(`Pages: seeding ${LISTINGS.toLocaleString("pt-BR")} listings on PostgreSQL…`);
          await seedBulk("PostgreSQL", database, LISTINGS);
        }
        await database.db.execute(sql`VACUUM ANALYZE`);
      } finally {
        await database.close();
      }

      const coldStarted = performance.now();
      const child = await app.start();
      const firstPage = await fetch(app.url);
      await firstPage.arrayBuffer();
      const coldMs = ms(coldStarted);
      try {
        await measurePages(app.url, coldMs);
      } finally {
        await stopProcess(child);
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
  if (args.keep) await withKeptPostgres(ADMIN_URL, `recanto_bench_pages_${LISTINGS}`, bench);
  else await withThrowawayPostgres(ADMIN_URL, bench);
  await measurePgliteUnderLoad();
}

async function measurePages(url: string, coldMs: number) {
  const paths = await benchPaths(url);
  const cookie = await signedInCookie(url, DEMO_GUEST);
  const minimal = await minimalServer();
  const failures: string[] = [];
  try {
    // The reference before and after the pages, their mean as the limit: the machine is shared.
    const before = await load(minimal.url, 10);
    const rows: { name: string; anonymous: Load; signedIn: Load }[] = [];
    for (const [name, p] of Object.entries(paths)) {
      await fetch(url + p).then((r) => r.arrayBuffer());
      const anonymous = await load(url + p, 10);
      const signedIn = await load(url + p, 10, { cookie });
      rows.push({ name, anonymous, signedIn });
    }
    const after = await load(minimal.url, 10);
    const limit = (before.rps + after.rps) / 2;

    console.log(`\nPages at 10 connections for ${LOAD_SECONDS} s each, ${LISTINGS.toLocaleString("pt-BR")} listings on PostgreSQL, as a browser asks (br, gzip):`);
    console.log(`  minimal Express 5 server, fixed 30 KB page: ${before.rps.toFixed(0)} then ${after.rps.toFixed(0)} req/s (limit ${limit.toFixed(0)} req/s, p99 ${before.p99}/${after.p99} ms)`);
    console.log("  page       path                                        anonymous (req/s, share, p99)   signed in (req/s, share, p99)");
    for (const { name, anonymous, signedIn } of rows) {
      const share = anonymous.rps / limit;
      const cell = (l: Load) => `${l.rps.toFixed(0).padStart(6)} ${pct(l.rps / limit).padStart(7)} ${String(l.p99).padStart(5)} ms${l.bad ? ` (${l.bad} bad)` : ""}`;
      console.log(`  ${name.padEnd(10)} ${paths[name as keyof typeof paths].slice(0, 42).padEnd(43)} ${cell(anonymous).padEnd(32)} ${cell(signedIn)}`);
      if (name === "login") continue; // not among the goal's pages: a form, drawn per request
      if (share < PAGE_SHARE_GOAL) failures.push(`${name} at ${pct(share)} of the limit (goal ${pct(PAGE_SHARE_GOAL)})`);
      if (anonymous.p99 > PAGE_P99_GOAL_MS) failures.push(`${name} p99 ${anonymous.p99} ms (goal ≤ ${PAGE_P99_GOAL_MS} ms)`);
      if (anonymous.bad || signedIn.bad) failures.push(`${name}: ${anonymous.bad + signedIn.bad} answers other than 2xx`);
      if (name === "home" && signedIn.rps / limit < SIGNED_IN_HOME_SHARE_GOAL) failures.push(`signed-in home at ${pct(signedIn.rps / limit)} of the limit (goal ${pct(SIGNED_IN_HOME_SHARE_GOAL)})`);
    }
    console.log(`  cold start of the built server to its first page: ${(coldMs / 1000).toFixed(2)} s (goal ≤ ${COLD_START_GOAL_MS / 1000} s)`);
    if (coldMs > COLD_START_GOAL_MS) failures.push(`cold start ${(coldMs / 1000).toFixed(2)} s`);

    console.log(`\nFirst load (module preloads as served; HTML uncompressed), budgets ${kb(JS_BUDGET_BYTES)} of JavaScript gzip and ${kb(HTML_BUDGET_BYTES)} of HTML per page:`);
    for (const row of await firstLoadScripts(url, [...Object.values(paths), ...MORE_PUBLIC_PAGES])) {
      const over = row.bytes > JS_BUDGET_BYTES || row.html > HTML_BUDGET_BYTES;
      console.log(
        `  ${over ? "✗" : "✓"} ${row.path.slice(0, 50).padEnd(51)} ${kb(row.bytes).padStart(10)} gzip, ${kb(row.brotli).padStart(10)} brotli, in ${row.files} files; HTML ${kb(row.html).padStart(9)}`,
      );
      if (row.bytes > JS_BUDGET_BYTES) failures.push(`${row.path} loads ${kb(row.bytes)} of JavaScript`);
      if (row.html > HTML_BUDGET_BYTES) failures.push(`${row.path} is ${kb(row.html)} of HTML`);
    }
  } finally {
    await minimal.stop();
  }
  report("Pages", failures);
}

/** PGlite, one process, 50 visitors at once over the public pages, anonymous then signed in: no answer may take over 2 s. */
async function measurePgliteUnderLoad() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "recanto-bench-pglite-"));
  const app = await serverProcess({ DATA_DIR: dataDir, SEED_DEMO: "true" });
  await stopProcess(await app.start()); // seeds the demo catalogue
  const child = await app.start();
  const failures: string[] = [];
  try {
    const paths = await benchPaths(app.url);
    const cookie = await signedInCookie(app.url, DEMO_GUEST);
    const mix = [paths.home, paths.category, paths.search, paths.listing, paths.gallery];
    console.log(`\nPGlite, 50 connections for 15 s over ${mix.length} pages (goal: no answer over ${PGLITE_MAX_GOAL_MS / 1000} s):`);
    for (const [who, options] of [["anonymous", {}], ["signed in", { cookie }]] as const) {
      const result = await load(app.url, 50, { ...options, paths: mix, seconds: 15 });
      console.log(`  ${who.padEnd(10)} ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms, slowest ${result.max} ms${result.bad ? `, ${result.bad} bad answers` : ""}`);
      if (result.max > PGLITE_MAX_GOAL_MS) failures.push(`PGlite ${who}: an answer took ${result.max} ms`);
      if (result.bad) failures.push(`PGlite ${who}: ${result.bad} answers other than 2xx`);
    }
  } finally {
    await stopProcess(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  report("PGlite under load", failures);
}

// ---------------------------------------------------------------------------------------------
// 6. Availability: dated searches, and syncing connected calendars

const DATED_RUNS = 100;
const FEEDS = 1_000;

/** 30 % of the listings with about 60 taken nights in the next year (15 runs of 4), 20 % of those a 2-night minimum; 1 % a Carnaval period. */
async function takeNights(database: Database) {
  const [{ n } = { n: 0 }] = await query<{ n: number }>(database, sql`SELECT count(*)::int AS n FROM properties WHERE unavailable <> '{}'`);
  if (n > 0) return;
  // The subquery names the row (p.id) so it is drawn anew for each listing.
  await database.db.execute(sql`
    UPDATE properties p SET
      unavailable = (SELECT range_agg(daterange(d, d + 4)) FROM (SELECT current_date + (random() * 361)::int AS d FROM generate_series(1, 15) WHERE p.id IS NOT NULL) runs),
      min_nights = CASE WHEN random() < 0.2 THEN 2 ELSE 1 END
    WHERE abs(hashtext(p.id::text)) % 10 < 3`);
  await database.db.execute(sql`
    INSERT INTO min_stay_periods (property_id, starts, ends, nights)
    SELECT id, DATE '2027-02-05', DATE '2027-02-09', 4 FROM properties WHERE abs(hashtext(id::text)) % 100 = 7`);
  await database.db.execute(sql`VACUUM ANALYZE properties`);
}

async function measureDatedSearches(database: Database): Promise<string[]> {
  const today = nightOf(new Date());
  const stay = { checkIn: addNights(today, 30), checkOut: addNights(today, 33) };
  const carnaval = { checkIn: "2027-02-06", checkOut: "2027-02-10" };
  const dated: { label: string; input: Partial<SearchInput> }[] = [
    { label: "dates only, newest", input: stay },
    { label: "dates, 50 km around Gramado", input: { ...stay, center: pointOf("Gramado - RS"), radiusKm: 50, sort: "distance" } },
    { label: "dates, Chalé", input: { ...stay, types: ["Chalé"] } },
    { label: "dates, text 'cachoeira'", input: { ...stay, search: "cachoeira" } },
    { label: "dates, price-low up to R$ 500", input: { ...stay, sort: "price-low", maxPrice: 500 } },
    { label: "dates, state MG", input: { ...stay, stateCode: 31 } },
    { label: "dates, amenities Wi-Fi + Lareira interna", input: { ...stay, amenities: ["Wi-Fi", "Lareira interna"] } },
    { label: "Carnaval 2027 (a period's minimum)", input: carnaval },
    { label: "a week, 6+ guests, price-high", input: { checkIn: stay.checkIn, checkOut: addNights(stay.checkIn, 7), minGuests: 6, sort: "price-high" } },
  ];
  const failures: string[] = [];
  console.log(`  dated searches × ${DATED_RUNS} (p50 / p95, ms; total found):`);
  for (const shape of dated) {
    const input = { ...searchInput(DEFAULT_QUERY, { types: [], pageSize: HOME_PAGE_SIZE }), ...shape.input };
    const found = await searchProperties(database.db, input);
    const timing = await time(DATED_RUNS, 5, () => searchProperties(database.db, input));
    const statements = searchStatements(database.db, input);
    const page = reachablePage(input);
    const plans = [await explain(database, statements.ranked(page)), await explain(database, statements.page(page))];
    const seq = plans.some((plan) => plan.includes(SEQ_SCAN));
    console.log(`    ${shape.label.padEnd(42)} ${timing.p50.toFixed(1).padStart(6)} / ${timing.p95.toFixed(1).padStart(6)}   ${found.totalIsCapped ? "> " : ""}${found.total}${seq ? "   SEQUENTIAL SCAN" : ""}`);
    if (timing.p95 > 20) failures.push(`${shape.label}: p95 ${timing.p95.toFixed(1)} ms (goal ≤ 20)`);
    if (seq) failures.push(`${shape.label}: a sequential scan of the listings`);
  }
  return failures;
}

async function measureFeedSyncs(database: Database) {
  const feeds = await startFeedServerForBench();
  try {
    const ids = await query<{ id: string }>(database, sql`SELECT id FROM properties ORDER BY id LIMIT ${FEEDS}`);
    await database.db.execute(sql`DELETE FROM calendar_feeds WHERE name = 'bench'`);
    await database.db.insert(calendarFeeds).values(ids.map(({ id }, i) => ({ propertyId: id, name: "bench", url: `${feeds.base}/f${i}.ics` })));
    const baseRss = process.memoryUsage().rss;
    let peakRss = baseRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5);
    const started = performance.now();
    const synced = await syncDueFeeds(database.db, { syncEveryMs: 30 * 60_000, allowLoopback: true, ownDomain: "recanto.bench" });
    const seconds = ms(started) / 1000;
    clearInterval(sampler);
    const [{ failed } = { failed: 0 }] = await query<{ failed: number }>(database, sql`SELECT count(*)::int AS failed FROM calendar_feeds WHERE name = 'bench' AND last_error IS NOT NULL`);
    console.log(
      `  ${synced.toLocaleString("pt-BR")} calendars synced (${failed} failed) in ${seconds.toFixed(1)} s (${(synced / seconds).toFixed(0)}/s); ` +
        `at most ${feeds.mostAtOnce()} fetches at once; RSS ${(baseRss / 1048576).toFixed(0)} → peak ${(peakRss / 1048576).toFixed(0)} MB`,
    );
    await database.db.execute(sql`DELETE FROM calendar_feeds WHERE name = 'bench'`);
  } finally {
    await feeds.close();
  }
}

/** Every feed an Airbnb export of 12 stays spread over the next year, 50 ms away (a channel's server is not on this machine). */
async function startFeedServerForBench() {
  const today = nightOf(new Date());
  const compact = (night: string) => night.replaceAll("-", "");
  let open = 0;
  let most = 0;
  const server = http.createServer((req, res) => {
    most = Math.max(most, ++open);
    res.on("close", () => open--);
    const seed = Number(/\d+/.exec(req.url ?? "")?.[0] ?? 0);
    const events = Array.from({ length: 12 }, (_, i) => {
      const first = addNights(today, (seed * 7 + i * 29) % 360);
      return `BEGIN:VEVENT\r\nDTSTART;VALUE=DATE:${compact(first)}\r\nDTEND;VALUE=DATE:${compact(addNights(first, 3))}\r\nUID:${seed}-${i}@airbnb.com\r\nSUMMARY:Reserved\r\nEND:VEVENT\r\n`;
    });
    setTimeout(() => res.writeHead(200, { "content-type": "text/calendar" }).end(`BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${events.join("")}END:VCALENDAR\r\n`), 50);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    mostAtOnce: () => most,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function benchAvailability() {
  if (!(await postgresReachable())) {
    console.log("Availability benchmark skipped: it runs on PostgreSQL.");
    return;
  }
  const run = async (url: string) => {
    const database = openPostgres(url);
    try {
      await withListings("Availability", database, LISTINGS);
      await takeNights(database);
      const [{ taken } = { taken: 0 }] = await query<{ taken: number }>(database, sql`SELECT count(*)::int AS taken FROM properties WHERE unavailable <> '{}'`);
      console.log(`\nAvailability at ${LISTINGS.toLocaleString("pt-BR")} listings on PostgreSQL, ${taken.toLocaleString("pt-BR")} with taken nights:`);
      const failures = await measureDatedSearches(database);
      await measureFeedSyncs(database);
      report("Availability", failures);
    } finally {
      await database.close();
    }
  };
  if (args.keep) await withKeptPostgres(ADMIN_URL, `recanto_bench_keep_${LISTINGS}`, run);
  else await withThrowawayPostgres(ADMIN_URL, run);
}

// Perceptual hashes of listing photos (issue 44): their cost, and how far edited copies and other photos land.

const HASHED_PHOTOS = 50;
const EDITED_PHOTOS = 20;

async function benchPhotoHash() {
  const photos: Buffer[] = [];
  for (let i = 0; i < HASHED_PHOTOS; i++) photos.push(await scenePhoto(i));
  const { width, height } = await sharp(photos[0]!).metadata();
  console.log(`\nPhoto hashes: ${HASHED_PHOTOS} photo-like ${width}×${height} JPEGs (tests/support/scenes.ts), ${os.cpus().length} cores; PHOTO_MATCH_DISTANCE = ${PHOTO_MATCH_DISTANCE}.`);

  await photoHashes(await normalizeImage(photos[0]!)); // warm-up
  const hashed: PhotoHashes[] = [];
  const hashTimes: number[] = [];
  const normalizeTimes: number[] = [];
  const ratios: number[] = [];
  for (const photo of photos) {
    let started = performance.now();
    const image = await normalizeImage(photo);
    normalizeTimes.push(ms(started));
    started = performance.now();
    hashed.push(await photoHashes(image));
    hashTimes.push(ms(started));
    ratios.push(hashTimes.at(-1)! / normalizeTimes.at(-1)!);
  }
  const hashing = stats(hashTimes);
  const normalizing = stats(normalizeTimes);
  console.log(
    `photoHashes (plain, mirrored, cropped) per photo: median ${hashing.p50.toFixed(1)} ms, p95 ${hashing.p95.toFixed(1)} ms; ` +
      `reference, normalizeImage of the same JPEG: median ${normalizing.p50.toFixed(1)} ms, p95 ${normalizing.p95.toFixed(1)} ms; ` +
      `ratio per photo: median ${stats(ratios).p50.toFixed(2)}×, p95 ${stats(ratios).p95.toFixed(2)}×`,
  );

  const hashOfCopy = async (copy: Buffer) => (await photoHashes(await normalizeImage(copy))).plain;
  const edits: { label: string; copy: (photo: Buffer) => Promise<Buffer>; against: (keyof PhotoHashes)[] }[] = [
    ...[0.75, 0.5, 0.3].map((scale) => ({ label: `resized to ${scale * 100} %`, copy: (p: Buffer) => resizedCopy(p, scale), against: ["plain" as const] })),
    ...[90, 75, 60, 40, 20].map((quality) => ({ label: `recompressed, JPEG quality ${quality}`, copy: (p: Buffer) => resizedCopy(p, 1, quality), against: ["plain" as const] })),
    { label: "resized to 60 % + JPEG quality 60", copy: (p) => resizedCopy(p, 0.6, 60), against: ["plain"] },
    { label: "resized to 30 % + JPEG quality 40", copy: (p) => resizedCopy(p, 0.3, 40), against: ["plain"] },
    { label: "watermarked (bottom right corner)", copy: (p) => watermarkedCopy(p), against: ["plain"] },
    { label: "mirrored", copy: mirroredCopy, against: ["plain", "mirrored"] },
    ...[0.95, 0.9, 0.85, 0.8, 0.75, 0.7].map((kept) => ({ label: `centre ${kept * 100} % kept`, copy: (p: Buffer) => croppedCopy(p, kept), against: ["plain" as const, "cropped" as const] })),
  ];
  console.log(`\nDistance of an edited copy's plain hash (decoded by normalizeImage, as an upload) to its original's stored hash, over ${EDITED_PHOTOS} photos:`);
  console.log(`${"edit".padEnd(36)} ${"vs stored".padEnd(9)} median  max  ≤ ${PHOTO_MATCH_DISTANCE}`);
  for (const edit of edits) {
    const distances = new Map(edit.against.map((key) => [key, [] as number[]]));
    for (let i = 0; i < EDITED_PHOTOS; i++) {
      const copy = await hashOfCopy(await edit.copy(photos[i]!));
      for (const key of edit.against) distances.get(key)!.push(hashDistance(copy, hashed[i]![key]));
    }
    for (const [key, found] of distances) {
      const within = found.filter((d) => d <= PHOTO_MATCH_DISTANCE).length;
      console.log(`${edit.label.padEnd(36)} ${key.padEnd(9)} ${String(stats(found).p50).padStart(6)} ${String(Math.max(...found)).padStart(4)}  ${within}/${found.length}`);
    }
  }

  const plainPairs: number[] = [];
  const nearestPairs: number[] = [];
  for (let i = 0; i < hashed.length; i++) {
    for (let j = 0; j < hashed.length; j++) {
      if (i === j) continue;
      const stored = hashed[j]!;
      if (i < j) plainPairs.push(hashDistance(hashed[i]!.plain, stored.plain));
      nearestPairs.push(Math.min(...[stored.plain, stored.mirrored, stored.cropped].map((h) => hashDistance(hashed[i]!.plain, h))));
    }
  }
  for (const [label, found] of [
    [`unrelated pairs, plain vs plain (${plainPairs.length})`, plainPairs],
    [`unrelated, plain vs nearest stored (${nearestPairs.length})`, nearestPairs],
  ] as const) {
    const sorted = [...found].sort((a, b) => a - b);
    const within = found.filter((d) => d <= PHOTO_MATCH_DISTANCE).length;
    console.log(`${label.padEnd(46)} min ${sorted[0]}, 1st percentile ${sorted[Math.floor(sorted.length / 100)]}, median ${stats(found).p50}; ≤ ${PHOTO_MATCH_DISTANCE}: ${within}`);
  }
}

// ---------------------------------------------------------------------------------------------
// 8. Rating sort: each search shape in the rating order beside newest first

/**
 * About 5 % of the listings reviewed, as a young review system would leave them: counts from 1 to
 * 60, most of them few (the cube of a uniform draw), averages from 3.5 to 5.0. Kept when present.
 */
async function giveReviews(database: Database) {
  const [{ n } = { n: 0 }] = await query<{ n: number }>(database, sql`SELECT count(*)::int AS n FROM properties WHERE review_count > 0`);
  if (n > 0) return n;
  await database.db.execute(sql`
    UPDATE properties SET review_count = drawn.count, rating_sum = round(drawn.count * (3.5 + 1.5 * random()))
    FROM (SELECT id, 1 + floor(59 * power(random(), 3))::int AS count FROM properties WHERE random() < 0.05) drawn
    WHERE drawn.id = properties.id`);
  await database.db.execute(sql`VACUUM ANALYZE properties`);
  return (await query<{ n: number }>(database, sql`SELECT count(*)::int AS n FROM properties WHERE review_count > 0`))[0]!.n;
}

/** Runs `a` and `b` alternately, `times` each after a warm-up: the machine's load weighs on both alike. */
async function timeAlternately(times: number, warmUp: number, a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[Stats, Stats]> {
  for (let i = 0; i < warmUp; i++) for (const run of [a, b]) await run();
  const samples: [number[], number[]] = [[], []];
  for (let i = 0; i < times; i++) {
    for (const [k, run] of [a, b].entries()) {
      const started = performance.now();
      await run();
      samples[k]!.push(ms(started));
    }
  }
  return [stats(samples[0]), stats(samples[1])];
}

async function measureRatingSort(database: Database): Promise<string[]> {
  const home = (input: Partial<SearchInput>) => ({ ...searchInput(DEFAULT_QUERY, { types: [], pageSize: HOME_PAGE_SIZE }), ...input });
  const category = (slug: string, input: Partial<SearchInput> = {}) => {
    const { types, anyAmenities } = findCategory(slug)!;
    return { ...searchInput(DEFAULT_QUERY, { types, anyAmenities, pageSize: CATEGORY_PAGE_SIZE }), ...input };
  };
  const deepest = (input: SearchInput) => ({ ...input, page: Math.ceil(COUNT_CAP / input.pageSize) });
  const gramado = { center: pointOf("Gramado - RS"), radiusKm: 50 };
  const shapes: { label: string; input: SearchInput }[] = [
    { label: "no filters", input: home({}) },
    { label: "no filters, last page", input: deepest(home({})) },
    { label: "Cabanas (category page)", input: category("cabanas") },
    { label: "Cabanas, last page", input: deepest(category("cabanas")) },
    { label: "state MG", input: home({ stateCode: 31 }) },
    { label: "state MG, last page", input: deepest(home({ stateCode: 31 })) },
    { label: "text 'cabana'", input: home({ search: "cabana" }) },
    { label: "text 'cabana', last page", input: deepest(home({ search: "cabana" })) },
    { label: "text 'vista para o mar'", input: home({ search: "vista para o mar" }) },
    { label: "text 'serra', Cabana, 3+ guests", input: home({ search: "serra", types: ["Cabana"], minGuests: 3 }) },
    { label: "50 km around Gramado", input: home(gramado) },
    { label: "50 km around Gramado, last page", input: deepest(home(gramado)) },
    { label: "map area 1° × 1° (Mantiqueira)", input: home({ area: { west: -46, south: -23, east: -45, north: -22 } }) },
    { label: "partial location 'sao jo'", input: home({ location: "sao jo" }) },
    { label: "4+ guests, Wi-Fi + Lareira interna", input: home({ minGuests: 4, amenities: ["Wi-Fi", "Lareira interna"] }) },
    { label: "4+ guests, Wi-Fi + Lareira, last page", input: deepest(home({ minGuests: 4, amenities: ["Wi-Fi", "Lareira interna"] })) },
    { label: "collection 'Pé na areia'", input: category("pe-na-areia") },
    { label: "Chalé, R$ 200–600, 4 guests", input: home({ types: ["Chalé"], minPrice: 200, maxPrice: 600, minGuests: 4 }) },
  ];
  const failures: string[] = [];
  const n = (x: number) => x.toFixed(1).padStart(6);
  console.log(`  ${RUNS} runs each, alternated, after 5 warm-up; ms (* nearest first around a place: the search's own order):`);
  console.log(`    ${"search".padEnd(40)} ${"newest* p50".padStart(10)} ${"p95".padStart(6)}   ${"rating p50".padStart(10)} ${"p95".padStart(6)}   p95 ratio   found`);
  for (const shape of shapes) {
    const rating = { ...shape.input, sort: "rating" as const };
    const newest = { ...shape.input, sort: shape.input.center ? ("distance" as const) : ("newest" as const) };
    const found = await searchProperties(database.db, rating);
    const [byNewest, byRating] = await timeAlternately(RUNS, 5, () => searchProperties(database.db, newest), () => searchProperties(database.db, rating));
    const statements = searchStatements(database.db, rating);
    const page = reachablePage(rating);
    const plans = [await explain(database, statements.ranked(page)), await explain(database, statements.page(page))];
    const seq = plans.some((plan) => plan.includes(SEQ_SCAN));
    console.log(
      `    ${shape.label.padEnd(40)} ${n(byNewest.p50).padStart(10)} ${n(byNewest.p95)}   ${n(byRating.p50).padStart(10)} ${n(byRating.p95)}   ${(byRating.p95 / byNewest.p95).toFixed(2).padStart(8)}×   ${found.totalIsCapped ? "> " : ""}${found.total}${seq ? "   SEQUENTIAL SCAN" : ""}`,
    );
    if (byRating.p95 > TARGET_P95_MS) failures.push(`${shape.label}: p95 ${byRating.p95.toFixed(1)} ms in the rating order (goal ≤ ${TARGET_P95_MS})`);
    if (seq) failures.push(`${shape.label}: a sequential scan of the listings`);
  }
  const exists = await time(RUNS, 5, () => reviewsExist(database.db));
  console.log(`    ${"whether any listing has reviews".padEnd(40)} ${"".padStart(10)} ${"".padStart(6)}   ${n(exists.p50).padStart(10)} ${n(exists.p95)}`);
  return failures;
}

async function benchRating() {
  if (!(await postgresReachable())) {
    console.log("Rating sort benchmark skipped: it runs on PostgreSQL.");
    return;
  }
  const run = async (url: string) => {
    const database = openPostgres(url);
    try {
      await withListings("Rating sort", database, LISTINGS);
      const reviewed = await giveReviews(database);
      console.log(`
Rating sort at ${LISTINGS.toLocaleString("pt-BR")} listings on PostgreSQL, ${reviewed.toLocaleString("pt-BR")} of them reviewed:`);
      report("Rating sort", await measureRatingSort(database));
    } finally {
      await database.close();
    }
  };
  if (args.keep) await withKeptPostgres(ADMIN_URL, `recanto_bench_rating_${LISTINGS}`, run);
  else await withThrowawayPostgres(ADMIN_URL, run);
}

if (!args.only || args.only === "upload") {
  await benchUpload();
  await benchBigUploads();
}
if (!args.only || args.only === "ttfb") await benchTtfb();
if (!args.only || args.only === "search") await benchSearch();
if (!args.only || args.only === "answers") await benchAnswers();
if (!args.only || args.only === "pages") await benchPages();
if (!args.only || args.only === "availability") await benchAvailability();
if (!args.only || args.only === "photo-hash") await benchPhotoHash();
if (!args.only || args.only === "rating") await benchRating();
if (!args.only || args.only === "views") await benchViews();
if (!args.only || args.only === "sitemap") await benchSitemap(args.count ? LISTINGS : SITEMAP_LISTINGS, args.keep ?? false);
if (!args.only || args.only === "cards") await benchCards();
