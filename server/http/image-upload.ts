import type { IncomingMessage } from "node:http";
import { fromNodeHeaders } from "better-auth/node";
import type { Request, RequestHandler, Response } from "express";
import { isAcceptedImageType, MAX_IMAGE_BYTES, UPLOAD_MESSAGES, type UploadedImage } from "../../common/image-upload";
import { imageUrl } from "../../common/media";
import { isPremium, subscriptionStatus } from "../billing/status";
import { ImageRejected } from "../media/upload";
import { stageUpload, TooManyStagedUploads } from "../media/uploads";
import type { Services } from "../services";
import { rateLimitMessage } from "./rate-limit";

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
 * Answers 201 {id, url, width, height}, or {message} with 401, 403, 413, 415, 422 or 429.
 * Mounted before the app's small-body limit, after its cross-site check.
 */
export function imageUploadHandler(services: Services): RequestHandler {
  const { database, storage, limiter, logger } = services;
  return async (req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    const refuse = (status: number, message: string) => {
      if (res.headersSent) return;
      res.status(status).json({ message });
      lingerThenClose(req);
    };
    try {
      const session = await services.auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
      if (!session) return refuse(401, `Erro de autenticação: ${UPLOAD_MESSAGES.loggedOut}`);
      const user = session.user as typeof session.user & { userType?: string };
      if (user.userType !== "host") return refuse(403, UPLOAD_MESSAGES.notHost);
      if (!isPremium(await subscriptionStatus(database.db, { id: user.id, userType: "host" }))) return refuse(403, UPLOAD_MESSAGES.notPremium);

      const wait = await limiter.consume("upload", { ip: req.ip ?? "unknown", email: user.email });
      if (wait !== null) {
        res.setHeader("Retry-After", String(wait));
        return refuse(429, rateLimitMessage(wait));
      }
      const type = (req.get("content-type") ?? "").split(";")[0]!.trim();
      if (!isAcceptedImageType(type)) return refuse(415, UPLOAD_MESSAGES.type);

      const bytes = await readBody(req, MAX_IMAGE_BYTES);
      const upload = await stageUpload(database.db, storage, user.id, bytes);
      const body: UploadedImage = { id: upload.id, url: imageUrl(upload.storageKey, 800, "webp"), width: upload.width, height: upload.height };
      res.status(201).json(body);
    } catch (err) {
      if (err instanceof BodyTooLarge) return refuse(413, UPLOAD_MESSAGES.size);
      if (err instanceof ImageRejected) return refuse(err.status, err.message);
      if (err instanceof TooManyStagedUploads) return refuse(err.status, err.message);
      if (err instanceof ClientGone) return; // the browser gave up mid-upload
      logger.error({ err }, "image upload failed");
      refuse(500, UPLOAD_MESSAGES.failed);
    }
  };
}
