/**
 * `npm run bench -- --only views` (issue 46, decision 032): what recording a listing view adds to
 * the view beacon (POST /api/visitas), on PGlite and on PostgreSQL, at 10 connections against the
 * built server as a process of its own behind a trusted proxy (TRUST_PROXY=1).
 *
 * Three beacons of the same shape (a browser's POST naming the page's origin, each from an address
 * of its own in X-Forwarded-For), taken in alternated rounds because the machine is shared:
 * - a new visitor: counted, one row written;
 * - a visitor already counted today on that listing: the same rate limit, hash and INSERT, which
 *   writes nothing (ON CONFLICT DO NOTHING), the reference for the write itself;
 * - a robot's user agent: dropped before the rate limit and the database, the reference for
 *   everything the recording costs.
 * The rows in listing_views afterwards must be exactly the new visitors'.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { viewBeaconUrl } from "../../common/view-beacon";
import { openPgliteDirectory, openPostgres, type Database } from "../../server/db/client";
import { publicProperty } from "../../server/db/schema";
import { ADMIN_URL, ms, postgresReachable, query, report, serverProcess, stats, stopProcess, untilSettled, withListings, withThrowawayPostgres, type Stats } from "./support";

const CONNECTIONS = 10;
/** Listings the beacons name, visitor n the listing n modulo this. */
const LISTINGS = 1_000;
/** Visitors counted before the rounds (the warm-up): the repeats are theirs. */
const PRIMED = 1_000;
const ROUNDS = 3;
/** Beacons of each kind per round (a multiple of CONNECTIONS: each connection sends exactly its share). */
const PER_ROUND = 2_000;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const ROBOT = "Googlebot/2.1 (+http://www.google.com/bot.html)";

type Kind = "new" | "repeat" | "robot";
const KINDS: Record<Kind, string> = {
  new: "new visitor (one row written)",
  repeat: "same visitor again today (writes nothing)",
  robot: "robot's user agent (no database)",
};
/** Each kind first, second and third once over the rounds. */
const ORDERS: Kind[][] = [
  ["new", "repeat", "robot"],
  ["repeat", "robot", "new"],
  ["robot", "new", "repeat"],
];

/** Visitor n's client address, as the trusted proxy reports it (each one a network of its own for the rate limit). */
const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

interface Round {
  latencies: number[];
  perSecond: number;
  /** Answers other than 2xx, connection errors and timeouts. */
  bad: number;
}

