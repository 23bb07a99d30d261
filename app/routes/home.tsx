import { Link, redirect } from "react-router";
import type { Route } from "./+types/home";
import { sharedPageHeaders } from "@server/http/cache-policy";
import { CATEGORIES, findCategory } from "@common/catalog";
import { CAROUSEL_SIZE, categorySearch, DEFAULT_QUERY, HOME_PAGE_SIZE, hasHomeFilters, homeSearch, pageWindow, parseHomeQuery, type PropertyQuery } from "@common/property-query";
import { queryChips } from "@common/query-chips";
import { searchInput } from "@server/properties/search-input";
import { placeNotes, type PlaceNotes } from "@server/properties/place-notes";
import { resultsAsShown, type ShownResults } from "@server/properties/shown-results";
import { homeQueryOf } from "@server/properties/understood-query";
import { CategoryCarousel } from "~/components/search/category-carousel";
import { HydrateInTurn, HydrateWhenSeen } from "~/components/ui/hydrate-when-seen";
import { FilterDrawer } from "~/components/search/filter-drawer";
import { HomeSearchForm } from "~/components/search/home-search";
import { PlaceSuggestions } from "~/components/search/place-suggestions";
import { QueryChips } from "~/components/search/query-chips";
import { SearchResults } from "~/components/search/search-results";
import { ResultsWithMap } from "~/components/map/results-with-map";
import { redirectToCanonical } from "~/lib/redirects";
import { streamed } from "~/lib/streamed.server";
import { useFormResetKey } from "~/lib/use-form-reset-key";

/** The categories shown as carousels on the home page, in this order. */
const HOME_SECTIONS = ["cabanas", "chales", "casas-na-arvore", "glamping", "pe-na-areia", "hoteis-fazenda", "pousadas", "conteineres"];

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const logged = <T,>(work: Promise<T>) => streamed(work, context, "home search");

  if (hasHomeFilters(url.searchParams)) {
    const home = homeQueryOf(parseHomeQuery(url.searchParams));
    if (home.kind === "collection") throw redirect(`/category/${home.category.slug}${categorySearch(home.query)}`);
    const { query, understood } = home;
    // One URL per result list: understood text in its filters; empty, default and bad values dropped.
    redirectToCanonical(url, "/", homeSearch(query));
    const input = searchInput(query, { types: query.propertyType ? [query.propertyType] : [], pageSize: HOME_PAGE_SIZE });
    const results = logged(context.catalogue.search(input).then((found) => resultsAsShown(found, understood.centerName)));
    return { view: "results" as const, query, results, ...placeNotes(understood) };
  }

  const sections = HOME_SECTIONS.map((slug) => {
    const category = findCategory(slug)!;
    const items = logged(context.catalogue.firstCards(searchInput(DEFAULT_QUERY, { types: category.types, anyAmenities: category.anyAmenities, pageSize: CAROUSEL_SIZE })));
    return { slug, name: category.name, tagline: category.tagline, items };
  });
  return { view: "hero" as const, query: DEFAULT_QUERY, sections };
}

/** The same for every anonymous visitor: shared caches may keep it (server/http/cache-policy.ts). */
export const headers: Route.HeadersFunction = sharedPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.view === "results" ? "Resultados da busca | Recanto" : "Recanto | Hospedagens na natureza" },
  {
    name: "description",
    content: "Cabanas, chalés, casas na árvore, glamping e hotéis fazenda em todo o Brasil. Fale direto com o anfitrião, sem comissão.",
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {loaderData.view === "results" ? (
        <Results {...loaderData} />
      ) : (
        <>
          <Hero />
          <div className="mx-auto max-w-7xl px-4 sm:px-6">
            {loaderData.sections.map((s, i) => (
              <HydrateWhenSeen key={s.slug} name={`carrossel-${s.slug}`}>
                <CategoryCarousel {...s} first={i === 0} />
              </HydrateWhenSeen>
            ))}
            <AllCategories />
          </div>
        </>
      )}
      <FilterDrawer query={loaderData.query} />
    </>
  );
}

// As tall as the fields beside it (their border included).
const searchButton = "rounded-lg border border-transparent bg-brand-700 px-6 py-2.5 font-semibold text-white hover:bg-brand-800";

function Hero() {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white px-4 pt-16 pb-10 dark:from-brand-900/40 dark:to-stone-950">
      <div className="mx-auto max-w-5xl text-center">
        <h1 className="text-4xl font-bold tracking-tight text-stone-900 sm:text-5xl dark:text-stone-50">Encontre seu refúgio na natureza</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-stone-700 dark:text-stone-300">
          Cabanas, chalés, casas na árvore e hotéis fazenda em todo o Brasil. Você fala direto com o anfitrião, sem comissão.
        </p>
      </div>
      <div className="mx-auto mt-8 max-w-6xl rounded-2xl border border-stone-200 bg-white p-4 text-left shadow-lg sm:p-6 dark:border-stone-800 dark:bg-stone-900">
        <HydrateInTurn>
          <HomeSearchForm
            query={DEFAULT_QUERY}
            idPrefix="hero"
            layout="grid gap-4 md:grid-cols-2 lg:grid-cols-[minmax(15rem,1.4fr)_1.2fr_1fr_1fr_auto] lg:items-end"
            placeFieldsClassName="hidden md:block"
          >
            <button type="submit" className={searchButton}>
              Buscar
            </button>
          </HomeSearchForm>
        </HydrateInTurn>
      </div>
    </section>
  );
}

function AllCategories() {
  return (
    <section aria-labelledby="categorias" className="py-10">
      <h2 id="categorias" className="text-2xl font-semibold">
        Explore por categoria
      </h2>
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {CATEGORIES.map((c) => (
          <li key={c.slug}>
            <Link
              to={`/category/${c.slug}`}
              className="block h-full rounded-xl border border-stone-200 p-4 hover:border-brand-400 hover:bg-brand-50 dark:border-stone-800 dark:hover:bg-stone-900"
            >
              <span className="block font-semibold">{c.name}</span>
              <span className="mt-1 block text-sm text-stone-600 dark:text-stone-400">{c.tagline}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Results({ query, results, notes }: { query: PropertyQuery; results: Promise<ShownResults>; notes: PlaceNotes }) {
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
          moreFilters={{ variant: "dialog", className: "md:col-span-2 lg:order-last lg:col-span-full" }}
        >
          <button type="submit" className={searchButton}>
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
