import { CATEGORIES, typeOfPage, type PropertyType } from "../../common/catalog";
import { formatBRL, formatCount } from "../../common/format";
import { destinationPath, distanceKm, placeSlug, type Municipality, type State } from "../../common/places";
import { brazilianStates, municipalityByCode, municipalityPlaces } from "../cities/places";
import { typeSlug, type PlaceListings } from "./destination-listings";

/** A link to another destination, with what it holds ("a 18 km · 3 hospedagens"). */
export interface DestinationLink {
  label: string;
  href: string;
  note: string;
}

/** What a destination page says and lists, from destination_listings alone. */
export interface DestinationView {
  path: string;
  /** The page's h1; the title is this plus " | Recanto". */
  heading: string;
  intro: string;
  /** The meta description: the intro's numbers, without the nearby places. */
  description: string;
  /** The way up: the state, then the city on a city × type page. */
  trail: { label: string; href: string }[];
  /** The place's types, each to its city × type page (on a state page, to its category filtered to the state). */
  types: DestinationLink[];
  /** A state page's municipalities with listings, most listings first. */
  cities: DestinationLink[];
  /** Other destinations nearest first (of the same type on a city × type page). */
  nearby: DestinationLink[];
  /** Municipalities of the same name in other states with listings (of the type, on a type page): "Você quis dizer". */
  namesakes: { label: string; href: string }[];
  /** The search the page's list runs. */
  scope: { uf: string | null; municipalityCode: number | null; types: PropertyType[] };
}

export type DestinationLookup = { kind: "found"; view: DestinationView } | { kind: "moved"; path: string } | { kind: "not-found"; suggestions: DestinationLink[] };

const NEARBY = 6;

/** "em São Paulo", "na Bahia", "no Rio de Janeiro". */
const STATE_ARTICLE: Record<string, "em" | "no" | "na"> = {
  AC: "no", AL: "em", AP: "no", AM: "no", BA: "na", CE: "no", DF: "no", ES: "no", GO: "em", MA: "no", MT: "em", MS: "em", MG: "em", PA: "no",
  PB: "na", PR: "no", PE: "em", PI: "no", RJ: "no", RN: "no", RS: "no", RO: "em", RR: "em", SC: "em", SP: "em", SE: "em", TO: "no",
};
const inState = (state: State) => `${STATE_ARTICLE[state.uf] ?? "em"} ${state.name}`;

const listingsText = (n: number) => (n === 1 ? "1 hospedagem" : `${formatCount(n)} hospedagens`);
/** The type's name in plural: its category's ("Chalés", "Casas na Árvore"). */
const pluralOf = (type: PropertyType) => CATEGORIES.find((c) => typeOfPage(c) === type)?.name ?? type;
/** "1 chalé", "5 chalés", "2 casas na árvore". */
const typeCount = (type: PropertyType, n: number) => `${formatCount(n)} ${(n === 1 ? type : pluralOf(type)).toLowerCase()}`;
const list = (items: string[]) => new Intl.ListFormat("pt-BR", { type: "conjunction" }).format(items);
/** "de R$ 250,00 a R$ 890,00 por noite", "a R$ 350,00 por noite". */
const priceText = (min: number, max: number) => (min === max ? `a ${formatBRL(min)} por noite` : `de ${formatBRL(min)} a ${formatBRL(max)} por noite`);
const kmText = (km: number) => (km < 1 ? "a menos de 1 km" : `a ${formatCount(Math.round(km))} km`);

interface Tally {
  type: PropertyType;
  listings: number;
  min: number;
  max: number;
}

/** Listings of several places summed per type, most listings first. */
function tallyByType(places: PlaceListings[]): Tally[] {
  const byType = new Map<PropertyType, Tally>();
  for (const place of places) {
    for (const row of place.byType.values()) {
      const t = byType.get(row.propertyType) ?? { type: row.propertyType, listings: 0, min: row.minPriceCents, max: row.maxPriceCents };
      t.listings += row.listings;
      t.min = Math.min(t.min, row.minPriceCents);
      t.max = Math.max(t.max, row.maxPriceCents);
      byType.set(row.propertyType, t);
    }
  }
  return [...byType.values()].sort((a, b) => b.listings - a.listings || a.type.localeCompare(b.type, "pt-BR"));
}

const priceOf = (tallies: Tally[]) => priceText(Math.min(...tallies.map((t) => t.min)), Math.max(...tallies.map((t) => t.max)));

let bySlug: Map<string, Municipality> | undefined;
/** The municipality of /destinos/{uf}/{slug}: no two of a state share a slug (checked by a unit test). */
function municipalityBySlug(uf: string, slug: string): Municipality | undefined {
  bySlug ??= new Map(municipalityPlaces().map((m) => [`${m.uf}/${placeSlug(m.city)}`, m]));
  return bySlug.get(`${uf}/${slug}`);
}

const statePath = (state: State) => `/destinos/${state.uf.toLowerCase()}`;

