import { Icon } from "~/components/ui/icons";
import { useRef, type ReactNode } from "react";
import { Form, useNavigate } from "react-router";
import { LIMITS } from "@common/limits";
import { PROPERTY_TYPES } from "@common/catalog";
import { DEFAULT_QUERY, DRAWER_GUEST_OPTIONS, homeSearch, parseHomeQuery, type PropertyQuery } from "@common/property-query";
import { CityAutocomplete } from "~/components/ui/city-autocomplete";
import { inputClass } from "~/components/ui/input-class";
import { formParams } from "~/lib/form";
import { StayFields } from "./stay-fields";

const label = "mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200";

/** The search button, as tall as the fields beside it (their border included). */
export const searchButtonClass = "rounded-lg border border-transparent bg-brand-700 px-6 py-2.5 font-semibold text-white hover:bg-brand-800";

/**
 * A GET form to the home results. With JavaScript the URL is written without empty or default
 * values ("Todas" and "Qualquer" are omitted); without it the server cleans the URL itself.
 * Filters not shown as fields (price, sort, and amenities and attributes unless `moreFilters` shows
 * them) are kept as hidden inputs.
 */
export function HomeSearchForm({
  query,
  idPrefix,
  layout,
  fields = ["search", "location", "dates", "propertyType", "minGuests"],
  onSearch,
  placeFieldsClassName = "",
  moreFilters,
  children,
}: {
  query: PropertyQuery;
  idPrefix: string;
  layout: string;
  fields?: ("search" | "location" | "dates" | "propertyType" | "minGuests")[];
  /** Classes for the Onde, dates, Categoria and Hóspedes fields (the hero leaves them to the drawer on phones). */
  placeFieldsClassName?: string;
  /** Told the results' query string before navigating there (the drawer closes itself). */
  onSearch?: (search: string) => void;
  /**
   * "Mais filtros" (amenities and attributes) as fields of this form, before `children`: a
   * `MoreFilters` element, which the caller imports, so that forms without it do not load its code.
   */
  moreFilters?: ReactNode;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const id = (name: string) => `${idPrefix}-${name}`;
  const shown: Partial<PropertyQuery> = {
    ...(fields.includes("search") && { search: "" }),
    ...(fields.includes("location") && { location: "" }),
    ...(fields.includes("dates") && { checkIn: null, checkOut: null }),
    ...(fields.includes("propertyType") && { propertyType: null }),
    ...(fields.includes("minGuests") && { minGuests: 1 }),
    ...(moreFilters && { amenities: [], features: [], road: [], signal: [], internet: [], power: [] }),
  };
  function searchWith(change: Partial<PropertyQuery> = {}) {
    if (!form.current) return;
    const next = homeSearch({ ...parseHomeQuery(formParams(form.current)), ...change });
    onSearch?.(next);
    void navigate(`/${next}`);
  }
  const kept = homeSearch({ ...query, ...shown, page: 1 });

  return (
    <Form
      ref={form}
      method="get"
      action="/"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        searchWith();
      }}
      className={layout}
    >
      {[...new URLSearchParams(kept)].map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {fields.includes("search") ? (
        <div>
          <label htmlFor={id("busca")} className={label}>
            O que procura?
          </label>
          <div className="relative">
            <Icon name="search" aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500" />
            <input id={id("busca")} type="search" name="search" defaultValue={query.search} placeholder="Cabana, lago, lareira..." maxLength={LIMITS.search} className={`${inputClass} pl-9`} />
          </div>
        </div>
      ) : null}
      {fields.includes("location") ? (
        <div className={placeFieldsClassName}>
          <CityAutocomplete name="location" label="Onde" defaultValue={query.location} placeholder="Cidade - UF" onNearMe={(near) => searchWith({ location: "", near, sort: null, page: 1 })} />
        </div>
      ) : null}
      {fields.includes("dates") ? <StayFields query={query} idPrefix={idPrefix} className={placeFieldsClassName} /> : null}
      {fields.includes("propertyType") ? (
        <div className={placeFieldsClassName}>
          <label htmlFor={id("categoria")} className={label}>
            Categoria
          </label>
          <select id={id("categoria")} name="propertyType" defaultValue={query.propertyType ?? ""} className={inputClass}>
            <option value="">Todas</option>
            {PROPERTY_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {fields.includes("minGuests") ? (
        <div className={placeFieldsClassName}>
          <label htmlFor={id("hospedes")} className={label}>
            Hóspedes
          </label>
          <select id={id("hospedes")} name="minGuests" defaultValue={query.minGuests > 1 ? query.minGuests : ""} className={inputClass}>
            <option value="">Qualquer</option>
            {DRAWER_GUEST_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {n === 1 ? "1 hóspede" : `${n} hóspedes`}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {moreFilters}
      {children}
    </Form>
  );
}

/**
 * The home page's own search form (the hero). Its code loads when someone reaches for it
 * (`HydrateOnUse` in routes/home.tsx): until then it is the server's GET form, which searches as
 * HTML does.
 */
export function HeroSearchForm() {
  return (
    <HomeSearchForm
      query={DEFAULT_QUERY}
      idPrefix="hero"
      layout="grid gap-4 md:grid-cols-2 lg:grid-cols-4 lg:items-end xl:grid-cols-[minmax(15rem,1.4fr)_minmax(11.5rem,1.1fr)_minmax(9.5rem,1fr)_minmax(9.5rem,1fr)_minmax(7.5rem,0.8fr)_minmax(7.5rem,0.8fr)_auto]"
      placeFieldsClassName="hidden md:block"
    >
      <button type="submit" className={searchButtonClass}>
        Buscar
      </button>
    </HomeSearchForm>
  );
}
