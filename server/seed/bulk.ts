/**
 * Bulk catalogue for load tests and benchmarks (`npm run seed -- --count N`, `npm run bench`):
 * many approved listings in real municipalities, written in multi-row batches.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { PROPERTY_TYPES, type PropertyType } from "../../common/catalog";
import type { Db } from "../db/client";
import { listingCardsDue, properties, propertyImages, publicProperty, users } from "../db/schema";
import { makeSlug } from "../properties/properties";
import { positionColumns } from "../properties/position";
import { DEMO_PLACES, demoProperty } from "./demo-catalog";
import { demoImagesFor } from "./demo";
import type { DemoImage } from "./demo-images";
import { seededRandom } from "./random";

export const MAX_BULK_COUNT = 1_000_000;
export const DEFAULT_BATCH_SIZE = 1000;
const DAY = 86_400_000;
/** created_at is spread over this many days before `now`. */
const SPREAD_DAYS = 730;
/** Share of listings placed in their type's classic destinations (DEMO_PLACES); the rest anywhere in Brazil. */
const AT_HOME_SHARE = 0.15;

/** "100000" -> 100000; anything that is not a whole number in 1..MAX_BULK_COUNT is an error message. */
export function parseCount(value: string | undefined): { ok: true; count: number } | { ok: false; message: string } {
  const text = (value ?? "").trim();
  const count = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(count) || count < 1 || count > MAX_BULK_COUNT) {
    return {
      ok: false,
      message: `--count precisa ser um número inteiro entre 1 e ${MAX_BULK_COUNT.toLocaleString("pt-BR")} (recebido: ${value === undefined ? "nada" : JSON.stringify(value)}).`,
    };
  }
  return { ok: true, count };
}

export interface BulkHost {
  id: string;
  phone: string;
}

const HOST_NAMES = [
  "Aurora Campos", "Benedito Rios", "Cecília Serra", "Davi Cachoeira", "Elisa Mar", "Fábio Pinheiro",
  "Gabriela Vale", "Heitor Lago", "Iara Bosque", "Joaquim Praia", "Lívia Montanha", "Mateus Ipê",
];

/**
 * Hosts that own the bulk listings: fixed ids, no password (nobody signs in as them),
 * fictitious numbers in the 9 0000-01xx range. Safe to call again.
 */
export async function ensureBulkHosts(db: Db): Promise<BulkHost[]> {
  const hosts = HOST_NAMES.map((name, i) => ({
    id: `bulk-host-${i + 1}`,
    name,
    email: `anfitriao.lote${i + 1}@recanto.dev`,
    userType: "host" as const,
    emailVerified: true,
    phone: `55${["11", "21", "31", "41", "48", "51", "61", "71", "81", "85", "92", "62"][i]}9000001${String(i).padStart(2, "0")}`,
  }));
  await db.insert(users).values(hosts).onConflictDoNothing();
  return hosts.map(({ id, phone }) => ({ id, phone }));
}

/** A unique slug without a round trip: the title's readable part plus 60 random bits. */
function bulkSlug(title: string): string {
  const base = makeSlug(title).replace(/-?[0-9a-f]{6}$/, "");
  const suffix = randomBytes(8).readBigUInt64BE().toString(36).slice(0, 12);
  return base ? `${base}-${suffix}` : suffix;
}

export interface BulkOptions {
  count: number;
  hosts: readonly BulkHost[];
  /** The illustration pool (ensureDemoImages); images reuse its storage keys. */
  pool: Record<PropertyType, DemoImage[]>;
  /** "City - UF" labels to place listings in (municipalityLabels()). */
  locations: readonly string[];
  batchSize?: number;
  /** Same seed, same listings (ids and slugs aside). */
  seed?: number;
  now?: Date;
  onProgress?: (inserted: number, count: number) => void;
}

/**
 * Inserts `count` approved listings of all types in multi-row batches (one transaction each),
 * each with 3 to 8 image records. Returns how many were inserted. Run ANALYZE afterwards.
 */
export async function insertBulkProperties(db: Db, options: BulkOptions): Promise<number> {
  const { count, hosts, pool, locations } = options;
  if (hosts.length === 0 || locations.length === 0) throw new Error("insertBulkProperties needs hosts and locations");
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const random = seededRandom(options.seed ?? 20260101);
  const now = (options.now ?? new Date()).getTime();
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

  let inserted = 0;
  for (let start = 0; start < count; start += batchSize) {
    const rows: (typeof properties.$inferInsert)[] = [];
    const images: (typeof propertyImages.$inferInsert)[] = [];
    for (let i = start; i < Math.min(count, start + batchSize); i++) {
      const type = pick(PROPERTY_TYPES);
      const location = random() < AT_HOME_SHARE ? pick(DEMO_PLACES[type]) : pick(locations);
      const host = pick(hosts);
      const property = demoProperty(random, type, location, host.phone);
      // Chronological, as a real catalogue grows: newer listings sit later in the table.
      const createdAt = new Date(now - Math.floor((1 - (i + random()) / count) * SPREAD_DAYS * DAY));
      const id = randomUUID();
      rows.push({
        ...property,
        id,
        amenities: [...property.amenities],
        safetyItems: [...property.safetyItems],
        features: [...(property.features ?? [])],
        ...positionColumns(property.location, property.pin),
        hostId: host.id,
        slug: bulkSlug(property.title),
        createdAt,
        updatedAt: createdAt,
      });
      demoImagesFor(pool[type], property, i).forEach((image, position) => images.push({ ...image, propertyId: id, position, createdAt }));
    }
    inserted += await db.transaction(async (tx) => {
      // A slug or id collision skips that listing (and its images) instead of failing the batch.
      const written = await tx.insert(properties).values(rows).onConflictDoNothing().returning({ id: properties.id });
      const kept = written.length === rows.length ? images : images.filter((image) => written.some((w) => w.id === image.propertyId));
      // At most 8 images per listing and 6 values per image: chunked to stay under the 65,535 parameter limit.
      for (let i = 0; i < kept.length; i += 8000) await tx.insert(propertyImages).values(kept.slice(i, i + 8000));
      // No link-preview card for load-test listings: drawing a million would keep a core busy for
      // days beside the measurements. Their pages name a card, and the cover stands in for it.
      await tx.delete(listingCardsDue).where(inArray(listingCardsDue.propertyId, written.map((w) => w.id)));
      return written.length;
    });
    options.onProgress?.(inserted, count);
  }
  return inserted;
}

/** Public listings currently in the catalogue (exact count; for reports, not for pages). */
export async function countPublicProperties(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(properties).where(publicProperty);
  return row?.n ?? 0;
}
