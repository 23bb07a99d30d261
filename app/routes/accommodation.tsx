import { ArrowLeft, SearchX } from "lucide-react";
import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/accommodation";
import { findCategory } from "@common/catalog";
import { formatBRL } from "@common/format";
import { imageUrl } from "@common/media";
import { todayInBrazil } from "@common/whatsapp";
import { findPublicProperty } from "@server/properties/properties";
import { linkButton, PageMessage } from "~/components/layout/page-message";
import { ContactCard } from "~/components/property/detail/contact-card";
import { PhotoGrid } from "~/components/property/detail/photo-grid";
import { PropertyAbout, PropertyFacts, PropertyHeading } from "~/components/property/detail/property-summary";
import { FavoriteButton } from "~/components/property/favorite-button";

export async function loader({ params, context }: Route.LoaderArgs) {
  const property = await findPublicProperty(context.services.database.db, params.id);
  if (!property) throw data(null, { status: 404 });
  const base = context.services.config.BASE_URL;
  const cover = property.images[0];
  return {
    property,
    categorySlug: findCategory(property.propertyType)?.slug ?? null,
    today: todayInBrazil(),
    // Link previews (WhatsApp, social networks) need absolute addresses, and JPEG: not every crawler reads WebP.
    share: {
      url: new URL(`/accommodation/${property.slug}`, base).href,
      image: cover ? { url: new URL(imageUrl(cover.storageKey, 1200, "jpeg"), base).href, alt: cover.alt } : null,
    },
  };
}

function clip(text: string, max: number) {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Propriedade não encontrada | Recanto" }, { name: "robots", content: "noindex" }];
  const { property, share } = loaderData;
  const title = `${property.title} | Recanto`;
  const description = clip(
    `${property.propertyType} em ${property.location}, ${formatBRL(property.priceCents)} / noite. ${property.description}`,
    160,
  );
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: share.url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Recanto" },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:title", content: property.title },
    { property: "og:description", content: description },
    { property: "og:url", content: share.url },
    ...(share.image
      ? [
          { property: "og:image", content: share.image.url },
          { property: "og:image:alt", content: share.image.alt },
          { name: "twitter:card", content: "summary_large_image" },
        ]
      : []),
  ];
};

export default function Accommodation({ loaderData }: Route.ComponentProps) {
  const { property, categorySlug, today } = loaderData;
  return (
    <article className="mx-auto max-w-6xl px-4 pt-4 pb-16 sm:px-6 md:pt-6">
      <div className="mb-4 flex items-center justify-between gap-4">
        <Link
          to="/"
          className="inline-flex items-center gap-2 rounded-full px-3 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100 dark:text-stone-100 dark:hover:bg-stone-800"
        >
          <ArrowLeft aria-hidden className="size-4" />
          Voltar
        </Link>
        <FavoriteButton propertyId={property.id} title={property.title} className="border border-stone-300 dark:border-stone-700" />
      </div>
      <PropertyHeading title={property.title} location={property.location} />
      <div className="mt-5">
        <PhotoGrid images={property.images} galleryHref={`/property-gallery/${property.slug}`} />
      </div>
      <div className="mt-8 grid gap-x-12 md:grid-cols-[minmax(0,1fr)_20rem] lg:grid-cols-[minmax(0,1fr)_23rem]">
        <PropertyFacts
          maxGuests={property.maxGuests}
          bedrooms={property.bedrooms}
          bathrooms={property.bathrooms}
          propertyType={property.propertyType}
          categorySlug={categorySlug}
        />
        {/* Right after the facts on phones; a sticky column beside the text from 768px. */}
        <aside className="mb-8 md:col-start-2 md:row-span-2 md:row-start-1 md:mb-0">
          <div className="md:sticky md:top-24">
            <ContactCard
              slug={property.slug}
              priceCents={property.priceCents}
              maxGuests={property.maxGuests}
              hasWhatsapp={property.hasWhatsapp}
              today={today}
            />
          </div>
        </aside>
        <div className="md:col-start-1">
          <PropertyAbout description={property.description} amenities={property.amenities} safetyItems={property.safetyItems} />
        </div>
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <PageMessage
      icon={<SearchX aria-hidden className="size-12" />}
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