/**
 * Destinations nearest `from` first, with their distance; `holds` says how many listings of a place
 * count (none: left out), `counted` words them, `subpage` narrows each link (a type's page).
 */
function nearest(
  places: Map<number, PlaceListings>,
  from: { lat: number; lng: number },
  exclude: number | null,
  holds: (p: PlaceListings) => number,
  counted: (n: number) => string = listingsText,
  subpage = "",
): DestinationLink[] {
  const found: { m: Municipality; km: number; listings: number }[] = [];
  for (const place of places.values()) {
    const listings = holds(place);
    const m = place.code === exclude || listings === 0 ? undefined : municipalityByCode(place.code);
    if (m) found.push({ m, km: distanceKm(from, m), listings });
  }
  return found
    .sort((a, b) => a.km - b.km)
    .slice(0, NEARBY)
    .map(({ m, km, listings }) => ({ label: m.label, href: destinationPath(m) + subpage, note: `${kmText(km)} · ${counted(listings)}` }));
}

/** A destination with how many listings it has. */
function placeLink(place: PlaceListings): DestinationLink {
  const m = municipalityByCode(place.code)!;
  return { label: m.label, href: destinationPath(m), note: listingsText(place.listings) };
}

/** The destinations with most listings: for an address that names no known state. */
function largest(places: Map<number, PlaceListings>): DestinationLink[] {
  return [...places.values()]
    .sort((a, b) => b.listings - a.listings || a.code - b.code)
    .slice(0, NEARBY)
    .map(placeLink);
}

/** Edits between two slugs (Levenshtein): an unknown city name's nearest known names in its state. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length]!;
}

function centreOf(state: State): { lat: number; lng: number } {
  const inIt = municipalityPlaces().filter((m) => m.uf === state.uf);
  return { lat: inIt.reduce((s, m) => s + m.lat, 0) / inIt.length, lng: inIt.reduce((s, m) => s + m.lng, 0) / inIt.length };
}

/**
 * The destination page of /destinos/{uf}/{cidade?}/{tipo?} (decision 033), from the places with
 * public listings: a state, a municipality or a municipality's type, each only where it has public
 * listings. Otherwise the nearest real destinations to suggest on the 404.
 */
export function destinationPage(places: Map<number, PlaceListings>, params: { uf: string; cidade?: string; tipo?: string }): DestinationLookup {
  const lower = { uf: params.uf.toLowerCase(), cidade: params.cidade?.toLowerCase(), tipo: params.tipo?.toLowerCase() };
  if (lower.uf !== params.uf || lower.cidade !== params.cidade || lower.tipo !== params.tipo) {
    return { kind: "moved", path: ["/destinos", lower.uf, lower.cidade, lower.tipo].filter(Boolean).join("/") };
  }
  const state = brazilianStates().find((s) => s.uf.toLowerCase() === params.uf);
  if (!state) return { kind: "not-found", suggestions: largest(places) };
  const inThisState = (p: PlaceListings) => Math.floor(p.code / 100000) === state.code;
  const statePlaces = [...places.values()].filter(inThisState);
  if (!params.cidade) {
    if (statePlaces.length === 0) return { kind: "not-found", suggestions: nearest(places, centreOf(state), null, (p) => p.listings) };
    return { kind: "found", view: stateView(state, statePlaces) };
  }
  const municipality = municipalityBySlug(state.uf, params.cidade);
  if (!municipality) {
    if (statePlaces.length === 0) return { kind: "not-found", suggestions: largest(places) };
    const closeness = (p: PlaceListings) => editDistance(params.cidade!, placeSlug(municipalityByCode(p.code)!.city));
    const closest = statePlaces.map((p) => ({ p, d: closeness(p) })).sort((a, b) => a.d - b.d || b.p.listings - a.p.listings);
    return { kind: "not-found", suggestions: closest.slice(0, NEARBY).map(({ p }) => placeLink(p)) };
  }
  const place = places.get(municipality.code);
  if (!place) return { kind: "not-found", suggestions: nearest(places, municipality, municipality.code, (p) => p.listings) };
  if (!params.tipo) return { kind: "found", view: cityView(places, state, municipality, place) };
  const category = CATEGORIES.find((c) => c.slug === params.tipo);
  const type = category ? typeOfPage(category) : null;
  const row = type ? place.byType.get(type) : undefined;
  if (!type || !row) return { kind: "not-found", suggestions: [placeLink(place), ...typeLinks(municipality, place)] };
  return { kind: "found", view: cityTypeView(places, state, municipality, place, type) };
}

/** Same-named municipalities of other states that `have` what the page lists. */
function namesakesOf(places: Map<number, PlaceListings>, municipality: Municipality, have: (p: PlaceListings) => boolean, subpage: string) {
  return municipalityPlaces()
    .filter((m) => m.city === municipality.city && m.code !== municipality.code)
    .flatMap((m) => {
      const place = places.get(m.code);
      return place && have(place) ? [{ label: m.label, href: destinationPath(m) + subpage }] : [];
    });
}

