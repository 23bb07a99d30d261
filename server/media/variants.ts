import sharp from "sharp";
import { IMAGE_WIDTHS, variantKey } from "../../common/media";
import type { Storage } from "../adapters/storage";

export interface StoredImage {
  storageKey: string;
  width: number;
  height: number;
}

/** Stores one source image as WebP in every width pages ask for (never upscaled). */
export async function storeImageVariants(storage: Storage, storageKey: string, source: Buffer): Promise<StoredImage> {
  const image = sharp(source).rotate();
  const { width = 0, height = 0 } = await image.metadata();
  await Promise.all(
    IMAGE_WIDTHS.map(async (w) => {
      const body = await image.clone().resize({ width: w, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
      await storage.put(variantKey(storageKey, w), body, "image/webp");
    }),
  );
  const largest = Math.max(...IMAGE_WIDTHS);
  const scale = width > largest ? largest / width : 1;
  return { storageKey, width: Math.round(width * scale), height: Math.round(height * scale) };
}
