/** What the maps share between the server and the browser (isomorphic). */
import { formatBRL } from "./format";
import type { Area, LatLng } from "./property-query";

/** Where map tiles come from and the credit they require (server/config.ts, MAP_TILE_*). */
export interface MapTiles {
  /** With {z}, {x} and {y}. */
  url: string;
  /** HTML. */
  attribution: string;
}

/** A listing on a map: its public position (never the host's pin). */
export interface MapListing extends LatLng {
  id: string;
  slug: string;
  title: string;
  propertyType: string;
  priceCents: number;
}

/** Guests who do not see the exact position see a circle of this radius around the public point. */
export const APPROXIMATE_RADIUS_M = 1000;

/** A marker's accessible name: "Chalé do Vale, R$ 450,00 por noite". */
export const listingMarkerLabel = (listing: Pick<MapListing, "title" | "priceCents">) => `${listing.title}, ${formatBRL(listing.priceCents)} por noite`;

/** "Buscar nesta área": the visible box, rounded as the URL keeps it (4 decimals, ~11 m). */
export function areaOf(bounds: Area): Area {
  const round = (n: number) => Math.round(n * 10_000) / 10_000;
  return { west: round(bounds.west), south: round(bounds.south), east: round(bounds.east), north: round(bounds.north) };
}

/** The API that answers a municipality's point, `{ lat, lng }`, for "City - UF". */
export const municipalityPointUrl = (label: string) => `/api/municipio?local=${encodeURIComponent(label)}`;

/** The form posts a pin with this many decimals (~1 m). */
export const PIN_DECIMALS = 6;

/** A pin as the form posts it: PIN_DECIMALS decimals (the map, the seed and the edit form all round with this). */
export const roundPin = ({ lat, lng }: { lat: number; lng: number }) => ({ lat: Number(lat.toFixed(PIN_DECIMALS)), lng: Number(lng.toFixed(PIN_DECIMALS)) });

/** The listings of a results page that have a place, as the map draws them. */
export function mapListings(items: readonly (Omit<MapListing, "lat" | "lng"> & { lat: number | null; lng: number | null })[]): MapListing[] {
  return items.flatMap(({ id, slug, title, propertyType, priceCents, lat, lng }) => (lat === null || lng === null ? [] : [{ id, slug, title, propertyType, priceCents, lat, lng }]));
}
