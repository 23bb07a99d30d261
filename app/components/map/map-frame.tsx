import { Component, type ReactNode } from "react";
import { useModuleOnMount } from "~/components/ui/on-demand";

function Note({ children }: { children: ReactNode }) {
  return <div className="flex size-full flex-col items-center justify-center gap-2 px-4 text-center text-sm text-stone-600 dark:text-stone-300">{children}</div>;
}

/** A map that fails in the browser (Leaflet meets something it lacks) leaves the rest of the page working. */
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
 * chunk, with Leaflet and its CSS, fetched in the browser only) has arrived, then draws it with
 * `children`. If the code cannot be fetched, it says so in place and offers to try again.
 */
export function MapFrame<M>({ label, className = "", load, children }: { label: string; className?: string; load: () => Promise<M>; children: (module: M) => ReactNode }) {
  const map = useModuleOnMount(load);
  return (
    <div role="region" aria-label={label} className={`relative isolate overflow-hidden rounded-2xl border border-stone-200 bg-stone-100 dark:border-stone-800 dark:bg-stone-800 ${className}`}>
      {map.module ? (
        <MapFailure>{children(map.module)}</MapFailure>
      ) : map.failed ? (
        <Note>
          <p>Não foi possível carregar o mapa. Verifique sua conexão.</p>
          <button type="button" onClick={map.retry} className="font-semibold text-brand-700 underline dark:text-brand-300">
            Tentar de novo
          </button>
        </Note>
      ) : (
        <Note>Carregando mapa...</Note>
      )}
    </div>
  );
}
