/**
 * Search state as it lives in the URL (isomorphic). Parsing never throws: a bad or absurd value
 * falls back to its default, and serialising omits defaults so URLs stay short and shareable.
 */
import { AMENITIES, findCategory, typeOfPage, PROPERTY_TYPES, type Amenity, type InternetKind, type MobileCarrier, type PowerSource, type PropertyType, type RoadAccess, type StayFeature } from "./catalog";
import { LIMITS } from "./limits";
import { isNight, type Night } from "./nights";
import { BRAZIL_BOUNDS, inBrazil } from "./places";
import { CARRIER_KEYS, FEATURE_KEYS, INTERNET_KEYS, POWER_KEYS, ROAD_KEYS } from "./stay-attributes";

export const SORTS = ["distance", "newest", "price-low", "price-high", "rating"] as const;
export type Sort = (typeof SORTS)[number];
export const SORT_LABELS: Record<Sort, string> = {
  distance: "Mais próximos",
  newest: "Mais recentes",
  "price-low": "Menor preço",
  "price-high": "Maior preço",
  rating: "Mais bem avaliados",
};

/** The search's own order: nearest first around a place (a municipality or the guest's position), else newest. */
export const defaultSort = (centred: boolean): Sort => (centred ? "distance" : "newest");

/** Around a place: 50 km unless the guest chooses another of the distances offered (URL `raio`). */
export const DEFAULT_RADIUS_KM = 50;
export const RADIUS_OPTIONS = [10, 25, 50, 100] as const;

export interface LatLng {
  lat: number;
  lng: number;
}
/** A map's visible area, in degrees. */
export interface Area {
  west: number;
  south: number;
  east: number;
  north: number;
}
export type SignalChoice = MobileCarrier | "none";

/** The price slider runs 0–1000 reais in steps of 50; 1000 means "no upper bound". */
export const PRICE_MAX = 1000;
export const PRICE_STEP = 50;
export const HOME_PAGE_SIZE = 9;
export const CATEGORY_PAGE_SIZE = 12;
export const CAROUSEL_SIZE = 8;
export const DRAWER_GUEST_OPTIONS = [1, 2, 3, 4, 5, 6, 8, 10] as const;
export const CATEGORY_MAX_GUESTS = 8;
const MAX_GUESTS_FILTER = 50;
const MAX_TEXT = LIMITS.search;

export interface PropertyQuery {
  search: string;
  /** "Onde": a municipality ("Paraty - RJ": listings around it), or text found inside locations. */
  location: string;
  /** A state's UF. */
  state: string | null;
  /** The stay's dates: listings with a taken night in it, or a longer minimum stay, are left out. Both or neither. */
  checkIn: Night | null;
  checkOut: Night | null;
  /** Around a municipality or `near`: how far. */
  radiusKm: number;
  /** "Perto de mim": the guest's position, rounded to about a kilometre. */
  near: LatLng | null;
  /** "Buscar nesta área": the map's visible box. */
  area: Area | null;
  propertyType: PropertyType | null;
  minPrice: number;
  maxPrice: number;
  minGuests: number;
  amenities: Amenity[];
  features: StayFeature[];
  road: RoadAccess[];
  signal: SignalChoice[];
  internet: InternetKind[];
  power: PowerSource[];
  /** null: the search's own order (by distance around a place, else newest). */
  sort: Sort | null;
  page: number;
}

export const DEFAULT_QUERY: PropertyQuery = {
  search: "",
  location: "",
  state: null,
  checkIn: null,
  checkOut: null,
  radiusKm: DEFAULT_RADIUS_KM,
  near: null,
  area: null,
  propertyType: null,
  minPrice: 0,
  maxPrice: PRICE_MAX,
  minGuests: 1,
  amenities: [],
  features: [],
  road: [],
  signal: [],
  internet: [],
  power: [],
  sort: null,
  page: 1,
};

function text(value: string | null): string {
  return Array.from((value ?? "").replace(/\s+/g, " ").trim()).slice(0, MAX_TEXT).join("").trim();
}

/** A whole number within [min, max], else the fallback ("12abc", "-5", "1e9" all fall back). */
function integer(value: string | null, min: number, max: number, fallback: number): number {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return fallback;
  const n = Number(value.trim());
  return n >= min && n <= max ? n : fallback;
}

