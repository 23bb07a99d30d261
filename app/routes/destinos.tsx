import { data, Form, Link, redirect, useNavigate } from "react-router";
import type { Route } from "./+types/destinos";
import { sharedPageHeaders } from "@server/http/cache-policy";
import { CATEGORY_PAGE_SIZE, categorySearch, compactPageWindow, DEFAULT_QUERY, homeSearch, parseCategoryQuery, type PropertyQuery, type Sort } from "@common/property-query";
import { destinationPage, type DestinationLink } from "@server/destinations/destination-page";
import { searchInput } from "@server/properties/search-input";
import { resultsAsShown } from "@server/properties/shown-results";
import { NotFoundMessage } from "~/components/layout/not-found-message";
import { ResultsWithMap } from "~/components/map/results-with-map";
import { SearchResults } from "~/components/search/search-results";
import { SharePart } from "~/components/share/share-part";
import { PlaceSuggestions } from "~/components/search/place-suggestions";
import { QueryChips } from "~/components/search/query-chips";
import { SortField, SortSubmitWithoutScript } from "~/components/search/sort-field";
import { redirectToCanonical } from "~/lib/redirects";
import { linkPreview, resultListSeo } from "~/lib/seo.server";
import { streamed } from "~/lib/streamed.server";
import { breadcrumbData } from "~/lib/structured-data.server";
import { useFormResetKey } from "~/lib/use-form-reset-key";

/**
 * Destination pages (decision 033): a state, a municipality, or a municipality's type
 * (/destinos/sp/campos-do-jordao/chales), each a search fixed to its place, where it has public
 * listings; anything else is a 404 that suggests the nearest real destinations.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lookup = destinationPage(await context.catalogue.destinations(), params);
  if (lookup.kind === "moved") throw redirect(lookup.path + url.search, 301);
  if (lookup.kind === "not-found") {
    context.services.logger.info({ path: url.pathname }, "destination not found");
    return data({ view: null, suggestions: lookup.suggestions }, { status: 404 });
  }
  const { view } = lookup;
  const { sort, page } = parseCategoryQuery(url.searchParams);
  // Newest first is the list's own order ("Mais próximos" needs a place to be near).
  const query: PropertyQuery = { ...DEFAULT_QUERY, state: view.scope.uf, sort: sort === "newest" || sort === "distance" ? null : sort, page };
  redirectToCanonical(url, view.path, destinationSearch(query));
  const input = searchInput(query, { types: view.scope.types, pageSize: CATEGORY_PAGE_SIZE, municipalityCode: view.scope.municipalityCode ?? undefined });
  const results = streamed(
    context.catalogue.search(input).then((found) => resultsAsShown(context.services.database.db, found, null, query)),
    context,
    "destination search",
    { path: view.path },
  );
  const reviewsExist = await streamed(context.catalogue.reviewsExist(), context, "destination search").catch(() => false);
  const base = context.services.config.BASE_URL;
  const canonical = new URL(view.path + categorySearch({ ...DEFAULT_QUERY, page }), base).href;
  const trail = [...view.trail.map((step) => ({ name: step.label, path: step.href })), { name: view.heading, path: view.path }];
  const seo = [
    { title: `${view.heading} | Recanto` },
    { name: "description", content: view.description },
    ...resultListSeo(base, view.path, query, destinationSearch, [breadcrumbData(trail, base)]),
    ...linkPreview({ title: view.heading, description: view.description, url: canonical }),
  ];
  return { view, query, sort: input.sort, reviewsExist, results, shareUrl: new URL(view.path, base).href, seo, suggestions: [] };
}

/** The list's order and page in its URL, defaults omitted. */
const destinationSearch = (query: PropertyQuery) => categorySearch({ ...DEFAULT_QUERY, sort: query.sort, page: query.page });

/** The same for every anonymous visitor: shared caches may keep it (server/http/cache-policy.ts). */
export const headers: Route.HeadersFunction = sharedPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData?.view ? loaderData.seo : [{ title: "Página não encontrada | Recanto" }]);

export default function DestinationPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.view) {
    return (
      <>
        <NotFoundMessage />
        {loaderData.suggestions.length > 0 ? <DestinationLinks id="sugestoes" title="Destinos com hospedagens" links={loaderData.suggestions} className="mx-auto max-w-3xl px-4 pb-16" /> : null}
      </>
    );
  }
  return <Destination {...loaderData} view={loaderData.view} />;
}

