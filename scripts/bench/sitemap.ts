/**
 * `npm run bench -- --only sitemap` (issue 46, decision 030): the sitemap at scale, on PostgreSQL.
 * --count bulk listings (default SITEMAP_LISTINGS; --keep keeps recanto_bench_sitemap_<count>), then
 * the built server as a process of its own is read as a crawler reads it: /sitemap.xml, then every
 * file it lists, one after the other, gzip. Reported: the time of the index and of all the files,
 * bytes (on the wire and as XML), URLs, files, and the server's resident memory idle and at its peak
 * (VmHWM, reset before the crawl), against the XML it served: the claim is that no file, let alone
 * the million, sits in memory. The reference, timed before and after the crawl in the same run: the
 * same public listings' (id, slug, updated_at) read by one keyed-pagination loop through the driver.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { openPostgres } from "../../server/db/client";
import { publicProperty } from "../../server/db/schema";
import { countPublicProperties } from "../../server/seed/bulk";
import {
  ADMIN_URL,
  mb,
  ms,
  postgresReachable,
  procMemory,
  report,
  resetPeakMemory,
  serverProcess,
  stopProcess,
  untilSettled,
  withKeptPostgres,
  withListings,
  withThrowawayPostgres,
} from "./support";

/** The size. Seeding it takes most of an hour on a small machine: --keep keeps it, --count picks another. */
export const SITEMAP_LISTINGS = 1_000_000;
/** Rows per page of the reference loop, as the sitemap reads its files. */
const REFERENCE_PAGE = 2_000;

interface Fetched {
  ms: number;
  status: number;
  /** As sent (gzip), and as XML. */
  wireBytes: number;
  xml: string;
}

/** One GET as a crawler sends it (gzip accepted), read to the end. */
function crawl(url: string): Promise<Fetched> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip", "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } }, (res) => {
        let wireBytes = 0;
        res.on("data", (chunk: Buffer) => (wireBytes += chunk.length));
        const body = res.headers["content-encoding"] === "gzip" ? res.pipe(zlib.createGunzip()) : res;
        const chunks: Buffer[] = [];
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("error", reject);
        body.on("end", () => resolve({ ms: ms(started), status: res.statusCode ?? 0, wireBytes, xml: Buffer.concat(chunks).toString("utf8") }));
      })
      .on("error", reject);
  });
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));

/** The public listings' (id, slug, updated_at), (created_at, id) after (created_at, id), through node-postgres alone: the reference. */
async function readListingKeys(databaseUrl: string): Promise<{ ms: number; rows: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const isPublic = new PgDialect().sqlToQuery(publicProperty).sql;
    const started = performance.now();
    let rows = 0;
    let after: { created_at: Date; id: string } | undefined;
    for (;;) {
      const page = after
        ? await client.query(`SELECT id, slug, updated_at, created_at FROM properties WHERE ${isPublic} AND (created_at, id) > ($1, $2) ORDER BY created_at, id LIMIT ${REFERENCE_PAGE}`, [after.created_at, after.id])
        : await client.query(`SELECT id, slug, updated_at, created_at FROM properties WHERE ${isPublic} ORDER BY created_at, id LIMIT ${REFERENCE_PAGE}`);
      rows += page.rows.length;
      if (page.rows.length < REFERENCE_PAGE) return { ms: ms(started), rows };
      after = page.rows.at(-1);
    }
  } finally {
    await client.end();
  }
}

