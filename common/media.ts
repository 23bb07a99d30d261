/** Every stored image exists in these widths (WebP), so pages can offer a srcset. */
export const IMAGE_WIDTHS = [400, 800, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export const MEDIA_PREFIX = "/media";
/** The path of a stored variant below MEDIA_PREFIX, e.g. /demo/cabana-1-800.webp. */
export const IMAGE_VARIANT_PATH = new RegExp(`^(?!.*\\.\\.)/[a-z0-9][a-z0-9/_.-]*-(${IMAGE_WIDTHS.join("|")})\\.webp$`, "i");

export function variantKey(storageKey: string, width: ImageWidth): string {
  return `${storageKey}-${width}.webp`;
}

export function imageUrl(storageKey: string, width: ImageWidth = 800): string {
  return `${MEDIA_PREFIX}/${variantKey(storageKey, width)}`;
}

export function imageSrcSet(storageKey: string): string {
  return IMAGE_WIDTHS.map((w) => `${imageUrl(storageKey, w)} ${w}w`).join(", ");
}
