import { useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { DEFAULT_RADIUS_KM, defaultSort, HOME_PAGE_SIZE, homeSearch, pageWindow, type PropertyQuery, type Sort } from "@common/property-query";
import type { QueryChip } from "@common/query-chips";
import type { PlaceNotes } from "@server/properties/place-notes";
import type { ShownResults } from "@server/properties/shown-results";
import { ResultsWithMap } from "~/components/map/results-with-map";
import { HomeSearchForm, searchButtonClass } from "./home-search";
import { MoreFilters } from "./more-filters";
import { PlaceSuggestions } from "./place-suggestions";
import { QueryChips } from "./query-chips";
import { SearchResults } from "./search-results";
import { RadiusField } from "./radius-field";
import { SortField, SortSubmitWithoutScript } from "./sort-field";
import { Icon } from "~/components/ui/icons";
import { useFormResetKey } from "~/lib/use-form-reset-key";

/** The home page's results (a search from the home page's form): loaded only by the pages that show them (routes/home.tsx). */
export default function HomeResults({
  query,
  sort,
  reviewsExist,
  results,
  notes,
  chips,
}: {
  query: PropertyQuery;
  sort: Sort;
  /** Any listing has reviews: "Mais bem avaliados" is offered. */
  reviewsExist: boolean;
  results: Promise<ShownResults>;
  notes: PlaceNotes;
  chips: QueryChip[];
}) {
  const search = homeSearch(query);
  const form = useFormResetKey(search);
  const centred = notes.centerName !== null;
  // On phones the form folds away once there are results, so the first one shows on the first screen;
  // the chips below say what was searched.
  const [formOpen, setFormOpen] = useState(false);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 md:py-10">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold md:text-3xl">Resultados da busca</h1>
        <button
          type="button"
          onClick={() => setFormOpen((open) => !open)}
          aria-expanded={formOpen}
          aria-controls="busca-formulario"
          className="inline-flex shrink-0 items-center gap-2 rounded-lg border border-stone-300 px-3 py-2 text-sm font-medium md:hidden dark:border-stone-700"
        >
          <Icon name="search" aria-hidden className="size-4" />
          {formOpen ? "Ocultar busca" : "Editar busca"}
        </button>
      </div>
      <div id="busca-formulario" className={`${formOpen ? "" : "max-md:hidden "}mt-4 rounded-2xl border border-stone-200 p-4 md:mt-6 dark:border-stone-800`}>
        {/* On phones the place fields live in the filter drawer. */}
        <HomeSearchForm
          key={form.key}
          query={query}
          idPrefix="busca"
          layout="grid gap-4 md:grid-cols-2 lg:grid-cols-4 lg:items-end xl:grid-cols-[minmax(0,1.2fr)_minmax(0,1.1fr)_minmax(9.5rem,1fr)_minmax(9.5rem,1fr)_minmax(0,0.8fr)_minmax(0,0.8fr)_auto_auto]"
          placeFieldsClassName="hidden md:block"
          onSearch={form.expect}
          moreFilters={
            <div className="md:col-span-2 lg:order-last lg:col-span-full">
              <MoreFilters query={query} tipo="" searchFor={homeSearch} idPrefix="busca-mais" />
            </div>
          }
        >
          <button type="submit" className={searchButtonClass}>
            Buscar
          </button>
          <Link to="/" className="rounded-lg border border-stone-300 px-4 py-2.5 text-center font-medium hover:bg-stone-100 dark:border-stone-700 dark:hover:bg-stone-800">
            Limpar
          </Link>
        </HomeSearchForm>
      </div>
      <QueryChips chips={chips} clearHref="/" />
      <PlaceSuggestions links={notes.alternatives.map((a) => ({ label: a.label, href: `/${homeSearch({ ...query, ...a.change, page: 1 })}` }))} />
      <ResultsWithMap results={results} area={query.area} areaHref={(area) => `/${homeSearch({ ...query, location: "", near: null, area, page: 1 })}`}>
        <SearchResults
          url={`/${search}`}
          results={results}
          skeletons={HOME_PAGE_SIZE}
          error={
            <p role="alert" className="mt-12 text-center text-lg">
              Erro ao carregar as propriedades. Tente novamente mais tarde.
            </p>
          }
          empty={
            <p className="rounded-2xl border border-dashed border-stone-300 px-4 py-16 text-center text-lg dark:border-stone-700">
              Nenhuma propriedade encontrada com os filtros selecionados.
            </p>
          }
          countLine={(r, count) => (
            <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
              <p className="text-stone-700 dark:text-stone-300">
                <span className="font-semibold">{count}</span>
                {r.page > 1 && r.pageCount > 1 ? <span className="ml-2 text-sm text-stone-600 dark:text-stone-400">{`Página ${r.page} de ${r.pageCount}`}</span> : null}
              </p>
              {centred || r.items.length > 1 ? <ResultsOrder query={query} sort={sort} centred={centred} reviewsExist={reviewsExist} showSort={r.items.length > 1} /> : null}
            </div>
          )}
          pages={(r) => pageWindow(r.page, r.pageCount)}
          pageHref={(page) => `/${homeSearch({ ...query, page })}`}
        />
      </ResultsWithMap>
    </div>
  );
}

/**
 * The distance around the place searched (when there is one) and the results' order, as on a
 * category's filters: a GET form of its own carrying the search, which applies at once with
 * JavaScript (the search's own order stays out of the URL: one URL per list).
 */
function ResultsOrder({ query, sort, centred, reviewsExist, showSort }: { query: PropertyQuery; sort: Sort; centred: boolean; reviewsExist: boolean; showSort: boolean }) {
  const navigate = useNavigate();
  const kept = new URLSearchParams(homeSearch({ ...query, sort: showSort ? null : query.sort, radiusKm: centred ? DEFAULT_RADIUS_KM : query.radiusKm, page: 1 }));
  const inline = "text-sm font-medium whitespace-nowrap text-stone-800 dark:text-stone-200";
  return (
    <Form method="get" action="/" className="flex flex-wrap items-center gap-x-4 gap-y-2">
      {[...kept].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {centred ? (
        <RadiusField
          id="raio-busca"
          radiusKm={query.radiusKm}
          className="flex items-center gap-2"
          labelClassName={inline}
          onChange={(event) => void navigate(`/${homeSearch({ ...query, radiusKm: Number(event.currentTarget.value), page: 1 })}`, { preventScrollReset: true })}
        />
      ) : null}
      {showSort ? (
        <SortField
          id="ordenar-busca"
          sort={sort}
          centred={centred}
          reviewsExist={reviewsExist}
          className="flex items-center gap-2"
          labelClassName={inline}
          onChange={(event) => {
            const chosen = event.currentTarget.value as Sort;
            void navigate(`/${homeSearch({ ...query, sort: chosen === defaultSort(centred) ? null : chosen, page: 1 })}`, { preventScrollReset: true });
          }}
        />
      ) : null}
      <SortSubmitWithoutScript />
    </Form>
  );
}
