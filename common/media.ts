/**
 * The one place that knows how a stored image's files are named. A photo exists in each of
 * IMAGE_WIDTHS (never upscaled: a smaller source keeps its own size); a profile photo, whose key
 * starts with AVATAR_KEY_PREFIX, is a square in each of AVATAR_SIZES. Both exist in each of
 * IMAGE_FORMATS: WebP for browsers that take it (all current ones), JPEG as the fallback.
 */
export const IMAGE_WIDTHS = [400, 800, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const LARGEST_IMAGE_WIDTH: ImageWidth = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;

/** Profile photos: squares of these sides (a smaller source keeps its own side), under this prefix. */
export const AVATAR_SIZES = [96, 256] as const;
export type AvatarSize = (typeof AVATAR_SIZES)[number];
export const AVATAR_KEY_PREFIX = "avatars/";
export const isAvatarKey = (storageKey: string) => storageKey.startsWith(AVATAR_KEY_PREFIX);

export type VariantWidth = ImageWidth | AvatarSize;

/** The widths stored for an image: by its key, a profile photo's squares or a photo's widths. */
export function variantWidths(storageKey: string): readonly VariantWidth[] {
  return isAvatarKey(storageKey) ? AVATAR_SIZES : IMAGE_WIDTHS;
}

export const IMAGE_FORMATS = ["webp", "jpeg"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

const EXTENSIONS: Record<ImageFormat, string> = { webp: "webp", jpeg: "jpg" };
export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = { webp: "image/webp", jpeg: "image/jpeg" };

export const MEDIA_PREFIX = "/media";
/**
 * The path of a stored variant below MEDIA_PREFIX, e.g. /demo/cabana-1-800.webp, /uploads/u1/x-400.jpg
 * or /avatars/u1/y-96.webp: each kind of image in its own widths only, and nothing under private/
 * (identity documents: server/adapters/storage.ts), whatever its name.
 */
export const IMAGE_VARIANT_PATH = new RegExp(
  `^(?!.*\\.\\.)(?!/private/)/(?:${AVATAR_KEY_PREFIX}[a-z0-9/_.-]*-(?:${AVATAR_SIZES.join("|")})|(?!${AVATAR_KEY_PREFIX})[a-z0-9][a-z0-9/_.-]*-(?:${IMAGE_WIDTHS.join("|")}))\\.(?:${IMAGE_FORMATS.map((f) => EXTENSIONS[f]).join("|")})$`,
  "i",
);

export function variantKey(storageKey: string, width: VariantWidth, format: ImageFormat = "webp"): string {
  return `${storageKey}-${width}.${EXTENSIONS[format]}`;
}

/** Every file stored for one image (all its widths in all formats). */
export function allVariantKeys(storageKey: string): string[] {
  return IMAGE_FORMATS.flatMap((format) => variantWidths(storageKey).map((width) => variantKey(storageKey, width, format)));
}

/** The content type of a variant file, from its name; null for anything that is not one. */
export function variantContentType(key: string): string | null {
  const extension = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  const format = IMAGE_FORMATS.find((f) => EXTENSIONS[f] === extension);
  return format ? IMAGE_CONTENT_TYPES[format] : null;
}

export function imageUrl(storageKey: string, width: VariantWidth = 800, format: ImageFormat = "webp"): string {
  return `${MEDIA_PREFIX}/${variantKey(storageKey, width, format)}`;
}

export function imageSrcSet(storageKey: string, format: ImageFormat = "webp"): string {
  return variantWidths(storageKey)
    .map((w) => `${imageUrl(storageKey, w, format)} ${w}w`)
    .join(", ");
}
