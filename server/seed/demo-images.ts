import sharp from "sharp";
import { PROPERTY_TYPES, type PropertyType } from "../../common/catalog";
import type { Storage } from "../adapters/storage";
import { imageFilesExist, storeImageVariants } from "../media/variants";
import { slugBase } from "../properties/properties";
import { SCENE_HEIGHT, SCENE_WIDTH, sceneSvg } from "./demo-scenes";

export const IMAGES_PER_TYPE = 8;

export interface DemoImage {
  storageKey: string;
  width: number;
  height: number;
}

/** Fixed names, so later starts (and the tests' shared cache) find the files already drawn. */
export const demoImageKey = (type: PropertyType, n: number) => `demo/${slugBase(type)}-${n + 1}`;

/**
 * The illustration pool: IMAGES_PER_TYPE per property type, drawn once and kept in storage
 * (later starts and seeds find them there).
 */
export async function ensureDemoImages(storage: Storage): Promise<Record<PropertyType, DemoImage[]>> {
  const jobs = PROPERTY_TYPES.flatMap((type) => Array.from({ length: IMAGES_PER_TYPE }, (_, n) => ({ type, n, storageKey: demoImageKey(type, n) })));
  const queue = [...jobs];
  // sharp already uses every core per image; two at a time keeps both busy without piling up memory.
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      if (await imageFilesExist(storage, job.storageKey)) continue;
      const png = await sharp(Buffer.from(sceneSvg(job.type, job.n))).png({ compressionLevel: 1 }).toBuffer();
      await storeImageVariants(storage, job.storageKey, png);
    }
  };
  await Promise.all([worker(), worker()]);
  const pool = {} as Record<PropertyType, DemoImage[]>;
  for (const { type, storageKey } of jobs) (pool[type] ??= []).push({ storageKey, width: SCENE_WIDTH, height: SCENE_HEIGHT });
  return pool;
}
