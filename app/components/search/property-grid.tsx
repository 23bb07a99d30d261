import { formatCount, formatDistance } from "@common/format";
import type { PropertyCardData } from "@common/property-card";
import { PropertyCard, PropertyCardSkeleton } from "~/components/property/property-card";
import { HydrateWhenSeen } from "~/components/ui/hydrate-when-seen";

/** Columns follow the list's own width (a container query): beside the results map it is narrower than the page. */
const GRID = "grid gap-6 @xl:grid-cols-2 @4xl:grid-cols-3";

/**
 * `distanceFrom`: the place the search is around ("Gramado", "você"), for each card's distance;
 * `from`: the list's URL, where a listing opened from it returns.
 */
export function PropertyGrid({
  properties,
  distanceFrom,
  from,
}: {
  properties: (PropertyCardData & { distanceKm?: number | null })[];
  distanceFrom?: string;
  from?: string;
}) {
  return (
    <div className="@container">
      <ul className={GRID}>
        {properties.map((p, i) => (
          <li key={p.id}>
            <HydrateWhenSeen name={`card-${p.id}`} className="h-full">
              <PropertyCard property={p} from={from} eager={i === 0} distance={distanceFrom && p.distanceKm != null ? formatDistance(p.distanceKm, distanceFrom) : undefined} />
            </HydrateWhenSeen>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Shown while results stream in; announced once to screen readers. */
export function PropertyGridSkeleton({ count }: { count: number }) {
  return (
    <div role="status">
      <span className="sr-only">Carregando propriedades...</span>
      <div aria-hidden className="@container">
        <div className={GRID}>
          {Array.from({ length: count }, (_, i) => (
            <PropertyCardSkeleton key={i} />
          ))}
        </div>
      </div>
    </div>
  );
}

/** "1 propriedade encontrada", "12 propriedades encontradas", "Mais de 1.000 propriedades encontradas". */
export function resultsCountText(total: number, capped: boolean): string {
  if (capped) return `Mais de ${formatCount(total)} propriedades encontradas`;
  return total === 1 ? "1 propriedade encontrada" : `${formatCount(total)} propriedades encontradas`;
}
