import { Icon } from "~/components/ui/icons";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/minhas-propriedades";
import { HOST_LISTING_FILTERS, hostListingsHref, parseHostListingsQuery } from "@common/host-listings";
import { pageWindow } from "@common/property-query";
import { hostListingsPage } from "@server/properties/manage";
import { HostListingFilters } from "~/components/host/host-listing-filters";
import { HostPropertyCard } from "~/components/host/host-property-card";
import { linkButton, PageMessage } from "~/components/layout/page-message";
import { Pagination } from "~/components/ui/pagination";
import { requireHost } from "@server/accounts/guards";
import { guardPage } from "~/lib/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Minhas Propriedades | Recanto" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await guardPage(request, context, requireHost);
  const url = new URL(request.url);
  const query = parseHostListingsQuery(url.searchParams);
  const listings = await hostListingsPage(context.services.database.db, viewer.id, query);
  // One address per page: defaults and anything not understood are dropped, a page past the end goes to the last one.
  const canonical = hostListingsHref({ status: query.status, page: listings.page });
  if (url.pathname + url.search !== canonical) throw redirect(canonical);
  return { status: query.status, listings };
}

const countLabel = (n: number) => (n === 1 ? "1 propriedade" : `${n} propriedades`);

export default function MinhasPropriedades({ loaderData }: Route.ComponentProps) {
  const { status, listings } = loaderData;
  if (listings.counts.all === 0) {
    return (
      <PageMessage
        icon={<Icon name="house" aria-hidden className="h-12 w-12" />}
        title="Minhas Propriedades"
        actions={
          <Link to="/adicionar-propriedade" className={linkButton}>
            Adicionar primeira propriedade
          </Link>
        }
      >
        <p>Nenhuma propriedade cadastrada</p>
      </PageMessage>
    );
  }
  const filter = HOST_LISTING_FILTERS.find((f) => f.status === status);
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Minhas Propriedades</h1>
          <p className="mt-1 text-stone-600 dark:text-stone-300">{countLabel(listings.counts.all)}</p>
        </div>
        <Link to="/adicionar-propriedade" className={`${linkButton} gap-2`}>
          <Icon name="plus" aria-hidden className="size-4" />
          Adicionar Propriedade
        </Link>
      </div>
      <HostListingFilters status={status} counts={listings.counts} />
      {listings.items.length === 0 ? (
        <div className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-stone-300 px-4 py-16 text-center dark:border-stone-700">
          <Icon name="list-filter" aria-hidden className="size-10 text-brand-700 dark:text-brand-300" />
          <p className="mt-4 text-lg font-semibold">{filter?.empty}</p>
          <Link to={hostListingsHref({ status: null, page: 1 })} className="mt-4">
            Ver todas as propriedades
          </Link>
        </div>
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {listings.items.map((property) => (
            <li key={property.id}>
              <HostPropertyCard property={property} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={listings.page} pageCount={listings.pageCount} pages={pageWindow(listings.page, listings.pageCount)} href={(page) => hostListingsHref({ status, page })} />
    </div>
  );
}
