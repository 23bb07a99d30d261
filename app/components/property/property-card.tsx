import { Icon } from "~/components/ui/icons";
import { Link } from "react-router";
import type { PropertyCardData } from "@common/property-card";
import type { CardStay } from "@server/properties/shown-results";
import { listingPath } from "~/lib/listing-path";
import { FavoriteButton } from "./favorite-button";
import { PropertyImage } from "./property-image";

/** Cover, title, place, type, price per night, and the reviews' average and count or "Novo". Styled by the `card` classes (app.css). */
export function PropertyCard({
  property,
  distance,
  stay,
  sizes = "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw",
  from,
  eager = false,
  titleLevel = 3,
}: {
  property: PropertyCardData;
  /** The results list it is shown in (path and query), where the listing's "Voltar" returns. */
  from?: string;
  /** "a 12 km de Gramado", in searches around a place. */
  distance?: string;
  /** In dated results: the stay's total, and "Disponibilidade a confirmar" for a listing without a calendar. */
  stay?: CardStay;
  sizes?: string;
  /** The first card of the page: its cover is the largest paint on a phone. */
  eager?: boolean;
  /** The title's heading level: 3 under a list's own heading (a row, the results), 2 right under the page's title. */
  titleLevel?: 2 | 3;
}) {
  const Title = titleLevel === 2 ? "h2" : "h3";
  return (
    <article className="card group">
      <div className="card-cover-frame">
        <PropertyImage image={property.cover} sizes={sizes} eager={eager} alt="" className="card-cover" />
        <span className="card-type">{property.propertyType}</span>
        <FavoriteButton propertyId={property.id} title={property.title} className="card-heart" />
      </div>
      <div className="card-body">
        <div className="card-heading">
          <Title className="card-title">
            {/* Every route is known from the first load (react-router.config.ts): no need to mark the link for discovery, 64 times a page. */}
            <Link to={listingPath(property.slug, from)} discover="none" className="card-link">
              {property.title}
            </Link>
          </Title>
          {property.rating ? (
            <span className="card-rating" role="img" aria-label={property.rating.label}>
              <Icon name="star" className="card-star" />
              {property.rating.average}
              <span className="card-count">({property.rating.count})</span>
            </span>
          ) : (
            <span className="card-new">Novo</span>
          )}
        </div>
        <p className="card-place">
          <Icon name="map-pin" aria-hidden className="size-4 shrink-0" />
          {property.location}
        </p>
        {property.badges ? (
          <p className="card-badges">
            <Icon name="shield-check" aria-hidden className="size-4 shrink-0" />
            {property.badges}
          </p>
        ) : null}
        {distance ? <p className="card-note">{distance}</p> : null}
        <p className="card-price">
          <span className="font-semibold">{property.price}</span> <span className="card-note">/ noite</span>
        </p>
        {stay ? <p className="card-note">{stay.total}</p> : null}
        {stay?.unconfirmed ? <p className="card-note">{stay.unconfirmed}</p> : null}
      </div>
    </article>
  );
}

export function PropertyCardSkeleton() {
  return (
    <div aria-hidden className="flex h-full animate-pulse flex-col overflow-hidden rounded-2xl border border-stone-200 dark:border-stone-800">
      <div className="aspect-[3/2] bg-stone-200 dark:bg-stone-800" />
      <div className="space-y-2 p-4">
        <div className="h-4 w-3/4 rounded bg-stone-200 dark:bg-stone-800" />
        <div className="h-3 w-1/2 rounded bg-stone-200 dark:bg-stone-800" />
        <div className="h-4 w-1/3 rounded bg-stone-200 dark:bg-stone-800" />
      </div>
    </div>
  );
}
