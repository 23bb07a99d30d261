import type { MetaDescriptor } from "react-router";
import { PRICE_MAX, type PropertyQuery } from "@common/property-query";
import { NOINDEX } from "./seo";

/** A page's search-engine meta, made in its loader: the canonical link, noindex if so, and the structured data. */
export const seoMeta = ({ canonical, noindex = false, structuredData = [] }: { canonical: string; noindex?: boolean; structuredData?: readonly object[] }): MetaDescriptor[] => [
  { tagName: "link", rel: "canonical", href: canonical },
  ...(noindex ? [NOINDEX] : []),
  ...structuredData.map((data) => ({ "script:ld+json": data })),
];

/**
 * The filters a result list is narrowed by, each value of a list counted: past one, the list is a
 * combination nobody searches for by name, and an index of every combination would be endless.
 * The order and the page are not filters.
 */
export function facetCount(q: PropertyQuery): number {
  const single = [
    q.search !== "",
    q.location !== "" || q.near !== null || q.area !== null,
    q.state !== null,
    q.checkIn !== null,
    q.propertyType !== null,
    q.minGuests > 1,
    q.minPrice > 0 || q.maxPrice < PRICE_MAX,
  ].filter(Boolean).length;
  return single + [q.amenities, q.features, q.road, q.signal, q.internet, q.power].reduce((n, list) => n + list.length, 0);
}

/**
 * A result list's search-engine facts: its canonical address without the order (the same listings;
 * each page keeps its own), and noindex past one filter. An empty list says noindex where it is
 * drawn (app/components/search/search-results.tsx): it is streamed after the head.
 */
export function resultListSeo(base: string, path: string, query: PropertyQuery, search: (q: PropertyQuery) => string, structuredData: readonly object[] = []) {
  return seoMeta({ canonical: new URL(path + search({ ...query, sort: null }), base).href, noindex: facetCount(query) > 1, structuredData });
}
