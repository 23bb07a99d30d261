import { pipeline, Readable, Transform } from "node:stream";
import type express from "express";
import onHeaders from "on-headers";
import { SitemapIndexStream, SitemapStream } from "sitemap";
import type { Services } from "../services";
import { knownFile, sitemapEntries, sitemapFiles, type SitemapEntry, type SitemapFile } from "../seo/sitemap";

export const SITEMAP_INDEX_PATH = "/sitemap.xml";
const SITEMAP_FILES_PREFIX = "/sitemaps/";

/** Shared caches keep the sitemap an hour and may serve it a day older while fetching it again; crawlers read it seldom. */
const SITEMAP_CACHE_CONTROL = "public, max-age=0, s-maxage=3600, stale-while-revalidate=86400";

/**
 * Who may index what, in one place for every answer. With indexing off (a staging site) every answer
 * says noindex. Otherwise an error and a personal answer (private or no-store: everything signed in,
 * previews) say so too: search engines never sign in, so this only guards against a page that leaks
 * into one. Registered before cachePolicy: its listener runs after that one's, on the final policy.
 */
export function robotsHeader(indexing: boolean): express.RequestHandler {
  return (_req, res, next) => {
    onHeaders(res, () => {
      const policy = String(res.getHeader("Cache-Control") ?? "");
      if (!indexing || res.statusCode >= 400 || /\b(private|no-store)\b/.test(policy)) res.setHeader("X-Robots-Tag", "noindex");
    });
    next();
  };
}

/**
 * robots.txt: with indexing on, everything may be crawled (private pages send their visitors to sign
 * in and say noindex themselves, which a crawler blocked by robots.txt could not read) and the
 * sitemap index is named; off, nothing may.
 */
export function robotsTxt(services: Services): express.RequestHandler {
  const { indexing } = services.config.searchEngines;
  const body = indexing ? `User-agent: *\nAllow: /\n\nSitemap: ${new URL(SITEMAP_INDEX_PATH, services.config.BASE_URL).href}\n` : "User-agent: *\nDisallow: /\n";
  return (_req, res) => {
    res.setHeader("Cache-Control", SITEMAP_CACHE_CONTROL);
    res.type("text/plain").send(body);
  };
}

/** The sitemap index (SITEMAP_INDEX_PATH): one entry per file of server/seo/sitemap.ts. Not found with indexing off. */
export function sitemapIndex(services: Services): express.RequestHandler {
  const { config, database, logger } = services;
  return async (req, res, next) => {
    if (!config.searchEngines.indexing) return next();
    try {
      const files = await sitemapFiles(database.db, config.searchEngines.sitemapFileSize);
      const index = new SitemapIndexStream();
      sendXml(req, res, Readable.from(files.map((file) => new URL(fileAddress(file), config.BASE_URL).href)).pipe(index), logger);
    } catch (err) {
      next(err);
    }
  };
}

/** One file of the sitemap, streamed from the database a chunk at a time. */
export function sitemapFile(services: Services): express.RequestHandler {
  const { config, database, logger } = services;
  return async (req, res, next) => {
    const file = fileOf(req);
    if (!config.searchEngines.indexing || !file) return next();
    const entries = sitemapEntries(database.db, file);
    let first: IteratorResult<SitemapEntry>;
    try {
      first = await entries.next();
    } catch (err) {
      return next(err);
    }
    const items = Readable.from(
      (async function* () {
        for (let next = first; !next.done; next = await entries.next()) {
          yield { url: next.value.path, ...(next.value.lastmod && { lastmod: next.value.lastmod.toISOString() }) };
        }
      })(),
    );
    sendXml(req, res, items.pipe(new SitemapStream({ hostname: config.BASE_URL })), logger, items);
  };
}

export const SITEMAP_FILE_PATH = `${SITEMAP_FILES_PREFIX}:source.xml`;

/** A file's address: its source, and its range's keys as `de` and `ate`. */
function fileAddress(file: SitemapFile): string {
  const range = new URLSearchParams();
  if (file.from) range.set("de", file.from);
  if (file.until) range.set("ate", file.until);
  const query = range.toString();
  return `${SITEMAP_FILES_PREFIX}${file.source}.xml${query ? `?${query}` : ""}`;
}

function fileOf(req: express.Request): SitemapFile | null {
  const { de, ate, ...others } = req.query;
  if (Object.keys(others).length > 0 || Array.isArray(de) || Array.isArray(ate) || (de !== undefined && typeof de !== "string") || (ate !== undefined && typeof ate !== "string")) return null;
  const file: SitemapFile = { source: String(req.params.source), ...(de && { from: de }), ...(ate && { until: ate }) };
  return knownFile(file) ? file : null;
}

/**
 * Streams XML to the answer. A failure before the first row is an error answer (503 when the database
 * is unavailable, server/app.ts); after it, the answer is cut, so a crawler never takes a truncated
 * file for a whole one.
 */
function sendXml(req: express.Request, res: express.Response, xml: Readable, logger: Services["logger"], source?: Readable) {
  res.setHeader("Content-Type", "application/xml; charset=utf-8");
  res.setHeader("Cache-Control", SITEMAP_CACHE_CONTROL);
  if (req.method === "HEAD") {
    (source ?? xml).destroy();
    res.end();
    return;
  }
  pipeline(xml, inPieces(PIECE_BYTES), res, (err) => {
    if (err && !req.destroyed) logger.warn({ err, path: req.path }, "sitemap stream failed");
  });
}

/** Written to the answer this many bytes at a time. */
const PIECE_BYTES = 64 * 1024;

/**
 * Groups a stream's small pieces (the sitemap writer yields one URL's XML at a time) into writes of
 * about `bytes`: the answer's compression, handed one URL at a time, took four times as long.
 */
function inPieces(bytes: number): Transform {
  let pending: Buffer[] = [];
  let size = 0;
  const release = (stream: Transform) => {
    stream.push(Buffer.concat(pending, size));
    pending = [];
    size = 0;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      size += chunk.length;
      if (size >= bytes) release(this);
      done();
    },
    flush(done) {
      if (size > 0) release(this);
      done();
    },
  });
}
