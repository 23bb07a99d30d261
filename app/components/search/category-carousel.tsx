import { Icon } from "~/components/ui/icons";
import { Suspense } from "react";
import { Await, Link } from "react-router";
import type { PropertyCardData } from "@common/property-card";
import { PropertyCard, PropertyCardSkeleton } from "~/components/property/property-card";
import { ScrollButtons, useScrollRow } from "~/components/ui/scroll-row";

/**
 * One category on the home page: title, tagline, 'Ver todos' and up to 8 cards in a row that scrolls:
 * by swiping on phones, with 'Anteriores' and 'Próximos' from 768px.
 */
export function CategoryCarousel({
  slug,
  name,
  tagline,
  items,
  first = false,
}: {
  slug: string;
  name: string;
  tagline: string;
  items: Promise<(PropertyCardData & { id: string })[]>;
  /** The page's first row: its first cover is the largest paint on a phone. */
  first?: boolean;
}) {
  const headingId = `carrossel-${slug}`;
  const row = useScrollRow();
  return (
    <section aria-labelledby={headingId} className="carousel">
      <div className="flex items-end justify-between gap-4">
        <div>
          <h2 id={headingId} className="text-2xl font-semibold">
            {name}
          </h2>
          <p className="mt-1 text-stone-600 dark:text-stone-400">{tagline}</p>
        </div>
        <div className="flex shrink-0 items-center gap-4">
          <Link to={`/category/${slug}`} className="see-all">
            Ver todos <span className="sr-only">({name})</span> <Icon name="arrow-right" aria-hidden className="size-4" />
          </Link>
          <ScrollButtons can={row.can} scroll={row.scroll} label={`Navegar por ${name}`} className="hidden md:flex" />
        </div>
      </div>
      <Suspense
        fallback={
          <div role="status" aria-label={`Carregando ${name}`} className="mt-4 flex gap-4 overflow-hidden">
            {Array.from({ length: 4 }, (_, i) => (
              <div key={i} className="carousel-item">
                <PropertyCardSkeleton />
              </div>
            ))}
          </div>
        }
      >
        <Await
          resolve={items}
          errorElement={
            <div role="alert" className="mt-4 rounded-2xl border border-dashed border-stone-300 px-4 py-10 text-center dark:border-stone-700">
              <p className="font-semibold">Erro ao carregar</p>
              <p className="mt-1 text-stone-600 dark:text-stone-300">Não foi possível carregar as propriedades. Tente recarregar a página.</p>
            </div>
          }
        >
          {(properties) =>
            properties.length === 0 ? (
              <div className="mt-4 rounded-2xl border border-dashed border-stone-300 px-4 py-10 text-center dark:border-stone-700">
                <p className="font-semibold">Nenhuma propriedade encontrada</p>
                <p className="mt-1 text-stone-600 dark:text-stone-300">As propriedades aparecerão aqui quando forem cadastradas por nossos anfitriões.</p>
              </div>
            ) : (
              <ul ref={row.ref} className="carousel-row">
                {properties.map((p, i) => (
                  <li key={p.id} className="carousel-item">
                    <PropertyCard property={p} sizes="320px" eager={first && i === 0} />
                  </li>
                ))}
              </ul>
            )
          }
        </Await>
      </Suspense>
    </section>
  );
}
