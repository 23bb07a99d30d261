import { useState } from "react";
import { inBrazil } from "@common/places";
import type { LatLng } from "@common/property-query";
import { useHydrated } from "~/lib/use-hydrated";

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Why the guest's position could not be used, in words they can act on. */
function failure(error: GeolocationPositionError): string {
  return error.code === error.PERMISSION_DENIED
    ? "Você não permitiu o acesso à sua localização. Libere a permissão no navegador ou digite uma cidade."
    : "Não conseguimos obter sua localização agora. Tente de novo ou digite uma cidade.";
}

/**
 * "Perto de mim": asks the browser for the guest's position and hands it on rounded to about a
 * kilometre (2 decimals). `available` is false without JavaScript or geolocation.
 */
export function useNearMe(onPosition: ((near: LatLng) => void) | undefined) {
  const [locating, setLocating] = useState(false);
  const [message, setMessage] = useState("");
  const available = useHydrated() && Boolean(onPosition) && "geolocation" in navigator;

  function locate() {
    setMessage("");
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        const near = { lat: round2(coords.latitude), lng: round2(coords.longitude) };
        if (!inBrazil(near.lat, near.lng)) setMessage("Sua localização está fora do Brasil. Digite uma cidade brasileira.");
        else onPosition?.(near);
      },
      (error) => {
        setLocating(false);
        setMessage(failure(error));
      },
      { timeout: 15_000, maximumAge: 600_000 },
    );
  }
  return { available, locating, message, locate };
}
