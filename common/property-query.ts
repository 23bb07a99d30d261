/**
 * Search state as it lives in the URL (isomorphic). Parsing never throws: a bad or absurd value
 * falls back to its default, and serialising omits defaults so URLs stay short and shareable.
 */
import { AMENITIES, findCategory, PROPERTY_TYPES, type Amenity, type PropertyType } from "./catalog";
import { LIMITS } from "./limits";

export const SORTS = ["newest", "price-low", "price-high"] as const;
export type Sort = (typeof SORTS)[number];
export const SORT_LABELS: Record<Sort, string> = {
  newest: "Mais recentes",
  "price-low": "Menor preço",
  "price-high": "Maior preço",
};

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
  location: string;
  propertyType: PropertyType | null;
  minPrice: number;
  maxPrice: number;
  minGuests: number;
  amenities: Amenity[];
  sort: Sort;
  page: number;
}

export const DEFAULT_QUERY: PropertyQuery = {
  search: "",
  location: "",
  propertyType: null,
  minPrice: 0,
  maxPrice: PRICE_MAX,
  minGuests: 1,
  amenities: [],
  sort: "newest",
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
  return category && category.types.length === 1 ? category.types[0]! : null;
}

function amenities(value: string | null): Amenity[] {
  if (!value) return [];
  const wanted = new Set(value.split(",").map((a) => a.trim()));
  return AMENITIES.filter((a) => wanted.has(a));
}

function prices(params: URLSearchParams) {
  const minPrice = integer(params.get("minPrice"), 0, PRICE_MAX, 0);
  const maxPrice = integer(params.get("maxPrice"), 0, PRICE_MAX, PRICE_MAX);
  // A range that ends before it starts keeps its start and loses its end.
  return { minPrice, maxPrice: maxPrice < minPrice ? PRICE_MAX : maxPrice };
}

const sort = (value: string | null): Sort => SORTS.find((s) => s === value) ?? "newest";
const page = (value: string | null) => integer(value, 1, 1_000_000, 1);

/** Home: search, propertyType, minPrice, maxPrice, location, minGuests, amenities, sort, page. */
export function parseHomeQuery(params: URLSearchParams): PropertyQuery {
  return {
    search: text(params.get("search")),
    location: text(params.get("location")),
    propertyType: propertyType(params.get("propertyType")),
    ...prices(params),
    minGuests: integer(params.get("minGuests"), 1, MAX_GUESTS_FILTER, 1),
    amenities: amenities(params.get("amenities")),
    sort: sort(params.get("sort")),
    page: page(params.get("page")),
  };
}

/** The home page lists results (instead of the hero) when any filter is in its URL. */
export function hasHomeFilters(params: URLSearchParams): boolean {
  return ["search", "location", "propertyType", "minGuests", "minPrice", "maxPrice", "amenities"].some((k) => params.has(k));
}

/** Category page: search, location, minPrice, maxPrice, guests, sort, page (the type comes from the path). */
export function parseCategoryQuery(params: URLSearchParams): PropertyQuery {
  return {
    ...DEFAULT_QUERY,
    search: text(params.get("search")),
    location: text(params.get("location")),
    ...prices(params),
    minGuests: integer(params.get("guests"), 1, CATEGORY_MAX_GUESTS, 1),
    sort: sort(params.get("sort")),
    page: page(params.get("page")),
  };
}

type Entries = [string, string | number | null | false][];

function toSearch(entries: Entries): string {
  const params = new URLSearchParams();
  for (const [k, v] of entries) if (v !== null && v !== false && v !== "") params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** Category URL query with defaults omitted, as the spec lists them. */
export function categorySearch(q: PropertyQuery): string {
  return toSearch([
    ["search", q.search],
    ["location", q.location],
    ["minPrice", q.minPrice > 0 && q.minPrice],
    ["maxPrice", q.maxPrice < PRICE_MAX && q.maxPrice],
    ["guests", q.minGuests > 1 && q.minGuests],
    ["sort", q.sort !== "newest" && q.sort],
    ["page", q.page > 1 && q.page],
  ]);
}

/** Home results URL query with defaults omitted. */
export function homeSearch(q: PropertyQuery): string {
  return toSearch([
    ["search", q.search],
    ["location", q.location],
    ["propertyType", q.propertyType],
    ["minPrice", q.minPrice > 0 && q.minPrice],
    ["maxPrice", q.maxPrice < PRICE_MAX && q.maxPrice],
    ["minGuests", q.minGuests > 1 && q.minGuests],
    ["amenities", q.amenities.join(",")],
    ["sort", q.sort !== "newest" && q.sort],
    ["page", q.page > 1 && q.page],
  ]);
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
