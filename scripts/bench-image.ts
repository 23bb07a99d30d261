/**
 * Child process of `npm run bench` (upload part): turns the JPEG at argv[2] into every stored
 * variant, five times after a warm-up, in a process that does nothing else, so its peak memory
 * (maxRSS) belongs to the image pipeline. Prints one JSON line.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { createDiskStorage } from "../server/adapters/storage";
import { storeImageVariants } from "../server/media/variants";

const file = process.argv[2];
if (!file) throw new Error("usage: tsx scripts/bench-image.ts photo.jpg");
const photo = fs.readFileSync(file);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "recanto-bench-image-"));
try {
  const storage = createDiskStorage(dir);
  // Loads libvips and its codecs without touching the memory a 12 MP decode needs.
  await storeImageVariants(storage, "aquecimento", await sharp({ create: { width: 64, height: 48, channels: 3, background: "#fff" } }).jpeg().toBuffer());
  const rssBefore = process.memoryUsage.rss();
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await storeImageVariants(storage, `foto-${i}`, photo);
    runs.push(performance.now() - started);
  }
  console.log(JSON.stringify({ runs, rssBefore, maxRss: process.resourceUsage().maxRSS * 1024 }));
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
