import { Icon } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatRating, reviewCountLabel } from "@common/reviews";

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Title, place, and the rating with its count linking to the reviews, or "Novo" before the first review. */
export function PropertyHeading({
  title,
  location,
  locationHref,
  reviewCount,
  ratingSum,
}: {
  title: string;
  location: string;
  /** The city's destination page, if the place links to it. */
  locationHref: string | null;
  reviewCount: number;
  ratingSum: number;
}) {
  return (
    <div>
      <h1 className="text-2xl font-bold leading-tight sm:text-3xl">{title}</h1>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-stone-700 dark:text-stone-300">
        <span className="flex items-center gap-1.5">
          <Icon name="map-pin" aria-hidden className="size-4 shrink-0" />
          {locationHref ? (
            <Link to={locationHref} className="underline underline-offset-2">
              {location}
            </Link>
          ) : (
            location
          )}
        </span>
        {reviewCount > 0 ? (
          <a href="#avaliacoes" className="inline-flex items-center gap-1 font-semibold underline underline-offset-2">
            <Icon name="star" aria-hidden className="size-4 fill-current text-amber-600 dark:text-amber-400" />
            <span className="sr-only">Nota </span>
            {formatRating(ratingSum / reviewCount)}
            <span className="sr-only"> de 5</span>
            <span className="font-normal">{` · ${reviewCountLabel(reviewCount)}`}</span>
          </a>
        ) : (
          <span className="inline-flex items-center gap-1 rounded-full bg-brand-100 px-2.5 py-0.5 text-sm font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100">
            <Icon name="sparkles" aria-hidden className="size-3.5" />
            Novo
            <span className="sr-only">: ainda sem avaliações</span>
          </span>
        )}
      </div>
    </div>
  );
}

/** Guests, bedrooms, bathrooms and the type, which links to its category page. */
export function PropertyFacts({
  maxGuests,
  bedrooms,
  bathrooms,
  propertyType,
  categorySlug,
}: {
  maxGuests: number;
  bedrooms: number;
  bathrooms: number;
  propertyType: string;
  categorySlug: string | null;
}) {
  return (
    <section aria-label="Resumo da propriedade" className="pb-8">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 md:grid-cols-2">
        <Fact icon={<Icon name="users" aria-hidden className="size-5" />}>{`Até ${plural(maxGuests, "hóspede", "hóspedes")}`}</Fact>
        <Fact icon={<Icon name="bed-double" aria-hidden className="size-5" />}>{plural(bedrooms, "quarto", "quartos")}</Fact>
        <Fact icon={<Icon name="bath" aria-hidden className="size-5" />}>{plural(bathrooms, "banheiro", "banheiros")}</Fact>
        <Fact icon={<Icon name="house" aria-hidden className="size-5" />}>
          <span className="sr-only">Tipo: </span>
          {categorySlug ? (
            <Link
              to={`/category/${categorySlug}`}
              className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200"
            >
              {propertyType}
            </Link>
          ) : (
            propertyType
          )}
        </Fact>
      </ul>
    </section>
  );
}

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-center gap-2.5 rounded-xl border border-stone-200 px-3 py-3 text-sm dark:border-stone-800">
      <span className="text-brand-700 dark:text-brand-300">{icon}</span>
      <span>{children}</span>
    </li>
  );
}
