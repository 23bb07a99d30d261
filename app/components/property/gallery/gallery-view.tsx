import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import type { StoredImage } from "@common/property-card";
import { GalleryBreadcrumb } from "./gallery-breadcrumb";
import { GalleryGrid } from "./gallery-grid";
import { GalleryHeader } from "./gallery-header";
import { GalleryLightbox } from "./gallery-lightbox";
import { GalleryEmpty } from "./gallery-messages";

export interface GalleryProperty {
  slug: string;
  title: string;
  propertyType: string;
  images: StoredImage[];
}

/** `?foto=3` → index 2, when such a photo exists. */
function photoIndexFrom(param: string | null, count: number): number | null {
  if (!param || !/^\d+$/.test(param)) return null;
  const n = Number(param);
  return n >= 1 && n <= count ? n - 1 : null;
}

/**
 * Keeps `?foto=N` in the address bar so the open photo can be shared and survives a reload.
 * history.replaceState (keeping the router's own history state) instead of a router navigation:
 * each arrow press would otherwise re-run the page's loaders on the server.
 */
function showPhotoInUrl(index: number | null) {
  const url = new URL(window.location.href);
  if (index === null) url.searchParams.delete("foto");
  else url.searchParams.set("foto", String(index + 1));
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url);
}

export function GalleryView({ property }: { property: GalleryProperty }) {
  const { images } = property;
  const [searchParams] = useSearchParams();
  const [index, setIndex] = useState(() => photoIndexFrom(searchParams.get("foto"), images.length));
  // The photo whose button gets the focus back when the lightbox closes.
  const openedAt = useRef(index);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => showPhotoInUrl(index), [index]);

  function open(i: number) {
    openedAt.current = i;
    setIndex(i);
  }

  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 pb-16 sm:px-6">
      <GalleryBreadcrumb propertyType={property.propertyType} title={property.title} />
      <div className="mt-3">
        <GalleryHeader slug={property.slug} title={property.title} count={images.length} />
      </div>
      <div className="mt-6">
        {images.length === 0 ? (
          <GalleryEmpty slug={property.slug} />
        ) : (
          <GalleryGrid
            images={images}
            onOpen={open}
            registerButton={(i, button) => {
              buttons.current[i] = button;
            }}
          />
        )}
      </div>
      <GalleryLightbox
        images={images}
        title={property.title}
        index={index}
        onNavigate={setIndex}
        onClose={() => setIndex(null)}
        focusOnClose={() => buttons.current[openedAt.current ?? 0] ?? null}
      />
    </div>
  );
}
