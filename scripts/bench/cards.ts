/**
 * `npm run bench -- --only cards` (issue 46, decision 031): drawing link-preview cards as the
 * listing-cards job does, one after the other, with drawListingCard on the demo illustrations'
 * 1200-wide JPEGs (ensureDemoImages on a temporary disk storage) and CARDS listings of the demo
 * catalogue, every type, long titles and one with emoji among them. Reported: the first card (cold:
 * fonts read, layout engine loaded) and the others' total time; the part spent on this thread
 * (event-loop utilisation: satori's layout and the calls into sharp, the time a server could not
 * answer anyone), and the longest single block (monitorEventLoopDelay); the JPEGs' sizes, which
 * must stay under 300 KB. The reference, alternated with each card in the same run: sharp alone
 * cropping the same cover to 1200×630 and encoding it as the card is encoded. Needs no build.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import sharp from "sharp";
import { CARD_HEIGHT, CARD_WIDTH } from "../../common/listing-card";
import { formatBRL } from "../../common/format";
import { LARGEST_IMAGE_WIDTH, variantKey } from "../../common/media";
import { createDiskStorage, readStoredFile } from "../../server/adapters/storage";
import { demoCatalogue } from "../../server/seed/demo-catalog";
import { ensureDemoImages } from "../../server/seed/demo-images";
import { drawListingCard, type ListingCardFacts } from "../../server/sharing/listing-card";
import { kb, ms, report, stats } from "./support";

const CARDS = 40;
/** Issue 46: a link preview under 300 KB. */
const MAX_CARD_BYTES = 300 * 1024;

/** Titles the catalogue does not have: wrapped past two lines (cut with an ellipsis), and emoji (left out). */
const UNUSUAL_TITLES = [
  "Chalé romântico com hidromassagem, lareira, vista panorâmica para a Serra da Mantiqueira e café da manhã colonial incluso",
  "🌲 Cabana do Ipê-Amarelo 🔥 com ofurô, redário e açaí à vontade",
];

/** What a card shows, for CARDS listings spread over the demo catalogue (every type), with their covers' 1200-wide JPEG as the job reads it. */
async function cardSubjects(dataDir: string): Promise<ListingCardFacts[]> {
  const storage = createDiskStorage(dataDir);
  const pool = await ensureDemoImages(storage);
  const catalogue = demoCatalogue(["5511900000000"]);
  const subjects: ListingCardFacts[] = [];
  for (let i = 0; i < CARDS; i++) {
    const listing = catalogue[Math.floor((i * catalogue.length) / CARDS)]!;
    const images = pool[listing.propertyType];
    const cover = await readStoredFile(storage, variantKey(images[i % images.length]!.storageKey, LARGEST_IMAGE_WIDTH, "jpeg"));
    if (!cover) throw new Error(`no cover for ${listing.title}`);
    const title = i % 20 === 7 ? UNUSUAL_TITLES[(i / 20) | 0]! : listing.title;
    subjects.push({ title, place: listing.location, price: formatBRL(listing.priceCents), cover });
  }
  return subjects;
}

/** Runs `draw`, returning its result, its time, the time this thread was busy meanwhile, and its longest block. */
async function onThisThread<T>(draw: () => Promise<T>) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const utilisation = performance.eventLoopUtilization();
  const started = performance.now();
  const result = await draw();
  const took = ms(started);
  const busy = performance.eventLoopUtilization(utilisation).active;
  delay.disable();
  // The histogram holds each timer turn's lateness (ns) past its 1 ms period: its maximum is the longest block.
  return { result, ms: took, busyMs: busy, longestBlockMs: delay.count > 0 ? delay.max / 1e6 : took };
}

export async function benchCards() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "recanto-bench-cards-"));
  try {
    const preparing = performance.now();
    const subjects = await cardSubjects(dataDir);
    console.log(`\nLink-preview cards: ${CARDS} drawn one after the other as the listing-cards job draws them, on the demo illustrations (drawn in ${(ms(preparing) / 1000).toFixed(1)} s), ${os.cpus().length} cores.`);

    const reference = (cover: Buffer) =>
      sharp(cover).rotate().resize(CARD_WIDTH, CARD_HEIGHT, { fit: "cover", position: sharp.strategy.attention }).jpeg({ quality: 82, progressive: true, optimiseCoding: true }).toBuffer();
    const cards: { ms: number; busyMs: number; longestBlockMs: number; bytes: number; width?: number; height?: number }[] = [];
    const references: number[] = [];
    for (const [i, facts] of subjects.entries()) {
      // The reference first from the second card on: the first card is the cold one.
      if (i > 0) references.push((await onThisThread(() => reference(facts.cover!))).ms);
      const drawn = await onThisThread(() => drawListingCard(facts));
      const { width, height } = await sharp(drawn.result).metadata();
      cards.push({ ms: drawn.ms, busyMs: drawn.busyMs, longestBlockMs: drawn.longestBlockMs, bytes: drawn.result.length, width, height });
    }

    const [cold, ...warm] = cards;
    const f = (x: number) => x.toFixed(1);
    const total = stats(warm.map((c) => c.ms));
    const busy = stats(warm.map((c) => c.busyMs));
    const block = stats(warm.map((c) => c.longestBlockMs));
    const sharpAlone = stats(references);
    const sizes = stats(cards.map((c) => c.bytes));
    const largest = Math.max(...cards.map((c) => c.bytes));
    console.log(`  cold (first) card: ${f(cold!.ms)} ms, of which ${f(cold!.busyMs)} ms on this thread (longest block ${f(cold!.longestBlockMs)} ms)`);
    console.log(`  warm, ${warm.length} cards (ms)          p50     p95     max`);
    const row = (label: string, s: number[]) => console.log(`    ${label.padEnd(30)}${f(stats(s).p50).padStart(6)}  ${f(stats(s).p95).padStart(6)}  ${f(Math.max(...s)).padStart(6)}`);
    row("total", warm.map((c) => c.ms));
    row("on this thread (event loop)", warm.map((c) => c.busyMs));
    row("longest block of the loop", warm.map((c) => c.longestBlockMs));
    row("reference: sharp alone", references);
    console.log(
      `  card / reference: p50 ${(total.p50 / sharpAlone.p50).toFixed(2)}×, p95 ${(total.p95 / sharpAlone.p95).toFixed(2)}×; this thread's share of a warm card: p50 ${((busy.p50 / total.p50) * 100).toFixed(0)} %, longest block p95 ${f(block.p95)} ms`,
    );
    console.log(`  JPEG: min ${kb(Math.min(...cards.map((c) => c.bytes)))}, median ${kb(sizes.p50)}, max ${kb(largest)} (limit ${kb(MAX_CARD_BYTES)})`);
    const failures: string[] = [];
    if (largest >= MAX_CARD_BYTES) failures.push(`a card of ${kb(largest)}`);
    const misshapen = cards.filter((c) => c.width !== CARD_WIDTH || c.height !== CARD_HEIGHT).length;
    if (misshapen > 0) failures.push(`${misshapen} cards not ${CARD_WIDTH}×${CARD_HEIGHT}`);
    report("Cards", failures);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
