import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { accepted, refused, type Result } from "../../common/refusal";
import type { Db } from "../db/client";
import { favorites, properties, publicProperty } from "../db/schema";
import { isUuid } from "../properties/properties";
import type { PropertyCardData } from "../../common/property-card";
import { cardColumns, toCards } from "../properties/search";


/**
 * Sets (not toggles) whether a property is among the user's favourites, so a repeated or doubled
 * request lands in the same state. Only public properties can be added; removing always works.
 */
export async function setFavorite(db: Db, userId: string, propertyId: string, favorite: boolean): Promise<Result<boolean>> {
  if (!isUuid(propertyId)) return refused(400, "Propriedade inválida.");
  const id = propertyId.toLowerCase();
  if (!favorite) {
    await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.propertyId, id)));
    return accepted(false);
  }
  // One statement: the property must be public at the moment of insertion; the primary key absorbs doubles.
  await db.execute(
    sql`INSERT INTO favorites (user_id, property_id) SELECT ${userId}, id FROM properties WHERE id = ${id} AND ${publicProperty} ON CONFLICT DO NOTHING`,
  );
  const [row] = await db.select({ one: sql`1` }).from(favorites).where(and(eq(favorites.userId, userId), eq(favorites.propertyId, id)));
  return row ? accepted(true) : refused(404, "Propriedade não encontrada.");
}

/** Ids of the user's favourites that are public now (a deactivated property leaves the list and comes back). */
export async function favoriteIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: favorites.propertyId })
    .from(favorites)
    .innerJoin(properties, eq(properties.id, favorites.propertyId))
    .where(and(eq(favorites.userId, userId), publicProperty))
    .orderBy(desc(favorites.createdAt));
  return rows.map((r) => r.id);
}

/** The user's public favourites as cards, most recently saved first. */
export async function favoriteCards(db: Db, userId: string): Promise<PropertyCardData[]> {
  const rows = await db
    .select(cardColumns)
    .from(favorites)
    .innerJoin(properties, eq(properties.id, favorites.propertyId))
    .where(and(eq(favorites.userId, userId), publicProperty))
    .orderBy(desc(favorites.createdAt));
  return toCards(db, rows);
}

/** A host's panel: active listings, and how many times guests saved any of the host's listings. */
export async function hostStats(db: Db, hostId: string) {
  const [active] = await db
    .select({ n: count() })
    .from(properties)
    .where(and(eq(properties.hostId, hostId), eq(properties.isActive, true)));
  const [saved] = await db
    .select({ n: count() })
    .from(favorites)
    .where(inArray(favorites.propertyId, db.select({ id: properties.id }).from(properties).where(eq(properties.hostId, hostId))));
  return { activeProperties: Number(active?.n ?? 0), favouritesReceived: Number(saved?.n ?? 0) };
}
