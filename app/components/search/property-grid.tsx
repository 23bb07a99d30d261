import type { PropertyCardData } from "@common/property-card";
import type { CardStay } from "@server/properties/shown-results";
import { PropertyCard, PropertyCardSkeleton } from "~/components/property/property-card";
import { HydrateWhenSeen } from "~/components/ui/hydrate-when-seen";

/** Columns follow the list's own width (a container query): beside the results map it is narrower than the page. */
const GRID = "grid gap-6 @xl:grid-cols-2 @4xl:grid-cols-3";

/** `distance`: "a 12 km de Gramado", in searches around a place; `from`: the list's URL, where a listing opened from it returns. */
export function PropertyGrid({ properties, from }: { properties: (PropertyCardData & { distance: string | null; stay?: CardStay | null })[]; from?: string }) {
  return (
    <div className="@container">
      <ul className={GRID}>
        {properties.map((p, i) => (
          <li key={p.id}>
            <HydrateWhenSeen name={`card-${p.id}`} className="h-full">
              <PropertyCard property={p} from={from} eager={i === 0} distance={p.distance ?? undefined} stay={p.stay ?? undefined} />
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
