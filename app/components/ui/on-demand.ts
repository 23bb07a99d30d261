import { useCallback, useEffect, useRef, useState } from "react";
import { notify } from "./toasts";

const LOAD_FAILED = "Não foi possível abrir. Verifique sua conexão e tente de novo.";

const tellLoadFailed = () => notify.error(LOAD_FAILED);

/**
 * A module loaded when first wanted (a dialog's window, a menu, a map): null until it has arrived.
 * `request` loads it and resolves true when it is there. When the network fails, `onFailure` tells
 * the visitor (a toast unless the caller shows it in place) and the next request tries again.
 */
export function useModuleOnDemand<M>(load: () => Promise<M>, onFailure: () => void = tellLoadFailed) {
  const [module, setModule] = useState<M | null>(null);
  const request = useCallback(
    () =>
      load().then(
        (loaded) => {
          setModule(() => loaded);
          return true;
        },
        () => {
          onFailure();
          return false;
        },
      ),
    [load, onFailure],
  );
  return { module, request };
}

const sayNothing = () => {};

/**
 * A module wanted as soon as its place is drawn in the browser (a map): loaded on
 * mounting. A failure is for the caller to show in place (`failed`), with `retry` to ask again.
 */
export function useModuleOnMount<M>(load: () => Promise<M>) {
  const { module, request } = useModuleOnDemand(load, sayNothing);
  const [failed, setFailed] = useState(false);
  const fetch = useCallback(() => void request().then((loaded) => setFailed(!loaded)), [request]);
  useEffect(fetch, [fetch]);
  const retry = () => {
    setFailed(false);
    fetch();
  };
  return { module, failed, retry };
}

/**
 * A dialog whose window is a module of its own, loaded on demand: Radix's dialog code and the
 * window's (~13 KB gzip) are not part of any page's first load, as most visits never open one.
 * Pointing at or focusing the trigger starts the download; a click opens the dialog once the window
 * is there. Spread `triggerProps` on a plain button (Radix's Trigger needs the window's code), draw
 * the window from `module` and give it `onCloseAutoFocus`.
 */
export function useDialogOnDemand<M>({ load, open, onOpen }: { load: () => Promise<M>; open: boolean; onOpen: () => void }) {
  const { module, request } = useModuleOnDemand(load);
  const trigger = useRef<HTMLButtonElement>(null);
  const preload = () => void load().catch(() => undefined); // told on the click, if it still fails then
  return {
    module,
    triggerProps: {
      ref: trigger,
      type: "button" as const,
      "aria-haspopup": "dialog" as const,
      "aria-expanded": open,
      onPointerEnter: preload,
      onFocus: preload,
      onClick: () => void request().then((loaded) => loaded && onOpen()),
    },
    /** Radix gives focus back only to its own Trigger. */
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      trigger.current?.focus();
    },
  };
}
