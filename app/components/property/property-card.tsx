import { MapPin } from "~/components/ui/icons";
import { Link } from "react-router";
import type { PropertyCardData } from "@common/property-card";
import { listingPath } from "~/lib/redirects";
import { FavoriteButton } from "./favorite-button";
import { PropertyImage } from "./property-image";

/** Cover, title, place, type, price per night and "Novo" (no reviews exist yet, so no rating is shown). */
export function PropertyCard({
  property,
  distance,
  sizes = "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw",
  from,
  eager = false,
}: {
  property: PropertyCardData;
  /** The results list it is shown in (path and query), where the listing's "Voltar" returns. */
  from?: string;
  /** "a 12 km de Gramado", in searches around a place. */
  distance?: string;
  sizes?: string;
  /** The first card of the page: its cover is the largest paint on a phone. */
  eager?: boolean;
}) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md dark:border-stone-800 dark:bg-stone-900">
      <div className="relative aspect-[3/2] overflow-hidden">
        <PropertyImage image={property.cover} sizes={sizes} eager={eager} alt="" className="size-full transition-transform duration-300 group-hover:scale-105" />
        <span className="absolute left-3 top-3 rounded-full bg-white/90 px-2.5 py-1 text-xs font-semibold text-stone-800 dark:bg-stone-900/90 dark:text-stone-100">
          {property.propertyType}
        </span>
        <FavoriteButton propertyId={property.id} title={property.title} className="absolute right-3 top-3 z-10" />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <div className="flex items-start justify-between gap-3">
          <h3 className="line-clamp-2 font-semibold leading-snug">
            {/* The link covers the whole card; the heart sits above it. */}
            <Link to={listingPath(property.slug, from)} className="after:absolute after:inset-0 focus-visible:outline-none after:focus-visible:rounded-2xl after:focus-visible:outline-2 after:focus-visible:outline-brand-600">
              {property.title}
            </Link>
          </h3>
          <span className="shrink-0 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100">Novo</span>
        </div>
        <p className="flex items-center gap-1 text-sm text-stone-600 dark:text-stone-400">
          <MapPin aria-hidden className="size-4 shrink-0" />
          {property.location}
        </p>
        {distance ? <p className="text-sm text-stone-600 dark:text-stone-400">{distance}</p> : null}
        <p className="mt-auto pt-2">
          <span className="font-semibold">{property.price}</span>{" "}
          <span className="text-sm text-stone-600 dark:text-stone-400">/ noite</span>
        </p>
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
