import { createWriteStream } from "node:fs";
import type { Readable } from "node:stream";
import sharp from "sharp";
import { UPLOAD_MESSAGES } from "../../common/image-upload";
import { MAX_INPUT_PIXELS, normalizeImage, type NormalizedImage } from "./variants";

/** An upload refused because of what it is (never because of us): the HTTP status and a pt-BR message. */
export class ImageRejected extends Error {
  constructor(
    readonly status: 413 | 415 | 422,
    message: string,
  ) {
    super(message);
    this.name = "ImageRejected";
  }
}

export type SniffedType = "jpeg" | "png" | "webp";

/** The file's type by its first bytes (its "magic number"), whatever its name or label says. */
export function sniffImageType(bytes: Uint8Array): SniffedType | null {
  const at = (offset: number, ...expected: number[]) => expected.every((b, i) => bytes[offset + i] === b);
  if (at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  // "RIFF", 4 bytes of size, "WEBP"
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "webp";
  return null;
}

const isPixelLimit = (err: unknown) => /pixel limit/i.test(err instanceof Error ? err.message : String(err));

/** A pathological file may not keep a decoder busy for longer than this. */
const DECODE_TIMEOUT_SECONDS = 30;

/** An upload's body, written whole to a temporary file (see receiveUpload), and its type by content. */
export interface ReceivedUpload {
  path: string;
  type: SniffedType;
}

/** Bytes that tell every accepted type apart (WebP's "WEBP" ends at byte 12). */
const SNIFF_BYTES = 12;

/** The sender went away before the whole body arrived. */
export class UploadAborted extends Error {
  constructor() {
    super("the client went away before the whole upload arrived");
    this.name = "UploadAborted";
  }
}

/**
 * Writes an upload's body to `file` (a new file: it must not exist) as it arrives, never holding
 * more than a few chunks: reading pauses while the disk catches up. Refuses it (ImageRejected) as
 * soon as its first bytes are not JPEG, PNG or WebP (415) or its running total passes maxBytes
 * (413), and at the end when it is empty (422). Throws UploadAborted when the body stops short.
 * Once it settles the file is closed; removing it is the caller's (whatever happened). On a
 * refusal the source is left paused, unread: the caller decides how to drain or close it.
 */
export function receiveUpload(source: Readable, file: string, maxBytes: number): Promise<ReceivedUpload> {
  // A stream that opens its file by path: one made from an open FileHandle never closed when
  // destroyed right after a write (a body of a few bytes), and the request waited for ever.
  const out = createWriteStream(file, { flags: "wx", mode: 0o600 });
  return new Promise((resolve, reject) => {
    let size = 0;
    let head = Buffer.alloc(0);
    let type: SniffedType | null = null;
    let failed = false;
    const detach = () => {
      source.off("data", onData);
      source.off("end", onEnd);
      source.off("close", onClose);
      source.off("error", onClose);
      source.pause();
    };
    // Settles only once the file is closed, so the caller's removal cannot come first.
    const closed = (settle: () => void) => (out.closed ? settle() : out.once("close", settle));
    // Stays the file's error listener to the end: a write still under way when the file is
    // destroyed reports ERR_STREAM_DESTROYED afterwards, which unheard would end the process.
    function fail(err: unknown) {
      if (failed) return;
      failed = true;
      detach();
      out.destroy();
      closed(() => reject(err));
    }
    function onData(chunk: Buffer) {
      size += chunk.length;
      if (size > maxBytes) return fail(new ImageRejected(413, UPLOAD_MESSAGES.size));
      if (!type) {
        head = Buffer.concat([head, chunk]);
        if (head.length >= SNIFF_BYTES) {
          type = sniffImageType(head);
          if (!type) return fail(new ImageRejected(415, UPLOAD_MESSAGES.type));
        }
      }
      if (!out.write(chunk)) {
        source.pause();
        out.once("drain", () => source.resume());
      }
    }
    function onEnd() {
      detach();
      // A body shorter than SNIFF_BYTES: decided by what there is.
      type ??= size > 0 ? sniffImageType(head) : null;
      if (size === 0) return fail(new ImageRejected(422, UPLOAD_MESSAGES.empty));
      if (!type) return fail(new ImageRejected(415, UPLOAD_MESSAGES.type));
      const received = { path: file, type };
      out.end((err?: Error | null) => (err ? fail(err) : closed(() => resolve(received))));
    }
    // An error of the source is its connection failing ("aborted", a reset): the sender is gone too.
    const onClose = () => fail(new UploadAborted());
    source.on("data", onData);
    source.on("end", onEnd);
    source.on("close", onClose);
    source.on("error", onClose);
    out.on("error", fail);
    if (source.destroyed) onClose(); // gone while the file was being opened
    else source.resume();
  });
}

/**
 * Checks a received upload by its content and decodes it for storage, reading the file as it
 * goes: a header that claims at most MAX_INPUT_PIXELS (a small file can claim a gigapixel canvas:
 * a "decompression bomb"), of the type its first bytes named, and pixels that decode completely (a
 * truncated file fails on libvips' "premature end" warning). The result carries no metadata.
 * Throws ImageRejected with the message for the person.
 */
export async function decodeUpload(upload: ReceivedUpload): Promise<NormalizedImage> {
  // failOn "warning": truncated or damaged data is refused rather than stored half grey.
  const image = sharp(upload.path, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "warning" }).timeout({ seconds: DECODE_TIMEOUT_SECONDS });
  const header = await image.metadata().catch((err: unknown) => {
    throw new ImageRejected(422, isPixelLimit(err) ? UPLOAD_MESSAGES.pixels : UPLOAD_MESSAGES.corrupt);
  });
  if (!header.width || !header.height) throw new ImageRejected(422, UPLOAD_MESSAGES.corrupt);
  // The bytes named one format and the decoder found another: not something we accept.
  if (header.format !== upload.type) throw new ImageRejected(415, UPLOAD_MESSAGES.type);
  if (header.width * header.height > MAX_INPUT_PIXELS) throw new ImageRejected(422, UPLOAD_MESSAGES.pixels);

  return normalizeImage(image).catch((err: unknown) => {
    throw new ImageRejected(422, isPixelLimit(err) ? UPLOAD_MESSAGES.pixels : UPLOAD_MESSAGES.corrupt);
  });
}