function propertyType(value: string | null): PropertyType | null {
  if (!value) return null;
  const exact = PROPERTY_TYPES.find((t) => t === value.trim());
  if (exact) return exact;
  const category = findCategory(value);
  return category ? typeOfPage(category) : null;
}

/** The known values of a comma-separated list, in their canonical order ("x,Wi-Fi,Wi-Fi" -> ["Wi-Fi"]). */
function listOf<T extends string>(known: readonly T[], value: string | null): T[] {
  if (!value) return [];
  const wanted = new Set(value.slice(0, 2000).split(",").map((a) => a.trim()));
  return known.filter((a) => wanted.has(a));
}

/** A list's values however they came: "a,b" or a form's checkboxes "?x=a&x=b" (no JavaScript). */
const all = (params: URLSearchParams, name: string) => params.getAll(name).join(",") || null;

const UF = /^[A-Z]{2}$/;
const state = (value: string | null) => (value && UF.test(value.trim().toUpperCase()) ? value.trim().toUpperCase() : null);

/** "-22.91,-43.17" -> a point in Brazil, rounded to `decimals`; anything else -> null. */
function numbers(value: string | null, count: number): number[] | null {
  if (!value) return null;
  const parts = value.split(",");
  if (parts.length !== count || !parts.every((p) => /^\s*-?\d{1,3}(\.\d{1,12})?\s*$/.test(p))) return null;
  return parts.map(Number);
}
const round = (n: number, decimals: number) => Math.round(n * 10 ** decimals) / 10 ** decimals;

function near(value: string | null): LatLng | null {
  const [lat, lng] = numbers(value, 2) ?? [];
  return lat !== undefined && lng !== undefined && inBrazil(lat, lng) ? { lat: round(lat, 2), lng: round(lng, 2) } : null;
}

/** A box within Brazil (a larger one is cut to Brazil); inverted, empty or outside Brazil -> null. */
function area(value: string | null): Area | null {
  const [west, south, east, north] = numbers(value, 4) ?? [];
  if (west === undefined || south === undefined || east === undefined || north === undefined) return null;
  const box = {
    west: round(Math.max(west, BRAZIL_BOUNDS.west), 4),
    south: round(Math.max(south, BRAZIL_BOUNDS.south), 4),
    east: round(Math.min(east, BRAZIL_BOUNDS.east), 4),
    north: round(Math.min(north, BRAZIL_BOUNDS.north), 4),
  };
  return box.west < box.east && box.south < box.north ? box : null;
}

/**
 * The stay in the URL: two real dates, check-out after check-in, else none. Whether a guest may
 * search it (not past, at most a year: stayProblem) is the pages' to say (app/lib/stay-notice.server.ts),
 * which send the guest to the list without it and tell why; this is what any query may carry safely.
 */
function stay(params: URLSearchParams): Pick<PropertyQuery, "checkIn" | "checkOut"> {
  const checkIn = params.get("checkIn")?.trim() ?? "";
  const checkOut = params.get("checkOut")?.trim() ?? "";
  return isNight(checkIn) && isNight(checkOut) && checkIn < checkOut ? { checkIn, checkOut } : { checkIn: null, checkOut: null };
}

const radius = (value: string | null): number => RADIUS_OPTIONS.find((km) => String(km) === value?.trim()) ?? DEFAULT_RADIUS_KM;

/** The filters both pages read the same way. */
function placeAndAttributes(params: URLSearchParams) {
  return {
    search: text(params.get("search")),
    location: text(params.get("location")),
    state: state(params.get("state")),
    ...stay(params),
    // "radius" was its name until issue 43: old links keep their distance (and are redirected to "raio").
    radiusKm: radius(params.get("raio") ?? params.get("radius")),
    near: near(params.get("near")),
    area: area(params.get("area")),
    ...prices(params),
    amenities: listOf(AMENITIES, all(params, "amenities")),
    features: listOf(FEATURE_KEYS, all(params, "features")),
    road: listOf(ROAD_KEYS, all(params, "road")),
    signal: listOf([...CARRIER_KEYS, "none"] as const, all(params, "signal")),
    internet: listOf(INTERNET_KEYS, all(params, "internet")),
    power: listOf(POWER_KEYS, all(params, "power")),
    sort: sort(params.get("sort")),
    page: page(params.get("page")),
  };
}

