import { Icon } from "~/components/ui/icons";
import { useRef, useState, type ReactNode } from "react";
import { Form, Link, useNavigate } from "react-router";
import { LIMITS } from "@common/limits";
import {
  CATEGORY_MAX_GUESTS,
  categorySearch,
  DEFAULT_QUERY,
  defaultSort,
  parseCategoryQuery,
  type LatLng,
  type PropertyQuery,
  type Sort,
} from "@common/property-query";
import { CityAutocomplete } from "~/components/ui/city-autocomplete";
import { RadiusField } from "./radius-field";
import { StayFields } from "./stay-fields";
import { inputClass } from "~/components/ui/input-class";
import { formParams } from "~/lib/form";
import { MoreFilters } from "./more-filters";
import { PriceRange } from "./price-range";
import { SortField } from "./sort-field";

const label = "mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200";

/**
 * The category page's filters as a GET form: without JavaScript the browser submits it; with it,
 * the URL is written without defaults (the spec's params) and selects apply at once. Filters
 * without a field here (a state, "Perto de mim", the map's area) are kept as hidden inputs.
 *
 * `sort` is the order shown (the query's, or the search's own); `centred`: the search is around a
 * place, so "Mais próximos" and the distance are offered.
 *
 * On phones only the search shows, beside "Filtros", which opens the rest, so the results start
 * on the first screen; from 640px the place and the order show too, and from 1024px everything.
 */
export function CategoryFilters({
  path,
  slug,
  query,
  sort,
  centred,
  reviewsExist,
  priceStepTexts,
  onNavigate,
}: {
  path: string;
  slug: string;
  query: PropertyQuery;
  sort: Sort;
  centred: boolean;
  /** Any listing has reviews: "Mais bem avaliados" is offered. */
  reviewsExist: boolean;
  /** The price slider's steps as shown (see PriceRange). */
  priceStepTexts: readonly string[];
  onNavigate: (search: string) => void;
}) {
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const [open, setOpen] = useState(false);
  const kept = categorySearch({ ...DEFAULT_QUERY, state: query.state, near: query.near, area: query.area });

  function go(change: Partial<PropertyQuery> = {}) {
    if (!form.current) return;
    const q = { ...parseCategoryQuery(formParams(form.current)), ...change };
    // The search's own order stays implicit: one URL per list.
    const next = categorySearch({ ...q, sort: q.sort === defaultSort(centred) ? null : q.sort });
    onNavigate(next);
    void navigate(path + next, { preventScrollReset: true });
  }
  const apply = () => go();

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
      {[...new URLSearchParams(kept)].map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <div className={`grid grid-cols-[minmax(0,1fr)_auto] items-end gap-3 ${centred ? "sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto]" : "sm:grid-cols-[1fr_1fr_auto]"}`}>
        <div>
          <label htmlFor="busca" className={label}>
            Buscar
          </label>
          <div className="relative">
            <Icon name="search" aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500" />
            <input id="busca" type="search" name="search" defaultValue={query.search} placeholder="Buscar propriedades..." maxLength={LIMITS.search} className={`${inputClass} pl-9`} />
          </div>
        </div>
        <FiltersToggle open={open} onToggle={() => setOpen((o) => !o)} controls="filtros-lugar filtros-mais filtros-avancados" className="inline-flex h-11.5 sm:hidden">
          Filtros
        </FiltersToggle>
        {/* On phones, once opened, a block under the search; from 640px its fields sit in the search's row. */}
        <div id="filtros-lugar" className={`${open ? "grid" : "hidden"} col-span-2 gap-3 sm:contents`}>
          <CityAutocomplete
            name="location"
            label="Localização"
            defaultValue={query.location}
            placeholder="Localização"
            onNearMe={(near: LatLng) => go({ location: "", near, sort: null, page: 1 })}
          />
          <SortField id="ordenar" sort={sort} centred={centred} reviewsExist={reviewsExist} labelClassName={label} onChange={apply} />
          {centred ? <RadiusField id="distancia" radiusKm={query.radiusKm} onChange={apply} /> : null}
        </div>
      </div>
      <div id="filtros-mais" className={`${open ? "flex" : "hidden sm:flex"} flex-wrap items-start gap-3`}>
        <FiltersToggle open={open} onToggle={() => setOpen((o) => !o)} controls="filtros-avancados" className="hidden py-2 sm:inline-flex lg:hidden">
          {open ? "Ocultar filtros" : "Mostrar filtros"}
        </FiltersToggle>
        <MoreFilters query={query} tipo={slug} searchFor={categorySearch} idPrefix="mais" />
      </div>
      <div id="filtros-avancados" className={`${open ? "grid" : "hidden"} gap-6 rounded-xl border border-stone-200 p-4 sm:grid-cols-2 lg:grid lg:grid-cols-[minmax(0,1.6fr)_minmax(9.5rem,1fr)_minmax(9.5rem,1fr)_minmax(11.5rem,1.2fr)_auto] lg:items-end dark:border-stone-800`}>
        <PriceRange min={query.minPrice} max={query.maxPrice} stepTexts={priceStepTexts} onCommit={apply} />
        <StayFields query={query} idPrefix="estadia" />
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

/** Shows and hides the filters that do not fit the screen (which ones depends on the width: see CategoryFilters). */
function FiltersToggle({ open, onToggle, controls, className, children }: { open: boolean; onToggle: () => void; controls: string; className: string; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={controls}
      className={`items-center gap-2 rounded-lg border border-stone-300 px-4 text-sm font-medium dark:border-stone-700 ${className}`}
    >
      <Icon name="sliders-horizontal" aria-hidden className="size-4" /> {children}
    </button>
  );
}
