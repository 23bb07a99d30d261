import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import type { Route } from "./+types/anfitriao";
import { languagesSentence } from "@common/languages";
import { pageWindow } from "@common/property-query";
import { hostPage } from "@server/accounts/public-host";
import { formatRating, reviewCountLabel } from "@common/reviews";
import { responsivenessOf } from "@server/trust/contacts";
import { hostRating } from "@server/trust/reviews";
import { sharedPageHeaders } from "@server/http/cache-policy";
import { linkButton, PageMessage } from "~/components/layout/page-message";
import { PropertyCard } from "~/components/property/property-card";
import { HostBadges } from "~/components/property/host-badges";
import { SharePart } from "~/components/share/share-part";
import { Avatar } from "~/components/ui/avatar";
import { Icon } from "~/components/ui/icons";
import { Pagination } from "~/components/ui/pagination";
import { linkPreview, seoMeta } from "~/lib/seo.server";
import { breadcrumbData } from "~/lib/structured-data.server";

function pageFrom(url: URL): number {
  const raw = url.searchParams.get("pagina");
  return raw && /^\d{1,6}$/.test(raw) ? Math.max(1, Number(raw)) : 1;
}

const pageHref = (hostId: string) => (page: number) => `/anfitriao/${encodeURIComponent(hostId)}${page > 1 ? `?pagina=${page}` : ""}`;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const found = await hostPage(context.services.database.db, params.id, pageFrom(url));
  if (!found) throw data(null, { status: 404 });
  // One address per page: page 1 has none, and a page past the end goes to the last one.
  const canonical = pageHref(params.id)(found.page);
  if (url.pathname + url.search !== canonical) throw redirect(canonical);
  const db = context.services.database.db;
  const [rating, responsiveness] = await Promise.all([hostRating(db, found.host.id), responsivenessOf(db, found.host.id, context.services.clock.now())]);
  const base = context.services.config.BASE_URL;
  const pageUrl = new URL(canonical, base).href;
  const title = `${found.host.firstName} no Recanto`;
  const description = `${found.host.firstName} está no Recanto desde ${found.host.memberSince} e tem ${found.total === 1 ? "1 hospedagem publicada" : `${found.total} hospedagens publicadas`}.`;
  return {
    ...found,
    // Over all the host's public listings; formatted here, as the cards' prices are.
    rating: rating ? `${formatRating(rating.average)} · ${reviewCountLabel(rating.count)}` : null,
    responsiveness,
    languages: languagesSentence(found.host.languages),
    url: pageUrl,
    seo: [
      { title: `${title} | Recanto` },
      { name: "description", content: description },
      ...seoMeta({ canonical: pageUrl, structuredData: [breadcrumbData([{ name: found.host.firstName, path: pageHref(params.id)(1) }], base)] }),
      ...linkPreview({ title, description, url: pageUrl }),
    ],
  };
}

/** The same for every anonymous visitor: shared caches may keep it (server/http/cache-policy.ts). */
export const headers: Route.HeadersFunction = sharedPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? loaderData.seo : [{ title: "Anfitrião não encontrado | Recanto" }, { name: "robots", content: "noindex" }];

export default function Anfitriao({ loaderData }: Route.ComponentProps) {
  const { host, listings, total, page, pageCount, languages, rating, responsiveness, url } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <header className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <Avatar name={host.firstName} photoKey={host.photoKey} size="lg" alt={host.photoKey ? `Foto de ${host.firstName}` : ""} />
        <div>
          <h1 className="text-3xl font-bold">{host.firstName}</h1>
          <p className="mt-1 text-stone-700 dark:text-stone-300">{`No Recanto desde ${host.memberSince}`}</p>
          <HostBadges host={host} className="mt-3" />
          {rating || responsiveness ? (
            <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm font-medium">
              {rating ? (
                <span className="flex items-center gap-1.5">
                  <Icon name="star" aria-hidden className="size-4 fill-current text-amber-600 dark:text-amber-400" />
                  <span className="sr-only">Nota média nos anúncios: </span>
                  {rating}
                </span>
              ) : null}
              {responsiveness ? (
                <span className="flex items-center gap-1.5">
                  <Icon name="message-circle" aria-hidden className="size-4" />
                  {responsiveness}
                </span>
              ) : null}
            </p>
          ) : null}
        </div>
        <div className="sm:ml-auto sm:self-start">
          <SharePart url={url} text={`Conheça as hospedagens de ${host.firstName} no Recanto:`} />
        </div>
      </header>
      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <section aria-labelledby="sobre-anfitriao" className="lg:col-span-2">
          <h2 id="sobre-anfitriao" className="text-xl font-semibold">{`Sobre ${host.firstName}`}</h2>
          {host.bio ? (
            <p className="mt-3 whitespace-pre-line break-words text-stone-800 dark:text-stone-200">{host.bio}</p>
          ) : (
            <p className="mt-3 text-stone-600 dark:text-stone-400">{`${host.firstName} ainda não escreveu sobre si.`}</p>
          )}
        </section>
        {languages ? (
          <section aria-labelledby="idiomas-anfitriao">
            <h2 id="idiomas-anfitriao" className="flex items-center gap-2 text-xl font-semibold">
              <Icon name="globe" aria-hidden className="size-5" /> Idiomas
            </h2>
            <p className="mt-3 text-stone-800 dark:text-stone-200">{`Fala ${languages}.`}</p>
          </section>
        ) : null}
      </div>
      <section aria-labelledby="anuncios-anfitriao" className="mt-12">
        <h2 id="anuncios-anfitriao" className="text-2xl font-semibold">{`Hospedagens de ${host.firstName}`}</h2>
        <p className="mt-1 text-stone-600 dark:text-stone-300">{total === 1 ? "1 hospedagem publicada" : `${total} hospedagens publicadas`}</p>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {listings.map((listing, i) => (
            <li key={listing.id}>
              <PropertyCard property={listing} titleLevel={3} eager={i === 0} sizes="(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" />
            </li>
          ))}
        </ul>
        <Pagination page={page} pageCount={pageCount} pages={pageWindow(page, pageCount)} href={pageHref(host.id)} />
      </section>
      <p className="mt-12 border-t border-stone-200 pt-6 dark:border-stone-800">
        <Link to={`/denunciar/anfitriao/${host.id}`} className="inline-flex items-center gap-1.5 text-sm font-semibold text-stone-700 underline underline-offset-2 dark:text-stone-300">
          <Icon name="siren" aria-hidden className="size-4" /> Denunciar anfitrião
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <PageMessage
      icon={<Icon name="search-x" aria-hidden className="size-12" />}
      title="Anfitrião não encontrado"
      actions={
        <Link to="/" className={linkButton}>
          Voltar ao início
        </Link>
      }
    >
      <p>{notFound ? "Este anfitrião não existe ou não tem hospedagens publicadas." : "Erro ao carregar o anfitrião."}</p>
    </PageMessage>
  );
}
