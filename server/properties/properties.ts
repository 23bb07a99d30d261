import { randomBytes } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Amenity, PropertyType, SafetyItem } from "../../common/catalog";
import { normalizeText } from "../../common/cities";
import { isUuid } from "../../common/uuid";
import type { HouseRules } from "../../common/house-rules";
import type { Db } from "../db/client";
import type { PropertyStatus } from "../../common/property-card";
import { properties, propertyImages, publicProperty } from "../db/schema";
import { positionColumns, type Pin } from "./position";
import { publicPositionColumns } from "./search";

export interface NewProperty extends Partial<HouseRules> {
  title: string;
  description: string;
  propertyType: PropertyType;
  location: string;
  priceCents: number;
  maxGuests: number;
  bedrooms: number;
  bathrooms: number;
  amenities: readonly Amenity[];
  safetyItems: readonly SafetyItem[];
  whatsappContact: string;
  /** The rural attributes as stored tags (common/stay-attributes.ts). */
  features?: readonly string[];
  /** The host's pin; the municipality's point when absent. */
  pin?: Pin;
  isActive?: boolean;
  status?: PropertyStatus;
  createdAt?: Date;
}

export interface NewImage {
  storageKey: string;
  width: number;
  height: number;
  alt: string;
}

/** "Chalé da Serra!" -> "chale-da-serra": ASCII words joined by hyphens, at most 60 characters. */
export function slugBase(title: string): string {
  return normalizeText(title)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

/** "Chalé da Serra!" -> "chale-da-serra-3f9a1c07b2": readable, unique, ASCII. */
export function makeSlug(title: string): string {
  const base = slugBase(title);
  // 10 hex digits: collisions stay negligible (about 1 in 100 million at 100k listings).
  const suffix = randomBytes(5).toString("hex");
  return base ? `${base}-${suffix}` : suffix;
}

export async function createProperty(db: Db, hostId: string, data: NewProperty, images: readonly NewImage[]) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(properties)
      .values({
        ...data,
        amenities: [...data.amenities],
        safetyItems: [...data.safetyItems],
        features: [...(data.features ?? [])],
        ...positionColumns(data.location, data.pin),
        hostId,
        slug: makeSlug(data.title),
        createdAt: data.createdAt,
        updatedAt: data.createdAt,
      })
      .returning({ id: properties.id, slug: properties.slug });
    if (images.length > 0) {
      await tx.insert(propertyImages).values(images.map((image, position) => ({ ...image, propertyId: row!.id, position })));
    }
    return row!;
  });
}

/** Ids are checked with common/uuid.ts (shared with the forms' checks); the server's callers import it from here. */
export { isUuid };

/** URLs carry the slug; the bare id works too. Anything else matches nothing (and never reaches a uuid cast). */
export function byKey(key: string) {
  return isUuid(key) ? eq(properties.id, key.toLowerCase()) : eq(properties.slug, key);
}

/** What the public page of a listing reads: never the host's number, only whether there is one. */
const pageColumns = () => ({
  ...detailColumns,
  hasWhatsapp: sql<boolean>`${properties.whatsappContact} <> ''`,
  createdAt: properties.createdAt,
  ...publicPositionColumns,
  showExactLocation: properties.showExactLocation,
});

/** A public (approved and active) property with its images, or null. The host's number is not included. */
export async function findPublicProperty(db: Db, key: string) {
  const [row] = await db.select(pageColumns()).from(properties).where(and(byKey(key), publicProperty));
  if (!row) return null;
  return { ...row, createdAt: row.createdAt.toISOString(), images: await imagesOf(db, row.id) };
}

/**
 * A listing awaiting approval (active or not) as its public page will show it, with its host's id,
 * so the page can be previewed by that host and by operators (server/properties/preview.ts). Null when
 * there is none.
 */
export async function findPendingProperty(db: Db, key: string) {
  const [row] = await db
    .select({ ...pageColumns(), hostId: properties.hostId })
    .from(properties)
    .where(and(byKey(key), eq(properties.status, "pending")));
  if (!row) return null;
  return { ...row, createdAt: row.createdAt.toISOString(), images: await imagesOf(db, row.id) };
}

/** What a detail page shows of a listing (the public page and the operators' preview). */
export const detailColumns = {
  id: properties.id,
  slug: properties.slug,
  title: properties.title,
  description: properties.description,
  propertyType: properties.propertyType,
  location: properties.location,
  priceCents: properties.priceCents,
  maxGuests: properties.maxGuests,
  bedrooms: properties.bedrooms,
  bathrooms: properties.bathrooms,
  amenities: properties.amenities,
  safetyItems: properties.safetyItems,
  /** The host's stated attributes, as tags (common/stay-attributes.ts). */
  features: properties.features,
  /** The house rules and cancellation policy (common/house-rules.ts). */
  checkInFrom: properties.checkInFrom,
  checkOutUntil: properties.checkOutUntil,
  quietHours: properties.quietHours,
  smokingAllowed: properties.smokingAllowed,
  partiesAllowed: properties.partiesAllowed,
  otherRules: properties.otherRules,
  cancellationPolicy: properties.cancellationPolicy,
  cancellationNotes: properties.cancellationNotes,
  /** Published reviews: the heading's rating, or "Novo". */
  reviewCount: properties.reviewCount,
  ratingSum: properties.ratingSum,
};

/** A listing's photos in order, the cover first. */
export function imagesOf(db: Db, propertyId: string) {
  return db
    .select({ storageKey: propertyImages.storageKey, width: propertyImages.width, height: propertyImages.height, alt: propertyImages.alt })
    .from(propertyImages)
    .where(eq(propertyImages.propertyId, propertyId))
    .orderBy(asc(propertyImages.position));
}

export type PublicProperty = NonNullable<Awaited<ReturnType<typeof findPublicProperty>>>;

/** What contacting the host needs; only for signed-in visitors. */
export async function findPublicContact(db: Db, key: string) {
  const [row] = await db
    .select({ id: properties.id, slug: properties.slug, title: properties.title, whatsappContact: properties.whatsappContact, maxGuests: properties.maxGuests, hostId: properties.hostId })
    .from(properties)
    .where(and(byKey(key), publicProperty));
  return row ?? null;
}
