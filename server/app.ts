import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import { fromNodeHeaders, toNodeHandler } from "better-auth/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import onHeaders from "on-headers";
import type { AppLoadContext, ServerBuild } from "react-router";
import { IDENTITY_IMAGE_PATH, IMAGE_UPLOAD_PATH, PROFILE_PHOTO_PATH } from "../common/image-upload";
import { THEME_COOKIE } from "../common/theme-cookie";
import { IMAGE_VARIANT_PATH, MEDIA_PREFIX } from "../common/media";
import { readSession } from "./accounts/auth";
import { EMAIL_CONFIRMED_CALLBACK, RESET_PASSWORD_PAGE } from "./accounts/flows";
import { cachePolicy } from "./http/cache-policy";
import { singleDrainListener } from "./http/drain-listeners";
import { healthHandler } from "./http/health";
import { robotsHeader, robotsTxt, SITEMAP_FILE_PATH, SITEMAP_INDEX_PATH, sitemapFile, sitemapIndex } from "./http/search-engines";
import { viewBeaconHandler } from "./http/view-beacon";
import { listingCardHandler, LISTING_CARD_PATH } from "./http/listing-card-files";
import { serveStoredFile } from "./http/stored-files";
import { summaryOptOutHandler } from "./http/summary-opt-out";
import { SUMMARY_OPT_OUT_PATH } from "../common/monthly-summary";
import { VIEW_BEACON_PATH } from "../common/view-beacon";
import { imageUploadHandlers } from "./http/image-upload";
import { drawingSlots } from "./http/drawing-slots";
import { catalogueVersionReadFor, notePageContext, pageCache } from "./http/page-cache";
import { currentContentVersion } from "./properties/content-version";
import { noteUnavailable, sendUnavailable, unavailableAnswer, unavailableHeaders, unavailableIn } from "./http/unavailable";
import { withRequestId } from "./logger";
import type { CurrentSession } from "./request-context";
import type { Services } from "./services";

export interface AppOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder with the browser assets (build/client); absent in dev, where Vite serves them. */
  clientDir?: string;
  /** Extra middleware mounted before routing (Vite's dev middleware). */
  devMiddleware?: express.RequestHandler;
}

