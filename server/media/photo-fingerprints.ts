import { and, asc, eq, gt, inArray, ne, notExists, or, sql, type SQL } from "drizzle-orm";
import { IMAGE_FORMATS, IMAGE_WIDTHS, variantKey } from "../../common/media";
import type { PropertyStatus, StoredImage } from "../../common/property-card";
import { readStoredFile, type Storage } from "../adapters/storage";
import type { Db } from "../db/client";
import { fraudPhotoHashes, photoHashes, PHOTO_HASH_KINDS, properties, propertyImages, users } from "../db/schema";
import { hashDistance, PHOTO_MATCH_DISTANCE, photoHashes as hashesOfImage, type PhotoHashes } from "./photo-hash";
import { normalizeImage } from "./variants";

/**
 * Stolen photos (issue 44, docs/decisions/028-stolen-photos.md). Every listing photo has three
 * perceptual hashes (photo-hash.ts: as is, mirrored, centre-cropped) in photo_hashes, keyed by its
 * storage key: written when the photo is uploaded (stageUpload), by the photo-hashes job for photos
 * stored before, removed with the files (file-deletions.ts). Operators see close photos of other
 * hosts' listings (similarPhotos); photos of listings refused for fraud are copied to
 * fraud_photo_hashes (flagFraudPhotos), and an upload close to one is refused (matchesFraudPhoto).
 *
 * Two photos match when one's plain hash is within PHOTO_MATCH_DISTANCE bits of the other's plain
 * ("igual"), mirrored ("espelhada") or cropped ("recortada") hash. Mirrored against mirrored would
 * only repeat plain against plain, and cropped against cropped would pair two crops of one scene.
 *
 * Searching never reads every hash: multi-index hashing. The 64 bits are four 16-bit bands, each a
 * stored and indexed column (schema.ts); candidates share at least one band value with a query
 * hash (an index lookup per band), and only they get the exact distance. Two hashes at most 3 bits
 * apart always share a band (4 bands, 3 differing bits: one band has none), so up to 3 the search
 * is exact. From 4 bits on a close photo can differ in every band and be missed: if the differing
 * bits fell at random, 10 % are missed at 4 bits, 26 % at 5, 42 % at 6, 56 % at 7 and 67 % at 8.
 * Edited copies (resized, recompressed, watermarked) measured at most 4 bits off.
 * The upload check against fraud photos also probes every band value one bit away
 * (FRAUD_PROBE_RADIUS): exact up to 7 bits, and 95 % at 8, for 17 lookups per band on a small table.
 */

export type PhotoHashKind = (typeof PHOTO_HASH_KINDS)[number];
export type MatchKind = "igual" | "espelhada" | "recortada";

export interface KindedHash {
  kind: PhotoHashKind;
  hash: bigint;
}

const kinded = (hashes: PhotoHashes): KindedHash[] => PHOTO_HASH_KINDS.map((kind) => ({ kind, hash: hashes[kind] }));

/** The four 16-bit bands of a hash, lowest first (as the band0…band3 columns compute them). */
export function hashBands(hash: bigint): [number, number, number, number] {
  const bits = BigInt.asUintN(64, hash);
  return [0, 1, 2, 3].map((band) => Number((bits >> BigInt(16 * band)) & 0xffffn)) as [number, number, number, number];
}

/** Candidates within radius 1 also take every band value one bit away (16 more per band). */
type ProbeRadius = 0 | 1;

/** See the module's comment: the fraud check probes one bit away in each band. */
const FRAUD_PROBE_RADIUS: ProbeRadius = 1;
/** Rows the search for similar photos reads at most: a page with ten photos never reads more, however common a picture. */
const CANDIDATE_LIMIT = 600;

/** A band value and, at radius 1, the 16 values one bit away. */
function probes(value: number, radius: ProbeRadius): number[] {
  return radius === 0 ? [value] : [value, ...Array.from({ length: 16 }, (_, bit) => value ^ (1 << bit))];
}

