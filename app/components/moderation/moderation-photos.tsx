import { useRef, useState } from "react";
import { GalleryGrid } from "~/components/property/gallery/gallery-grid";
import { GalleryLightbox } from "~/components/property/gallery/gallery-lightbox";
import type { StoredImage } from "@common/property-card";
import { PropertyImage } from "~/components/property/property-image";

/**
 * Every photo, not only the detail page's first five: the operator checks each one, and can open
 * it large in the gallery's lightbox (the public gallery does not exist before approval).
 */
export function ModerationPhotos({ images, title }: { images: readonly StoredImage[]; title: string }) {
  const [index, setIndex] = useState<number | null>(null);
  const openedAt = useRef(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const count = images.length;
  return (
    <section aria-labelledby="fotos-titulo">
      <h2 id="fotos-titulo" className="mb-3 text-xl font-semibold">
        {count === 0 ? "Fotos" : count === 1 ? "1 foto" : `${count} fotos`}
      </h2>
      {count === 0 ? (
        <PropertyImage image={null} sizes="100vw" className="aspect-[4/3] w-full rounded-2xl sm:aspect-[3/1]" />
      ) : (
        <>
          <GalleryGrid
            images={images}
            onOpen={(i) => {
              openedAt.current = i;
              setIndex(i);
            }}
            registerButton={(i, button) => {
              buttons.current[i] = button;
            }}
          />
          <GalleryLightbox
            images={images}
            title={title}
            index={index}
            onNavigate={setIndex}
            onClose={() => setIndex(null)}
            focusOnClose={() => buttons.current[openedAt.current] ?? null}
          />
        </>
      )}
    </section>
  );
}
