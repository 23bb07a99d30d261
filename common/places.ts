/** Brazil's states and municipalities as places with a position (IBGE data; isomorphic types). */

export interface State {
  /** IBGE code of the state (the first two digits of its municipalities' codes). */
  code: number;
  uf: string;
  name: string;
}

export interface Municipality {
  /** IBGE code, 7 digits. */
  code: number;
  city: string;
  uf: string;
  /** "City - UF", as shown and as stored in location fields. */
  label: string;
  lat: number;
  lng: number;
}

/** Brazil's extremes (IBGE), a little widened: a point outside is not in Brazil. */
export const BRAZIL_BOUNDS = { south: -34.0, west: -74.2, north: 5.4, east: -28.6 } as const;

export function inBrazil(lat: number, lng: number): boolean {
  return lat >= BRAZIL_BOUNDS.south && lat <= BRAZIL_BOUNDS.north && lng >= BRAZIL_BOUNDS.west && lng <= BRAZIL_BOUNDS.east;
}

/** Great-circle distance in kilometres. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const EARTH_RADIUS_KM = 6371;

/** A place's name as a URL segment: ASCII, lowercase, words joined by hyphens ("Campos do Jordão" -> "campos-do-jordao"). */
export function placeSlug(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** A municipality's destination page (decision 033): /destinos/{uf}/{city}. */
export const destinationPath = (place: { uf: string; city: string }) => `/destinos/${place.uf.toLowerCase()}/${placeSlug(place.city)}`;
