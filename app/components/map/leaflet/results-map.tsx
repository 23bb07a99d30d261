import L from "leaflet";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import Supercluster from "supercluster";
import { formatBRL } from "@common/format";
import { areaOf, listingMarkerLabel, mapListings, type MapListing, type MapTiles } from "@common/map";
import type { Area } from "@common/property-query";
import type { SearchResult } from "@server/properties/search";
import { listingPath } from "~/lib/listing-path";
import { areaBounds, boundsArea, BRAZIL, createMap, markerIcon } from "./base-map";

/**
 * Listings this close on screen (px) become one cluster (a price pill is about 100 px wide); past this
 * zoom every listing is its own marker. Tile extent 256: supercluster's pixels are Leaflet's.
 */
const CLUSTER_RADIUS_PX = 100;
const TILE_EXTENT = 256;
const CLUSTER_MAX_ZOOM = 15;
/** Fitting the listings never zooms in closer than this (one listing would fill the screen). */
const FIT_MAX_ZOOM = 13;

const clusterIndex = () => new Supercluster<MapListing>({ radius: CLUSTER_RADIUS_PX, extent: TILE_EXTENT, maxZoom: CLUSTER_MAX_ZOOM });

interface ResultsMapController {
  show(listings: MapListing[], area: Area | null): void;
  destroy(): void;
}

/**
 * The results on a Leaflet map: price pills, or counts where they would overlap (supercluster),
 * redrawn after every move. Markers are keyboard buttons named like "Chalé X, R$ 450,00 por noite";
 * a marker's popup links to the listing. `onUserMove` hears every move the guest makes (not ours).
 */
function resultsMap(element: HTMLElement, tiles: MapTiles, onUserMove: (area: Area) => void): ResultsMapController {
  const map = createMap(element, tiles, { minZoom: 3 });
  const markers = new Map<string, L.Marker>();
  let index = clusterIndex();
  let shownKey: string | null = null;
  let ourMove = false;

  /** A move of ours (fitting the results) is not the guest's, so it offers no "Buscar nesta área". */
  const quietly = (move: () => void) => {
    ourMove = true;
    try {
      move();
    } finally {
      ourMove = false;
    }
  };
  quietly(() => map.fitBounds(BRAZIL, { animate: false }));

  function listingMarker(listing: MapListing, at: L.LatLng) {
    const marker = L.marker(at, { icon: markerIcon("price", formatBRL(listing.priceCents)), riseOnHover: true });
    const content = popupContent(listing);
    content.addEventListener("keydown", (key) => key.key === "Escape" && marker.closePopup());
    marker.bindPopup(content, { maxWidth: 260, autoPanPadding: [24, 24] });
    onKeys(marker, [" "], () => marker.openPopup()); // Leaflet itself opens it on Enter
    marker.on("popupopen", () => {
      marker.getElement()?.classList.add("map-marker-open");
      const link = content.querySelector("a");
      if (!link) return;
      // Markers outlive a page of results: name the list shown now, where the listing's "Voltar" returns.
      link.href = listingPath(listing.slug, window.location.pathname + window.location.search);
      link.focus();
    });
    marker.on("popupclose", (event) => {
      const element = marker.getElement();
      element?.classList.remove("map-marker-open");
      // Keyboard users go back where they were, not to the top of the page.
      const focus = document.activeElement;
      if (!focus || focus === document.body || event.popup.getElement()?.contains(focus)) element?.focus();
    });
    return { marker, label: listingMarkerLabel(listing), data: { listing: listing.slug } };
  }

  function clusterMarker(clusterId: number, count: number, at: L.LatLng) {
    const marker = L.marker(at, { icon: markerIcon("cluster", String(count)), riseOnHover: true });
    const open = () => {
      const hadFocus = marker.getElement() === document.activeElement;
      map.setView(at, Math.min(index.getClusterExpansionZoom(clusterId), map.getMaxZoom()));
      if (hadFocus) map.getContainer().focus(); // the cluster is gone: keyboard users stay on the map
    };
    marker.on("click", open);
    onKeys(marker, ["Enter", " "], open);
    return { marker, label: `${count} acomodações aqui: aproximar o mapa`, data: { cluster: String(count) } };
  }

  /** Draws what the view shows, keeping markers that stay (a focused one keeps its focus). */
  function render() {
    const bounds = map.getBounds();
    const features = index.getClusters([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], Math.round(map.getZoom()));
    const wanted = new Set<string>();
    for (const feature of features) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const at = L.latLng(lat, lng);
      const props = feature.properties;
      const key = "cluster" in props ? `cluster-${props.cluster_id}` : `listing-${props.id}`;
      wanted.add(key);
      if (markers.has(key)) continue;
      const made = "cluster" in props ? clusterMarker(props.cluster_id, props.point_count, at) : listingMarker(props, at);
      made.marker.addTo(map);
      const element = made.marker.getElement();
      element?.setAttribute("aria-label", made.label);
      for (const [name, value] of Object.entries(made.data)) element?.setAttribute(`data-${name}`, value);
      markers.set(key, made.marker);
    }
    for (const [key, marker] of markers) {
      if (wanted.has(key)) continue;
      marker.remove();
      markers.delete(key);
    }
  }

  // A popup near the edge pans the map into view: not the guest's move either.
  let popupPan = false;
  map.on("autopanstart", () => {
    popupPan = true;
  });
  map.on("moveend", () => {
    render();
    if (!ourMove && !popupPan) onUserMove(areaOf(boundsArea(map.getBounds())));
    popupPan = false;
  });

  return {
    show(listings, area) {
      const key = JSON.stringify([listings.map((l) => l.id), area]);
      if (key === shownKey) return;
      shownKey = key;
      index = clusterIndex();
      index.load(listings.map((l) => ({ type: "Feature", geometry: { type: "Point", coordinates: [l.lng, l.lat] }, properties: l })));
      for (const marker of markers.values()) marker.remove();
      markers.clear();
      const current = areaOf(boundsArea(map.getBounds()));
      // After "Buscar nesta área" the map already shows that area: it stays as the guest left it.
      const alreadyThere = area && JSON.stringify(area) === JSON.stringify(current);
      if (area && !alreadyThere) quietly(() => map.fitBounds(areaBounds(area), { animate: false }));
      else if (!area && listings.length > 0) {
        quietly(() => map.fitBounds(L.latLngBounds(listings.map((l) => [l.lat, l.lng])), { animate: false, padding: [40, 40], maxZoom: FIT_MAX_ZOOM }));
      }
      render();
    },
    destroy() {
      map.remove();
    },
  };
}

