import { Icon } from "~/components/ui/icons";
import { useState, type ReactNode } from "react";
import type { Area } from "@common/property-query";
import type { SearchResult } from "@server/properties/search";
import { MapFrame } from "./map-frame";
import { useMapTiles } from "./use-map-tiles";

const loadResultsMap = () => import("./leaflet/results-map");

type View = "list" | "map";

/**
 * A results page as a list, or with its map: on phones one or the other, from 1024px the list
 * beside a sticky map. The map's code loads the first time the guest opens it.
 */
export function ResultsWithMap({
  results,
  area,
  areaHref,
  children,
}: {
  results: Promise<SearchResult>;
  /** The URL's "Buscar nesta área" box, if any. */
  area: Area | null;
  /** The same page searching inside `area` instead of around a place. */
  areaHref: (area: Area) => string;
  /** The list. */
  children: ReactNode;
}) {
  const tiles = useMapTiles();
  const [view, setView] = useState<View>("list");
  const withMap = view === "map";
  return (
    <>
      <ViewSwitch view={view} onChange={setView} />
      <div className={withMap ? "lg:grid lg:grid-cols-[minmax(0,11fr)_minmax(0,9fr)] lg:items-start lg:gap-6" : undefined}>
        <div className={withMap ? "hidden lg:block" : undefined}>{children}</div>
        {withMap ? (
          <MapFrame label="Mapa dos resultados" className="mt-8 h-[70vh] lg:sticky lg:top-20 lg:h-[calc(100vh-6rem)]" load={loadResultsMap}>
            {({ default: ResultsMap }) => <ResultsMap tiles={tiles} results={results} area={area} areaHref={areaHref} />}
          </MapFrame>
        ) : null}
      </div>
    </>
  );
}

function ViewSwitch({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  const button = (value: View, label: string, icon: ReactNode) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => onChange(value)}
      className="inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100 aria-pressed:bg-stone-900 aria-pressed:text-white dark:text-stone-100 dark:hover:bg-stone-800 dark:aria-pressed:bg-stone-100 dark:aria-pressed:text-stone-900"
    >
      {icon}
      {label}
    </button>
  );
  return (
    <div role="group" aria-label="Ver resultados em" className="mt-6 flex justify-end">
      <div className="inline-flex gap-1 rounded-full border border-stone-300 p-1 dark:border-stone-700">
        {button("list", "Lista", <Icon name="list" aria-hidden className="size-4" />)}
        {button("map", "Mapa", <Icon name="map" aria-hidden className="size-4" />)}
      </div>
    </div>
  );
}
