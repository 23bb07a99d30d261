/**
 * The filters of a query as removable chips: what the search understood, in words a guest reads,
 * each a link to the list without it. Drawn by the loaders: the browser gets the chips, not this code.
 */
import { INTERNET_KINDS, MOBILE_CARRIERS, NO_SIGNAL_LABEL, POWER_SOURCES, ROAD_ACCESS, STAY_FEATURES } from "./catalog";
import { formatBRL } from "./format";
import { formatNight } from "./nights";
import { DEFAULT_QUERY, PRICE_MAX, type PropertyQuery } from "./property-query";

export interface QueryChip {
  key: string;
  label: string;
  /** The list without this filter. */
  href: string;
}

const reais = (n: number) => formatBRL(n * 100).replace(/,00$/, "");

/** `hrefOf`: the page's address for a query. */
export function queryChips(q: PropertyQuery, stateNames: Record<string, string>, hrefOf: (query: PropertyQuery) => string): QueryChip[] {
  const chips: QueryChip[] = [];
  const add = (key: string, label: string, change: Partial<PropertyQuery>) => chips.push({ key, label, href: hrefOf({ ...q, ...change, page: 1 }) });
  if (q.propertyType) add("type", q.propertyType, { propertyType: null });
  if (q.location) add("location", `${q.location} · até ${q.radiusKm} km`, { location: "", radiusKm: DEFAULT_QUERY.radiusKm, sort: null });
  if (q.near) add("near", `Perto de você · até ${q.radiusKm} km`, { near: null, radiusKm: DEFAULT_QUERY.radiusKm, sort: null });
  if (q.state) add("state", stateNames[q.state] ?? q.state, { state: null });
  if (q.checkIn && q.checkOut) add("stay", `${formatNight(q.checkIn)} a ${formatNight(q.checkOut)}`, { checkIn: null, checkOut: null });
  if (q.area) add("area", "Área do mapa", { area: null });
  if (q.minGuests > 1) add("guests", `${q.minGuests} hóspedes ou mais`, { minGuests: 1 });
  if (q.minPrice > 0 || q.maxPrice < PRICE_MAX) {
    const label = q.minPrice > 0 && q.maxPrice < PRICE_MAX ? `${reais(q.minPrice)} a ${reais(q.maxPrice)}` : q.minPrice > 0 ? `A partir de ${reais(q.minPrice)}` : `Até ${reais(q.maxPrice)}`;
    add("price", `${label} / noite`, { minPrice: 0, maxPrice: PRICE_MAX });
  }
  for (const amenity of q.amenities) add(`amenity-${amenity}`, amenity, { amenities: q.amenities.filter((a) => a !== amenity) });
  for (const feature of q.features) add(`feature-${feature}`, STAY_FEATURES[feature], { features: q.features.filter((f) => f !== feature) });
  for (const road of q.road) add(`road-${road}`, `Acesso: ${ROAD_ACCESS[road]}`, { road: q.road.filter((r) => r !== road) });
  for (const signal of q.signal) add(`signal-${signal}`, signal === "none" ? NO_SIGNAL_LABEL : `Sinal ${MOBILE_CARRIERS[signal]}`, { signal: q.signal.filter((s) => s !== signal) });
  for (const kind of q.internet) add(`internet-${kind}`, kind === "nenhuma" ? INTERNET_KINDS[kind] : `Internet: ${INTERNET_KINDS[kind]}`, { internet: q.internet.filter((k) => k !== kind) });
  for (const source of q.power) add(`power-${source}`, POWER_SOURCES[source], { power: q.power.filter((p) => p !== source) });
  if (q.search) add("search", `“${q.search}”`, { search: "" });
  return chips;
}