type BandedTable = typeof photoHashes | typeof fraudPhotoHashes;

/** The band prefilter: rows sharing a band value (or one within `radius` bits of it) with any of the hashes. */
function bandPrefilter(table: BandedTable, hashes: readonly bigint[], radius: ProbeRadius = 0): SQL {
  const columns = [table.band0, table.band1, table.band2, table.band3];
  const values = columns.map(() => new Set<number>());
  for (const hash of hashes) hashBands(hash).forEach((band, i) => probes(band, radius).forEach((value) => values[i]!.add(value)));
  return or(...columns.map((column, i) => inArray(column, [...values[i]!])))!;
}

/** May these two kinds be compared (one of them plain), and what a match between them means. */
function matchKind(ours: PhotoHashKind, theirs: PhotoHashKind): MatchKind | null {
  if (ours === "plain" && theirs === "plain") return "igual";
  if (ours !== "plain" && theirs !== "plain") return null;
  return ours === "mirrored" || theirs === "mirrored" ? "espelhada" : "recortada";
}

/** The exact test, in SQL, of a row's hash against the query's hashes (after the band prefilter). */
function closeToAny(table: BandedTable, query: readonly KindedHash[]): SQL {
  return or(
    ...query.map(({ kind, hash }) => {
      const close = sql`bit_count((${table.hash} # ${hash.toString()}::bigint)::bit(64)) <= ${PHOTO_MATCH_DISTANCE}`;
      return kind === "plain" ? close : and(eq(table.kind, "plain"), close)!;
    }),
  )!;
}

/** Stores a photo's three hashes (again: nothing changes). */
export async function storePhotoHashes(db: Db, storageKey: string, hashes: PhotoHashes): Promise<void> {
  await db
    .insert(photoHashes)
    .values(kinded(hashes).map(({ kind, hash }) => ({ storageKey, kind, hash })))
    .onConflictDoNothing();
}

/** Drops the hashes of these keys: called once their files are removed (no row names them). */
export async function removePhotoHashes(db: Db, storageKeys: readonly string[]): Promise<void> {
  if (storageKeys.length === 0) return;
  await db.delete(photoHashes).where(inArray(photoHashes.storageKey, [...storageKeys]));
}

/**
 * Whether a new photo is within PHOTO_MATCH_DISTANCE of a photo refused for fraud (any kind, as in
 * similarPhotos). Probes band values one bit away: exact up to 7 bits.
 */
export async function matchesFraudPhoto(db: Db, hashes: PhotoHashes): Promise<boolean> {
  const [row] = await photoMatchStatements.fraud(db, hashes);
  return !!row;
}

/** The searches, built but not run (a test explains them to check that they use the band indexes). */
export const photoMatchStatements = {
  fraud: (db: Db, hashes: PhotoHashes) =>
    db
      .select({ id: fraudPhotoHashes.id })
      .from(fraudPhotoHashes)
      .where(and(bandPrefilter(fraudPhotoHashes, [hashes.plain, hashes.mirrored, hashes.cropped], FRAUD_PROBE_RADIUS), closeToAny(fraudPhotoHashes, kinded(hashes))))
      .limit(1),
  /** Other hosts' listing photos close to any of `own` (a listing's hashes), with their listing. */
  similar: (db: Db, own: readonly KindedHash[], hostId: string) =>
    db
      .select({
        storageKey: photoHashes.storageKey,
        kind: photoHashes.kind,
        hash: photoHashes.hash,
        width: propertyImages.width,
        height: propertyImages.height,
        alt: propertyImages.alt,
        propertyId: properties.id,
        title: properties.title,
        status: properties.status,
        hostName: users.name,
      })
      .from(photoHashes)
      .innerJoin(propertyImages, eq(propertyImages.storageKey, photoHashes.storageKey))
      .innerJoin(properties, eq(properties.id, propertyImages.propertyId))
      .innerJoin(users, eq(users.id, properties.hostId))
      .where(
        and(
          bandPrefilter(
            photoHashes,
            own.map((row) => row.hash),
          ),
          closeToAny(photoHashes, own),
          ne(properties.hostId, hostId),
        ),
      )
      .limit(CANDIDATE_LIMIT),
};

