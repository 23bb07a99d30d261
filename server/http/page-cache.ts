import type { Request, RequestHandler, Response } from "express";
import type { AppLoadContext } from "react-router";
import type { Logger } from "../logger";
import { bodyFor, etagOf, precompress, type EncodedBody } from "./precompressed";
import { sharedPolicyIn } from "./cache-policy";
import { unavailableIn } from "./unavailable";

/**
 * Pages every anonymous visitor sees the same, drawn once and kept in the process until the
 * catalogue changes (decision 019). A page is kept when its route says a shared cache may keep it
 * (SHARED_PAGE_POLICY), it answered 200 without setting a cookie, and nothing it streamed failed or
 * came after its skeleton.
 * Each entry holds the catalogue's version it was drawn at: every request reads the current one
 * first (one indexed row), so a change shows from the next request, in every process.
 */
export interface PageCacheOptions {
  /** The catalogue's version (server/properties/content-version.ts). */
  version: () => Promise<number>;
  /** The cookies a shared page may depend on (the theme's): a request with any other is not served from here. */
  sharedCookies: readonly string[];
  logger: Logger;
  /** Bytes kept, all encodings counted; the least recently used pages go first. */
  maxBytes?: number;
  /** How long a page is kept whatever the version says, for what changes with time alone (dates). */
  maxAgeMs?: number;
}

interface Entry {
  version: number;
  storedAt: number;
  headers: Record<string, string>;
  body: EncodedBody;
  bytes: number;
}

/** The headers a kept page is answered with again; the rest are set per request by the middleware before this. */
const KEPT_HEADERS = ["content-type", "cache-control", "content-security-policy", "vary"];
/** A bigger page is served but not kept (none of ours comes close). */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** Longest wait for another request's drawing of the same page; past it, a visitor's page is drawn for them. */
const MAX_WAIT_MS = 3000;
/** Addresses remembered as not kept; past this many the memory starts afresh. */
const MAX_NOT_KEPT = 10_000;

const loadContexts = new WeakMap<Response, AppLoadContext>();
const incomplete = new WeakSet<AppLoadContext>();

/** Links a response to its page's load context, so the page is kept only when its loaders all did their part. */
export function notePageContext(res: Response, context: AppLoadContext) {
  loadContexts.set(res, context);
}

const versionsRead = new WeakMap<Response, number>();

/** The catalogue's version read for this request on its way to being drawn, if it was: the page's own reads need not read it again. */
export function catalogueVersionReadFor(res: Response): number | undefined {
  return versionsRead.get(res);
}

/** Something a page streamed failed: it is shown with an error state, which must not be kept for others. */
export function markIncomplete(context: AppLoadContext) {
  incomplete.add(context);
}

