import { municipalityByLabel } from "../cities/places";

export interface Pin {
  lat: number;
  lng: number;
}

/**
 * Where a listing is, as columns: the municipality its location names and the host's pin, or the
 * municipality's point when no pin was given. An older free-text location has neither.
 */
export function positionColumns(location: string, pin: Pin | null | undefined) {
  const municipality = municipalityByLabel(location);
  const position = pin ?? (municipality ? { lat: municipality.lat, lng: municipality.lng } : null);
  return { municipalityCode: municipality?.code ?? null, latitude: position?.lat ?? null, longitude: position?.lng ?? null };
}
