import { Icon } from "~/components/ui/icons";
import { lazy } from "react";
import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/accommodation";
import { sharedPageHeaders } from "@server/http/cache-policy";
import { findCategory } from "@common/catalog";
import { formatBRL } from "@common/format";
import { nightOf } from "@common/nights";
import { destinationPath } from "@common/places";
import { municipalityByLabel } from "@server/cities/places";
import { linkButton, PageMessage } from "~/components/layout/page-message";
import { ContactBar, ContactCard } from "~/components/property/detail/contact-card";
import { PhotoGrid } from "~/components/property/detail/photo-grid";
import { BackLink, PropertyDetailLayout } from "~/components/property/detail/property-detail-layout";
import { FavoriteButton } from "~/components/property/favorite-button";
import { SharePart } from "~/components/share/share-part";
import { PlaceMap } from "~/components/map/place-map";
import { listingBackPath, listingStay } from "~/lib/redirects";
import { listingAvailability } from "@server/availability/listing-availability";
import { getViewer } from "~/lib/auth.server";
import { publicHostOf } from "@server/accounts/public-host";
import { pendingPreview } from "@server/properties/preview";
import { listingCardPath } from "@server/sharing/listing-cards";
import { CARD_HEIGHT, CARD_WIDTH } from "@common/listing-card";
import { PreviewNotice } from "~/components/property/detail/preview-notice";
import { HydrateWhenSeen } from "~/components/ui/hydrate-when-seen";
import { responsivenessOf } from "@server/trust/contacts";
import { NOINDEX } from "~/lib/seo";
import { linkPreview, seoMeta } from "~/lib/seo.server";
import { reviewsView } from "~/lib/listing-reviews.server";
import { useViewBeacon } from "~/lib/use-view-beacon";
import { breadcrumbData, listingData } from "~/lib/structured-data.server";

/**
 * The host's section, the reviews and the listing's body ("Sobre este lugar" and what follows) are
 * below the first screen on phones: the browser loads their code when they come near (decision
 * 020), the server draws them with the page.
 */
const loadPropertyBody = () => import("~/components/property/detail/property-body");
const serverPropertyBody = import.meta.env.SSR ? await loadPropertyBody() : null;
const PropertyBody = serverPropertyBody?.PropertyBody ?? lazy(() => loadPropertyBody().then((m) => ({ default: m.PropertyBody })));
const loadHostSection = () => import("~/components/property/detail/host-section");
const serverHostSection = import.meta.env.SSR ? await loadHostSection() : null;
const HostSection = serverHostSection?.HostSection ?? lazy(() => loadHostSection().then((m) => ({ default: m.HostSection })));
const loadReviewsSection = () => import("~/components/property/detail/reviews-section");
const serverReviewsSection = import.meta.env.SSR ? await loadReviewsSection() : null;
const ReviewsSection = serverReviewsSection?.ReviewsSection ?? lazy(() => loadReviewsSection().then((m) => ({ default: m.ReviewsSection })));

/** Page n of a listing's reviews: `?avaliacoes=n` on its page. */
const REVIEWS_PAGE = "avaliacoes";

/** A preview is seen only by its host and operators: kept by no shared cache nor the browser, indexed by no search engine. */
const PREVIEW_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const published = await context.catalogue.property(params.id);
  // Not public: a listing awaiting approval is shown to its host and to operators; anyone else gets the 404.
  const preview = published ? null : await pendingPreview(context.services.database.db, await getViewer(context), params.id);
  const property = published ?? preview?.property;
  if (!property) throw data(null, { status: 404 });
  const db = context.services.database.db;
  const host = preview ? await publicHostOf(db, property.id) : await context.catalogue.publicHostOf(property.id);
  const base = context.services.config.BASE_URL;
  const today = nightOf(new Date());
  const url = new URL(request.url);
  const category = findCategory(property.propertyType) ?? null;
  const pageUrl = new URL(`/accommodation/${property.slug}`, base).href;
  // Formatted here, not on the phone (see PropertyCardData.price).
  const price = formatBRL(property.priceCents);
  const description = clip(`${property.propertyType} em ${property.location}, ${price} / noite. ${property.description}`, 160);
  const page = {
    /** Who is previewing a listing awaiting approval; null on the public page. */
    preview: preview?.viewer ?? null,
    property,
    price,
    host,
    responsiveness: host ? await responsivenessOf(db, host.id, context.services.clock.now()) : null,
    reviews: preview ? null : await reviewsView(db, property.id, Number(url.searchParams.get(REVIEWS_PAGE)) || 1),
    categorySlug: category?.slug ?? null,
    placeHref: preview ? null : destinationOf(property.location),
    backTo: listingBackPath(url),
    today,
    availability: await listingAvailability(context.services.database.db, property.id, today),
    stay: listingStay(url, today),
    seo: preview
      ? [{ title: `Pré-visualização: ${property.title} | Recanto` }, NOINDEX]
      : [
          { title: `${property.title} | Recanto` },
          { name: "description", content: description },
          ...seoMeta({
            canonical: pageUrl,
            structuredData: [
              listingData(property, pageUrl, base),
              breadcrumbData([...(category ? [{ name: category.name, path: `/category/${category.slug}` }] : []), { name: property.title, path: `/accommodation/${property.slug}` }], base),
            ],
          }),
          ...linkPreview({
            title: property.title,
            description,
            url: pageUrl,
            // The listing's card (server/sharing/listing-cards.ts): its address names what it shows.
            image: {
              url: new URL(listingCardPath({ ...property, coverKey: property.images[0]?.storageKey ?? null }), base).href,
              width: CARD_WIDTH,
              height: CARD_HEIGHT,
              alt: `${property.title}, ${property.location}: ${price} por noite`,
            },
          }),
        ],
    shareUrl: pageUrl,
  };
  return preview ? data(page, { headers: PREVIEW_HEADERS }) : page;
}

