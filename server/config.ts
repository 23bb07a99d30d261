import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { whatsappNumber } from "../common/whatsapp";
import type { S3Settings } from "./adapters/storage";
import type { PostgresTimeouts } from "./db/client";
import type { MapTiles } from "../common/map";

const optionalUrl = z.preprocess((v) => (v === "" ? undefined : v), z.url().optional());

/** A duration in milliseconds, at least 1 (a zero would mean "wait forever" to several of the clients). */
const milliseconds = (fallback: number) => z.coerce.number().int().min(1).max(600_000).default(fallback);

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** The site's public address. Required in production; elsewhere http://localhost:PORT. */
  BASE_URL: optionalUrl,
  /** Secret that signs session cookies and tokens. Required in production. */
  AUTH_SECRET: z.string().min(32).optional(),
  DATA_DIR: z.string().default("./data"),
  /** Folder for uploaded and demo images on local disk, served at /media. Defaults to DATA_DIR/media. */
  MEDIA_DIR: z.string().optional(),
  /** PostgreSQL connection string. When absent the embedded PGlite in DATA_DIR is used. */
  DATABASE_URL: optionalUrl,
  /** SMTP connection string, e.g. smtp://user:pass@host:587. When absent, mail goes to DATA_DIR/outbox. */
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default("Recanto <nao-responda@recanto.local>"),
  /** Where guests and hosts write to us (help, privacy and terms pages). */
  CONTACT_EMAIL: z.email({ error: "must be an email address" }).optional(),
  /** Our WhatsApp for support, with the country code; the help page shows no WhatsApp without it. */
  CONTACT_WHATSAPP: z
    .string()
    .optional()
    .refine((value) => !value || whatsappNumber(value) !== null, "must be a WhatsApp number with the country code, e.g. +55 11 4000-1234"),
  /** Redis for rate limits shared by several processes. When absent, limits live in the process. */
  REDIS_URL: optionalUrl,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Number of proxies in front of the app (for the client IP used by rate limits). */
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  /** On SIGTERM, how long requests already under way may take to finish before their connections are cut. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  /** Image uploads decoded and encoded at once per process; 8 × as many more may wait (see server/media/upload-slots.ts). */
  UPLOAD_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Pages and actions drawn at once per process; the rest wait their turn in order (server/http/drawing-slots.ts). Default: 2 on the embedded database, 4 on PostgreSQL. */
  PAGE_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  /** PostgreSQL connections per process (N processes use up to N × this; see the README). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** PostgreSQL: opening a connection, or waiting for a free one in the pool. */
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds(5_000),
  /** PostgreSQL cancels a statement running longer than this. */
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(10_000),
  /** PostgreSQL ends a transaction left idle this long (and frees its locks). */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds(30_000),
  /** A query without an answer this long fails on our side (a hung server never answers): migrations' work, the demo seed, jobs, bulk work. */
  DATABASE_QUERY_TIMEOUT_MS: milliseconds(15_000),
  /** The same while answering a request (pages, their data, forms, APIs): a person is waiting. Default: 5 s, or DATABASE_QUERY_TIMEOUT_MS if shorter. */
  DATABASE_REQUEST_QUERY_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).optional(),
  /** Redis: opening a connection, and any one command; past it rate limits count in the process. */
  REDIS_CONNECT_TIMEOUT_MS: milliseconds(2_000),
  REDIS_COMMAND_TIMEOUT_MS: milliseconds(1_000),
  /** S3: opening a connection, and a request's silence (no byte sent or received) before it fails. */
  S3_CONNECT_TIMEOUT_MS: milliseconds(3_000),
  S3_REQUEST_TIMEOUT_MS: milliseconds(10_000),
  /** S3: attempts per operation, the first included (the SDK retries with backoff). */
  S3_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(2),
  /** /healthz answers within this, whatever a dependency does. */
  HEALTHZ_TIMEOUT_MS: milliseconds(2_000),
  /** Demo accounts and data on an empty database. Defaults to on for a local (http) embedded database only. */
  SEED_DEMO: z.enum(["true", "false"]).optional(),
  /** Stripe billing. Without a key, checkout and portal are the local test sandbox (nothing is charged). */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** Signing secret of the Stripe webhook endpoint (/api/stripe/webhook). Required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Another Stripe API address, e.g. a local stand-in for tests. */
  STRIPE_API_URL: optionalUrl,
  /** Allow the test sandbox on a public (https) site, e.g. a staging server. */
  BILLING_SANDBOX: z.enum(["true", "false"]).optional(),
  /** Images in an S3-compatible bucket instead of MEDIA_DIR. */
  S3_BUCKET: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(3).max(63).optional()),
  /** Address of an S3-compatible service (MinIO, R2, …); absent for AWS S3. */
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).default("us-east-1"),
  /** Without a key pair the AWS SDK's own chain applies (environment, instance role). */
  S3_ACCESS_KEY_ID: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(1).optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(1).optional()),
  /** Bucket in the path instead of the host name (most S3-compatible services need it). */
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).optional(),
  /** Map tiles: an http(s) address with {z}, {x} and {y}. OpenStreetMap's public tiles allow light use only (see the README). */
  MAP_TILE_URL: z
    .url({ protocol: /^https?$/, error: "must be an http or https address" })
    .refine((url) => ["{z}", "{x}", "{y}"].every((part) => url.includes(part)), "must contain {z}, {x} and {y}")
    // One origin for the Content-Security-Policy: no {s} subdomains.
    .refine((url) => !new URL(url).host.includes("{"), "must have one fixed host (no {s})")
    .default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  /** How often each connected calendar (iCal feed) is read again, in minutes. */
  CALENDAR_SYNC_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
  /** Distinct accounts whose open reports hide a listing until an operator decides (issue 44). */
  REPORTS_TO_HIDE: z.coerce.number().int().min(2).max(100).default(3),
  /** Calendars read from this machine's loopback addresses: for tests' local feed servers only, refused in production. */
  CALENDAR_FEEDS_FROM_LOOPBACK: z.enum(["true", "false"]).optional(),
  /**
   * Whether search engines may index the site: "off" (a staging or test site) answers robots.txt with
   * "Disallow: /", every answer with "X-Robots-Tag: noindex", and no sitemap. Default: on in production only.
   */
  SEARCH_ENGINE_INDEXING: z.enum(["on", "off"]).optional(),
  /** Addresses per sitemap file (server/seo/sitemap.ts); the protocol allows 50,000, and the rest is room for growth between reads. */
  SITEMAP_FILE_SIZE: z.coerce.number().int().min(1).max(45_000).default(45_000),
  /** The tiles' credit shown on every map (HTML: a link is allowed). */
  MAP_TILE_ATTRIBUTION: z
    .string()
    .trim()
    .min(1)
    .default('&copy; <a href="https://www.openstreetmap.org/copyright">colaboradores do OpenStreetMap</a>'),
});