export function pageCache(options: PageCacheOptions): RequestHandler {
  const { maxBytes = 64 * 1024 * 1024, maxAgeMs = 60_000, logger } = options;
  const entries = new Map<string, Entry>();
  const inflight = new Map<string, { version: number; done: Promise<void> }>();
  /** Addresses whose last drawing was not kept (a form, a page that set a cookie): nobody waits for those. */
  const notKept = new Set<string>();
  let totalBytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
  };
  const store = (key: string, entry: Entry) => {
    remove(key);
    entries.set(key, entry);
    totalBytes += entry.bytes;
    for (const oldest of entries.keys()) {
      if (totalBytes <= maxBytes) break;
      remove(oldest);
    }
  };

  const handler: RequestHandler = async (req, res, next) => {
    if (req.method !== "GET" || !sharedCookiesOnly(req.get("cookie"), options.sharedCookies)) return next();
    const key = `${req.get("cookie") ?? ""}\n${req.originalUrl}`;
    let version: number;
    try {
      version = await options.version();
      versionsRead.set(res, version);
    } catch {
      // The database is down: a page already drawn is better than the outage page (stale-if-error).
      // Without one, the page is drawn as usual and shows its own error states; nothing is kept.
      const stale = entries.get(key);
      if (!stale) return next();
      res.setHeader("Cache-Control", "no-store");
      return send(req, res, stale, "stale");
    }
    const current = () => {
      const entry = entries.get(key);
      return entry && entry.version === version && Date.now() - entry.storedAt < maxAgeMs ? entry : undefined;
    };
    // Visitors who ask for a page being drawn wait for that drawing (a while at most) instead of drawing it again.
    const drawing = inflight.get(key);
    if (!current() && drawing?.version === version && !notKept.has(key)) {
      await waitAtMost(drawing.done, MAX_WAIT_MS);
      // The visitor left while waiting: nothing to answer, nothing to draw.
      if (req.socket.destroyed) return;
    }
    const entry = current();
    if (entry) {
      // Most recently used last: the first keys are the ones to drop.
      entries.delete(key);
      entries.set(key, entry);
      return send(req, res, entry, "hit");
    }
    res.setHeader("X-Page-Cache", "miss");
    if (!inflight.has(key)) {
      const done = new Promise<void>((resolve) => res.once("close", resolve));
      const mine = { version, done };
      inflight.set(key, mine);
      void done.then(() => inflight.get(key) === mine && inflight.delete(key));
    }
    capture(res, (body) => {
      const context = loadContexts.get(res);
      const keep =
        context &&
        !incomplete.has(context) &&
        !unavailableIn(context) &&
        res.statusCode === 200 &&
        !res.hasHeader("set-cookie") &&
        sharedPolicyIn(res.getHeader("cache-control")) &&
        !sentAfterItsSkeleton(body);
      if (!keep) {
        if (notKept.size >= MAX_NOT_KEPT) notKept.clear();
        notKept.add(key);
        return;
      }
      notKept.delete(key);
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = res.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      // Kept at once as drawn; its compressed forms join it when ready (until then the compression
      // middleware compresses it per answer).
      const entry: Entry = { version, storedAt: Date.now(), headers, body: { etag: etagOf(body), bodies: { identity: body } }, bytes: body.length };
      store(key, entry);
      precompress(body, "fast").then(
        ({ bodies: { br, gzip } }) => {
          if (entries.get(key) !== entry) return;
          entry.body.bodies = { ...entry.body.bodies, br, gzip };
          entry.bytes += br.length + gzip.length;
          totalBytes += br.length + gzip.length;
        },
        (err: unknown) => logger.error({ err }, "page cache: compression failed"),
      );
    });
    next();
  };
  return handler;
}

/** The page as first drawn, in the best encoding the browser accepts; 304 when it has this one. */
function send(req: Request, res: Response, entry: Entry, state: "hit" | "stale") {
  res.setHeader("X-Page-Cache", state);
  for (const [name, value] of Object.entries(entry.headers)) if (!(state === "stale" && name === "cache-control")) res.setHeader(name, value);
  res.setHeader("ETag", entry.body.etag);
  res.vary("Accept-Encoding");
  const chosen = bodyFor(req.get("if-none-match"), req.get("accept-encoding"), entry.body);
  if (!chosen) {
    res.status(304).end();
    return;
  }
  const { encoding, content } = chosen;
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(content.length));
  res.status(200).end(content);
}

/** Whether every cookie the request carries is one a shared page may depend on (none at all included). */
function sharedCookiesOnly(header: string | undefined, allowed: readonly string[]): boolean {
  if (!header) return true;
  return header.split(";").every((pair) => {
    const name = pair.split("=", 1)[0]!.trim();
    return name === "" || allowed.includes(name);
  });
}

/**
 * Copies what the page writes (before compression: this runs after the compression middleware
 * wrapped the response) and hands the whole body over once it is sent, unless it was cut short.
 */
function capture(res: Response, done: (body: Buffer) => void) {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooBig = false;
  const keep = (chunk: unknown, encoding: unknown) => {
    if (tooBig || chunk === undefined || chunk === null || typeof chunk === "function") return;
    const buffer = typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > MAX_PAGE_BYTES) {
      tooBig = true;
      chunks.length = 0;
    } else chunks.push(buffer);
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.write = ((...args: unknown[]) => {
    keep(args[0], args[1]);
    return write(...args);
  }) as Response["write"];
  res.end = ((...args: unknown[]) => {
    keep(args[0], args[1]);
    return end(...args);
  }) as Response["end"];
  res.on("finish", () => {
    if (!tooBig) done(Buffer.concat(chunks));
  });
}

/**
 * Whether a part of the page was still loading when it was first sent (React marks such a part's
 * skeleton `<!--$?-->` and sends the part later): kept, every visitor would see the skeleton first.
 * The next drawing, whole, is kept instead.
 */
function sentAfterItsSkeleton(body: Buffer): boolean {
  return body.includes("<!--$?-->");
}

function waitAtMost(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const elapsed = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms).unref()));
  return Promise.race([promise, elapsed]).finally(() => clearTimeout(timer));
}
