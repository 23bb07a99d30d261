import { data } from "react-router";
import type { Route } from "./+types/property-gallery";
import { sharedPageHeaders } from "@server/http/cache-policy";
import { photoCount } from "~/components/property/gallery/gallery-header";
import { NOT_FOUND_TEXT, NOT_FOUND_TITLE, GalleryNotFound } from "~/components/property/gallery/gallery-messages";
import { GalleryView } from "~/components/property/gallery/gallery-view";
import { pendingPreview } from "@server/properties/preview";
import { getViewer } from "~/lib/auth.server";
import { useViewBeacon } from "~/lib/use-view-beacon";
import { seoMeta } from "~/lib/seo.server";
import { breadcrumbData } from "~/lib/structured-data.server";
import { findCategory } from "@common/catalog";

/** The photos of a listing awaiting approval, seen only by its host and operators (as its page, app/routes/accommodation.tsx). */
const PREVIEW_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const base = context.services.config.BASE_URL;
  const published = await context.catalogue.property(params.id);
  const preview = published ? null : await pendingPreview(context.services.database.db, await getViewer(context), params.id);
  const property = published ?? preview?.property;
  if (!property) return data({ property: null, preview: false }, { status: 404 });
  const { id, slug, title, propertyType, location, images } = property;
  const category = findCategory(propertyType);
  const gallery = `/property-gallery/${slug}`;
  const seo = seoMeta({
    canonical: new URL(gallery, base).href,
    structuredData: [
      breadcrumbData(
        [...(category ? [{ name: category.name, path: `/category/${category.slug}` }] : []), { name: title, path: `/accommodation/${slug}` }, { name: "Fotos", path: gallery }],
        base,
      ),
    ],
  });
  const page = { property: { id, slug, title, propertyType, location, images }, preview: preview !== null, seo };
  return preview ? data(page, { headers: PREVIEW_HEADERS }) : page;
}

/** The public gallery is the same for every anonymous visitor: shared caches may keep it (server/http/cache-policy.ts). */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) =>
  loaderHeaders.has("Cache-Control") ? Object.fromEntries(loaderHeaders) : sharedPageHeaders();

export const meta: Route.MetaFunction = ({ data }) => {
  const property = data?.property;
  if (!property) {
    return [
      { title: `${NOT_FOUND_TITLE} | Recanto` },
      { name: "description", content: NOT_FOUND_TEXT },
      { name: "robots", content: "noindex" },
    ];
  }
  if (data.preview) return [{ title: `Fotos de ${property.title} | Recanto` }, { name: "robots", content: "noindex" }];
  return [
    { title: `Fotos de ${property.title} | Recanto` },
    ...data.seo,
    {
      name: "description",
      content: `${photoCount(property.images.length)} de ${property.title}, ${property.propertyType} em ${property.location}. Hospedagem na natureza no Recanto.`,
    },
  ];
};

export default function PropertyGallery({ loaderData }: Route.ComponentProps) {
  useViewBeacon("galeria", loaderData.property && !loaderData.preview ? loaderData.property.id : null);
  return loaderData.property ? <GalleryView property={loaderData.property} /> : <GalleryNotFound />;
}

/** A failing loader (database down…) shows the same message as a missing property, not a crash page. */
export function ErrorBoundary() {
  return <GalleryNotFound />;
}
