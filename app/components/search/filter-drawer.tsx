import { SlidersHorizontal, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import type { PropertyQuery } from "@common/property-query";
import { HomeSearchForm } from "./home-search";

/** Phones: a floating button opens the filters (Onde, Categoria, Hóspedes, Mais filtros) in a bottom sheet. */
export function FilterDrawer({ query }: { query: PropertyQuery }) {
  const [open, setOpen] = useState(false);
  // A new key empties the fields ("Limpar") and restores them from the URL on each opening.
  const [formKey, setFormKey] = useState(0);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setFormKey((k) => k + 1);
      }}
    >
      {/* Sticky at the end of the page's content rather than fixed: it floats while there is more
          below, and once scrolled to the end it rests under the last results, over nothing. */}
      <div className="pointer-events-none sticky bottom-0 z-30 flex justify-end px-4 pb-4 md:hidden">
        <Dialog.Trigger className="pointer-events-auto inline-flex items-center gap-2 rounded-full bg-brand-700 px-5 py-3 font-semibold text-white shadow-lg hover:bg-brand-800">
          <SlidersHorizontal aria-hidden className="size-5" /> Filtros
        </Dialog.Trigger>
      </div>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 max-h-[90vh] overflow-y-auto rounded-t-2xl bg-white p-6 shadow-xl dark:bg-stone-900">
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">Filtros</Dialog.Title>
            <Dialog.Close aria-label="Fechar" className="rounded-full p-2 hover:bg-stone-100 dark:hover:bg-stone-800">
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Escolha onde, a categoria, o número de hóspedes, comodidades e estrutura.</Dialog.Description>
          <DrawerForm key={formKey} query={query} onSearch={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DrawerForm({ query, onSearch }: { query: PropertyQuery; onSearch: () => void }) {
  const [clears, setClears] = useState(0);
  const values = clears > 0 ? { ...query, location: "", propertyType: null, minGuests: 1, amenities: [], features: [], road: [], signal: [], internet: [], power: [] } : query;
  return (
    <HomeSearchForm
      key={clears}
      query={values}
      idPrefix="gaveta"
      layout="space-y-4"
      fields={["location", "propertyType", "minGuests"]}
      moreFilters={{ variant: "section", className: "" }}
      onSearch={onSearch}
    >
      <div className="flex gap-3 pt-2">
        <button
          type="button"
          onClick={() => setClears((n) => n + 1)}
          className="flex-1 rounded-lg border border-stone-300 px-4 py-3 font-medium hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800"
        >
          Limpar
        </button>
        <button type="submit" className="flex-1 rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800">
          Buscar
        </button>
      </div>
    </HomeSearchForm>
  );
}
