import L from "leaflet";
import { useEffect, useRef } from "react";
import { APPROXIMATE_RADIUS_M, type MapTiles } from "@common/map";
import type { LatLng } from "@common/property-query";
import { createMap, markerIcon, toLatLng } from "./base-map";

/** Exact positions are shown this close. */
const EXACT_ZOOM = 15;

/** A listing's place on the detail page: a circle of about 1 km around its public point, or its pin when the host shows it. */
export default function AreaMap({ tiles, position, exact }: { tiles: MapTiles; position: LatLng; exact: boolean }) {
  const element = useRef<HTMLDivElement>(null);
  const { url, attribution } = tiles;
  const { lat, lng } = position;
  useEffect(() => {
    // The page scrolls past it: the wheel does not zoom the map.
    const map = createMap(element.current!, { url, attribution }, { scrollWheelZoom: false });
    const at = toLatLng({ lat, lng });
    if (exact) {
      L.marker(at, { icon: markerIcon("pin"), interactive: false, keyboard: false }).addTo(map);
      map.setView(at, EXACT_ZOOM, { animate: false });
    } else {
      map.fitBounds(at.toBounds(APPROXIMATE_RADIUS_M * 2), { animate: false, padding: [16, 16] });
      L.circle(at, { radius: APPROXIMATE_RADIUS_M, color: "#265032", weight: 2, fillOpacity: 0.2, interactive: false }).addTo(map);
    }
    return () => {
      map.remove();
    };
  }, [url, attribution, lat, lng, exact]);
  return <div ref={element} className="size-full" />;
}
