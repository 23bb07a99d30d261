import { Icon } from "~/components/ui/icons";
import { useState } from "react";
import type { PropertyQuery } from "@common/property-query";
import { useDialogOnDemand } from "~/components/ui/on-demand";

const loadSheet = () => import("./filter-drawer-sheet");

/** Phones: a floating button opens the filters (Onde, Categoria, Hóspedes, Mais filtros) in a bottom sheet. */
export function FilterDrawer({ query }: { query: PropertyQuery }) {
  const [open, setOpen] = useState(false);
  // A new key empties the fields ("Limpar") and restores them from the URL on each opening.
  const [formKey, setFormKey] = useState(0);
  const change = (next: boolean) => {
    setOpen(next);
    setFormKey((k) => k + 1);
  };
  const dialog = useDialogOnDemand({ load: loadSheet, open, onOpen: () => change(true) });
  return (
    <>
      {/* Sticky at the end of the page's content rather than fixed: it floats while there is more
          below, and once scrolled to the end it rests under the last results, over nothing. */}
      <div className="pointer-events-none sticky bottom-0 z-30 flex justify-end px-4 pb-4 md:hidden">
        <button
          {...dialog.triggerProps}
          className="pointer-events-auto inline-flex items-center gap-2 rounded-full bg-brand-700 px-5 py-3 font-semibold text-white shadow-lg hover:bg-brand-800"
        >
          <Icon name="sliders-horizontal" aria-hidden className="size-5" /> Filtros
        </button>
      </div>
      {dialog.module ? (
        <dialog.module.FilterDrawerSheet query={query} open={open} onOpenChange={change} formKey={formKey} onCloseAutoFocus={dialog.onCloseAutoFocus} />
      ) : null}
    </>
  );
}