function typeLinks(municipality: Municipality, place: PlaceListings): DestinationLink[] {
  return tallyByType([place]).flatMap((t) => {
    const slug = typeSlug(t.type);
    return slug ? [{ label: `${pluralOf(t.type)} em ${municipality.label}`, href: `${destinationPath(municipality)}/${slug}`, note: typeCount(t.type, t.listings) }] : [];
  });
}

function stateView(state: State, statePlaces: PlaceListings[]): DestinationView {
  const tallies = tallyByType(statePlaces);
  const total = statePlaces.reduce((s, p) => s + p.listings, 0);
  const cityCount = statePlaces.length === 1 ? "1 cidade" : `${formatCount(statePlaces.length)} cidades`;
  const cities = [...statePlaces].sort((a, b) => b.listings - a.listings || municipalityByCode(a.code)!.city.localeCompare(municipalityByCode(b.code)!.city, "pt-BR"));
  const where = inState(state);
  const summary = `O Recanto tem ${listingsText(total)} ${where}, em ${cityCount}: ${list(tallies.map((t) => typeCount(t.type, t.listings)))}, ${priceOf(tallies)}.`;
  return {
    path: statePath(state),
    heading: `Hospedagens ${where} (${state.uf})`,
    intro: `${summary} ${cities.length === 1 ? "A cidade com hospedagens é" : "As cidades com mais hospedagens são"} ${list(cities.slice(0, 3).map((p) => municipalityByCode(p.code)!.city))}.`,
    description: summary,
    trail: [],
    types: tallies.flatMap((t) => {
      const slug = typeSlug(t.type);
      return slug ? [{ label: `${pluralOf(t.type)} ${where}`, href: `/category/${slug}?state=${state.uf}`, note: typeCount(t.type, t.listings) }] : [];
    }),
    cities: cities.map(placeLink),
    nearby: [],
    namesakes: [],
    scope: { uf: state.uf, municipalityCode: null, types: [] },
  };
}

/** "Os destinos mais próximos com hospedagens são Santo Antônio do Pinhal - SP (a 18 km) e …" */
function nearbySentence(nearby: DestinationLink[], what: string): string {
  if (nearby.length === 0) return "";
  const named = nearby.slice(0, 3).map((n) => `${n.label} (${n.note.split(" · ")[0]})`);
  return ` ${named.length === 1 ? `O destino mais próximo com ${what} é` : `Os destinos mais próximos com ${what} são`} ${list(named)}.`;
}

function cityView(places: Map<number, PlaceListings>, state: State, municipality: Municipality, place: PlaceListings): DestinationView {
  const tallies = tallyByType([place]);
  const only = tallies.length === 1 ? tallies[0]! : null;
  const nearby = nearest(places, municipality, municipality.code, (p) => p.listings);
  const holds = only ? `${typeCount(only.type, only.listings)} no Recanto` : `${listingsText(place.listings)} no Recanto: ${list(tallies.map((t) => typeCount(t.type, t.listings)))}`;
  const summary = `${municipality.label} tem ${holds}, ${priceOf(tallies)}.`;
  return {
    path: destinationPath(municipality),
    heading: `Hospedagens em ${municipality.label}`,
    intro: summary + nearbySentence(nearby, "hospedagens"),
    description: summary,
    trail: [{ label: state.name, href: statePath(state) }],
    types: typeLinks(municipality, place),
    cities: [],
    nearby,
    namesakes: namesakesOf(places, municipality, (p) => p.listings > 0, ""),
    scope: { uf: null, municipalityCode: municipality.code, types: [] },
  };
}

function cityTypeView(places: Map<number, PlaceListings>, state: State, municipality: Municipality, place: PlaceListings, type: PropertyType): DestinationView {
  const row = place.byType.get(type)!;
  const plural = pluralOf(type);
  const slug = typeSlug(type)!;
  const nearby = nearest(places, municipality, municipality.code, (p) => p.byType.get(type)?.listings ?? 0, (n) => typeCount(type, n), `/${slug}`);
  const summary = `${municipality.label} tem ${typeCount(type, row.listings)} no Recanto, ${priceText(row.minPriceCents, row.maxPriceCents)}.`;
  return {
    path: `${destinationPath(municipality)}/${slug}`,
    heading: `${plural} em ${municipality.label}`,
    intro: summary + nearbySentence(nearby, plural.toLowerCase()),
    description: summary,
    trail: [
      { label: state.name, href: statePath(state) },
      { label: municipality.city, href: destinationPath(municipality) },
    ],
    types: typeLinks(municipality, place).filter((t) => !t.href.endsWith(`/${slug}`)),
    cities: [],
    nearby,
    namesakes: namesakesOf(places, municipality, (p) => p.byType.has(type), `/${slug}`),
    scope: { uf: null, municipalityCode: municipality.code, types: [type] },
  };
}
