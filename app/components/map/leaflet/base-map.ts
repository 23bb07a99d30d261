import L from "leaflet";
import "leaflet/dist/leaflet.css";
import "./map.css";
import type { MapTiles } from "@common/map";
import { BRAZIL_BOUNDS } from "@common/places";
import type { Area, LatLng } from "@common/property-query";

export const BRAZIL = L.latLngBounds([BRAZIL_BOUNDS.south, BRAZIL_BOUNDS.west], [BRAZIL_BOUNDS.north, BRAZIL_BOUNDS.east]);

/** A Leaflet map in Portuguese with the configured tiles and their credit. */
export function createMap(element: HTMLElement, tiles: MapTiles, options: L.MapOptions = {}): L.Map {
  const map = L.map(element, { zoomControl: false, attributionControl: false, ...options });
  L.control.zoom({ zoomInTitle: "Aproximar", zoomOutTitle: "Afastar" }).addTo(map);
  L.control.attribution({ prefix: '<a href="https://leafletjs.com">Leaflet</a>' }).addTo(map);
  L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 18 }).addTo(map);
  map.on("popupopen", (event) => {
    event.popup.getElement()?.querySelector(".leaflet-popup-close-button")?.setAttribute("aria-label", "Fechar");
  });
  return map;
}

/** A marker drawn by us: a price pill, a cluster's count or the host's pin. */
export function markerIcon(kind: "price" | "cluster" | "pin", text = ""): L.DivIcon {
  const html = document.createElement("span");
  html.textContent = text;
  // No size: the element takes its text's, and map.css centres it on the point.
  return L.divIcon({ className: `map-marker map-${kind}`, html, iconSize: undefined });
}

export const toLatLng = (point: LatLng) => L.latLng(point.lat, point.lng);
export const areaBounds = (area: Area) => L.latLngBounds([area.south, area.west], [area.north, area.east]);

export function boundsArea(bounds: L.LatLngBounds): Area {
  return { west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() };
}
