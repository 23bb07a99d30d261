import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { HOST_LISTINGS_PAGE_SIZE, type HostListingCounts, type HostListingStatus, type HostListingsQuery } from "../../common/host-listings";
import type { HostPropertyCardData } from "../../common/property-card";
import { REVIEWED_FIELDS, type PropertyInput } from "../../common/property-form";
import { attributeTags } from "../../common/stay-attributes";
import type { Storage } from "../adapters/storage";
import type { Db } from "../db/client";
import { properties, propertyImages } from "../db/schema";
import { listFilesForDeletion, removeListedFilesNow } from "../media/file-deletions";
import { claimUploads } from "../media/uploads";
import { positionColumns } from "./position";
import { isUuid, makeSlug } from "./properties";
import { cardColumns, toCards } from "./search";

/** The form's input as columns: the attributes as tags, the municipality and the pin (server/properties/position.ts). */
function stored(input: PropertyInput) {
  const { imageIds: _imageIds, features, road, signal, internet, power, pin, ...fields } = input;
  return { ...fields, features: attributeTags({ features, road, signal, internet, power }), ...positionColumns(input.location, pin) };
}

const altText = (title: string, position: number) => `${title}, foto ${position + 1}`;

/** A new listing from the host's form: saved as pending, with the host's uploaded photos in order. */
export async function createHostProperty(db: Db, hostId: string, input: PropertyInput) {
  return db.transaction(async (tx) => {
    const uploads = await claimUploads(tx, hostId, input.imageIds);
    const [row] = await tx
      .insert(properties)
      .values({ ...stored(input), hostId, slug: makeSlug(input.title), status: "pending" })
      .returning({ id: properties.id, slug: properties.slug });
    await tx.insert(propertyImages).values(
      uploads.map((upload, position) => ({
        propertyId: row!.id,
        storageKey: upload.storageKey,
        width: upload.width,
        height: upload.height,
        position,
        alt: altText(input.title, position),
      })),
    );
    return row!;
  });
}

/** The host's own listing with its photos, for the edit form; null for anyone else's. */
export async function findHostProperty(db: Db, hostId: string, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.id, id), eq(properties.hostId, hostId)));
  if (!row) return null;
  const images = await db
    .select({ id: propertyImages.id, storageKey: propertyImages.storageKey })
    .from(propertyImages)
    .where(eq(propertyImages.propertyId, id))
    .orderBy(asc(propertyImages.position));
  return { ...row, images };
}

/**
 * Saves the edit form. `imageIds` mixes photos the listing already has (kept, in the new order)
 * and new uploads (claimed); photos left out are removed, their files listed for deletion in the
 * same transaction and removed once it commits.
 * An approved listing (or one hidden by reports) whose text changes or that gets new photos goes
 * back to review; a rejected one is resubmitted by any edit. Null when the listing is not the host's.
 */
export async function updateHostProperty(db: Db, storage: Storage, hostId: string, id: string, input: PropertyInput) {
  if (!isUuid(id)) return null;
  const outcome = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(properties)
      .where(and(eq(properties.id, id), eq(properties.hostId, hostId)))
      .for("update");
    if (!current) return null;
    const existing = await tx.select().from(propertyImages).where(eq(propertyImages.propertyId, id));
    const kept = new Map(existing.map((image) => [image.id, image]));
    const newIds = input.imageIds.filter((imageId) => !kept.has(imageId));
    const claimed = new Map((await claimUploads(tx, hostId, newIds)).map((upload) => [upload.id, upload]));

    const textChanged = REVIEWED_FIELDS.some((field) => current[field] !== input[field]);
    // A listing hidden by reports too: what the operator will look at must be what was reviewed.
    const backToReview = current.status === "rejected" || ((current.status === "approved" || current.status === "reported") && (textChanged || newIds.length > 0));
    await tx
      .update(properties)
      .set({ ...stored(input), updatedAt: new Date(), ...(backToReview && { status: "pending" as const, rejectionReason: null }) })
      .where(eq(properties.id, id));
    await tx.delete(propertyImages).where(eq(propertyImages.propertyId, id));
    await tx.insert(propertyImages).values(
      input.imageIds.map((imageId, position) => {
        const image = kept.get(imageId) ?? claimed.get(imageId)!;
        const common = { propertyId: id, storageKey: image.storageKey, width: image.width, height: image.height, position, alt: altText(input.title, position) };
        return kept.has(imageId) ? { id: imageId, ...common } : common;
      }),
    );
    const removed = existing.filter((image) => !input.imageIds.includes(image.id)).map((image) => image.storageKey);
    return { listed: await listFilesForDeletion(tx, removed), backToReview };
  });
  if (!outcome) return null;
  await removeListedFilesNow(db, storage, outcome.listed);
  return { backToReview: outcome.backToReview };
}

