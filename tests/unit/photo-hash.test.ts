import sharp from "sharp";
import phash from "sharp-phash";
import { beforeAll, describe, expect, it } from "vitest";
import { hashDistance, PHOTO_MATCH_DISTANCE, photoHashes, type PhotoHashes } from "../../server/media/photo-hash";
import { normalizeImage } from "../../server/media/variants";
import { croppedCopy, mirroredCopy, resizedCopy, scenePhoto, watermarkedCopy } from "../support/scenes";

const SIGN_BIT = -(2n ** 63n);

describe("hashDistance", () => {
  it("counts the differing bits of two 64-bit values, the sign bit as any other", () => {
    expect(hashDistance(0n, 0n)).toBe(0);
    expect(hashDistance(-5n, -5n)).toBe(0);
    expect(hashDistance(0b101n, 0b011n)).toBe(2);
    expect(hashDistance(0n, -1n)).toBe(64);
    expect(hashDistance(SIGN_BIT, 0n)).toBe(1);
    expect(hashDistance(SIGN_BIT, 2n ** 63n - 1n)).toBe(64);
    expect(hashDistance(-1n, 1n)).toBe(63);
    expect(hashDistance(-2n, 7n)).toBe(hashDistance(7n, -2n));
  });
});

const hashesOf = async (jpeg: Buffer) => photoHashes(await normalizeImage(jpeg));

describe("photoHashes", () => {
  /** Distinct scenes: different property types, palettes and layouts. */
  const SCENES = [0, 5, 9, 20, 31, 42, 58, 66];
  const photos: Buffer[] = [];
  const stored: PhotoHashes[] = [];

  beforeAll(async () => {
    for (const scene of SCENES) {
      const photo = await scenePhoto(scene);
      photos.push(photo);
      stored.push(await hashesOf(photo));
    }
  }, 60_000);

  it("keeps sharp-phash's bits, as a signed 64-bit integer", async () => {
    const image = await normalizeImage(photos[0]!);
    const bits = await phash(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
    const { plain } = stored[0]!;
    expect(plain).toBe(BigInt.asIntN(64, plain));
    expect(BigInt.asUintN(64, plain).toString(2).padStart(64, "0")).toBe(bits);
    expect(await photoHashes(image)).toEqual(stored[0]);
  });

  it("matches a copy resized to 60 % and recompressed as JPEG quality 60, and a watermarked copy", async () => {
    for (let i = 0; i < 3; i++) {
      expect(hashDistance((await hashesOf(await resizedCopy(photos[i]!, 0.6, 60))).plain, stored[i]!.plain)).toBeLessThanOrEqual(PHOTO_MATCH_DISTANCE);
      expect(hashDistance((await hashesOf(await watermarkedCopy(photos[i]!))).plain, stored[i]!.plain)).toBeLessThanOrEqual(PHOTO_MATCH_DISTANCE);
    }
  }, 30_000);

  it("matches a mirrored copy by the stored mirrored hash only", async () => {
    for (let i = 0; i < 3; i++) {
      const { plain } = await hashesOf(await mirroredCopy(photos[i]!));
      expect(hashDistance(plain, stored[i]!.mirrored)).toBeLessThanOrEqual(PHOTO_MATCH_DISTANCE);
      expect(hashDistance(plain, stored[i]!.plain)).toBeGreaterThan(PHOTO_MATCH_DISTANCE);
    }
  }, 30_000);

  it("matches a copy cut to its centre 80 % by the stored cropped hash only", async () => {
    for (let i = 0; i < 3; i++) {
      const { plain } = await hashesOf(await croppedCopy(photos[i]!, 0.8));
      expect(hashDistance(plain, stored[i]!.cropped)).toBeLessThanOrEqual(PHOTO_MATCH_DISTANCE);
      expect(hashDistance(plain, stored[i]!.plain)).toBeGreaterThan(PHOTO_MATCH_DISTANCE);
    }
  }, 30_000);

  it("keeps unrelated photos apart, whichever stored hash is compared", () => {
    for (let i = 0; i < stored.length; i++) {
      for (let j = 0; j < stored.length; j++) {
        if (i === j) continue;
        for (const hash of Object.values(stored[j]!)) expect(hashDistance(stored[i]!.plain, hash), `scenes ${SCENES[i]} and ${SCENES[j]}`).toBeGreaterThan(PHOTO_MATCH_DISTANCE);
      }
    }
  });

  it("reads transparent areas as white, as a copy saved from the stored JPEG has them", async () => {
    const opaque = await normalizeImage(photos[1]!);
    const { width, height } = opaque;
    const skyBytes = width * Math.floor(height / 3) * 4;
    // The top third transparent, over its own colours; and the same with that third opaque white.
    const transparent = await sharp(opaque.data, { raw: { width, height, channels: 3 } }).ensureAlpha().raw().toBuffer();
    for (let at = 3; at < skyBytes; at += 4) transparent[at] = 0;
    const white = Buffer.from(transparent).fill(255, 0, skyBytes);
    const hashes = await photoHashes({ data: transparent, width, height, channels: 4 });
    expect(hashes).toEqual(await photoHashes({ data: white, width, height, channels: 4 }));
    expect(hashDistance(hashes.plain, stored[1]!.plain)).toBeGreaterThan(0);
  }, 30_000);
});
