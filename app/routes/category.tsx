import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/category";
import { sharedPageHeaders } from "@server/http/cache-policy";
import { findCategory } from "@common/catalog";
import { CATEGORY_PAGE_SIZE, categorySearch, compactPageWindow, homeSearch, parseCategoryQuery } from "@common/property-query";
import { queryChips } from "@common/query-chips";
import { searchInput } from "@server/properties/search-input";
import { placeNotes } from "@server/properties/place-notes";
import { PRICE_STEP_TEXTS, resultsAsShown } from "@server/properties/shown-results";
import { categoryQueryOf } from "@server/properties/understood-query";
import { linkButton, PageMessage, secondaryLinkButton } from "~/components/layout/page-message";
import { PlaceSuggestions } from "~/components/search/place-suggestions";
import { QueryChips } from "~/components/search/query-chips";
import { SearchResults } from "~/components/search/search-results";
import { ResultsWithMap } from "~/components/map/results-with-map";
import { redirectToCanonical } from "~/lib/redirects";
import { refuseUnusableStay } from "~/lib/stay-notice.server";
import { streamed } from "~/lib/streamed.server";
import { resultListSeo } from "~/lib/seo.server";
import { breadcrumbData } from "~/lib/structured-data.server";
import { useFormResetKey } from "~/lib/use-form-reset-key";
import { HydrateOnUse } from "~/components/ui/hydrate-on-use";

/** The filters' code loads when someone first reaches for them (decision 020); the server draws them with the page. */
const loadFilters = () => import("~/components/search/category-filters");
const serverFilters = import.meta.env.SSR ? await loadFilters() : null;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const category = findCategory(params.categoryId);
  if (!category) return data({ category: null }, { status: 404 });
  const url = new URL(request.url);
  const page = categoryQueryOf(parseCategoryQuery(url.searchParams), category);
  if (page.kind === "type") throw redirect(`/${homeSearch(page.query)}`);
  const { query, understood } = page;
  // The type name works too ("/category/Chalé"), but each list has one URL: the slug, with understood
  // text in its filters, without defaults or bad values (absurd ones never reach the query).
  await refuseUnusableStay(url, `/category/${category.slug}${categorySearch({ ...query, checkIn: null, checkOut: null })}`);
  redirectToCanonical(url, `/category/${category.slug}`, categorySearch(query));
  const input = searchInput(query, { types: category.types, anyAmenities: category.anyAmenities, pageSize: CATEGORY_PAGE_SIZE });
  const results = streamed(
    context.catalogue.search(input).then((found) => resultsAsShown(context.services.database.db, found, understood.centerName, query)),
    context,
    "category search",
    { category: category.slug },
  );
  // The order shown: the chosen one, or the search's own (nearest first around a place).
  const path = `/category/${category.slug}`;
  const { notes } = placeNotes(understood);
  const chips = queryChips(query, notes.stateNames, (without) => path + categorySearch(without));
  // With the database down the rating option is left out, as the list shows its error state (and the page is not kept).
  const reviewsExist = await streamed(context.catalogue.reviewsExist(), context, "category search").catch(() => false);
  const base = context.services.config.BASE_URL;
  return {
    category: { slug: category.slug, name: category.name, tagline: category.tagline },
    // The head is written here: its texts stay out of the page's JavaScript.
    head: [
      { title: `${category.name}: ${category.tagline} | Recanto` },
      ...resultListSeo(base, path, query, categorySearch, [breadcrumbData([{ name: category.name, path }], base)]),
      { name: "description", content: `${category.name} para se hospedar em meio à natureza: ${category.tagline.toLowerCase()}. Fale direto com o anfitrião pelo WhatsApp, sem comissão.` },
    ],
    query,
    sort: input.sort,
    reviewsExist,
    results,
    priceStepTexts: PRICE_STEP_TEXTS,
    notes,
    chips,
  };
}

/** The same for every anonymous visitor: shared caches may keep it (server/http/cache-policy.ts). */
export const headers: Route.HeadersFunction = sharedPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => (data?.category ? data.head : [{ title: "Categoria não encontrada | Recanto" }]);

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.category) {
    return (
      <PageMessage
        title="Categoria não encontrada"
        actions={
          <Link to="/" className={linkButton}>
            Voltar ao início
          </Link>
        }
      >
        <p>A categoria que você está procurando não existe.</p>
      </PageMessage>
    );
  }
  return <CategoryListing {...loaderData} />;
}

function CategoryListing({ category, query, sort, reviewsExist, results, priceStepTexts, notes, chips }: Exclude<Route.ComponentProps["loaderData"], { category: null }>) {
  const path = `/category/${category.slug}`;
  const search = categorySearch(query);
  const pageHref = (page: number) => path + categorySearch({ ...query, page });
  const filtered = categorySearch({ ...query, sort: "newest", page: 1 }) !== "";
  const form = useFormResetKey(search);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">{category.name}</h1>
      <p className="mt-2 text-lg text-stone-600 dark:text-stone-300">{category.tagline}</p>
      <HydrateOnUse
        name="filtros"
        className="mt-8"
        load={loadFilters}
        server={serverFilters}
        pick={(filters) => filters.CategoryFilters}
        partKey={form.key}
        props={{ path, slug: category.slug, query, sort, centred: notes.centerName !== null, reviewsExist, priceStepTexts, onNavigate: form.expect }}
      />
      <QueryChips chips={chips} clearHref={path} />
      <PlaceSuggestions links={notes.alternatives.map((a) => ({ label: a.label, href: path + categorySearch({ ...query, ...a.change, page: 1 }) }))} />
      <ResultsWithMap results={results} area={query.area} areaHref={(area) => path + categorySearch({ ...query, location: "", near: null, area, page: 1 })}>
        <SearchResults
          url={path + search}
          results={results}
          skeletons={8}
          error={
            <div role="alert" className="mt-12 text-center">
              <h2 className="text-xl font-semibold">Erro ao carregar propriedades</h2>
              <p className="mt-2 text-stone-600 dark:text-stone-300">Tente recarregar a página ou ajustar os filtros.</p>
            </div>
          }
          empty={
            <div className="rounded-2xl border border-dashed border-stone-300 px-4 py-16 text-center dark:border-stone-700">
              <h3 className="text-xl font-semibold">Nenhuma propriedade encontrada</h3>
              <p className="mt-2 text-stone-600 dark:text-stone-300">Tente ajustar os filtros ou buscar por outras categorias.</p>
              {filtered ? (
                <Link to={path} className={`${secondaryLinkButton} mt-6`}>
                  Limpar filtros
                </Link>
              ) : null}
            </div>
          }
          pages={(r) => compactPageWindow(r.page, r.pageCount)}
          pageHref={pageHref}
        />
      </ResultsWithMap>
    </div>
  );
}
