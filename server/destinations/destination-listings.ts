import { gt, sql } from "drizzle-orm";
import { CATEGORIES, typeOfPage, type PropertyType } from "../../common/catalog";
import { destinationPath } from "../../common/places";
import { brazilianStates, municipalityByCode } from "../cities/places";
import type { Db } from "../db/client";
import { destinationListings } from "../db/schema";

/**
 * Public listings per municipality and type, as the row trigger of migration 0031 keeps them in
 * destination_listings: no destination page counts the listings table (decision 033).
 */
export interface DestinationRow {
  municipalityCode: number;
  propertyType: PropertyType;
  listings: number;
  minPriceCents: number;
  maxPriceCents: number;
  changedAt: Date;
}

/** A municipality's public listings, by type. */
export interface PlaceListings {
  code: number;
  listings: number;
  byType: Map<PropertyType, DestinationRow>;
}

const rowColumns = {
  municipalityCode: destinationListings.municipalityCode,
  propertyType: sql<PropertyType>`${destinationListings.propertyType}`,
  listings: destinationListings.listings,
  minPriceCents: sql<number>`${destinationListings.minPriceCents}`,
  maxPriceCents: sql<number>`${destinationListings.maxPriceCents}`,
  changedAt: destinationListings.changedAt,
};

/** Every (municipality, type) with public listings: one row each, at most 17 per municipality. */
export function destinationRows(db: Db): Promise<DestinationRow[]> {
  return db.select(rowColumns).from(destinationListings).where(gt(destinationListings.listings, 0)).orderBy(destinationListings.municipalityCode);
}

/** The municipalities with public listings, by IBGE code. */
export async function placesWithListings(db: Db): Promise<Map<number, PlaceListings>> {
  const places = new Map<number, PlaceListings>();
  for (const row of await destinationRows(db)) {
    const place = places.get(row.municipalityCode) ?? { code: row.municipalityCode, listings: 0, byType: new Map() };
    place.listings += row.listings;
    place.byType.set(row.propertyType, row);
    places.set(row.municipalityCode, place);
  }
  return places;
}

/** The category page of one property type ("Chalé" -> "chales"), which a destination narrows to (/destinos/sp/campos-do-jordao/chales). */
export const typeSlug = (type: PropertyType) => CATEGORIES.find((c) => typeOfPage(c) === type)?.slug ?? null;

/** A page the sitemap lists, with when its listings last came, left or changed price. */
export interface DestinationEntry {
  path: string;
  lastmod: Date;
}

/**
 * The state and municipality pages (decision 033) with their lastmod, for the sitemap: each state
 * with public listings (/destinos/sp) and each such municipality (/destinos/sp/campos-do-jordao),
 * at most 27 + 5,570 addresses. Read from destination_listings alone. The municipalities' type
 * pages are keyed by its rows (server/seo/sitemap.ts), as they can pass a file's cap.
 */
export async function destinationPlaceEntries(db: Db): Promise<DestinationEntry[]> {
  const states = new Map(brazilianStates().map((s) => [s.code, s]));
  const latest = (a: Date | undefined, b: Date) => (a && a > b ? a : b);
  const stateLastmod = new Map<number, Date>();
  const entries: DestinationEntry[] = [];
  for (const place of (await placesWithListings(db)).values()) {
    const municipality = municipalityByCode(place.code);
    if (!municipality) continue;
    let lastmod: Date | undefined;
    for (const row of place.byType.values()) lastmod = latest(lastmod, row.changedAt);
    entries.push({ path: destinationPath(municipality), lastmod: lastmod! });
    const stateCode = Math.floor(place.code / 100000);
    stateLastmod.set(stateCode, latest(stateLastmod.get(stateCode), lastmod!));
  }
  for (const [code, lastmod] of stateLastmod) {
    const state = states.get(code);
    if (state) entries.push({ path: `/destinos/${state.uf.toLowerCase()}`, lastmod });
  }
  return entries;
}