/**
 * In the operator's decision to refuse or take down a listing for fraud, in its transaction:
 * copies the hashes of the listing's photos into fraud_photo_hashes, where they stay whatever
 * happens to the listing. Returns how many photos were flagged, and how many were not for want of
 * hashes (their files missing).
 */
export async function flagFraudPhotos(tx: Db, propertyId: string, operatorId: string): Promise<{ flagged: number; unhashed: number }> {
  const photos = await tx
    .select({ storageKey: propertyImages.storageKey, kind: photoHashes.kind, hash: photoHashes.hash })
    .from(propertyImages)
    .leftJoin(photoHashes, eq(photoHashes.storageKey, propertyImages.storageKey))
    .where(eq(propertyImages.propertyId, propertyId));
  const rows = photos.flatMap(({ storageKey, kind, hash }) => (kind && hash !== null ? [{ storageKey, kind, hash }] : []));
  if (rows.length > 0) {
    await tx
      .insert(fraudPhotoHashes)
      .values(rows.map((row) => ({ ...row, propertyId, flaggedBy: operatorId })))
      .onConflictDoNothing();
  }
  const flagged = new Set(rows.map((row) => row.storageKey)).size;
  return { flagged, unhashed: new Set(photos.map((photo) => photo.storageKey)).size - flagged };
}

/** A photo of another host's listing close to one of this listing's photos. */
export interface PhotoMatch {
  /** This listing's photo. */
  photo: StoredImage;
  /** The other listing's photo. */
  other: StoredImage;
  listing: { id: string; title: string; status: PropertyStatus; hostName: string };
  distance: number;
  how: MatchKind;
}

export interface SimilarPhotos {
  matches: PhotoMatch[];
  /** This listing's photos without hashes yet (the photo-hashes job has not reached them). */
  unanalysed: number;
}

/** Matches shown per photo of the listing, closest first. */
const MATCHES_PER_PHOTO = 6;

/**
 * For each of this listing's photos, the photos of OTHER hosts' listings within
 * PHOTO_MATCH_DISTANCE (see the module's comment for how), closest first; the same host's photos
 * are never matches. A photo in several listings counts once per listing.
 */
export async function similarPhotos(db: Db, listing: { hostId: string; images: readonly StoredImage[] }): Promise<SimilarPhotos> {
  const keys = [...new Set(listing.images.map((image) => image.storageKey))];
  if (keys.length === 0) return { matches: [], unanalysed: 0 };
  const own = await db
    .select({ storageKey: photoHashes.storageKey, kind: photoHashes.kind, hash: photoHashes.hash })
    .from(photoHashes)
    .where(inArray(photoHashes.storageKey, keys));
  const analysed = new Set(own.map((row) => row.storageKey));
  const unanalysed = keys.filter((key) => !analysed.has(key)).length;
  if (own.length === 0) return { matches: [], unanalysed };

  const candidates = await photoMatchStatements.similar(db, own, listing.hostId);

  // The closest way each (this photo, other photo, other listing) matched.
  const best = new Map<string, PhotoMatch>();
  const imageOf = new Map(listing.images.map((image) => [image.storageKey, image]));
  for (const ours of own) {
    for (const theirs of candidates) {
      const how = matchKind(ours.kind, theirs.kind);
      if (!how) continue;
      const distance = hashDistance(ours.hash, theirs.hash);
      if (distance > PHOTO_MATCH_DISTANCE) continue;
      const id = `${ours.storageKey}\n${theirs.storageKey}\n${theirs.propertyId}`;
      const kept = best.get(id);
      if (kept && (kept.distance < distance || (kept.distance === distance && kept.how === "igual"))) continue;
      best.set(id, {
        photo: imageOf.get(ours.storageKey)!,
        other: { storageKey: theirs.storageKey, width: theirs.width, height: theirs.height, alt: theirs.alt },
        listing: { id: theirs.propertyId, title: theirs.title, status: theirs.status, hostName: theirs.hostName },
        distance,
        how,
      });
    }
  }
  const position = new Map(keys.map((key, i) => [key, i]));
  const matches = [...best.values()].sort(
    (a, b) => position.get(a.photo.storageKey)! - position.get(b.photo.storageKey)! || a.distance - b.distance || a.listing.title.localeCompare(b.listing.title),
  );
  const shown = new Map<string, number>();
  return {
    matches: matches.filter((match) => {
      const n = (shown.get(match.photo.storageKey) ?? 0) + 1;
      shown.set(match.photo.storageKey, n);
      return n <= MATCHES_PER_PHOTO;
    }),
    unanalysed,
  };
}

