/**
 * Photo-like pictures for the perceptual hash (server/media/photo-hash.ts), and the edits someone
 * copying a listing's photo might make. A pHash of noise or of a flat colour means nothing: these
 * are the demo's drawn landscapes (server/seed/demo-scenes.ts: sky, sun, hills or water, trees, a
 * building), softened and given a film grain, as a camera's JPEG. Every index is another scene
 * (property type, palette, layout); the same index always gives the same photo.
 */
import sharp from "sharp";
import { PROPERTY_TYPES } from "../../common/catalog";
import { sceneSvg } from "../../server/seed/demo-scenes";
import { seededRandom } from "../../server/seed/random";

/** Grain amplitude, in levels of 255. */
const GRAIN = 16;

export async function scenePhoto(index: number): Promise<Buffer> {
  const svg = sceneSvg(PROPERTY_TYPES[index % PROPERTY_TYPES.length]!, Math.floor(index / PROPERTY_TYPES.length));
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().blur(0.8).raw().toBuffer({ resolveWithObject: true });
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  const random = seededRandom(index + 1);
  for (let pixel = 0; pixel < pixels.length; pixel += 3) {
    const grain = (random() + random() - 1) * GRAIN;
    for (let i = pixel; i < pixel + 3; i++) pixels[i] = data[i]! + grain;
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).jpeg({ quality: 88 }).toBuffer();
}

async function sizeOf(photo: Buffer) {
  const { width, height } = await sharp(photo).metadata();
  return { width, height };
}

/** A copy at `scale` of the width, saved as JPEG at `quality`. */
export async function resizedCopy(photo: Buffer, scale: number, quality = 90): Promise<Buffer> {
  const { width } = await sizeOf(photo);
  return sharp(photo).resize({ width: Math.round(width * scale) }).jpeg({ quality }).toBuffer();
}

/** A copy with a text signed in its bottom right corner, on a translucent band. */
export async function watermarkedCopy(photo: Buffer, text = "© Imobiliária Horizonte"): Promise<Buffer> {
  const { width, height } = await sizeOf(photo);
  const band = { width: Math.round(width * 0.32), height: Math.round(height * 0.07) };
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${band.width}" height="${band.height}">` +
    `<rect width="100%" height="100%" rx="6" fill="#000000" opacity="0.35"/>` +
    `<text x="50%" y="68%" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${Math.round(band.height * 0.45)}" fill="#ffffff" opacity="0.85">${text}</text></svg>`;
  const overlay = { input: Buffer.from(svg), left: width - band.width - Math.round(width * 0.02), top: height - band.height - Math.round(height * 0.03) };
  return sharp(photo).composite([overlay]).jpeg({ quality: 90 }).toBuffer();
}

/** A copy mirrored left to right. */
export async function mirroredCopy(photo: Buffer): Promise<Buffer> {
  return sharp(photo).flop().jpeg({ quality: 90 }).toBuffer();
}

/** A copy keeping the middle `kept` share of the width and height. */
export async function croppedCopy(photo: Buffer, kept: number): Promise<Buffer> {
  const { width, height } = await sizeOf(photo);
  const left = Math.round((width * (1 - kept)) / 2);
  const top = Math.round((height * (1 - kept)) / 2);
  return sharp(photo)
    .extract({ left, top, width: width - 2 * left, height: height - 2 * top })
    .jpeg({ quality: 90 })
    .toBuffer();
}