export function createApp(services: Services, options: AppOptions) {
  const { config, logger } = services;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    const id = (req.get("x-request-id") ?? randomUUID()).slice(0, 64);
    res.setHeader("x-request-id", id);
    // Read now: once a connection is cut (an upload refused mid-body), the socket has no address left.
    const ip = req.ip;
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const entry = { reqId: id, method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10, ip };
      // A 503 is a dependency's outage, already logged once for the request with its name.
      if (res.statusCode >= 500 && res.statusCode !== 503) logger.error(entry, "request");
      else if (res.statusCode === 503) logger.warn(entry, "request");
      else if (req.path.startsWith("/assets/")) logger.debug(entry, "request");
      else logger.info(entry, "request");
    });
    // Every query made for this request, by the page cache, loaders, actions or handlers, gets the request bound.
    withRequestId(id, () => services.database.answeringRequest(next));
  });

  app.use(rejectMalformed());

  app.use(
    helmet({
      // Set per HTML response with a fresh script nonce in app/entry.server.tsx.
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      // With "no-referrer" Chromium sends "Origin: null" on plain form posts, which CSRF checks refuse.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: config.secureCookies,
    }),
  );
  app.use(compression());
  app.use(singleDrainListener());
  // On https every cookie we set is Secure: the session's (better-auth), and the toast's and theme's too.
  if (config.secureCookies) {
    app.use((_req, res, next) => {
      onHeaders(res, () => markCookiesSecure(res));
      next();
    });
  }
  app.use(robotsHeader(config.searchEngines.indexing));
  app.use(cachePolicy());

  app.get("/healthz", healthHandler(services));
  app.get("/robots.txt", robotsTxt(services));
  app.get(SITEMAP_INDEX_PATH, sitemapIndex(services));
  app.get(SITEMAP_FILE_PATH, sitemapFile(services));

  // Only the links that arrive by email (verify, reset) reach better-auth directly;
  // every form goes through our actions, which validate and rate limit first.
  const authHandler = toNodeHandler(services.auth);
  app.get("/api/auth/*splat", (req, res, next) => {
    const allowed = req.path === "/api/auth/verify-email" || req.path.startsWith("/api/auth/reset-password/");
    if (!allowed) {
      res.status(404).json({ error: "Não encontrado." });
      return;
    }
    // Our emails name one of these pages; better-auth fails (500) on some other values, such as "/\x".
    const callbacks = new URL(req.originalUrl, config.BASE_URL).searchParams.getAll("callbackURL");
    if (!callbacks.every((page) => EMAIL_LINK_PAGES.includes(page))) {
      res.status(400).send("Link inválido. Abra o link mais recente que enviamos por email.");
      return;
    }
    // Its adapter builds the request's URL from X-Forwarded-Proto whatever TRUST_PROXY says: give it the protocol we trust.
    req.headers["x-forwarded-proto"] = req.protocol;
    authHandler(req, res).catch(next);
  });

  // The one write that comes from mail clients' servers rather than our pages: authorised by its signed token (decision 034).
  app.post(SUMMARY_OPT_OUT_PATH, limitBodySize(1024), summaryOptOutHandler(services));
  app.use(rejectCrossSiteWrites(config.BASE_URL));
  // Image files are up to 50 MB: read by their own handlers, which stream with that cap.
  const uploads = imageUploadHandlers(services);
  app.post(IMAGE_UPLOAD_PATH, uploads.listingPhoto);
  app.post(PROFILE_PHOTO_PATH, uploads.profilePhoto);
  app.post(IDENTITY_IMAGE_PATH, uploads.identityImage);
  app.use(limitBodySize(64 * 1024));
  app.post(VIEW_BEACON_PATH, viewBeaconHandler(services));

  // Image keys never change content (a new upload gets a new key), so browsers may keep them for a year.
  // Only image variants are served, whatever else the folder or bucket may hold.
  app.use(MEDIA_PREFIX, (req, res, next) => (IMAGE_VARIANT_PATH.test(req.path) ? next() : res.status(404).end()));
  if (services.storage.localDir) {
    app.use(MEDIA_PREFIX, express.static(services.storage.localDir, { immutable: true, maxAge: "1y", index: false, fallthrough: false, dotfiles: "deny" }));
  } else {
    app.get(`${MEDIA_PREFIX}/*key`, serveStoredFile(services.storage, logger));
  }
  app.get(LISTING_CARD_PATH, listingCardHandler(services));
  if (options.devMiddleware) app.use(options.devMiddleware);
  if (options.clientDir) {
    // Scripts and styles as compressed at build (.br and .gz beside each, vite.config.ts), never again per request.
    const assets = expressStaticGzip(path.join(options.clientDir, "assets"), { enableBrotli: true, orderPreference: ["br"], index: false, serveStatic: { immutable: true, maxAge: "1y" } });
    app.use("/assets", (req, res, next) => {
      if (req.method !== "GET" && req.method !== "HEAD") return next();
      // An asset that is not there (an old page asking for a replaced build's file): a plain 404, not a
      // page, and without the encoding the middleware may have chosen before finding no file.
      assets(req, res, (err?: unknown) => {
        if (err) return next(err);
        res.removeHeader("Content-Encoding");
        res.status(404).type("text/plain").send("Arquivo não encontrado.");
      });
    });
    // The build's other files (public/): only their names reach the folder, not every page's path.
    const files = new Set(fs.readdirSync(options.clientDir, { withFileTypes: true }).flatMap((f) => (f.isFile() ? [`/${f.name}`] : [])));
    const serveFile = express.static(options.clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (files.has(req.path) ? serveFile(req, res, next) : next()));
  }

  app.use(pageCache({ version: () => currentContentVersion(services.database.db), sharedCookies: [THEME_COOKIE], logger }));
  app.use(drawingSlots(config.pageConcurrency));
  app.use(
    createRequestHandler({
      build: options.build,
      mode: config.NODE_ENV === "production" ? "production" : "development",
      getLoadContext: (req, res): AppLoadContext => {
        let session: Promise<CurrentSession | null> | undefined;
        const context: AppLoadContext = {
          services,
          clientIp: req.ip ?? "unknown",
          catalogue: services.catalogue.forRequest(catalogueVersionReadFor(res)),
          viteDevServer: options.devMiddleware !== undefined,
          // Every page and action looks the session up first: while the database is down, the 503 starts here.
          getSession: () =>
            (session ??= readSession(services.auth, fromNodeHeaders(req.headers)).catch((err: unknown) => {
              throw noteUnavailable(context, err, logger) ? unavailableAnswer() : err;
            })),
        };
        notePageContext(res, context);
        // Pages and their data answer 503 from app/entry.server.tsx; a resource route's error
        // answer (500) is turned into a 503 here when a dependency caused it.
        onHeaders(res, () => {
          if (res.statusCode === 500 && unavailableIn(context)) res.status(503).set(unavailableHeaders);
        });
        return context;
      },
    }),
  );

  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = (err as { status?: unknown }).status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      if (!res.headersSent) res.status(status).send("Requisição inválida.");
      return;
    }
    if (noteUnavailable(req, err, logger)) {
      if (!res.headersSent) sendUnavailable(req, res);
      return;
    }
    logger.error({ err }, "unhandled error");
    if (!res.headersSent) res.status(500).send("Erro inesperado. Tente novamente.");
  });

  return app;
}

