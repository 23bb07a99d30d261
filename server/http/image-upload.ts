import type { IncomingMessage } from "node:http";
import { fromNodeHeaders } from "better-auth/node";
import type { Request, RequestHandler, Response } from "express";
import { isAcceptedImageType, MAX_IMAGE_BYTES, UPLOAD_MESSAGES, type UploadedImage } from "../../common/image-upload";
import { imageUrl } from "../../common/media";
import { refusalJson, type Refusal } from "../../common/refusal";
import { AccessDenied, requirePremiumHost, viewerOf } from "../accounts/guards";
import { ImageRejected } from "../media/upload";
import { stageUpload, TooManyStagedUploads } from "../media/uploads";
import type { Services } from "../services";

/** The body grew past the limit while arriving (a missing or untrue Content-Length). */
class BodyTooLarge extends Error {}

/**
 * Reads the request body, refusing it as soon as it passes maxBytes: a declared Content-Length
 * over the limit is refused before any byte is read, and a chunked body when its running total
 * passes it, so at most maxBytes are ever held. The stream is left flowing (what still arrives is
 * dropped, see lingerThenClose), not destroyed.
 */
function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > maxBytes) return Promise.reject(new BodyTooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("close", onClose);
      req.off("error", onError);
      chunks.length = 0;
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        stop();
        reject(new BodyTooLarge());
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      const body = Buffer.concat(chunks, size);
      stop();
      resolve(body);
    };
    const onClose = () => {
      stop();
      reject(new ClientGone());
    };
    const onError = (err: Error) => {
      stop();
      reject(err);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("close", onClose);
    req.on("error", onError);
  });
}

class ClientGone extends Error {}

/** The uploader shows these sentences as they are (only a missing session has a heading). */
const GUARD_TEXTS = {
  loggedOut: { title: "Erro de autenticação", description: UPLOAD_MESSAGES.loggedOut },
  notHost: { title: UPLOAD_MESSAGES.notHost },
  notPremium: { title: UPLOAD_MESSAGES.notPremium },
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

/**
 * POST /api/imagens: one image per request, the body being the file's bytes (Content-Type
 * image/jpeg, image/png or image/webp). Only signed-in hosts with Premium; rate limited; checked by
 * content (server/media/upload.ts), stored in every variant and staged for the property form.
 * Answers 201 {id, url, width, height}, or a refusal ({title, description?, message}) with 401, 403,
 * 413, 415, 422 or 429.
 * Mounted before the app's small-body limit, after its cross-site check.
 */
export function imageUploadHandler(services: Services): RequestHandler {
  const { database, storage, limiter, logger } = services;
  return async (req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    const refuse = (refusal: Refusal) => {
      if (res.headersSent) return;
      res.status(refusal.status).json(refusalJson(refusal));
      lingerThenClose(req);
    };
    try {
      const viewer = viewerOf(await services.auth.api.getSession({ headers: fromNodeHeaders(req.headers) }));
      const user = await requirePremiumHost(database.db, viewer, GUARD_TEXTS);

      const limited = await limiter.limit("upload", { ip: req.ip ?? "unknown", email: user.email });
      if (limited) {
        res.setHeader("Retry-After", String(limited.retryAfter));
        return refuse(limited);
      }
      const type = (req.get("content-type") ?? "").split(";")[0]!.trim();
      if (!isAcceptedImageType(type)) return refuse({ status: 415, title: UPLOAD_MESSAGES.type });

      const bytes = await readBody(req, MAX_IMAGE_BYTES);
      const upload = await stageUpload(database.db, storage, user.id, bytes);
      const body: UploadedImage = { id: upload.id, url: imageUrl(upload.storageKey, 800, "webp"), width: upload.width, height: upload.height };
      res.status(201).json(body);
    } catch (err) {
      if (err instanceof AccessDenied) return refuse(err.refusal);
      if (err instanceof BodyTooLarge) return refuse({ status: 413, title: UPLOAD_MESSAGES.size });
      if (err instanceof ImageRejected || err instanceof TooManyStagedUploads) return refuse({ status: err.status, title: err.message });
      if (err instanceof ClientGone) return; // the browser gave up mid-upload
      logger.error({ err }, "image upload failed");
      refuse({ status: 500, title: UPLOAD_MESSAGES.failed });
    }
  };
}