type S3Key =
  | "S3_BUCKET"
  | "S3_ENDPOINT"
  | "S3_REGION"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_FORCE_PATH_STYLE"
  | "S3_CONNECT_TIMEOUT_MS"
  | "S3_REQUEST_TIMEOUT_MS"
  | "S3_MAX_ATTEMPTS";
type PostgresTimeoutKey =
  | "DATABASE_CONNECT_TIMEOUT_MS"
  | "DATABASE_STATEMENT_TIMEOUT_MS"
  | "DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS"
  | "DATABASE_QUERY_TIMEOUT_MS"
  | "DATABASE_REQUEST_QUERY_TIMEOUT_MS";

export interface SiteContact {
  email: string;
  whatsapp: string | null;
}

export type Config = Omit<
  z.infer<typeof schema>,
  | "CONTACT_EMAIL"
  | "CONTACT_WHATSAPP"
  | "SEED_DEMO"
  | "PAGE_CONCURRENCY"
  | "MEDIA_DIR"
  | "STRIPE_SECRET_KEY"
  | "STRIPE_WEBHOOK_SECRET"
  | "STRIPE_API_URL"
  | "BILLING_SANDBOX"
  | "MAP_TILE_URL"
  | "MAP_TILE_ATTRIBUTION"
  | "CALENDAR_SYNC_MINUTES"
  | "REPORTS_TO_HIDE"
  | "CALENDAR_FEEDS_FROM_LOOPBACK"
  | "SEARCH_ENGINE_INDEXING"
  | "SITEMAP_FILE_SIZE"
  | S3Key
  | PostgresTimeoutKey
  | "BASE_URL"
> & {
  /** BASE_URL, else http://localhost:PORT (outside production). */
  BASE_URL: string;
  /** What the browser's maps need, and the tiles' origin for the Content-Security-Policy. */
  mapTiles: MapTiles & { origin: string };
  /** Stripe settings, or null for the local sandbox. */
  stripe: { secretKey: string; webhookSecret: string; apiUrl?: string } | null;
  /** The image bucket, or null for images on local disk (mediaDir). */
  s3: S3Settings | null;
  authSecret: string;
  /** How to reach us: CONTACT_EMAIL (else contato@ the site's host) and the support WhatsApp as E.164 digits, if any. */
  contact: SiteContact;
  secureCookies: boolean;
  seedDemo: boolean;
  /** PAGE_CONCURRENCY, or its default for the database in use. */
  pageConcurrency: number;
  mediaDir: string;
  /** Where private files (identity documents) live when images are on disk: DATA_DIR/private, never served. */
  privateDir: string;
  postgresTimeouts: PostgresTimeouts;
  /** Distinct accounts' open reports that hide a listing until an operator decides (REPORTS_TO_HIDE). */
  reportsToHide: number;
  /** Connected calendars: how often each is read, and whether loopback addresses may serve them (tests only). */
  calendarFeeds: { syncEveryMs: number; allowLoopback: boolean };
  /** Search engines: whether they may index the site (SEARCH_ENGINE_INDEXING), and the sitemap's addresses per file. */
  searchEngines: { indexing: boolean; sitemapFileSize: number };
};

