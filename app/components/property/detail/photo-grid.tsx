import { Icon } from "~/components/ui/icons";
import { Link } from "react-router";
import type { StoredImage } from "@common/property-card";
import { PropertyImage } from "../property-image";

export const GRID_PHOTOS = 5;

/**
 * Tile shapes by photo count. Mobile: the cover full width, the others as a row of squares.
 * From 768px: the cover fills the left half and the others share the right half.
 */
const COVER = "col-span-4 aspect-[4/3] md:aspect-auto md:col-span-2 md:row-span-2";
const TILES: Record<number, string[]> = {
  1: ["col-span-4 aspect-[4/3] md:aspect-auto md:col-span-4 md:row-span-2"],
  2: [COVER, "md:col-span-2 md:row-span-2"],
  3: [COVER, "md:col-span-2", "md:col-span-2"],
  4: [COVER, "md:col-span-2", "md:col-span-1", "md:col-span-1"],
  5: [COVER, "md:col-span-1", "md:col-span-1", "md:col-span-1", "md:col-span-1"],
};
const THUMB = "col-span-1 aspect-square md:aspect-auto";

/** The first five photos, each opening the gallery; '+N' and 'Mostrar todas as fotos' when there are more. */
export function PhotoGrid({ images, galleryHref }: { images: readonly StoredImage[]; galleryHref: string }) {
  if (images.length === 0) {
    return <PropertyImage image={null} sizes="100vw" className="aspect-[4/3] w-full rounded-2xl md:aspect-auto md:h-[26rem]" />;
  }
  const shown = images.slice(0, GRID_PHOTOS);
  const hidden = images.length - shown.length;
  const shapes = TILES[shown.length]!;
  return (
    <section aria-label="Fotos da propriedade" className="relative">
      <ul className="grid grid-cols-4 gap-2 overflow-hidden rounded-2xl md:h-[26rem] md:grid-rows-2">
        {shown.map((image, i) => {
          const more = i === shown.length - 1 && hidden > 0;
          return (
            <li key={`${image.storageKey}-${i}`} className={`relative min-h-0 ${i === 0 ? "" : THUMB} ${shapes[i]}`}>
              {/* A photo opens in the gallery's lightbox; the '+N' tile opens the whole gallery. */}
              <Link to={more ? galleryHref : `${galleryHref}?foto=${i + 1}`} className="group block size-full overflow-hidden focus-visible:outline-offset-[-4px]">
                <PropertyImage
                  image={image}
                  eager={i === 0}
                  sizes={i === 0 ? "(min-width: 768px) 50vw, 100vw" : "(min-width: 768px) 25vw, 25vw"}
                  className="size-full transition-transform duration-300 group-hover:scale-105"
                />
                {more ? (
                  <span className="absolute inset-0 flex items-center justify-center bg-black/60 text-xl font-bold text-white md:text-3xl">
                    <span aria-hidden>{`+${hidden}`}</span>
                    <span className="sr-only">{`, mais ${hidden} fotos`}</span>
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
      {hidden > 0 ? (
        <Link
          to={galleryHref}
          className="mt-3 inline-flex items-center gap-2 rounded-lg border border-stone-900 bg-white px-4 py-2 text-sm font-semibold text-stone-900 shadow-sm hover:bg-stone-100 md:absolute md:right-4 md:bottom-4 md:mt-0"
        >
          <Icon name="images" aria-hidden className="size-4" />
          Mostrar todas as fotos
        </Link>
      ) : null}
    </section>
  );
}
