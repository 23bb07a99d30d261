import type { Amenity, PropertyType } from "../../common/catalog";
import { defaultSort, type PropertyQuery } from "../../common/property-query";
import { brazilianStates, municipalityByLabel } from "../cities/places";
import type { SearchInput } from "./search";

export interface SearchScope {
  /** Types to list (a category page may span several); empty means every type. */
  types: readonly PropertyType[];
  /** Collections: also list properties of other types that have any of these amenities. */
  anyAmenities?: readonly Amenity[];
  pageSize: number;
  /** A municipality's listings alone (destination pages). */
  municipalityCode?: number;
}

/**
 * A page's query as the search runs it: "Onde" naming a municipality becomes its point (listings
 * around it, nearest first unless another order was chosen), the UF its state's code.
 */
export function searchInput(query: PropertyQuery, scope: SearchScope): SearchInput {
  const { propertyType: _type, location, state, ...rest } = query;
  const municipality = location ? municipalityByLabel(location) : undefined;
  const center = municipality ? { lat: municipality.lat, lng: municipality.lng } : query.near;
  return {
    ...rest,
    ...scope,
    location: municipality ? "" : location,
    stateCode: state ? (brazilianStates().find((s) => s.uf === state)?.code ?? -1) : null,
    center,
    sort: query.sort ?? defaultSort(center !== null),
  };
}
