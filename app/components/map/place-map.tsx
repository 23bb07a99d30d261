import type { LatLng } from "@common/property-query";
import { HydrateWhenSeen } from "~/components/ui/hydrate-when-seen";
import { MapFrame } from "./map-frame";
import { useMapTiles } from "./use-map-tiles";

const loadAreaMap = () => import("./leaflet/area-map");

/** The detail page's place: the public position on a small map, as an area of about 1 km unless the host shows the exact point. */
export function PlaceMap({ position, exact, location }: { position: LatLng; exact: boolean; location: string }) {
  const tiles = useMapTiles();
  const title = exact ? "Localização exata" : "Localização aproximada";
  return (
    <section aria-labelledby="localizacao-titulo" className="border-t border-stone-200 py-8 dark:border-stone-800">
      <h2 id="localizacao-titulo" className="text-xl font-semibold">
        {title}
      </h2>
      <p className="mt-3 text-stone-700 dark:text-stone-300">
        {exact ? `${location}. O anfitrião mostra o ponto exato da propriedade.` : `${location}. A propriedade fica dentro da área marcada, de cerca de 1 km: o ponto exato não é divulgado.`}
      </p>
      {/* Leaflet's code and tiles are fetched when the map comes near the screen, not with the page. */}
      <HydrateWhenSeen name="mapa-local">
        <MapFrame label={`Mapa: ${title.toLowerCase()}`} className="mt-4 h-64 sm:h-80" load={loadAreaMap}>
          {({ default: AreaMap }) => <AreaMap tiles={tiles} position={position} exact={exact} />}
        </MapFrame>
      </HydrateWhenSeen>
    </section>
  );
}