/**
 * The hashes of a photo already stored, from its largest stored variant (the 1200-wide WebP; the
 * demo's illustrations and small uploads may be smaller, named by the width all the same). Null
 * when no variant is stored or none decodes; a storage failure is thrown.
 */
export async function hashStoredPhoto(storage: Storage, storageKey: string): Promise<PhotoHashes | null> {
  for (const format of IMAGE_FORMATS) {
    for (const width of [...IMAGE_WIDTHS].reverse()) {
      const bytes = await readStoredFile(storage, variantKey(storageKey, width, format));
      if (!bytes) continue;
      const image = await normalizeImage(bytes).catch(() => null);
      if (image) return hashesOfImage(image);
    }
  }
  return null;
}

/** Hashes these photos when they have none yet (a listing flagged for fraud before the job reached it). Returns how many it hashed. */
export async function hashMissingPhotos(db: Db, storage: Storage, storageKeys: readonly string[]): Promise<number> {
  if (storageKeys.length === 0) return 0;
  const present = await db
    .selectDistinct({ storageKey: photoHashes.storageKey })
    .from(photoHashes)
    .where(inArray(photoHashes.storageKey, [...storageKeys]));
  const have = new Set(present.map((row) => row.storageKey));
  let hashed = 0;
  for (const storageKey of new Set(storageKeys)) {
    if (have.has(storageKey)) continue;
    const hashes = await hashStoredPhoto(storage, storageKey);
    if (!hashes) continue;
    await storePhotoHashes(db, storageKey, hashes);
    hashed++;
  }
  return hashed;
}

/** Photos read and hashed per query of the backfill. */
const BACKFILL_BATCH_SIZE = 25;

/**
 * The photo-hashes job: hashes every listing photo that has no hashes (stored before hashing
 * existed, or added by the seed commands), a batch at a time in storage-key order, stopping
 * between photos when `signal` aborts. A photo whose files are missing or do not decode is left
 * (and tried again at the next run); a storage failure ends the run. Running it again finds only
 * what is still missing. Returns the number of photos hashed.
 */
export async function backfillPhotoHashes(db: Db, storage: Storage, signal?: AbortSignal): Promise<number> {
  let hashed = 0;
  let after = "";
  while (!signal?.aborted) {
    const batch = await db
      .selectDistinct({ storageKey: propertyImages.storageKey })
      .from(propertyImages)
      .where(
        and(
          gt(propertyImages.storageKey, after),
          notExists(
            db
              .select({ one: sql`1` })
              .from(photoHashes)
              .where(eq(photoHashes.storageKey, propertyImages.storageKey)),
          ),
        ),
      )
      .orderBy(asc(propertyImages.storageKey))
      .limit(BACKFILL_BATCH_SIZE);
    if (batch.length === 0) break;
    for (const { storageKey } of batch) {
      if (signal?.aborted) break;
      const hashes = await hashStoredPhoto(storage, storageKey);
      if (!hashes) continue;
      await storePhotoHashes(db, storageKey, hashes);
      hashed++;
    }
    after = batch[batch.length - 1]!.storageKey;
  }
  return hashed;
}
