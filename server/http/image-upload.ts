import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { fromNodeHeaders } from "better-auth/node";
import type { Request, RequestHandler, Response } from "express";
import {
  IDENTITY_UPLOAD_MESSAGES,
  isAcceptedImageType,
  MAX_IMAGE_BYTES,
  PROFILE_PHOTO_MESSAGES,
  UPLOAD_MESSAGES,
  type UploadedIdentityImage,
  type UploadedImage,
  type UploadedProfilePhoto,
} from "../../common/image-upload";
import { imageUrl } from "../../common/media";
import { refusalJson, type Refusal } from "../../common/refusal";
import { unavailableRefusal } from "../../common/unavailable";
import { readSession } from "../accounts/auth";
import { AccessDenied, requireHost, requirePremiumHost, requireUser, viewerOf, type Viewer } from "../accounts/guards";
import { setProfilePhoto } from "../accounts/profile-photo";
import { ImageRejected, receiveUpload, UploadAborted, type ReceivedUpload } from "../media/upload";
import { createUploadSlots, type UploadTicket } from "../media/upload-slots";
import { stageUpload, TooManyStagedUploads } from "../media/uploads";
import type { Services } from "../services";
import { noteUnavailable, unavailableHeaders } from "./unavailable";

/** The uploader shows these sentences as they are (only a missing session has a heading). */
const LISTING_GUARD_TEXTS = {
  loggedOut: { title: "Erro de autenticação", description: UPLOAD_MESSAGES.loggedOut },
  notHost: { title: UPLOAD_MESSAGES.notHost },
  notPremium: { title: UPLOAD_MESSAGES.notPremium },
};
const PROFILE_GUARD_TEXTS = { loggedOut: { title: "Erro de autenticação", description: PROFILE_PHOTO_MESSAGES.loggedOut } };
const IDENTITY_GUARD_TEXTS = {
  loggedOut: { title: "Erro de autenticação", description: IDENTITY_UPLOAD_MESSAGES.loggedOut },
  notHost: { title: IDENTITY_UPLOAD_MESSAGES.notHost },
};

/** How long a refused upload may go on sending (its bytes dropped) before the connection is cut. */
const LINGER_MS = 5000;

/**
 * After an answer given before the whole body was read: closing at once, with the client's bytes
 * unread, makes the kernel reset the connection, and the client may lose the answer with it. So
 * the rest is read and dropped (Node does that after an answer), for LINGER_MS at most.
 */
function lingerThenClose(req: IncomingMessage) {
  if (req.complete) return;
  const timer = setTimeout(() => req.socket?.destroy(), LINGER_MS);
  timer.unref();
  const done = () => clearTimeout(timer);
  req.once("end", done);
  req.once("close", done);
  req.resume();
}

/** Where bodies are written while they arrive: DATA_DIR is on disk, while /tmp is often memory (tmpfs). */
export const uploadTempDir = (dataDir: string) => path.join(dataDir, "tmp", "uploads");

/** No upload takes this long: a temporary file older than this was left by a process that died. */
const STALE_TEMP_MS = 60 * 60 * 1000;

async function removeStaleTempFiles(dir: string) {
  const names = await fs.readdir(dir).catch(() => []);
  const now = Date.now();
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > STALE_TEMP_MS) await fs.rm(file, { force: true });
  }
}

/** The uploads a process takes on beyond its UPLOAD_CONCURRENCY slots, as a multiple of them. */
const WAITING_PER_SLOT = 8;
/** What a refused upload is told to wait before trying again: about one large image's work. */
const BUSY_RETRY_AFTER_SECONDS = 5;

/** What one upload address does with a received image, for a user its guard let through. */
interface UploadRoute {
  /** Who may send (throws AccessDenied otherwise). */
  guard: (viewer: Viewer | null) => Viewer | Promise<Viewer>;
  /** Checks, stores and records the received image for the user: its answer's body (201), or null when the account is gone meanwhile (401). */
  store: (userId: string, received: ReceivedUpload) => Promise<object | null>;
  loggedOut: { title: string; description: string };
}

/**
 * The image uploads: POST /api/imagens (a listing's photo, staged for the property form: signed-in
 * Premium hosts only), POST /api/perfil/foto (the signed-in user's profile photo) and POST
 * /api/perfil/verificacao/imagem (a host's identity document or selfie, stored privately). One image
 * per request, the body being the file's bytes (Content-Type image/jpeg, image/png or image/webp);
 * rate limited; at most UPLOAD_CONCURRENCY decoding at once per process whichever the address, and
 * 8 × as many waiting, more answered 503; the body streamed to a temporary file with the size and
 * type checked as it arrives, then checked by content (server/media/upload.ts) and stored in every
 * variant. Answers 201 with JSON, or a refusal ({title, description?, message}) with 401, 403,
 * 413, 415, 422, 429 or 503. Mounted before the app's small-body limit, after its cross-site check.
 */
