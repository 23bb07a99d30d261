import type { StoredImage } from "@common/property-card";
import { PropertyImage } from "~/components/property/property-image";

/** Every photo as a button that opens the lightbox at its index. */
export function GalleryGrid({
  images,
  onOpen,
  registerButton,
}: {
  images: readonly StoredImage[];
  onOpen: (index: number) => void;
  /** Lets the lightbox give focus back to a photo's button when it closes. */
  registerButton: (index: number, button: HTMLButtonElement | null) => void;
}) {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {images.map((image, i) => (
        <li key={`${image.storageKey}-${i}`}>
          <button
            type="button"
            ref={(el) => registerButton(i, el)}
            onClick={() => onOpen(i)}
            aria-label={`Abrir foto ${i + 1} de ${images.length}${image.alt ? `: ${image.alt}` : ""}`}
            className="group block aspect-[3/2] w-full overflow-hidden rounded-xl bg-stone-200 dark:bg-stone-800"
          >
            <PropertyImage
              image={image}
              alt=""
              // The first two fill a phone's first screen (the sticky header covers part of the first,
              // so the second can be the largest paint); the rest load as they scroll in.
              eager={i < 2}
              sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
              className="size-full transition duration-300 group-hover:scale-105 motion-reduce:transition-none"
            />
          </button>
        </li>
      ))}
    </ul>
  );
}
