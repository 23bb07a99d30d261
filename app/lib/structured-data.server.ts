import type { BreadcrumbList, LodgingBusiness, Organization, SearchAction, WebSite, WithContext } from "schema-dts";
import { formatBRL } from "@common/format";
import { imageUrl } from "@common/media";

/**
 * The structured data (JSON-LD) of public pages, built by their loaders and written by their meta
 * (app/lib/seo.ts): React Router puts it in a `<script type="application/ld+json">` with `<`, `>` and
 * `&` escaped, so no text of a listing can close the element; browsers never run such a script, so
 * the Content-Security-Policy is not involved.
 */

const SITE_NAME = "Recanto";

export interface ListingFacts {
  title: string;
  description: string;
  slug: string;
  propertyType: string;
  /** "City - UF". */
  location: string;
  priceCents: number;
  bedrooms: number;
  amenities: readonly string[];
  images: readonly { storageKey: string }[];
  /** The public point: moved from the host's pin unless the host made the pin public. */
  lat: number | null;
  lng: number | null;
  reviewCount: number;
  ratingSum: number;
}

/** A listing as a lodging business: its public point only, and a rating only from real reviews. */
export function listingData(listing: ListingFacts, pageUrl: string, base: string): WithContext<LodgingBusiness> {
  const [city, state] = splitLocation(listing.location);
  return {
    "@context": "https://schema.org",
    "@type": "LodgingBusiness",
    "@id": pageUrl,
    url: pageUrl,
    name: listing.title,
    description: listing.description,
    // JPEG: not every reader of structured data takes WebP.
    image: listing.images.map((image) => new URL(imageUrl(image.storageKey, 1200, "jpeg"), base).href),
    address: { "@type": "PostalAddress", addressLocality: city, ...(state && { addressRegion: state }), addressCountry: "BR" },
    ...(listing.lat !== null && listing.lng !== null && { geo: { "@type": "GeoCoordinates", latitude: round(listing.lat, 5), longitude: round(listing.lng, 5) } }),
    priceRange: `${formatBRL(listing.priceCents)} por noite`,
    makesOffer: {
      "@type": "Offer",
      priceCurrency: "BRL",
      priceSpecification: { "@type": "UnitPriceSpecification", price: listing.priceCents / 100, priceCurrency: "BRL", unitText: "noite" },
    },
    numberOfRooms: listing.bedrooms,
    amenityFeature: listing.amenities.map((name) => ({ "@type": "LocationFeatureSpecification", name, value: true })),
    ...(listing.reviewCount > 0 && {
      aggregateRating: {
        "@type": "AggregateRating",
        ratingValue: round(listing.ratingSum / listing.reviewCount, 1),
        reviewCount: listing.reviewCount,
        bestRating: 5,
        worstRating: 1,
      },
    }),
  };
}

/** The trail of links above a page, from the home page to the page itself (the last step). */
export function breadcrumbData(steps: readonly { name: string; path: string }[], base: string): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [{ name: "Início", path: "/" }, ...steps].map((step, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: step.name,
      item: new URL(step.path, base).href,
    })),
  };
}

/** The home page's: who we are, and how our search is addressed. */
export function siteData(base: string): [WithContext<Organization>, WithContext<WebSite>] {
  const url = new URL("/", base).href;
  // "query-input" is Google's, not in schema.org's vocabulary (nor in its types).
  const search: SearchAction & { "query-input": string } = {
    "@type": "SearchAction",
    target: { "@type": "EntryPoint", urlTemplate: `${url}?search={search_term_string}` },
    "query-input": "required name=search_term_string",
  };
  return [
    { "@context": "https://schema.org", "@type": "Organization", "@id": `${url}#organizacao`, name: SITE_NAME, url, logo: new URL("/favicon.svg", base).href },
    {
      "@context": "https://schema.org",
      "@type": "WebSite",
      "@id": `${url}#site`,
      name: SITE_NAME,
      url,
      inLanguage: "pt-BR",
      potentialAction: search,
    },
  ];
}

function splitLocation(location: string): [string, string | null] {
  const at = location.lastIndexOf(" - ");
  return at < 0 ? [location, null] : [location.slice(0, at), location.slice(at + 3)];
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