export function imageUploadHandlers(services: Services): { listingPhoto: RequestHandler; profilePhoto: RequestHandler; identityImage: RequestHandler } {
  const { database, storage, limiter, logger, config } = services;
  const slots = createUploadSlots(config.UPLOAD_CONCURRENCY, WAITING_PER_SLOT * config.UPLOAD_CONCURRENCY);
  const tempDir = uploadTempDir(config.DATA_DIR);
  const ready = fs
    .mkdir(tempDir, { recursive: true })
    .then(() => removeStaleTempFiles(tempDir))
    .catch((err: unknown) => logger.error({ err }, "could not prepare the folder for uploads"));

  return {
    listingPhoto: handler({
      guard: (viewer) => requirePremiumHost(database.db, viewer, LISTING_GUARD_TEXTS),
      loggedOut: LISTING_GUARD_TEXTS.loggedOut,
      store: async (userId, received) => {
        const upload = await stageUpload(database.db, storage, userId, received);
        return { id: upload.id, url: imageUrl(upload.storageKey, 800, "webp"), width: upload.width, height: upload.height } satisfies UploadedImage;
      },
    }),
    profilePhoto: handler({
      guard: (viewer) => requireUser(viewer, PROFILE_GUARD_TEXTS),
      loggedOut: PROFILE_GUARD_TEXTS.loggedOut,
      store: async (userId, received) => {
        const upload = await stageUpload(database.db, storage, userId, received, "avatar");
        const photo = await setProfilePhoto(database.db, storage, userId, upload.id);
        return photo ? ({ url: imageUrl(photo, 256, "webp") } satisfies UploadedProfilePhoto) : null;
      },
    }),
    identityImage: handler({
      guard: (viewer) => requireHost(viewer, IDENTITY_GUARD_TEXTS),
      loggedOut: IDENTITY_GUARD_TEXTS.loggedOut,
      store: async (userId, received) => {
        const upload = await stageUpload(database.db, storage, userId, received, "identity");
        return { id: upload.id } satisfies UploadedIdentityImage;
      },
    }),
  };

  function handler(route: UploadRoute): RequestHandler {
    return async (req: Request, res: Response) => {
      res.setHeader("Cache-Control", "no-store");
      const refuse = (refusal: Refusal) => {
        if (res.headersSent) return;
        res.status(refusal.status).json(refusalJson(refusal));
        lingerThenClose(req);
      };
      try {
        const viewer = viewerOf(await readSession(services.auth, fromNodeHeaders(req.headers)));
        const user = await route.guard(viewer);

        const limited = await limiter.limit("upload", { ip: req.ip ?? "unknown", email: user.email });
        if (limited) {
          res.setHeader("Retry-After", String(limited.retryAfter));
          return refuse(limited);
        }
        const type = (req.get("content-type") ?? "").split(";")[0]!.trim();
        if (!isAcceptedImageType(type)) return refuse({ status: 415, title: UPLOAD_MESSAGES.type });
        const declared = req.headers["content-length"];
        if (declared !== undefined && Number(declared) > MAX_IMAGE_BYTES) return refuse({ status: 413, title: UPLOAD_MESSAGES.size });

        const ticket = slots.admit();
        if (!ticket) {
          res.setHeader("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
          return refuse({ status: 503, title: UPLOAD_MESSAGES.busy });
        }
        const answer = await receiveAndStore(req, ticket, (received) => route.store(user.id, received));
        if (!answer) return refuse({ status: 401, ...route.loggedOut });
        res.status(201).json(answer);
      } catch (err) {
        if (err instanceof AccessDenied) return refuse(err.refusal);
        if (err instanceof ImageRejected || err instanceof TooManyStagedUploads) return refuse({ status: err.status, title: err.message });
        if (err instanceof UploadAborted) return; // the browser gave up mid-upload
        if (noteUnavailable(req, err, logger)) {
          res.set(unavailableHeaders);
          return refuse(unavailableRefusal());
        }
        logger.error({ err, path: req.path }, "image upload failed");
        refuse({ status: 500, title: UPLOAD_MESSAGES.failed });
      }
    };
  }

  /** The body into a temporary file, then its image work in its turn; the file and the place are given up before the answer. */
  async function receiveAndStore<T>(req: Request, ticket: UploadTicket, store: (received: ReceivedUpload) => Promise<T>): Promise<T> {
    const file = path.join(tempDir, randomUUID());
    try {
      await ready;
      const received = await receiveUpload(req, file, MAX_IMAGE_BYTES);
      return await ticket.run(() => store(received));
    } finally {
      ticket.leave();
      await fs.rm(file, { force: true }).catch((err: unknown) => logger.error({ err, file }, "could not remove an upload's temporary file"));
    }
  }
}
