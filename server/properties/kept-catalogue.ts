import { placesWithListings, type PlaceListings } from "../destinations/destination-listings";
import { publicHostOf, type PublicHost } from "../accounts/public-host";
import type { Db } from "../db/client";
import { currentContentVersion } from "./content-version";
import { facetCounts, type Facets } from "./facets";
import { findPublicProperty } from "./properties";
import { firstCards, reviewsExist, searchProperties, type SearchInput, type SearchResult } from "./search";

/** The public catalogue's reads as one request sees them. */
export interface CatalogueReads {
  search(input: SearchInput): Promise<SearchResult>;
  firstCards(input: SearchInput): Promise<SearchResult["items"]>;
  /** "Mais filtros": each option's capped count for a results page. */
  facets(input: SearchInput): Promise<Facets>;
  /** A public listing by id or slug, with its photos. */
  property(key: string): ReturnType<typeof findPublicProperty>;
  publicHostOf(propertyId: string): Promise<PublicHost | null>;
  /** Whether any public listing has a review (the rating sort is offered then). */
  reviewsExist(): Promise<boolean>;
  /** The municipalities with public listings, by type (destination pages). */
  destinations(): Promise<Map<number, PlaceListings>>;
}

/**
 * Reads of the public catalogue kept per catalogue version (migration 0013), for the pages drawn per
 * request (signed in, or an anonymous page the page cache does not hold yet) that still show what
 * every viewer sees: the home carousels, the result lists and their filters' counts, whether the
 * rating sort is offered, a listing and its host's public profile, the places with listings.
 * Each request reads the version before its first read, or takes the one the page cache has just read
 * for it, so a change shows from the next request in every process, as with the page cache (decision
 * 019). At most `maxEntries` results, the least recently used leaving first; a failed read is not kept.
 * Searches with endless variants (free text, a map's box) are not kept: they would push out the
 * results every visitor asks for.
 */
export type KeptCatalogue = ReturnType<typeof keptCatalogue>;

const worthKeeping = (input: SearchInput) => !input.search && !input.location && !input.area;

export function keptCatalogue(db: Db, maxEntries = 500) {
  let kept = { version: -1, entries: new Map<string, Promise<unknown>>() };

  async function read<T>(version: Promise<number>, key: string, work: () => Promise<T>): Promise<T> {
    const current = await version;
    if (current > kept.version) kept = { version: current, entries: new Map() };
    // A request that read the version before another moved it on: its results are not the latest.
    if (current < kept.version) return work();
    const { entries } = kept;
    const found = entries.get(key) as Promise<T> | undefined;
    if (found) {
      entries.delete(key);
      entries.set(key, found);
      return found;
    }
    const started = work();
    entries.set(key, started);
    started.catch(() => entries.get(key) === started && entries.delete(key));
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    return started;
  }

  return {
    /** A request's view: it reads the version once, when it first reads, unless it was given the one read for it already. */
    forRequest(knownVersion?: number): CatalogueReads {
      let version = knownVersion === undefined ? undefined : Promise.resolve(knownVersion);
      const versionOnce = () => (version ??= currentContentVersion(db));
      const readSearch = <T>(kind: string, input: SearchInput, work: () => Promise<T>) =>
        worthKeeping(input) ? read(versionOnce(), `${kind} ${JSON.stringify(input)}`, work) : work();
      return {
        search: (input) => readSearch("search", input, () => searchProperties(db, input)),
        firstCards: (input) => read(versionOnce(), `cards ${JSON.stringify(input)}`, () => firstCards(db, input)),
        facets: (input) => readSearch("facets", input, () => facetCounts(db, input)),
        property: (key) => read(versionOnce(), `property ${key}`, () => findPublicProperty(db, key)),
        publicHostOf: (propertyId) => read(versionOnce(), `host ${propertyId}`, () => publicHostOf(db, propertyId)),
        reviewsExist: () => read(versionOnce(), "reviews exist", () => reviewsExist(db)),
        destinations: () => read(versionOnce(), "destinations", () => placesWithListings(db)),
      };
    },
  };
}
