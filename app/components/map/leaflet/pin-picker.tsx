import L from "leaflet";
import { useEffect, useRef } from "react";
import { roundPin, type MapTiles } from "@common/map";
import type { LatLng } from "@common/property-query";
import { createMap, markerIcon, toLatLng } from "./base-map";

const PIN_ZOOM = 14;
/** An arrow key moves the focused pin this far on screen. */
const KEY_STEP_PX = 20;
const ARROWS: Record<string, [number, number]> = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/** The pin where the host put it, as the form will post it. */
function place(marker: L.Marker, at: L.LatLng): LatLng {
  const pin = roundPin(at);
  marker.setLatLng(toLatLng(pin));
  return pin;
}

/**
 * The host's pin on a map: dragged with a mouse or a finger, or moved with the arrow keys once
 * focused. `onMove` hears the host's moves; a new `pin` from outside (another city) recentres it.
 */
export default function PinPicker({ tiles, pin, onMove }: { tiles: MapTiles; pin: LatLng; onMove: (pin: LatLng) => void }) {
  const element = useRef<HTMLDivElement>(null);
  const parts = useRef<{ map: L.Map; marker: L.Marker } | null>(null);
  const moved = useRef(onMove);
  const latest = useRef(pin);
  useEffect(() => {
    moved.current = onMove;
    latest.current = pin;
  });
  const { url, attribution } = tiles;

  useEffect(() => {
    const map = createMap(element.current!, { url, attribution }, { scrollWheelZoom: false });
    const start = toLatLng(latest.current);
    map.setView(start, PIN_ZOOM, { animate: false });
    const marker = L.marker(start, { icon: markerIcon("pin"), draggable: true, autoPan: true }).addTo(map);
    const handle = marker.getElement()!;
    handle.setAttribute("aria-label", "Ponto da propriedade: arraste ou use as setas para mover");
    marker.on("dragend", () => moved.current(place(marker, marker.getLatLng())));
    handle.addEventListener("keydown", (event) => {
      const step = ARROWS[event.key];
      if (!step) return;
      event.preventDefault();
      event.stopPropagation(); // the map would pan instead
      const point = map.latLngToContainerPoint(marker.getLatLng()).add(L.point(step[0] * KEY_STEP_PX, step[1] * KEY_STEP_PX));
      const pin = place(marker, map.containerPointToLatLng(point));
      map.panInside(toLatLng(pin), { padding: [KEY_STEP_PX * 2, KEY_STEP_PX * 2] });
      moved.current(pin);
    });
    parts.current = { map, marker };
    return () => {
      parts.current = null;
      map.remove();
    };
  }, [url, attribution]);

  const { lat, lng } = pin;
  useEffect(() => {
    const current = parts.current;
    if (!current) return;
    const at = toLatLng({ lat, lng });
    if (current.marker.getLatLng().equals(at)) return; // the host's own move
    current.marker.setLatLng(at);
    current.map.setView(at, PIN_ZOOM, { animate: false });
  }, [lat, lng, url, attribution]);

  return <div ref={element} className="size-full" />;
}
