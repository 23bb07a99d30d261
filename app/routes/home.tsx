import { lazy, Suspense } from "react";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/home";
import { sharedPageHeaders } from "@server/http/cache-policy";
import { CATEGORIES, findCategory } from "@common/catalog";
import { CAROUSEL_SIZE, categorySearch, DEFAULT_QUERY, HOME_PAGE_SIZE, hasHomeFilters, homeSearch, parseHomeQuery } from "@common/property-query";
import { searchInput } from "@server/properties/search-input";
import { queryChips } from "@common/query-chips";
import { placeNotes } from "@server/properties/place-notes";
import { resultsAsShown } from "@server/properties/shown-results";
import { homeQueryOf } from "@server/properties/understood-query";
import { CategoryCarousel } from "~/components/search/category-carousel";
import { HydrateWhenSeen } from "~/components/ui/hydrate-when-seen";
import { HydrateOnUse } from "~/components/ui/hydrate-on-use";
import { FilterDrawer } from "~/components/search/filter-drawer";
import { redirectToCanonical } from "~/lib/redirects";
import { refuseUnusableStay } from "~/lib/stay-notice.server";
import { streamed } from "~/lib/streamed.server";
import { resultListSeo, seoMeta } from "~/lib/seo.server";
import { siteData } from "~/lib/structured-data.server";

/** The results' code, which the home page without a search never needs: loaded when results are shown. */
const HomeResults = lazy(() => import("~/components/search/home-results"));

/**
 * The hero's search form loads its code when someone reaches for it, as a category's filters do
 * (decision 020): the form, the place field, the dates and the search's query helpers stay out of
 * the home page's first load. The server draws it with the page, a GET form that works meanwhile;
 * "Perto de mim", which needs the browser, shows once the code has come, as on a category page.
 */
const loadHeroSearch = () => import("~/components/search/home-search");
const serverHeroSearch = import.meta.env.SSR ? await loadHeroSearch() : null;

/** The categories shown as carousels on the home page, in this order. */
const HOME_SECTIONS = ["cabanas", "chales", "casas-na-arvore", "glamping", "pe-na-areia", "hoteis-fazenda", "pousadas", "conteineres"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const logged = <T,>(work: Promise<T>) => streamed(work, context, "home search");

  if (hasHomeFilters(url.searchParams)) {
    const home = homeQueryOf(parseHomeQuery(url.searchParams));
    if (home.kind === "collection") throw redirect(`/category/${home.category.slug}${categorySearch(home.query)}`);
    const { query, understood } = home;
    // One URL per result list: understood text in its filters; empty, default and bad values dropped.
    await refuseUnusableStay(url, `/${homeSearch({ ...query, checkIn: null, checkOut: null })}`);
    redirectToCanonical(url, "/", homeSearch(query));
    const input = searchInput(query, { types: query.propertyType ? [query.propertyType] : [], pageSize: HOME_PAGE_SIZE });
    const results = logged(context.catalogue.search(input).then((found) => resultsAsShown(context.services.database.db, found, understood.centerName, query)));
    // The order shown: the chosen one, or the search's own (nearest first around a place).
    const { notes } = placeNotes(understood);
    const chips = queryChips(query, notes.stateNames, (without) => `/${homeSearch(without)}`);
    // With the database down the rating option is left out, as the list shows its error state (and the page is not kept).
    const reviewsExist = await logged(context.catalogue.reviewsExist()).catch(() => false);
    return { view: "results" as const, seo: resultListSeo(context.services.config.BASE_URL, "/", query, homeSearch), query, sort: input.sort, reviewsExist, results, notes, chips };
  }

  const sections = HOME_SECTIONS.map((slug) => {
    const category = findCategory(slug)!;
    const items = logged(context.catalogue.firstCards(searchInput(DEFAULT_QUERY, { types: category.types, anyAmenities: category.anyAmenities, pageSize: CAROUSEL_SIZE })));
    return { slug, name: category.name, tagline: category.tagline, items };
  });
  const base = context.services.config.BASE_URL;
  return { view: "hero" as const, seo: seoMeta({ canonical: new URL("/", base).href, structuredData: siteData(base) }), query: DEFAULT_QUERY, sections };
}

/** The same for every anonymous visitor: shared caches may keep it (server/http/cache-policy.ts). */
export const headers: Route.HeadersFunction = sharedPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.view === "results" ? "Resultados da busca | Recanto" : "Recanto | Hospedagens na natureza" },
  ...(data?.seo ?? []),
  {
    name: "description",
    content: "Cabanas, chalés, casas na árvore, glamping e hotéis fazenda em todo o Brasil. Fale direto com o anfitrião, sem comissão.",
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {loaderData.view === "results" ? (
        <Suspense fallback={null}>
          <HomeResults {...loaderData} />
        </Suspense>
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

function Hero() {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white px-4 pt-16 pb-10 sm:px-6 dark:from-brand-900/40 dark:to-stone-950">
      <div className="mx-auto max-w-5xl text-center">
        <h1 className="text-4xl font-bold tracking-tight text-stone-900 sm:text-5xl dark:text-stone-50">Encontre seu refúgio na natureza</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-stone-700 dark:text-stone-300">
          Cabanas, chalés, casas na árvore e hotéis fazenda em todo o Brasil. Você fala direto com o anfitrião, sem comissão.
        </p>
      </div>
      <div className="mx-auto mt-8 max-w-7xl rounded-2xl border border-stone-200 bg-white p-4 text-left shadow-lg sm:p-6 dark:border-stone-800 dark:bg-stone-900">
        <HydrateOnUse name="busca-inicio" load={loadHeroSearch} server={serverHeroSearch} pick={(search) => search.HeroSearchForm} props={{}} />
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
              className="category-tile"
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
