import { Search, SlidersHorizontal } from "lucide-react";
import { useRef, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { LIMITS } from "@common/limits";
import { CATEGORY_MAX_GUESTS, categorySearch, parseCategoryQuery, SORT_LABELS, SORTS, type PropertyQuery, type Sort } from "@common/property-query";
import { CityAutocomplete } from "~/components/ui/city-autocomplete";
import { inputClass } from "~/components/ui/field";
import { formFields } from "~/lib/form";
import { PriceRange } from "./price-range";

const label = "mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200";

/**
 * The category page's filters as a GET form: without JavaScript the browser submits it; with it,
 * the URL is written without defaults (the spec's params) and selects apply at once.
 */
export function CategoryFilters({
  path,
  query,
  order,
  onNavigate,
}: {
  path: string;
  query: PropertyQuery;
  /** The order shown (the query's, or the search's own) and whether the search is around a place (then "Mais próximos" is offered). */
  order: { sort: Sort; centred: boolean };
  onNavigate: (search: string) => void;
}) {
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const [open, setOpen] = useState(false);

  function apply() {
    if (!form.current) return;
    const next = categorySearch(parseCategoryQuery(new URLSearchParams(formFields(new FormData(form.current)))));
    onNavigate(next);
    void navigate(path + next, { preventScrollReset: true });
  }

  return (
    <Form
      ref={form}
      method="get"
      action={path}
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
      className="space-y-4"
      aria-label="Filtros"
    >
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div>
          <label htmlFor="busca" className={label}>
            Buscar
          </label>
          <div className="relative">
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500" />
            <input id="busca" type="search" name="search" defaultValue={query.search} placeholder="Buscar propriedades..." maxLength={LIMITS.search} className={`${inputClass} pl-9`} />
          </div>
        </div>
        <CityAutocomplete name="location" label="Localização" defaultValue={query.location} placeholder="Localização" />
        <div>
          <label htmlFor="ordenar" className={label}>
            Ordenar por
          </label>
          <select id="ordenar" name="sort" defaultValue={order.sort} onChange={apply} className={inputClass}>
            {SORTS.filter((s) => s !== "distance" || order.centred).map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls="filtros-avancados"
        className="inline-flex items-center gap-2 rounded-lg border border-stone-300 px-4 py-2 text-sm font-medium lg:hidden dark:border-stone-700"
      >
        <SlidersHorizontal aria-hidden className="size-4" /> {open ? "Ocultar filtros" : "Mostrar filtros"}
      </button>
      <div id="filtros-avancados" className={`${open ? "grid" : "hidden"} gap-6 rounded-xl border border-stone-200 p-4 sm:grid-cols-2 lg:grid lg:grid-cols-[2fr_1fr_auto] lg:items-end dark:border-stone-800`}>
        <PriceRange min={query.minPrice} max={query.maxPrice} onCommit={apply} />
        <div>
          <label htmlFor="hospedes" className={label}>
            Hóspedes
          </label>
          <select id="hospedes" name="guests" defaultValue={query.minGuests} onChange={apply} className={inputClass}>
            {Array.from({ length: CATEGORY_MAX_GUESTS }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n === 1 ? "1 hóspede ou mais" : `${n} hóspedes ou mais`}
              </option>
            ))}
          </select>
        </div>
        <div className="flex gap-3">
          <button type="submit" className="rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800">
            Aplicar
          </button>
          <Link to={path} preventScrollReset className="rounded-lg border border-stone-300 px-4 py-2.5 font-medium hover:bg-stone-100 dark:border-stone-700 dark:hover:bg-stone-800">
            Limpar filtros
          </Link>
        </div>
      </div>
    </Form>
  );
}
