import os from "node:os";
import sharp from "sharp";
import { MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from "../../common/image-upload";
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

/**
 * Decoding is CPU- and memory-heavy (a 50-megapixel PNG is 200 MB of pixels): at most this many
 * uploads decode at once per process, the others wait their turn. sharp already spreads each
 * image over every core.
 */
const DECODE_SLOTS = Math.max(1, Math.min(4, os.availableParallelism()));
let decoding = 0;
const waiting: (() => void)[] = [];

async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (decoding >= DECODE_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else decoding++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else decoding--;
  }
}

const isPixelLimit = (err: unknown) => /pixel limit/i.test(err instanceof Error ? err.message : String(err));

/** A pathological file may not keep a decoder busy for longer than this. */
const DECODE_TIMEOUT_SECONDS = 30;

/**
 * Checks an uploaded file by its content and decodes it for storage: JPEG, PNG or WebP by its
 * magic bytes; at most 50 MB; a header that claims at most MAX_INPUT_PIXELS (a small file can
 * claim a gigapixel canvas: a "decompression bomb"); and pixels that decode completely (a
 * truncated file fails on libvips' "premature end" warning). The result carries no metadata.
 * Throws ImageRejected with the message for the person.
 */
export async function decodeUpload(bytes: Buffer): Promise<NormalizedImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new ImageRejected(413, UPLOAD_MESSAGES.size);
  if (bytes.length === 0) throw new ImageRejected(422, UPLOAD_MESSAGES.empty);
  const type = sniffImageType(bytes);
  if (!type) throw new ImageRejected(415, UPLOAD_MESSAGES.type);

  // failOn "warning": truncated or damaged data is refused rather than stored half grey.
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "warning" }).timeout({ seconds: DECODE_TIMEOUT_SECONDS });
  const header = await image.metadata().catch((err: unknown) => {
    throw new ImageRejected(422, isPixelLimit(err) ? UPLOAD_MESSAGES.pixels : UPLOAD_MESSAGES.corrupt);
  });
  if (!header.width || !header.height) throw new ImageRejected(422, UPLOAD_MESSAGES.corrupt);
  // The bytes named one format and the decoder found another: not something we accept.
  if (header.format !== type) throw new ImageRejected(415, UPLOAD_MESSAGES.type);
  if (header.width * header.height > MAX_INPUT_PIXELS) throw new ImageRejected(422, UPLOAD_MESSAGES.pixels);

  return withDecodeSlot(() =>
    normalizeImage(image).catch((err: unknown) => {
      throw new ImageRejected(422, isPixelLimit(err) ? UPLOAD_MESSAGES.pixels : UPLOAD_MESSAGES.corrupt);
    }),
  );
}
