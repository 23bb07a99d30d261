import { Icon } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { HouseRules } from "@common/house-rules";
import { PropertyFacts, PropertyHeading } from "./property-summary";

/** What a detail page shows of a listing, whoever is looking at it. */
export interface DetailProperty extends HouseRules {
  title: string;
  location: string;
  propertyType: string;
  maxGuests: number;
  bedrooms: number;
  bathrooms: number;
  description: string;
  amenities: readonly string[];
  safetyItems: readonly string[];
  /** The host's stated attributes, as stored tags. */
  features: readonly string[];
  reviewCount: number;
  ratingSum: number;
}

/** The top bar's way back (to the home page, to the moderation queue). */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-2 rounded-full px-3 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100 dark:text-stone-100 dark:hover:bg-stone-800"
    >
      <Icon name="arrow-left" aria-hidden className="size-4" />
      {children}
    </Link>
  );
}

/**
 * The page of one listing: the public page and the operators' preview. Top bar, optional notice,
 * title and place, photos, then the facts and "Sobre este lugar" with an aside (the contact card,
 * the review panel) that becomes a sticky column beside the text from 768px.
 */
export function PropertyDetailLayout({
  topBar,
  notice,
  property,
  categorySlug,
  placeHref = null,
  photos,
  body,
  aside,
  asideOnPhones,
  tallAside = false,
  place,
  reviews,
  host,
  phoneBar,
}: {
  /** The row above the title: a BackLink and what sits at its right. */
  topBar: ReactNode;
  /** Shown between the top bar and the title. */
  notice?: ReactNode;
  property: DetailProperty;
  categorySlug: string | null;
  /** The destination page of the listing's city, which its place links to (a public listing's only). */
  placeHref?: string | null;
  photos: ReactNode;
  /** "Sobre este lugar" and what follows it (PropertyBody), after the facts. */
  body: ReactNode;
  aside: ReactNode;
  /** Where the aside comes on phones, where there is one column: right after the facts, or last. */
  asideOnPhones: "after-facts" | "last";
  /** The aside may be taller than the facts and the text: the text's row takes the extra height, not the facts'. */
  tallAside?: boolean;
  /** Where the listing is (a map), after the text. */
  place?: ReactNode;
  /** What guests said, after the place. */
  reviews?: ReactNode;
  /** Who hosts it, after the reviews. */
  host?: ReactNode;
  /**
   * Phones only (under 768px, where the aside is not a column beside the text): kept at the bottom
   * of the screen while the page scrolls; sticky, so at the end it rests after the content, over
   * nothing, right on the footer (the page has no bottom padding then, and the footer no margin).
   */
  phoneBar?: ReactNode;
}) {
  // After the facts on phones, the text follows the aside: a gap below it, gone once it is a column.
  const asideClass = asideOnPhones === "after-facts" ? "mb-8 md:col-start-2 md:row-span-2 md:row-start-1 md:mb-0" : "md:col-start-2 md:row-span-2 md:row-start-1";
  const asideColumn = (
    <aside className={asideClass}>
      <div className="md:sticky md:top-24">{aside}</div>
    </aside>
  );
  return (
    <article className={`mx-auto max-w-6xl px-4 pt-4 sm:px-6 md:pt-6 ${phoneBar ? "md:pb-16" : "pb-16"}`}>
      {topBar}
      {notice}
      <PropertyHeading title={property.title} location={property.location} locationHref={placeHref} reviewCount={property.reviewCount} ratingSum={property.ratingSum} />
      <div className="mt-5">{photos}</div>
      <div
        className={`mt-8 grid gap-x-12 md:grid-cols-[minmax(0,1fr)_20rem] ${tallAside ? "md:grid-rows-[auto_1fr] " : ""}lg:grid-cols-[minmax(0,1fr)_23rem]`}
      >
        <PropertyFacts
          maxGuests={property.maxGuests}
          bedrooms={property.bedrooms}
          bathrooms={property.bathrooms}
          propertyType={property.propertyType}
          categorySlug={categorySlug}
        />
        {asideOnPhones === "after-facts" ? asideColumn : null}
        <div className="md:col-start-1">
          {body}
          {place}
          {reviews}
          {host}
        </div>
        {asideOnPhones === "last" ? asideColumn : null}
      </div>
      {phoneBar ? (
        <div data-phone-bar className="sticky bottom-0 z-30 -mx-4 mt-8 sm:-mx-6 md:hidden">
          {phoneBar}
        </div>
      ) : null}
    </article>
  );
}
