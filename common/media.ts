/**
 * The one place that knows how a stored image's files are named. Every image exists in each of
 * IMAGE_WIDTHS (never upscaled: a smaller source keeps its own size) and in each of IMAGE_FORMATS:
 * WebP for browsers that take it (all current ones), JPEG as the fallback.
 */
export const IMAGE_WIDTHS = [400, 800, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const LARGEST_IMAGE_WIDTH: ImageWidth = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;

export const IMAGE_FORMATS = ["webp", "jpeg"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

const EXTENSIONS: Record<ImageFormat, string> = { webp: "webp", jpeg: "jpg" };
export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = { webp: "image/webp", jpeg: "image/jpeg" };

export const MEDIA_PREFIX = "/media";
/** The path of a stored variant below MEDIA_PREFIX, e.g. /demo/cabana-1-800.webp or /uploads/u1/x-400.jpg. */
export const IMAGE_VARIANT_PATH = new RegExp(
  `^(?!.*\\.\\.)/[a-z0-9][a-z0-9/_.-]*-(?:${IMAGE_WIDTHS.join("|")})\\.(?:${IMAGE_FORMATS.map((f) => EXTENSIONS[f]).join("|")})$`,
  "i",
);

export function variantKey(storageKey: string, width: ImageWidth, format: ImageFormat = "webp"): string {
  return `${storageKey}-${width}.${EXTENSIONS[format]}`;
}

/** Every file stored for one image (all widths in all formats). */
export function allVariantKeys(storageKey: string): string[] {
  return IMAGE_FORMATS.flatMap((format) => IMAGE_WIDTHS.map((width) => variantKey(storageKey, width, format)));
}

/** The content type of a variant file, from its name; null for anything that is not one. */
export function variantContentType(key: string): string | null {
  const extension = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  const format = IMAGE_FORMATS.find((f) => EXTENSIONS[f] === extension);
  return format ? IMAGE_CONTENT_TYPES[format] : null;
}

export function imageUrl(storageKey: string, width: ImageWidth = 800, format: ImageFormat = "webp"): string {
  return `${MEDIA_PREFIX}/${variantKey(storageKey, width, format)}`;
}

export function imageSrcSet(storageKey: string, format: ImageFormat = "webp"): string {
  return IMAGE_WIDTHS.map((w) => `${imageUrl(storageKey, w, format)} ${w}w`).join(", ");
}