/** Markers are buttons: Enter and Space press them. */
function onKeys(marker: L.Marker, keys: string[], press: () => void) {
  marker.on("keypress", (event) => {
    if (keys.includes((event as L.LeafletKeyboardEvent).originalEvent.key)) {
      event.originalEvent.preventDefault();
      press();
    }
  });
}

function popupContent(listing: MapListing): HTMLElement {
  const box = document.createElement("div");
  box.className = "map-popup";
  const link = document.createElement("a");
  link.href = listingPath(listing.slug);
  link.dataset.listing = listing.slug;
  link.className = "block text-base font-semibold";
  link.textContent = listing.title;
  const details = document.createElement("p");
  details.className = "mt-1! mb-0! text-stone-700";
  details.textContent = `${listing.propertyType} · ${formatBRL(listing.priceCents)} por noite`;
  box.append(link, details);
  return box;
}

/**
 * The map of a results page's listings (loaded only when the guest opens it). After the guest moves
 * it, "Buscar nesta área" opens `areaHref` of the visible box.
 */
export default function ResultsMap({
  tiles,
  results,
  area,
  areaHref,
}: {
  tiles: MapTiles;
  results: Promise<SearchResult>;
  area: Area | null;
  areaHref: (area: Area) => string;
}) {
  const element = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const [controller, setController] = useState<ResultsMapController | null>(null);
  const [listings, setListings] = useState<MapListing[] | null>(null);
  const [moved, setMoved] = useState<Area | null>(null);
  const { url, attribution } = tiles;

  useEffect(() => {
    const made = resultsMap(element.current!, { url, attribution }, setMoved);
    setController(made);
    return () => made.destroy();
  }, [url, attribution]);
  useEffect(() => {
    let current = true;
    // The map stays while the next results load (a Suspense would replace it); the list shows their errors.
    results.then(
      (r) => {
        if (!current) return;
        setListings(mapListings(r.items));
        setMoved(null);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [results]);
  useEffect(() => {
    if (listings) controller?.show(listings, area);
  }, [controller, listings, area]);

  return (
    <>
      <div ref={element} className="size-full" />
      {moved ? (
        <button
          type="button"
          onClick={() => {
            setMoved(null);
            void navigate(areaHref(moved), { preventScrollReset: true });
            element.current?.focus(); // the button goes away: keyboard users stay on the map
          }}
          className="absolute top-3 left-1/2 z-[1000] -translate-x-1/2 rounded-full whitespace-nowrap bg-stone-900 px-5 py-2.5 text-sm font-semibold text-white shadow-lg hover:bg-stone-700 dark:bg-white dark:text-stone-900 dark:hover:bg-stone-200"
        >
          Buscar nesta área
        </button>
      ) : null}
    </>
  );
}