export async function benchSitemap(count: number, keep: boolean) {
  if (!(await postgresReachable())) {
    console.log("Sitemap benchmark skipped: it runs on PostgreSQL.");
    return;
  }
  const run = async (databaseUrl: string) => {
    const database = openPostgres(databaseUrl);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "recanto-bench-sitemap-"));
    try {
      const seeded = await withListings("Sitemap", database, count);
      console.log(seeded === null ? `Sitemap: reusing the kept database's listings.` : `Sitemap: seeded, vacuumed and analysed in ${(seeded / 60).toFixed(1)} min.`);
      const listings = await countPublicProperties(database.db);

      const before = await readListingKeys(databaseUrl);
      const app = await serverProcess({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, AUTH_SECRET: randomBytes(32).toString("hex"), SEED_DEMO: "false", LOG_LEVEL: "warn" });
      const child = await app.start();
      const pid = child.pid!;
      let crawled: { index: Fetched; files: (Fetched & { url: string; peakRss: number })[]; ms: number };
      let idle: number;
      let peak: number;
      let hwmReset: boolean;
      try {
        // Its background jobs run at start (the photo-hash backfill walks every listing's photos).
        await untilSettled(pid, database);
        idle = procMemory(pid, "VmRSS");
        hwmReset = resetPeakMemory(pid);
        let sampled = idle;
        // Also the peak while each file is read: memory the files left behind would pile up from one to the next.
        let filePeak = idle;
        const sampler = setInterval(() => {
          const rss = procMemory(pid, "VmRSS");
          sampled = Math.max(sampled, rss);
          filePeak = Math.max(filePeak, rss);
        }, 10);
        try {
          const started = performance.now();
          const index = await crawl(`${app.url}/sitemap.xml`);
          const files: (Fetched & { url: string; peakRss: number })[] = [];
          for (const url of locs(index.xml)) {
            filePeak = procMemory(pid, "VmRSS");
            const fetched = await crawl(url);
            files.push({ url, ...fetched, peakRss: filePeak });
          }
          crawled = { index, files, ms: ms(started) };
        } finally {
          clearInterval(sampler);
        }
        peak = Math.max(sampled, hwmReset ? procMemory(pid, "VmHWM") : 0);
      } finally {
        await stopProcess(child);
      }
      const after = await readListingKeys(databaseUrl);

      const { index, files } = crawled;
      const urls = files.map((f) => locs(f.xml).length);
      const listingFiles = files.filter((f) => new URL(f.url).pathname === "/sitemaps/anuncios.xml");
      const listingUrls = listingFiles.reduce((s, f) => s + locs(f.xml).length, 0);
      const listingMs = listingFiles.reduce((s, f) => s + f.ms, 0);
      const xmlBytes = files.reduce((s, f) => s + Buffer.byteLength(f.xml), Buffer.byteLength(index.xml));
      const wireBytes = files.reduce((s, f) => s + f.wireBytes, index.wireBytes);
      const slowest = files.reduce((a, b) => (b.ms > a.ms ? b : a));
      const largest = Math.max(...files.map((f) => Buffer.byteLength(f.xml)));
      const reference = (before.ms + after.ms) / 2;
      const failed = [{ url: "/sitemap.xml", ...index }, ...files].filter((f) => f.status !== 200);

      console.log(`\nSitemap at ${listings.toLocaleString("pt-BR")} public listings on PostgreSQL, read as a crawler reads it (one file after another, gzip):`);
      console.log(`  index /sitemap.xml: ${index.ms.toFixed(0)} ms, ${files.length} files listed (${listingFiles.length} of listings)`);
      console.log(
        `  index and every file: ${(crawled.ms / 1000).toFixed(1)} s, ${urls.reduce((s, n) => s + n, 0).toLocaleString("pt-BR")} URLs (${listingUrls.toLocaleString("pt-BR")} listings), ` +
          `${mb(xmlBytes)} of XML, ${mb(wireBytes)} gzip; slowest file ${(slowest.ms / 1000).toFixed(2)} s (${locs(slowest.xml).length.toLocaleString("pt-BR")} URLs), largest ${mb(largest)} of XML`,
      );
      console.log(
        `  the listings' files alone: ${(listingMs / 1000).toFixed(1)} s; reference, the same rows' (id, slug, updated_at) by keyed pages of ${REFERENCE_PAGE.toLocaleString("pt-BR")} through node-postgres: ` +
          `${(before.ms / 1000).toFixed(1)} s before, ${(after.ms / 1000).toFixed(1)} s after (${before.rows.toLocaleString("pt-BR")} rows); ratio ${(listingMs / reference).toFixed(2)}×`,
      );
      console.log(
        `  server RSS ${mb(idle)} idle, peak ${mb(peak)} during the crawl (+${mb(peak - idle)})${hwmReset ? "" : " (sampled every 10 ms)"}, ` +
          `while it served ${mb(xmlBytes)} of XML: ${((peak - idle) / xmlBytes).toFixed(3)} of it`,
      );
      console.log(`  each file, in order: seconds ${files.map((f) => (f.ms / 1000).toFixed(1)).join(" ")}`);
      console.log(`                       server RSS peak (MB) ${files.map((f) => (f.peakRss / 1048576).toFixed(0)).join(" ")}`);
      for (const f of failed) console.log(`  ✗ ${f.url.replace(app.url, "")} answered ${f.status} after ${(f.ms / 1000).toFixed(2)} s`);
      const failures: string[] = [];
      if (listingUrls !== listings) failures.push(`the files list ${listingUrls} listings, the database has ${listings} public`);
      if (failed.length > 0) failures.push(`${failed.length} answers other than 200`);
      report("Sitemap", failures);
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
  if (keep) await withKeptPostgres(ADMIN_URL, `recanto_bench_sitemap_${count}`, run);
  else await withThrowawayPostgres(ADMIN_URL, run);
}
