import { Icon } from "~/components/ui/icons";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { homeSearch, type PropertyQuery } from "@common/property-query";
import { HomeSearchForm } from "./home-search";
import { MoreFiltersSection } from "./more-filters-fields";

/** The phone filters' bottom sheet, loaded when first opened (filter-drawer.tsx holds its state). */
export function FilterDrawerSheet({
  query,
  open,
  onOpenChange,
  formKey,
  onCloseAutoFocus,
}: {
  query: PropertyQuery;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  formKey: number;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content onCloseAutoFocus={onCloseAutoFocus} className="fixed inset-x-0 bottom-0 z-50 max-h-[90vh] overflow-y-auto rounded-t-2xl bg-white p-6 shadow-xl dark:bg-stone-900">
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">Filtros</Dialog.Title>
            <Dialog.Close aria-label="Fechar" className="rounded-full p-2 hover:bg-stone-100 dark:hover:bg-stone-800">
              <Icon name="x" aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Escolha onde, a categoria, o número de hóspedes, comodidades e estrutura.</Dialog.Description>
          <DrawerForm key={formKey} query={query} onSearch={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DrawerForm({ query, onSearch }: { query: PropertyQuery; onSearch: () => void }) {
  const [clears, setClears] = useState(0);
  const values = clears > 0 ? { ...query, location: "", checkIn: null, checkOut: null, propertyType: null, minGuests: 1, amenities: [], features: [], road: [], signal: [], internet: [], power: [] } : query;
  return (
    <HomeSearchForm
      key={clears}
      query={values}
      idPrefix="gaveta"
      layout="space-y-4"
      fields={["location", "dates", "propertyType", "minGuests"]}
      moreFilters={<MoreFiltersSection query={values} tipo="" searchFor={homeSearch} idPrefix="gaveta-mais" withShowButton={false} />}
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
