import { useCallback, useRef, useState } from "react";
import { notify } from "./toasts";

const LOAD_FAILED = "Não foi possível abrir. Verifique sua conexão e tente de novo.";

/**
 * A module loaded when first wanted: null until it has arrived. `request` loads it (once) and
 * resolves true when it is there; when the network fails, the visitor is told and may try again.
 */
export function useModuleOnDemand<M>(load: () => Promise<M>) {
  const [module, setModule] = useState<M | null>(null);
  const request = useCallback(
    () =>
      load().then(
        (loaded) => {
          setModule(() => loaded);
          return true;
        },
        () => {
          notify.error(LOAD_FAILED);
          return false;
        },
      ),
    [load],
  );
  return { module, request };
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