/** The destination page of a public listing's city (decision 033): it has at least this listing. */
function destinationOf(location: string): string | null {
  const municipality = municipalityByLabel(location);
  return municipality ? destinationPath(municipality) : null;
}

function clip(text: string, max: number) {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/**
 * The public page is the same for every anonymous visitor: shared caches may keep it
 * (server/http/cache-policy.ts). A preview sends its own headers (PREVIEW_HEADERS).
 */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) =>
  loaderHeaders.has("Cache-Control") ? Object.fromEntries(loaderHeaders) : sharedPageHeaders();

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? loaderData.seo : [{ title: "Propriedade não encontrada | Recanto" }, NOINDEX];

export default function Accommodation({ loaderData }: Route.ComponentProps) {
  const { preview, property, price, host, responsiveness, reviews, categorySlug, placeHref, today, backTo, availability, stay, shareUrl } = loaderData;
  useViewBeacon("pagina", preview ? null : property.id);
  return (
    <PropertyDetailLayout
      topBar={
        <div className="mb-4 flex items-center justify-between gap-4">
          <BackLink to={backTo}>Voltar</BackLink>
          {/* Only a published listing can be a favourite, or be shared. */}
          {preview ? null : (
            <div className="flex items-center gap-2">
              <SharePart url={shareUrl} text={`Olha este lugar no Recanto: ${property.title}`} />
              <FavoriteButton propertyId={property.id} title={property.title} className="border border-stone-300 dark:border-stone-700" />
            </div>
          )}
        </div>
      }
      notice={preview ? <PreviewNotice viewer={preview} /> : null}
      property={property}
      categorySlug={categorySlug}
      placeHref={placeHref}
      photos={<PhotoGrid images={property.images} galleryHref={`/property-gallery/${property.slug}`} />}
      body={
        <HydrateWhenSeen name="sobre">
          <PropertyBody property={property} />
        </HydrateWhenSeen>
      }
      aside={
        <ContactCard
          slug={property.slug}
          price={price}
          priceCents={property.priceCents}
          availability={availability}
          initialStay={stay}
          maxGuests={property.maxGuests}
          hasWhatsapp={property.hasWhatsapp}
          today={today}
          preview={preview !== null}
        />
      }
      asideOnPhones="after-facts"
      phoneBar={<ContactBar price={price} />}
      place={
        property.lat !== null && property.lng !== null ? (
          <PlaceMap position={{ lat: property.lat, lng: property.lng }} exact={property.showExactLocation} location={property.location} />
        ) : null
      }
      reviews={
        preview ? null : (
          <HydrateWhenSeen name="avaliacoes">
            <ReviewsSection reviews={reviews} pageHref={(page) => `/accommodation/${property.slug}${page > 1 ? `?${REVIEWS_PAGE}=${page}` : ""}#avaliacoes`} />
          </HydrateWhenSeen>
        )
      }
      host={
        host ? (
          <HydrateWhenSeen name="anfitriao">
            <HostSection host={host} responsiveness={responsiveness} reportPath={preview ? null : `/denunciar/anuncio/${property.slug}`} />
          </HydrateWhenSeen>
        ) : null
      }
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <PageMessage
      icon={<Icon name="search-x" aria-hidden className="size-12" />}
      title="Propriedade não encontrada"
      actions={
        <Link to="/" className={linkButton}>
          Voltar ao início
        </Link>
      }
    >
      <p>{notFound ? "Esta propriedade não existe ou foi removida." : "Erro ao carregar a propriedade."}</p>
    </PageMessage>
  );
}
