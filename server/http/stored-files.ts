import { pipeline } from "node:stream";
import type express from "express";
import { MEDIA_PREFIX } from "../../common/media";
import { IMMUTABLE_CACHE_CONTROL, type Storage } from "../adapters/storage";
import type { Services } from "../services";

/** Sends a stored image file, streamed, with the caching of a file whose content never changes; 404 when there is none. */
export async function sendStoredFile(storage: Storage, key: string, req: express.Request, res: express.Response, logger: Services["logger"]): Promise<void> {
  const file = await storage.get(key);
  if (!file) {
    res.status(404).end();
    return;
  }
  res.setHeader("Content-Type", file.contentType);
  res.setHeader("Cache-Control", IMMUTABLE_CACHE_CONTROL);
  if (file.etag) res.setHeader("ETag", file.etag);
  if (file.lastModified) res.setHeader("Last-Modified", file.lastModified.toUTCString());
  if (req.fresh || req.method === "HEAD") {
    file.body.destroy();
    if (file.size !== undefined && !req.fresh) res.setHeader("Content-Length", String(file.size));
    res.status(req.fresh ? 304 : 200).end();
    return;
  }
  if (file.size !== undefined) res.setHeader("Content-Length", String(file.size));
  pipeline(file.body, res, (err) => {
    if (err && !req.destroyed) logger.warn({ err, path: req.path }, "image stream failed");
  });
}

/** /media from a storage without a local folder (S3): streamed through, with the same caching as from disk. */
export function serveStoredFile(storage: Storage, logger: Services["logger"]): express.RequestHandler {
  return (req, res, next) => {
    sendStoredFile(storage, req.path.slice(MEDIA_PREFIX.length + 1), req, res, logger).catch(next);
  };
}
