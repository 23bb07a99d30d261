import sharp from "sharp";
import { isPrivateKey, PRIVATE_KEY_PREFIX, type Storage } from "../adapters/storage";
import type { NormalizedImage } from "./variants";

/**
 * Private images (a host's identity document and selfie): one WebP file each, at the decoded size
 * (at most the largest photo width), under PRIVATE_KEY_PREFIX. Never given a public address: an
 * operator reads them through an authorized route (app/routes/moderacao-verificacao-imagem.ts).
 */
export const identityImageKey = (owner: string, random: string) => `${PRIVATE_KEY_PREFIX}identity/${owner}/${random}.webp`;

export async function storePrivateImage(storage: Storage, key: string, image: NormalizedImage): Promise<void> {
  if (!isPrivateKey(key)) throw new Error(`Not a private key: ${key}`);
  const source = sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
  // Higher quality than a listing's photos: an operator reads small print on a document.
  await storage.put(key, await source.webp({ quality: 88 }).toBuffer(), "image/webp");
}
