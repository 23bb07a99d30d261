import { CATEGORIES, type Category, type PropertyType } from "../../common/catalog";
import { isProminent, normalizeText } from "../../common/cities";
import type { Municipality } from "../../common/places";
import { defaultSort, PRICE_MAX, type PropertyQuery } from "../../common/property-query";
import { understand, type Gazetteer, type Understood } from "../../common/search/understand";
import { brazilianStates, municipalityByLabel, municipalityPlaces } from "../cities/places";
import { nightOf } from "../../common/nights";
import { stayProblem } from "../../common/stays";
import { understandDates } from "../availability/understood-dates";

let gazetteer: Gazetteer | undefined;

/** Every state and municipality; a municipality is more often meant when it is a capital or a destination. */
export function placesGazetteer(): Gazetteer {
  gazetteer ??= { states: brazilianStates(), municipalities: municipalityPlaces(), popularity: (m) => (isProminent(m.label) ? 1 : 0) };
  return gazetteer;
}

export interface UnderstoodQuery {
  query: PropertyQuery;
  /** Types the text named that the page does not list by itself (a collection, or another type on a category page). */
  types: Understood["types"];
  /** What distances are measured from: the municipality's name, or "você". */
  centerName: string | null;
  /** Other municipalities of the same name as the chosen one, most often meant first ("Você quis dizer"). */
  namesakes: Municipality[];
  /** The state's capital of the same name ("São Paulo" the state, or the city?). */
  stateCity: Municipality | null;
}

const union = <T,>(a: readonly T[], b: readonly T[]) => [...new Set([...a, ...b])];

/**
 * The query with what its free text and its "Onde" text name moved into filters (a type, amenities,
 * attributes, a state or a municipality, guests, prices), the rest left as text, and its order
 * left implicit when it is the search's own. The URL of the result is what the page redirects to.
 */
export function understoodQuery(query: PropertyQuery): UnderstoodQuery {
  const places = placesGazetteer();
  let q = { ...query };
  let types: Understood["types"] = [];
  if (q.search && !q.checkIn) {
    // "chalé em gramado no carnaval": the stay, and the rest read as below.
    const { stay, rest } = understandDates(q.search, nightOf(new Date()));
    if (stay && stayProblem(stay, nightOf(new Date())) === null) q = { ...q, ...stay, search: rest };
  }
  if (q.search) {
    const u = understand(q.search, places);
    types = u.types;
    const before = q;
    q = {
      ...q,
      search: u.text,
      amenities: union(q.amenities, u.amenities),
      features: union(q.features, u.features),
      road: union(q.road, u.road),
      signal: union(q.signal, u.signal),
      internet: union(q.internet, u.internet),
      power: union(q.power, u.power),
      state: q.state ?? u.state,
      location: q.location || (u.place?.chosen.label ?? ""),
      minGuests: Math.max(q.minGuests, u.minGuests ?? 1),
      minPrice: u.minPrice !== null && u.minPrice <= PRICE_MAX && q.minPrice === 0 ? u.minPrice : q.minPrice,
      maxPrice: u.maxPrice !== null && u.maxPrice < PRICE_MAX && q.maxPrice === PRICE_MAX ? u.maxPrice : q.maxPrice,
    };
    // Every word set aside as filler ("de", "perto") and nothing understood: the words are the search,
    // not the whole catalogue.
    if (u.text === "" && types.length === 0 && JSON.stringify({ ...q, search: before.search }) === JSON.stringify(before)) q = before;
  }
  if (q.location && !municipalityByLabel(q.location)) {
    // "Onde" typed rather than chosen: a municipality or a state it names, else text inside locations.
    const u = understand(q.location, places);
    if (u.place) q = { ...q, location: u.place.chosen.label };
    else if (u.state) q = { ...q, location: "", state: u.state };
  }
  const municipality = q.location ? municipalityByLabel(q.location) : undefined;
  // A municipality names its state: both would only repeat it (or, if they disagree, find nothing).
  if (municipality && q.state === municipality.uf) q = { ...q, state: null };
  const centred = Boolean(municipality || q.near);
  if (q.sort === defaultSort(centred) || (q.sort === "distance" && !centred)) q = { ...q, sort: null };
  return {
    query: q,
    types,
    centerName: municipality ? municipality.city : q.near ? "você" : null,
    namesakes: municipality ? namesakesOf(municipality, places) : [],
    stateCity: q.state ? (sameName(stateName(q.state)).find((m) => m.uf === q.state) ?? null) : null,
  };
}

/**
 * The home results' query: a type the text named becomes its filter, unless the page's own type
 * filter says otherwise; a collection the text named ("glamping") has its own page.
 */
export function homeQueryOf(parsed: PropertyQuery): { kind: "results"; query: PropertyQuery; understood: UnderstoodQuery } | { kind: "collection"; category: Category; query: PropertyQuery } {
  const understood = understoodQuery(parsed);
  const { query, types } = understood;
  const [type, ...more] = types;
  const category = more.length > 0 ? CATEGORIES.find((c) => c.types.length === types.length && c.types.every((t) => types.includes(t))) : undefined;
  if (category) return { kind: "collection", category, query: { ...query, propertyType: null } };
  return { kind: "results", query: type && !query.propertyType ? { ...query, propertyType: type } : query, understood };
}

/** A category page's query: text naming a type the page does not list searches that type among all listings instead. */
export function categoryQueryOf(parsed: PropertyQuery, category: Category): { kind: "results"; query: PropertyQuery; understood: UnderstoodQuery } | { kind: "type"; type: PropertyType; query: PropertyQuery } {
  const understood = understoodQuery(parsed);
  const [otherType] = understood.types.filter((type) => !category.types.includes(type));
  if (otherType) return { kind: "type", type: otherType, query: { ...understood.query, propertyType: otherType } };
  return { kind: "results", query: understood.query, understood };
}

const stateName = (uf: string) => brazilianStates().find((s) => s.uf === uf)?.name ?? uf;

let byName: Map<string, Municipality[]> | undefined;

/** Municipalities called `name` (accents and case aside): indexed once, since pages ask on every request. */
function sameName(name: string): Municipality[] {
  if (!byName) {
    byName = new Map();
    for (const m of placesGazetteer().municipalities) {
      const key = normalizeText(m.city);
      byName.set(key, [...(byName.get(key) ?? []), m]);
    }
  }
  return byName.get(normalizeText(name)) ?? [];
}

function namesakesOf(m: Municipality, places: Gazetteer): Municipality[] {
  return sameName(m.city)
    .filter((other) => other.code !== m.code)
    .sort((a, b) => places.popularity(b) - places.popularity(a) || a.label.localeCompare(b.label, "pt-BR"))
    .slice(0, 5);
}
