import { Suspense, useState, type ReactNode } from "react";
import { Await } from "react-router";
import type { ShownResults } from "@server/properties/shown-results";
import { Announce, LiveRegion } from "~/components/ui/live-message";
import { useListScroll } from "~/lib/use-list-scroll";
import { Pagination } from "~/components/ui/pagination";
import { PropertyGrid, PropertyGridSkeleton } from "./property-grid";

const plainCountLine = (_: ShownResults, count: string) => <p className="mb-4 text-sm text-stone-600 dark:text-stone-400">{count}</p>;

/**
 * A streamed result list: skeletons at once for every new query (the Suspense is keyed by its URL),
 * then the count (announced to screen readers), the cards or the empty state (noindex), and page links.
 */
export function SearchResults({
  url,
  results,
  skeletons,
  error,
  empty,
  countLine = plainCountLine,
  pages,
  pageHref,
}: {
  /** The list's path and query (where its listings' "Voltar" returns); tests wait for `data-results-for` to know these results are shown. */
  url: string;
  results: Promise<ShownResults>;
  skeletons: number;
  error: ReactNode;
  empty: ReactNode;
  /** The line above the cards; the count alone unless told. */
  countLine?: (result: ShownResults, count: string) => ReactNode;
  pages: (result: ShownResults) => (number | null)[];
  pageHref: (page: number) => string;
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
            const count = r.countText;
            return (
              <section aria-labelledby="resultados" data-results-for={url} className="mt-8">
                <h2 id="resultados" className="sr-only">
                  Resultados
                </h2>
                <Announce message={count} onAnnounce={setAnnouncement} />
                <KeepsScroll />
                {countLine(r, count)}
                {/* Hoisted into the head: crawlers get the page whole (app/entry.server.tsx). */}
                {r.items.length === 0 ? (
                  <>
                    <meta name="robots" content="noindex" />
                    {empty}
                  </>
                ) : (
                  <PropertyGrid properties={r.items} from={url} />
                )}
                <Pagination page={r.page} pageCount={r.pageCount} pages={pages(r)} href={pageHref} />
              </section>
            );
          }}
        </Await>
      </Suspense>
    </>
  );
}

/** Back from a listing lands where the person was, once the results are in (app/lib/use-list-scroll.ts). */
function KeepsScroll() {
  useListScroll();
  return null;
}
