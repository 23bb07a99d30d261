import { Suspense, useSyncExternalStore, type ReactNode } from "react";

const subscribe = () => () => {};
/** False on the server and while hydrating, true after: Leaflet needs the browser's DOM. */
function useInBrowser(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

function Loading() {
  return <p className="flex size-full items-center justify-center text-sm text-stone-600 dark:text-stone-300">Carregando mapa...</p>;
}

/**
 * Where a map goes: a labelled region that shows "Carregando mapa..." until its code (a separate
 * chunk, with Leaflet and its CSS, fetched only now) has arrived.
 */
export function MapFrame({ label, className = "", children }: { label: string; className?: string; children: ReactNode }) {
  const inBrowser = useInBrowser();
  return (
    <div role="region" aria-label={label} className={`relative isolate overflow-hidden rounded-2xl border border-stone-200 bg-stone-100 dark:border-stone-800 dark:bg-stone-800 ${className}`}>
      {inBrowser ? <Suspense fallback={<Loading />}>{children}</Suspense> : <Loading />}
    </div>
  );
}