function prices(params: URLSearchParams) {
  const minPrice = integer(params.get("minPrice"), 0, PRICE_MAX, 0);
  const maxPrice = integer(params.get("maxPrice"), 0, PRICE_MAX, PRICE_MAX);
  // A range that ends before it starts keeps its start and loses its end.
  return { minPrice, maxPrice: maxPrice < minPrice ? PRICE_MAX : maxPrice };
}

const sort = (value: string | null): Sort | null => SORTS.find((s) => s === value) ?? null;
const page = (value: string | null) => integer(value, 1, 1_000_000, 1);

/** Home: the place and attribute filters, propertyType and minGuests. */
export function parseHomeQuery(params: URLSearchParams): PropertyQuery {
  return {
    ...placeAndAttributes(params),
    propertyType: propertyType(params.get("propertyType")),
    minGuests: integer(params.get("minGuests"), 1, MAX_GUESTS_FILTER, 1),
  };
}

/** The home page lists results (instead of the hero) when any filter is in its URL. */
export function hasHomeFilters(params: URLSearchParams): boolean {
  return HOME_FILTER_PARAMS.some((k) => params.has(k));
}
const HOME_FILTER_PARAMS = ["search", "location", "state", "checkIn", "checkOut", "near", "area", "propertyType", "minGuests", "minPrice", "maxPrice", "amenities", "features", "road", "signal", "internet", "power"];

/** Category page: the place and attribute filters and guests (the type comes from the path). */
export function parseCategoryQuery(params: URLSearchParams): PropertyQuery {
  return {
    ...DEFAULT_QUERY,
    ...placeAndAttributes(params),
    minGuests: integer(params.get("guests"), 1, CATEGORY_MAX_GUESTS, 1),
  };
}

type Entries = [string, string | number | null | false][];

function toSearch(entries: Entries): string {
  const params = new URLSearchParams();
  for (const [k, v] of entries) if (v !== null && v !== false && v !== "") params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : "";
}

const coordinates = (...numbers: number[]) => numbers.join(",");
const joined = (list: readonly string[]) => list.join(",");

/** The URL entries of the place and attribute filters, defaults omitted. */
function placeAndAttributeEntries(q: PropertyQuery): Entries {
  const centred = Boolean(q.location || q.near);
  return [
    ["search", q.search],
    ["location", q.location],
    ["state", q.state],
    ["checkIn", q.checkIn],
    ["checkOut", q.checkOut],
    ["near", q.near && coordinates(q.near.lat, q.near.lng)],
    ["raio", centred && q.radiusKm !== DEFAULT_RADIUS_KM && q.radiusKm],
    ["area", q.area && coordinates(q.area.west, q.area.south, q.area.east, q.area.north)],
    ["minPrice", q.minPrice > 0 && q.minPrice],
    ["maxPrice", q.maxPrice < PRICE_MAX && q.maxPrice],
  ];
}

function attributeEntries(q: PropertyQuery): Entries {
  return [
    ["amenities", joined(q.amenities)],
    ["features", joined(q.features)],
    ["road", joined(q.road)],
    ["signal", joined(q.signal)],
    ["internet", joined(q.internet)],
    ["power", joined(q.power)],
    ["sort", q.sort],
    ["page", q.page > 1 && q.page],
  ];
}

/** Category URL query with defaults omitted: the spec's params first. */
export function categorySearch(q: PropertyQuery): string {
  return toSearch([...placeAndAttributeEntries(q), ["guests", q.minGuests > 1 && q.minGuests], ...attributeEntries(q)]);
}

/** Home results URL query with defaults omitted. */
export function homeSearch(q: PropertyQuery): string {
  return toSearch([...placeAndAttributeEntries(q), ["propertyType", q.propertyType], ["minGuests", q.minGuests > 1 && q.minGuests], ...attributeEntries(q)]);
}

/** Page buttons for a results list: the first, the last, and the current ±2, with gaps as null. */
export function pageWindow(current: number, pageCount: number, radius = 2): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let p = 1; p <= pageCount; p++) {
    if (p === 1 || p === pageCount || Math.abs(p - current) <= radius) pages.push(p);
    else if (pages.at(-1) !== null) pages.push(null);
  }
  return pages;
}

/** At most `size` consecutive page numbers around the current one (category page: 5 buttons). */
export function compactPageWindow(current: number, pageCount: number, size = 5): number[] {
  const start = Math.max(1, Math.min(current - Math.floor(size / 2), pageCount - size + 1));
  return Array.from({ length: Math.min(size, pageCount) }, (_, i) => start + i);
}
