import { Link } from "react-router";
import { HOME_PAGE_SIZE, homeSearch, pageWindow, type PropertyQuery } from "@common/property-query";
import { queryChips } from "@common/query-chips";
import type { PlaceNotes } from "@server/properties/place-notes";
import type { ShownResults } from "@server/properties/shown-results";
import { ResultsWithMap } from "~/components/map/results-with-map";
import { HomeSearchForm, searchButtonClass } from "./home-search";
import { MoreFilters } from "./more-filters";
import { PlaceSuggestions } from "./place-suggestions";
import { QueryChips } from "./query-chips";
import { SearchResults } from "./search-results";
import { useFormResetKey } from "~/lib/use-form-reset-key";

/** The home page's results (a search from the home page's form): loaded only by the pages that show them (routes/home.tsx). */
export default function HomeResults({ query, results, notes }: { query: PropertyQuery; results: Promise<ShownResults>; notes: PlaceNotes }) {
  const search = homeSearch(query);
  const form = useFormResetKey(search);
  const chips = queryChips(query, notes.stateNames);
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">Resultados da busca</h1>
      <div className="mt-6 rounded-2xl border border-stone-200 p-4 dark:border-stone-800">
        {/* On phones the place fields live in the filter drawer. */}
        <HomeSearchForm
          key={form.key}
          query={query}
          idPrefix="busca"
          layout="grid gap-4 md:grid-cols-2 lg:grid-cols-[minmax(15rem,1.4fr)_1.2fr_1fr_1fr_auto_auto] lg:items-end"
          placeFieldsClassName="hidden md:block"
          onSearch={form.expect}
          moreFilters={
            <div className="md:col-span-2 lg:order-last lg:col-span-full">
              <MoreFilters query={query} tipo="" searchFor={homeSearch} idPrefix="busca-mais" variant="dialog" />
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
      <QueryChips chips={chips} href={(chip) => `/${homeSearch(chip.without)}`} clearHref="/" />
      <PlaceSuggestions notes={notes} href={(change) => `/${homeSearch({ ...query, ...change, page: 1 })}`} />
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
            <p className="mb-4 text-stone-700 dark:text-stone-300">
              <span className="font-semibold">{count}</span>
              {r.page > 1 && r.pageCount > 1 ? <span className="ml-2 text-sm text-stone-600 dark:text-stone-400">{`Página ${r.page} de ${r.pageCount}`}</span> : null}
            </p>
          )}
          pages={(r) => pageWindow(r.page, r.pageCount)}
          pageHref={(page) => `/${homeSearch({ ...query, page })}`}
        />
      </ResultsWithMap>
    </div>
  );
}