/** `amount` beacons at CONNECTIONS at once, each from the visitor and user agent `next` gives; every answer's latency (ms). */
function beacons(url: string, listings: string[], amount: number, next: () => { visitor: number; agent: string }): Promise<Round> {
  const latencies: number[] = [];
  // Timed here: autocannon's own duration is rounded to 10 ms, a percent of a robots' round.
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        amount,
        requests: [
          {
            method: "POST",
            setupRequest: (request) => {
              const { visitor, agent } = next();
              return {
                ...request,
                path: viewBeaconUrl("pagina", listings[visitor % listings.length]!),
                headers: { ...request.headers, origin: url, "user-agent": agent, "x-forwarded-for": address(visitor) },
              };
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve({ latencies, perSecond: latencies.length / (ms(started) / 1000), bad: result.non2xx + result.errors + result.timeouts })),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

/**
 * One engine: LISTINGS bulk listings written through `open`, the server started on them with `env`,
 * PRIMED visitors counted, then the rounds; the rows are counted once the server has stopped (PGlite
 * allows one process per directory).
 */
async function measureViews(engine: string, env: Record<string, string>, open: () => Promise<Database>): Promise<string[]> {
  let database = await open();
  let listings: string[];
  try {
    await withListings("Views", database, LISTINGS);
    listings = (await query<{ id: string }>(database, sql`SELECT id FROM properties WHERE ${publicProperty} ORDER BY id LIMIT ${LISTINGS}`)).map((r) => r.id);
  } finally {
    await database.close();
  }

  const app = await serverProcess({ ...env, TRUST_PROXY: "1", SEED_DEMO: "false", LOG_LEVEL: "warn" });
  const child = await app.start();
  const samples = new Map<Kind, Round[]>(Object.keys(KINDS).map((kind) => [kind as Kind, []]));
  let bad = 0;
  try {
    await untilSettled(child.pid!);
    let fresh = 0;
    let again = 0;
    const primed = await beacons(app.url, listings, PRIMED, () => ({ visitor: fresh++, agent: BROWSER }));
    bad += primed.bad;
    const next: Record<Kind, () => { visitor: number; agent: string }> = {
      new: () => ({ visitor: fresh++, agent: BROWSER }),
      repeat: () => ({ visitor: again++ % PRIMED, agent: BROWSER }),
      robot: () => ({ visitor: again++ % PRIMED, agent: ROBOT }),
    };
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of ORDERS[round % ORDERS.length]!) {
        const measured = await beacons(app.url, listings, PER_ROUND, next[kind]);
        bad += measured.bad;
        samples.get(kind)!.push(measured);
      }
    }
  } finally {
    await stopProcess(child);
  }

  database = await open();
  let recorded: number;
  try {
    [{ n: recorded }] = (await query<{ n: number }>(database, sql`SELECT count(*)::int AS n FROM listing_views`)) as [{ n: number }];
  } finally {
    await database.close();
  }

  const summary = new Map([...samples].map(([kind, rounds]) => [kind, { latency: stats(rounds.flatMap((r) => r.latencies)), perSecond: rounds.reduce((s, r) => s + r.perSecond, 0) / rounds.length, rounds }]));
  const n = (x: number) => x.toFixed(1).padStart(7);
  console.log(`\nListing views on ${engine}: ${CONNECTIONS} connections, ${LISTINGS.toLocaleString("pt-BR")} listings, ${ROUNDS} rounds of ${PER_ROUND.toLocaleString("pt-BR")} beacons per kind (kinds alternated), after ${PRIMED.toLocaleString("pt-BR")} visitors counted:`);
  console.log(`  ${"beacon".padEnd(44)}${"p50".padStart(7)}${"p95".padStart(7)}${"p99".padStart(7)} ms${"req/s".padStart(8)}   p50 per round`);
  for (const [kind, { latency, perSecond, rounds }] of summary) {
    const perRound = rounds.map((r) => stats(r.latencies).p50.toFixed(1)).join(" / ");
    console.log(`  ${KINDS[kind].padEnd(44)}${n(latency.p50)}${n(latency.p95)}${n(latency.p99)}   ${perSecond.toFixed(0).padStart(6)}   ${perRound}`);
  }
  const counted = summary.get("new")!;
  for (const reference of ["repeat", "robot"] as const) {
    const { latency, perSecond } = summary.get(reference)!;
    const delta = (q: keyof Stats) => `${counted.latency[q] - latency[q] >= 0 ? "+" : ""}${(counted.latency[q] - latency[q]).toFixed(1)} ms (×${(counted.latency[q] / latency[q]).toFixed(2)})`;
    console.log(`  recording a view, beside the ${reference === "repeat" ? "repeat" : "robot"}: p50 ${delta("p50")}, p95 ${delta("p95")}, p99 ${delta("p99")}; throughput ×${(counted.perSecond / perSecond).toFixed(2)}`);
  }
  const expected = PRIMED + ROUNDS * PER_ROUND;
  console.log(`  rows in listing_views: ${recorded.toLocaleString("pt-BR")} (expected ${expected.toLocaleString("pt-BR")}: ${PRIMED.toLocaleString("pt-BR")} primed + ${(ROUNDS * PER_ROUND).toLocaleString("pt-BR")} new visitors); answers other than 204: ${bad}`);
  const failures: string[] = [];
  if (recorded !== expected) failures.push(`${engine}: ${recorded} views recorded, ${expected} expected (the benchmark did not measure what it says)`);
  if (bad > 0) failures.push(`${engine}: ${bad} answers other than 204`);
  return failures;
}

export async function benchViews() {
  const failures: string[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "recanto-bench-views-"));
  try {
    failures.push(...(await measureViews("PGlite", { DATA_DIR: dataDir }, () => openPgliteDirectory(dataDir))));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (await postgresReachable()) {
    await withThrowawayPostgres(ADMIN_URL, async (url) => {
      const serverDir = fs.mkdtempSync(path.join(os.tmpdir(), "recanto-bench-views-"));
      try {
        const env = { DATABASE_URL: url, DATA_DIR: serverDir, AUTH_SECRET: randomBytes(32).toString("hex") };
        failures.push(...(await measureViews("PostgreSQL", env, async () => openPostgres(url))));
      } finally {
        fs.rmSync(serverDir, { recursive: true, force: true });
      }
    });
  }
  report("Views", failures);
}
