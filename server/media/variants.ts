import sharp, { type Sharp } from "sharp";
import { allVariantKeys, IMAGE_CONTENT_TYPES, IMAGE_FORMATS, isAvatarKey, LARGEST_IMAGE_WIDTH, variantKey, variantWidths } from "../../common/media";
import { isPrivateKey, type Storage } from "../adapters/storage";

export interface StoredImage {
  storageKey: string;
  /** Size of the largest stored variant (what the page's width/height attributes describe). */
  width: number;
  height: number;
}

/** Decoding refuses anything larger: a small file can claim gigapixels (a "decompression bomb"). */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * A variant is at most its width wide and three times that high: a very tall image gets narrower
 * instead of taller than any format allows.
 */
const MAX_ASPECT = 3;

const ENCODERS = {
  webp: (image: Sharp) => image.webp({ quality: 78 }),
  // The fallback, rarely served: plain libjpeg-turbo (progressive, optimised Huffman tables) encodes
  // four times faster than mozjpeg for files about 10% larger. JPEG has no transparency: transparent
  // areas become white, not black.
  jpeg: (image: Sharp) => image.flatten({ background: "#ffffff" }).jpeg({ quality: 80, progressive: true, optimiseCoding: true }),
} satisfies Record<(typeof IMAGE_FORMATS)[number], (image: Sharp) => Sharp>;

/** An image decoded, upright, at most the largest width, in sRGB: raw pixels, without any metadata. */
export interface NormalizedImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/**
 * Decodes the source once: rotated upright by its EXIF orientation, shrunk to the largest width
 * (never enlarged), converted to sRGB, as raw pixels. Raw pixels carry no metadata, so no EXIF
 * (GPS, camera, time), XMP, IPTC or ICC profile can reach a stored file. Throws when the source
 * does not decode (sharp's errors).
 */
export async function normalizeImage(source: Buffer | Sharp): Promise<NormalizedImage> {
  const input = Buffer.isBuffer(source) ? sharp(source, { limitInputPixels: MAX_INPUT_PIXELS }) : source;
  const { data, info } = await input
    .rotate()
    .resize({ width: LARGEST_IMAGE_WIDTH, height: LARGEST_IMAGE_WIDTH * MAX_ASPECT, fit: "inside", withoutEnlargement: true })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/**
 * One stored width of a normalized image: a photo fits that width (and three times it in height);
 * a profile photo becomes a square of that side, cropped around the most salient part (a face,
 * usually). Neither is ever enlarged.
 */
function resizedTo(image: NormalizedImage, storageKey: string, width: number): Sharp {
  const source = sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
  if (!isAvatarKey(storageKey)) return source.resize({ width, height: width * MAX_ASPECT, fit: "inside", withoutEnlargement: true });
  const side = Math.min(width, image.width, image.height);
  return source.resize({ width: side, height: side, fit: "cover", position: sharp.strategy.attention });
}

/**
 * Encodes and stores every width and format of a normalized image (which widths, and their shape,
 * follow from the key: common/media.ts). If any file fails to store, the ones already stored are
 * removed and the error is thrown.
 */
export async function storeNormalizedImage(storage: Storage, storageKey: string, image: NormalizedImage): Promise<StoredImage> {
  const jobs = IMAGE_FORMATS.flatMap((format) => variantWidths(storageKey).map((width) => ({ format, width })));
  const results = await Promise.allSettled(
    jobs.map(async ({ format, width }) => {
      const body = await ENCODERS[format](resizedTo(image, storageKey, width)).toBuffer();
      await storage.put(variantKey(storageKey, width, format), body, IMAGE_CONTENT_TYPES[format]);
    }),
  );
  const failure = results.find((r) => r.status === "rejected");
  if (failure) {
    await removeImageFiles(storage, [storageKey]).catch(() => {});
    throw failure.reason;
  }
  return { storageKey, width: image.width, height: image.height };
}

/** Stores one source image in every width and format pages ask for (see normalizeImage). */
export async function storeImageVariants(storage: Storage, storageKey: string, source: Buffer | Sharp): Promise<StoredImage> {
  return storeNormalizedImage(storage, storageKey, await normalizeImage(source));
}

/** The files stored for an image: every variant of a public one; a private image is one file, its key. */
const filesOf = (storageKey: string) => (isPrivateKey(storageKey) ? [storageKey] : allVariantKeys(storageKey));

/** Removes every stored file of these images (all widths and formats); missing files are ignored. */
export async function removeImageFiles(storage: Storage, storageKeys: readonly string[]): Promise<void> {
  await Promise.all(storageKeys.flatMap((key) => filesOf(key).map((file) => storage.remove(file))));
}

/** True when every file of the image is stored. */
export async function imageFilesExist(storage: Storage, storageKey: string): Promise<boolean> {
  const found = await Promise.all(filesOf(storageKey).map((file) => storage.exists(file)));
  return found.every(Boolean);
}
