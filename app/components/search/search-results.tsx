import { Suspense, useState, type ReactNode } from "react";
import { Await } from "react-router";
import type { SearchResult } from "@server/properties/search";
import { Announce, LiveRegion } from "~/components/ui/live-message";
import { Pagination } from "~/components/ui/pagination";
import { PropertyGrid, PropertyGridSkeleton, resultsCountText } from "./property-grid";

/**
 * A streamed result list: skeletons at once for every new query (the Suspense is keyed by its URL),
 * then the count (announced to screen readers), the cards or the empty state, and page links.
 */
export function SearchResults({
  url,
  results,
  skeletons,
  error,
  empty,
  countLine,
  pages,
  pageHref,
  distanceFrom,
}: {
  /** The list's path and query (where its listings' "Voltar" returns); tests wait for `data-results-for` to know these results are shown. */
  url: string;
  results: Promise<SearchResult>;
  skeletons: number;
  error: ReactNode;
  empty: ReactNode;
  countLine: (result: SearchResult, count: string) => ReactNode;
  pages: (result: SearchResult) => (number | null)[];
  pageHref: (page: number) => string;
  /** The place the search is around, for each card's distance. */
  distanceFrom?: string;
}) {
  const [announcement, setAnnouncement] = useState("");
  return (
    <>
      <LiveRegion message={announcement} />
      <Suspense
        key={url}
        fallback={
          <div className="mt-8">
            <PropertyGridSkeleton count={skeletons} />
          </div>
        }
      >
        <Await resolve={results} errorElement={error}>
          {(r) => {
            const count = resultsCountText(r.total, r.totalIsCapped);
            return (
              <section aria-labelledby="resultados" data-results-for={url} className="mt-8">
                <h2 id="resultados" className="sr-only">
                  Resultados
                </h2>
                <Announce message={count} onAnnounce={setAnnouncement} />
                {countLine(r, count)}
                {r.items.length === 0 ? empty : <PropertyGrid properties={r.items} distanceFrom={distanceFrom} from={url} />}
                <Pagination page={r.page} pageCount={r.pageCount} pages={pages(r)} href={pageHref} />
              </section>
            );
          }}
        </Await>
      </Suspense>
    </>
  );
}
