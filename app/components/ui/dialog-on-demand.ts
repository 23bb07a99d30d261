import { useRef, useState } from "react";

/**
 * A dialog whose window is a module of its own, loaded on demand: Radix's dialog code and the
 * window's (~13 KB gzip) are not part of any page's first load, as most visits never open one.
 * Pointing at or focusing the trigger starts the download; the first opening mounts the window,
 * which stays mounted afterwards. Spread `triggerProps` on a plain button (Radix's Trigger needs
 * the window's code) and give `onCloseAutoFocus` to the window's Dialog.Content.
 */
export function useDialogOnDemand({ load, open, onOpen }: { load: () => Promise<unknown>; open: boolean; onOpen: () => void }) {
  const [opened, setOpened] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const preload = () => void load();
  return {
    mounted: opened || open,
    triggerProps: {
      ref: trigger,
      type: "button" as const,
      "aria-haspopup": "dialog" as const,
      "aria-expanded": open,
      onPointerEnter: preload,
      onFocus: preload,
      onClick: () => {
        setOpened(true);
        onOpen();
      },
    },
    /** Radix gives focus back only to its own Trigger. */
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      trigger.current?.focus();
    },
  };
}
