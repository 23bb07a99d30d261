import { Component, Suspense, useSyncExternalStore, type ReactNode } from "react";

const subscribe = () => () => {};
/** False on the server and while hydrating, true after: Leaflet needs the browser's DOM. */
function useInBrowser(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

function Note({ children }: { children: ReactNode }) {
  return <p className="flex size-full items-center justify-center px-4 text-center text-sm text-stone-600 dark:text-stone-300">{children}</p>;
}

/** A map that fails (its code did not arrive, the browser lacks something) leaves the rest of the page working. */
class MapFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <Note>Não foi possível carregar o mapa.</Note> : this.props.children;
  }
}

/**
 * Where a map goes: a labelled region that shows "Carregando mapa..." until its code (a separate
 * chunk, with Leaflet and its CSS, fetched only now) has arrived.
 */
export function MapFrame({ label, className = "", children }: { label: string; className?: string; children: ReactNode }) {
  const inBrowser = useInBrowser();
  return (
    <div role="region" aria-label={label} className={`relative isolate overflow-hidden rounded-2xl border border-stone-200 bg-stone-100 dark:border-stone-800 dark:bg-stone-800 ${className}`}>
      {inBrowser ? (
        <MapFailure>
          <Suspense fallback={<Note>Carregando mapa...</Note>}>{children}</Suspense>
        </MapFailure>
      ) : (
        <Note>Carregando mapa...</Note>
      )}
    </div>
  );
}
