import { Icon } from "~/components/ui/icons";
import { useState } from "react";
import { useDialogOnDemand } from "~/components/ui/on-demand";
import { ServerMarkup } from "~/components/ui/server-markup";
import { useHydrated } from "~/lib/use-hydrated";
import type { MoreFiltersProps } from "./more-filters-fields";
import { GROUP_KEYS, selectionOf, triggerClass, triggerReplay, triggerText, type Selection } from "./more-filters-selection";

const loadDialog = () => import("./more-filters-dialog");
/** The <details> section that the server draws for the page before JavaScript runs: the browser never loads it. */
const serverFields = import.meta.env.SSR ? await import("./more-filters-fields") : null;

/**
 * "Mais filtros" in the category and results pages' GET forms: amenities and the rural attributes
 * as checkbox groups with how many listings each would find. A dialog once JavaScript runs, whose
 * boxes and counts load when first opened; before (and without) JavaScript, the server's <details>
 * section. "Mostrar N hospedagens" submits the form.
 */
export function MoreFilters(props: MoreFiltersProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const dialog = useDialogOnDemand({ load: loadDialog, open, onOpen: () => setOpen(true) });
  const applied = selectionOf(props.query);

  if (!hydrated) return <ServerMarkup>{serverFields ? <serverFields.MoreFiltersSection {...props} withShowButton /> : null}</ServerMarkup>;
  return (
    <>
      <button {...dialog.triggerProps} {...triggerReplay} className={triggerClass}>
        <Icon name="sliders-horizontal" aria-hidden className="size-4" /> {triggerText(applied)}
      </button>
      {/* Closed, the applied filters still go with the form (a sort or a price change keeps them). */}
      {open ? null : <SelectionInputs selection={applied} />}
      {dialog.module ? <dialog.module.MoreFiltersDialog {...props} open={open} onOpenChange={setOpen} onCloseAutoFocus={dialog.onCloseAutoFocus} /> : null}
    </>
  );
}

function SelectionInputs({ selection }: { selection: Selection }) {
  return GROUP_KEYS.filter((key) => selection[key].length > 0).map((key) => <input key={key} type="hidden" name={key} value={selection[key].join(",")} />);
}