/** Shows or hides the host's listing; false when it is not theirs. */
export async function setPropertyActive(db: Db, hostId: string, id: string, active: boolean): Promise<boolean> {
  if (!isUuid(id)) return false;
  const changed = await db
    .update(properties)
    .set({ isActive: active, updatedAt: new Date() })
    .where(and(eq(properties.id, id), eq(properties.hostId, hostId)))
    .returning({ id: properties.id });
  return changed.length > 0;
}

/**
 * Deletes the host's listing (favourites cascade) with its photos, whose files are listed for
 * deletion in the same transaction and removed once it commits; false when it is not theirs.
 */
export async function deleteHostProperty(db: Db, storage: Storage, hostId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const listed = await db.transaction(async (tx) => {
    // Locked first, so an edit saving new photos at the same time waits, then finds no listing.
    const [own] = await tx
      .select({ id: properties.id })
      .from(properties)
      .where(and(eq(properties.id, id), eq(properties.hostId, hostId)))
      .for("update");
    if (!own) return null;
    const photos = await tx.delete(propertyImages).where(eq(propertyImages.propertyId, id)).returning({ storageKey: propertyImages.storageKey });
    await tx.delete(properties).where(eq(properties.id, id));
    return listFilesForDeletion(
      tx,
      photos.map((photo) => photo.storageKey),
    );
  });
  if (!listed) return false;
  await removeListedFilesNow(db, storage, listed);
  return true;
}

/**
 * Which listings each situation of /minhas-propriedades holds: every listing in exactly one.
 * A hidden listing still waiting or refused stays under its moderation status (that is what the
 * host has to act on); only approved listings split by whether they are shown.
 */
const SITUATIONS: Record<HostListingStatus, SQL> = {
  publicadas: sql`${properties.status} = 'approved' AND ${properties.isActive}`,
  "em-analise": sql`${properties.status} IN ('pending', 'reported')`,
  recusadas: sql`${properties.status} = 'rejected'`,
  inativas: sql`${properties.status} = 'approved' AND NOT ${properties.isActive}`,
};

export interface HostListingsPage {
  items: HostPropertyCardData[];
  counts: HostListingCounts;
  /** The page shown: the one asked for, or the last one when it asked past the end. */
  page: number;
  pageCount: number;
}

/**
 * One page of this host's listings for /minhas-propriedades (newest first, with cover and photo
 * count), in one situation or all, with how many each situation has. Only ever the host's own.
 */
export async function hostListingsPage(db: Db, hostId: string, query: HostListingsQuery, pageSize = HOST_LISTINGS_PAGE_SIZE): Promise<HostListingsPage> {
  const own = eq(properties.hostId, hostId);
  const countOf = (status: HostListingStatus) => sql<number>`(count(*) FILTER (WHERE ${SITUATIONS[status]}))::int`;
  const [counted] = await db
    .select({
      all: sql<number>`count(*)::int`,
      publicadas: countOf("publicadas"),
      "em-analise": countOf("em-analise"),
      recusadas: countOf("recusadas"),
      inativas: countOf("inativas"),
    })
    .from(properties)
    .where(own);
  const counts: HostListingCounts = counted!;
  const pageCount = Math.max(1, Math.ceil(counts[query.status ?? "all"] / pageSize));
  const page = Math.min(query.page, pageCount);
  const rows = await db
    .select({
      ...cardColumns,
      amenities: properties.amenities,
      isActive: properties.isActive,
      status: properties.status,
      rejectionReason: properties.rejectionReason,
      // Spelled out: inside a select list drizzle leaves column names unqualified.
      imageCount: sql<number>`(SELECT count(*) FROM property_images i WHERE i.property_id = "properties"."id")::int`,
    })
    .from(properties)
    .where(query.status ? and(own, SITUATIONS[query.status]) : own)
    .orderBy(desc(properties.createdAt), desc(properties.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { items: await toCards(db, rows), counts, page, pageCount };
}
