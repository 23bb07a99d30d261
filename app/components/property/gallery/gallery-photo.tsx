import { Icon } from "~/components/ui/icons";
import { useState, type HTMLAttributes, type ReactNode } from "react";
import { imageUrl } from "@common/media";
import type { StoredImage } from "@common/property-card";

/**
 * What the lightbox shows, shared by its window (Radix's dialog, loaded when a photo is first
 * opened) and by the photo the server draws for an address with `?foto=N` until that code runs.
 */

export const roundButton =
  "flex size-11 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80 focus-visible:outline-white dark:focus-visible:outline-white";
export const previousPlace = "absolute top-1/2 left-2 -translate-y-1/2 sm:left-4";
export const nextPlace = "absolute top-1/2 right-2 -translate-y-1/2 sm:right-4";
export const frameClass = "fixed inset-0 z-50 flex flex-col bg-stone-950 text-white outline-none";
export const counterClass = "shrink-0 text-sm font-semibold tabular-nums";
export const barClass = "flex items-center gap-3 px-3 py-2 sm:px-5 sm:py-3";
export const titleClass = "min-w-0 flex-1 truncate text-sm text-stone-300 sm:text-base";
const stageClass = "relative min-h-0 flex-1 touch-pan-y touch-pinch-zoom select-none";

/** "3 de 8". */
export const photoCounter = (index: number, count: number) => `${index + 1} de ${count}`;

/** The photo, as large as the screen allows. `first`: the page opened on it, and it is the largest paint. */
export function LightboxImage({ image, first = false }: { image: StoredImage; first?: boolean }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <div role="img" aria-label={image.alt || "Foto"} className="flex size-full flex-col items-center justify-center gap-2 text-stone-300">
        <Icon name="image-off" aria-hidden className="size-10" />
        <span>Erro ao carregar</span>
      </div>
    );
  }
  return (
    <img
      src={imageUrl(image.storageKey, 1200)}
      width={image.width}
      height={image.height}
      alt={image.alt}
      draggable={false}
      fetchPriority={first ? "high" : undefined}
      onError={() => setFailed(true)}
      className="size-full object-contain"
    />
  );
}

/** The photo's place between the bar and the caption; `controls` are drawn over it (previous, next). */
export function PhotoStage({ children, controls, ...handlers }: { children: ReactNode; controls?: ReactNode } & HTMLAttributes<HTMLDivElement>) {
  return (
    <div {...handlers} className={stageClass}>
      <div className="absolute inset-0 sm:inset-x-20">{children}</div>
      {controls}
    </div>
  );
}

/** Under the photo: its description (the image's alt says the same to screen readers) and, on touch screens where a swipe works, the hint. */
export function PhotoCaption({ image, swipeHint }: { image: StoredImage; swipeHint: boolean }) {
  return (
    <div className="min-h-12 px-4 py-3 text-center text-sm text-stone-300">
      {image.alt ? <p aria-hidden>{image.alt}</p> : null}
      {swipeHint ? <p className="mt-1 hidden text-stone-400 pointer-coarse:block">Deslize para navegar</p> : null}
    </div>
  );
}
