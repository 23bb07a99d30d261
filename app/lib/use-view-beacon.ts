import { useEffect } from "react";
import { viewBeaconUrl, type BeaconKind } from "@common/view-beacon";

/**
 * Tells the server a person saw this listing's page or gallery (decision 032): one small request once
 * the page is hydrated, after it loaded, whether the page came from our page cache or a CDN. A page
 * prerendered or opened in a background tab waits until it is really shown; leaving first sends nothing.
 */
export function useViewBeacon(kind: BeaconKind, listingId: string | null) {
  useEffect(() => {
    if (!listingId) return;
    const stop = new AbortController();
    const send = () => {
      if (document.visibilityState === "visible") navigator.sendBeacon(viewBeaconUrl(kind, listingId));
      else document.addEventListener("visibilitychange", send, { once: true, signal: stop.signal });
    };
    if ((document as { prerendering?: boolean }).prerendering) document.addEventListener("prerenderingchange", send, { once: true, signal: stop.signal });
    else send();
    return () => stop.abort();
  }, [kind, listingId]);
}