/**
 * Without AUTH_SECRET the embedded setup makes a random secret once and keeps it beside its data,
 * so no known secret ever signs a session. PostgreSQL in production must be given one.
 */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  const read = () => {
    try {
      return fs.readFileSync(file, "utf8").trim();
    } catch {
      return "";
    }
  };
  const existing = read();
  if (existing.length >= 32) return existing;
  fs.mkdirSync(dataDir, { recursive: true });
  // Written whole to a temporary file, then published in one step.
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, randomBytes(32).toString("base64url"), { mode: 0o600 });
  try {
    if (fs.existsSync(file)) fs.renameSync(temporary, file); // empty or truncated: replace it
    else fs.linkSync(temporary, file); // fails if another process published its secret first: use theirs
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  return read();
}

/** A setting is missing or wrong: its message names which and why, and the server cannot start. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const {
    CONTACT_EMAIL,
    CONTACT_WHATSAPP,
    SEED_DEMO,
    MEDIA_DIR,
    STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL,
    BILLING_SANDBOX,
    MAP_TILE_URL,
    MAP_TILE_ATTRIBUTION,
    CALENDAR_SYNC_MINUTES,
    REPORTS_TO_HIDE,
    CALENDAR_FEEDS_FROM_LOOPBACK,
    SEARCH_ENGINE_INDEXING,
    SITEMAP_FILE_SIZE,
    ...rest
  } = parsed.data;
  const { S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE, S3_CONNECT_TIMEOUT_MS, S3_REQUEST_TIMEOUT_MS, S3_MAX_ATTEMPTS, ...settings } =
    rest;
  const {
    DATABASE_CONNECT_TIMEOUT_MS,
    DATABASE_STATEMENT_TIMEOUT_MS,
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    DATABASE_QUERY_TIMEOUT_MS,
    DATABASE_REQUEST_QUERY_TIMEOUT_MS,
    BASE_URL,
    ...local
  } = settings;
  const c = { ...local, BASE_URL: BASE_URL ?? `http://localhost:${local.PORT}` };
  if (!c.AUTH_SECRET && (c.BASE_URL.startsWith("https://") || (c.NODE_ENV === "production" && c.DATABASE_URL))) {
    throw new ConfigError("Invalid configuration:\n  AUTH_SECRET: required in production (32 or more characters)");
  }
  // Production is PostgreSQL under NODE_ENV=production, as above: links in emails and messages must name the real site.
  if (!BASE_URL && c.NODE_ENV === "production" && c.DATABASE_URL) {
    throw new ConfigError("Invalid configuration:\n  BASE_URL: required in production (the site's public address, e.g. https://recanto.com.br)");
  }
  if (STRIPE_SECRET_KEY && !STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError("Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (subscriptions are updated by signed webhooks)");
  }
  // The sandbox approves any checkout for free: a public site must not offer it by accident.
  if (!STRIPE_SECRET_KEY && c.BASE_URL.startsWith("https://") && BILLING_SANDBOX !== "true") {
    throw new ConfigError("Invalid configuration:\n  STRIPE_SECRET_KEY: required when BASE_URL is https (or set BILLING_SANDBOX=true for a test site)");
  }
  // The server cancels a slow statement cleanly; our own timer is for a server that does not answer at all.
  if (DATABASE_QUERY_TIMEOUT_MS <= DATABASE_STATEMENT_TIMEOUT_MS) {
    throw new ConfigError("Invalid configuration:\n  DATABASE_QUERY_TIMEOUT_MS: must be longer than DATABASE_STATEMENT_TIMEOUT_MS");
  }
  // The long bound is for work nobody waits on; a request's is shorter, or the same.
  if (DATABASE_REQUEST_QUERY_TIMEOUT_MS !== undefined && DATABASE_REQUEST_QUERY_TIMEOUT_MS > DATABASE_QUERY_TIMEOUT_MS) {
    throw new ConfigError("Invalid configuration:\n  DATABASE_REQUEST_QUERY_TIMEOUT_MS: must not be longer than DATABASE_QUERY_TIMEOUT_MS");
  }
  // Reading a calendar from loopback would let anyone who connects one reach this machine's own services.
  if (CALENDAR_FEEDS_FROM_LOOPBACK === "true" && c.NODE_ENV === "production") {
    throw new ConfigError("Invalid configuration:\n  CALENDAR_FEEDS_FROM_LOOPBACK: not allowed in production (it is for tests' local calendar servers)");
  }
  if (!S3_ACCESS_KEY_ID !== !S3_SECRET_ACCESS_KEY) {
    throw new ConfigError("Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: give both or neither");
  }
  const s3Extras = S3_ENDPOINT || S3_ACCESS_KEY_ID || S3_FORCE_PATH_STYLE;
  if (!S3_BUCKET && s3Extras) {
    throw new ConfigError("Invalid configuration:\n  S3_BUCKET: required with the other S3_* settings (without it images stay in MEDIA_DIR)");
  }
  const mediaDir = path.resolve(MEDIA_DIR ?? path.join(c.DATA_DIR, "media"));
  const dataDir = path.resolve(c.DATA_DIR);
  // Everything in MEDIA_DIR is public: it must never hold the database, the outbox or the auth secret.
  if (mediaDir === dataDir || !path.relative(mediaDir, dataDir).startsWith("..")) {
    throw new ConfigError("Invalid configuration:\n  MEDIA_DIR: must not be DATA_DIR or contain it (its files are served publicly)");
  }
  // Identity documents, on disk: outside MEDIA_DIR, whatever serves that folder.
  const privateDir = path.join(dataDir, "private");
  if (!path.relative(privateDir, mediaDir).startsWith("..")) {
    throw new ConfigError(`Invalid configuration:\n  MEDIA_DIR: must not be ${privateDir} or inside it (private files live there)`);
  }
  return {
    ...c,
    authSecret: c.AUTH_SECRET ?? localSecret(c.DATA_DIR),
    contact: { email: CONTACT_EMAIL ?? `contato@${new URL(c.BASE_URL).hostname}`, whatsapp: CONTACT_WHATSAPP ? whatsappNumber(CONTACT_WHATSAPP) : null },
    secureCookies: c.BASE_URL.startsWith("https://"),
    mediaDir,
    privateDir,
    mapTiles: { url: MAP_TILE_URL, attribution: MAP_TILE_ATTRIBUTION, origin: new URL(MAP_TILE_URL).origin },
    stripe: STRIPE_SECRET_KEY ? { secretKey: STRIPE_SECRET_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET!, ...(STRIPE_API_URL && { apiUrl: STRIPE_API_URL }) } : null,
    s3: S3_BUCKET
      ? {
          bucket: S3_BUCKET,
          region: S3_REGION,
          ...(S3_ENDPOINT && { endpoint: S3_ENDPOINT }),
          ...(S3_ACCESS_KEY_ID && { credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY! } }),
          forcePathStyle: S3_FORCE_PATH_STYLE === "true",
          timeouts: { connectMs: S3_CONNECT_TIMEOUT_MS, requestMs: S3_REQUEST_TIMEOUT_MS, maxAttempts: S3_MAX_ATTEMPTS },
        }
      : null,
    postgresTimeouts: {
      connectTimeoutMs: DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      queryTimeoutMs: DATABASE_QUERY_TIMEOUT_MS,
      requestQueryTimeoutMs: DATABASE_REQUEST_QUERY_TIMEOUT_MS ?? Math.min(5_000, DATABASE_QUERY_TIMEOUT_MS),
    },
    reportsToHide: REPORTS_TO_HIDE,
    calendarFeeds: { syncEveryMs: CALENDAR_SYNC_MINUTES * 60_000, allowLoopback: CALENDAR_FEEDS_FROM_LOOPBACK === "true" },
    // Off unless production: a developer's or test server is never indexed by accident. A staging
    // server runs in production mode and must say "off" (README).
    searchEngines: { indexing: SEARCH_ENGINE_INDEXING ? SEARCH_ENGINE_INDEXING === "on" : c.NODE_ENV === "production", sitemapFileSize: SITEMAP_FILE_SIZE },
    // The embedded database's queries run on the drawing thread itself; PostgreSQL's run elsewhere while a page waits.
    pageConcurrency: c.PAGE_CONCURRENCY ?? (c.DATABASE_URL ? 4 : 2),
    // Demo accounts have a public password: by default only on a local embedded database.
    seedDemo: SEED_DEMO ? SEED_DEMO === "true" : !c.DATABASE_URL && !c.BASE_URL.startsWith("https://"),
  };
}