function markCookiesSecure(res: Response) {
  const cookies = res.getHeader("Set-Cookie");
  if (cookies === undefined) return;
  const list = Array.isArray(cookies) ? cookies : [String(cookies)];
  res.setHeader("Set-Cookie", list.map((cookie) => (/;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`)));
}

/** Where the links in our emails send the browser after better-auth (their callbackURL). */
const EMAIL_LINK_PAGES = [EMAIL_CONFIRMED_CALLBACK, RESET_PASSWORD_PAGE];

const ALLOWED_METHODS = ["GET", "HEAD", "POST", "OPTIONS"];
const NUL = /%00|\0/i;

/**
 * What no page of ours can answer, refused before anything reads it: other methods (405); a NUL
 * character in the address or a cookie (400; PostgreSQL refuses it in text, and nothing we keep may
 * hold one); a host no URL can be made of (400; the page and auth handlers rebuild the request's URL
 * from Host, or from X-Forwarded-Host and -Proto behind a trusted proxy). Form fields are checked
 * where forms are read (app/lib/form.ts).
 */
function rejectMalformed(): express.RequestHandler {
  return (req, res, next) => {
    if (!ALLOWED_METHODS.includes(req.method)) {
      res.setHeader("Allow", ALLOWED_METHODS.join(", "));
      res.status(405).send("Método não permitido.");
      return;
    }
    if (NUL.test(req.originalUrl) || NUL.test(req.get("cookie") ?? "") || !isOrigin(req.protocol, req.host) || !isOrigin("http", req.get("host"))) {
      res.status(400).send("Requisição inválida.");
      return;
    }
    next();
  };
}

const isOrigin = (protocol: string, host: string | undefined) =>
  (protocol === "http" || protocol === "https") && !!host && URL.canParse(`${protocol}://${host}`);

const isRead = (method: string) => method === "GET" || method === "HEAD" || method === "OPTIONS";

/**
 * CSRF defence: a state-changing request must come from our own pages (React Router's action
 * check agrees). Browsers name the page's origin ("null" counts as foreign); without an Origin,
 * Sec-Fetch-Site still tells where the request began.
 */
function rejectCrossSiteWrites(baseURL: string): express.RequestHandler {
  const ownOrigin = new URL(baseURL).origin;
  return (req, res, next) => {
    if (isRead(req.method)) return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    const crossSite = origin
      ? origin !== ownOrigin && safeHost(origin) !== req.get("host")
      : fetchSite === "cross-site" || fetchSite === "same-site";
    if (crossSite) {
      res.status(403).send("Requisição recusada: origem não permitida.");
      return;
    }
    next();
  };
}

/** Our forms are small: refuse large or unsized bodies before anything reads them. */
function limitBodySize(maxBytes: number): express.RequestHandler {
  return (req, res, next) => {
    if (isRead(req.method)) return next();
    const length = req.get("content-length");
    if (length === undefined && req.get("transfer-encoding")) {
      res.status(411).send("Envie o tamanho da requisição (Content-Length).");
      return;
    }
    if (Number(length) > maxBytes) {
      res.status(413).send("Requisição grande demais.");
      return;
    }
    next();
  };
}

function safeHost(origin: string) {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