function Destination({ view, query, sort, reviewsExist, results, shareUrl }: Extract<Route.ComponentProps["loaderData"], { results: unknown }> & { view: NonNullable<Route.ComponentProps["loaderData"]["view"]> }) {
  const pageHref = (page: number) => view.path + destinationSearch({ ...query, page });
  const url = view.path + destinationSearch(query);
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <nav aria-label="Você está em" className="mb-4 text-sm">
        <ol className="flex flex-wrap items-center gap-x-2">
          <li>
            <Link to="/" className="underline underline-offset-2">
              Início
            </Link>
          </li>
          {view.trail.map((step) => (
            <li key={step.href} className="before:mr-2 before:content-['›']">
              <Link to={step.href} className="underline underline-offset-2">
                {step.label}
              </Link>
            </li>
          ))}
        </ol>
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <h1 className="text-3xl font-bold">{view.heading}</h1>
        <SharePart url={shareUrl} text={`${view.heading} no Recanto:`} />
      </div>
      <PlaceSuggestions links={view.namesakes} />
      <p className="mt-3 max-w-3xl text-lg text-stone-700 dark:text-stone-300">{view.intro}</p>
      {view.types.length > 0 ? <DestinationLinks id="tipos" title="Tipos de hospedagem" links={view.types} className="mt-8" /> : null}
      <div className="mt-8 flex flex-wrap items-center justify-between gap-4">
        <SortForm path={view.path} search={destinationSearch(query)} sort={sort} reviewsExist={reviewsExist} />
      </div>
      {view.trail.length > 1 ? <QueryChips chips={[{ key: "tipo", label: view.scope.types.join(""), href: view.trail.at(-1)!.href }]} clearHref={view.trail.at(-1)!.href} /> : null}
      <ResultsWithMap results={results} area={null} areaHref={(area) => `/${homeSearch({ ...DEFAULT_QUERY, area })}`}>
        <SearchResults
          url={url}
          results={results}
          skeletons={8}
          error={
            <h2 role="alert" className="mt-12 text-center text-xl font-semibold">
              Erro ao carregar propriedades
            </h2>
          }
          // A destination has public listings by definition (the tally and the list read the same rows).
          empty={null}
          pages={(r) => compactPageWindow(r.page, r.pageCount)}
          pageHref={pageHref}
        />
      </ResultsWithMap>
      {view.cities.length > 0 ? <DestinationLinks id="cidades" title="Cidades com hospedagens" links={view.cities} className="mt-12" /> : null}
      {view.nearby.length > 0 ? <DestinationLinks id="proximos" title="Destinos próximos" links={view.nearby} className="mt-12" /> : null}
    </div>
  );
}

/** "Ordenar por": the list's order, as a GET form that works before (and without) JavaScript. */
function SortForm({ path, search, sort, reviewsExist }: { path: string; search: string; sort: Sort; reviewsExist: boolean }) {
  const navigate = useNavigate();
  // Back, forward or a link to another order remount the form with the URL's order; choosing one does not.
  const form = useFormResetKey(search);
  return (
    <Form key={form.key} method="get" action={path} className="flex items-center gap-2">
      <SortField
        id="ordenar-destino"
        sort={sort}
        centred={false}
        reviewsExist={reviewsExist}
        className="flex items-center gap-2"
        labelClassName="text-sm font-medium whitespace-nowrap"
        onChange={(event) => {
          const next = destinationSearch({ ...DEFAULT_QUERY, sort: event.currentTarget.value as Sort });
          form.expect(next);
          void navigate(path + next, { preventScrollReset: true });
        }}
      />
      <SortSubmitWithoutScript />
    </Form>
  );
}

function DestinationLinks({ id, title, links, className }: { id: string; title: string; links: DestinationLink[]; className?: string }) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {links.map((link) => (
          <li key={link.href}>
            <Link
              to={link.href}
              className="block rounded-xl border border-stone-200 px-4 py-3 hover:border-stone-500 dark:border-stone-700"
            >
              <span className="block font-semibold">{link.label}</span>
              <span className="block text-sm text-stone-600 dark:text-stone-300">{link.note}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
