import { useEffect, useRef, useState } from "react";
import { municipalityPointUrl } from "@common/map";
import type { LatLng } from "@common/property-query";
import { MapFrame } from "./map-frame";
import { useMapTiles } from "./use-map-tiles";

const loadPinPicker = () => import("./leaflet/pin-picker");

/** A complete "City - UF", worth asking the municipality's point for. */
const MUNICIPALITY_LABEL = /^.+ - [A-Z]{2}$/;

/**
 * The host's pin: a map centred on the chosen municipality with a marker to drag onto the property,
 * posted as `latitude`/`longitude`. A new city moves the pin to its point unless the host has placed
 * it. Without JavaScript nothing is posted and the server uses the municipality's point.
 */
export function PinPickerField({ city, initialPin, initialExact }: { city: string; initialPin: LatLng | null; initialExact: boolean }) {
  const tiles = useMapTiles();
  const [pin, setPin] = useState<LatLng | null>(initialPin);
  const [placed, setPlaced] = useState(false);
  /** The city the pin belongs to: a stored pin belongs to the stored city. */
  const pinCity = useRef(initialPin ? city : null);

  useEffect(() => {
    const label = city.trim();
    if (placed || !MUNICIPALITY_LABEL.test(label) || label === pinCity.current) return;
    const request = new AbortController();
    fetch(municipalityPointUrl(label), { signal: request.signal })
      .then((res) => (res.ok ? (res.json() as Promise<LatLng>) : null))
      .then((point) => {
        if (!point) return;
        pinCity.current = label;
        setPin({ lat: point.lat, lng: point.lng });
      })
      .catch(() => {}); // a city the list does not know, or the page left: the pin stays
    return () => request.abort();
  }, [city, placed]);

  return (
    <div className="space-y-3">
      <div>
        <p className="text-sm font-medium text-stone-800 dark:text-stone-200">
          Ponto no mapa
        </p>
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">
          {pin ? "Arraste o marcador até a propriedade (ou selecione-o e use as setas)." : "Escolha a cidade acima para marcar a propriedade no mapa."}
        </p>
      </div>
      {pin ? (
        <MapFrame label="Mapa para marcar a propriedade" className="h-72" load={loadPinPicker}>
          {({ default: PinPicker }) => (
            <>
              <PinPicker
                tiles={tiles}
                pin={pin}
                onMove={(moved) => {
                  setPlaced(true);
                  setPin(moved);
                }}
              />
              {/* Drawn once the map is (in the browser only): a form sent without JavaScript or without the map posts no pin. */}
              <input type="hidden" name="latitude" value={pin.lat} />
              <input type="hidden" name="longitude" value={pin.lng} />
            </>
          )}
        </MapFrame>
      ) : null}
      <label className="flex items-start gap-3 text-sm">
        <input type="checkbox" name="showExactLocation" data-field="showExactLocation" defaultChecked={initialExact} aria-describedby="exata-dica" className="mt-0.5 size-4 accent-brand-700" />
        <span>
          <span className="font-medium text-stone-800 dark:text-stone-200">Mostrar a localização exata no anúncio</span>
          <span id="exata-dica" className="block text-stone-600 dark:text-stone-300">
            Sem esta opção, os hóspedes veem só uma área aproximada, de cerca de 1 km ao redor do ponto.
          </span>
        </span>
      </label>
    </div>
  );
}
