import sharp, { type Raw, type Sharp } from "sharp";
import phash from "sharp-phash";
import type { NormalizedImage } from "./variants";

/**
 * Perceptual hashes (sharp-phash's 64-bit DCT pHash) of one photo, as signed 64-bit integers so
 * each fits a PostgreSQL bigint. A pHash survives resizing, recompression and small overlays, but
 * not mirroring nor crops of more than about 5 %: hence a hash of each.
 */
export interface PhotoHashes {
  plain: bigint;
  mirrored: bigint;
  /** The middle 80 % of the width and height. */
  cropped: bigint;
}

// Resized, recompressed and watermarked copies measured ≤ 4 bits off, unrelated photos ≥ 13 (npm run bench -- --only photo-hash).
export const PHOTO_MATCH_DISTANCE = 8;

const CROP_KEPT = 0.8;

async function hashOf({ data, info }: { data: Buffer; info: Raw }): Promise<bigint> {
  const bits = await phash(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  return BigInt.asIntN(64, BigInt(`0b${bits}`));
}

/** The hashes of a photo as is, mirrored left to right, and cropped to its centre. */
export async function photoHashes(image: NormalizedImage): Promise<PhotoHashes> {
  const raw: Raw = { width: image.width, height: image.height, channels: image.channels };
  const transparent = image.channels === 2 || image.channels === 4;
  const source = () => {
    const pixels = sharp(image.data, { raw });
    // Transparent areas count as white, as in the stored JPEGs (a copy saved from one is opaque
    // there); sharp-phash alone would read them as black.
    return transparent ? pixels.flatten({ background: "#ffffff" }) : pixels;
  };
  const pixels = (pipeline: Sharp) => pipeline.raw().toBuffer({ resolveWithObject: true });
  const left = Math.round((image.width * (1 - CROP_KEPT)) / 2);
  const top = Math.round((image.height * (1 - CROP_KEPT)) / 2);
  const centre = { left, top, width: image.width - 2 * left, height: image.height - 2 * top };
  // sharp-phash takes sharp's input options: raw pixels need no encoding (a PNG costs more, measured).
  const [plain, mirrored, cropped] = await Promise.all([
    transparent ? pixels(source()).then(hashOf) : hashOf({ data: image.data, info: raw }),
    pixels(source().flop()).then(hashOf),
    pixels(source().extract(centre)).then(hashOf),
  ]);
  return { plain, mirrored, cropped };
}

/** Number of differing bits between two hashes, read as unsigned 64-bit values. */
export function hashDistance(a: bigint, b: bigint): number {
  let bits = BigInt.asUintN(64, a ^ b);
  let count = 0;
  for (; bits; bits &= bits - 1n) count++;
  return count;
}
