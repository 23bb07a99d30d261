import type { MetaDescriptor } from "react-router";
import { PRICE_MAX, type PropertyQuery } from "@common/property-query";
import { NOINDEX } from "./seo";

/** A page's search-engine meta, made in its loader: the canonical link, noindex if so, and the structured data. */
export const seoMeta = ({ canonical, noindex = false, structuredData = [] }: { canonical: string; noindex?: boolean; structuredData?: readonly object[] }): MetaDescriptor[] => [
  { tagName: "link", rel: "canonical", href: canonical },
  ...(noindex ? [NOINDEX] : []),
  ...structuredData.map((data) => ({ "script:ld+json": data })),
];

/** A link preview's picture: its absolute address, size and what it shows. */
export interface PreviewImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * What WhatsApp, Facebook and X build a shared link's preview from (Open Graph), made in the loader
 * like the rest of the page's meta: its title, description, address and, when it has one, a picture
 * (JPEG, which every crawler reads) shown large.
 */
export const linkPreview = ({ title, description, url, image }: { title: string; description: string; url: string; image?: PreviewImage }): MetaDescriptor[] => [
  { property: "og:type", content: "website" },
  { property: "og:site_name", content: "Recanto" },
  { property: "og:locale", content: "pt_BR" },
  { property: "og:title", content: title },
  { property: "og:description", content: description },
  { property: "og:url", content: url },
  ...(image
    ? [
        { property: "og:image", content: image.url },
        { property: "og:image:type", content: "image/jpeg" },
        { property: "og:image:width", content: String(image.width) },
        { property: "og:image:height", content: String(image.height) },
        { property: "og:image:alt", content: image.alt },
        { name: "twitter:card", content: "summary_large_image" },
      ]
    : []),
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
