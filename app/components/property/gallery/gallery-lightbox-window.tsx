import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import ImageOff from "lucide-react/icons/image-off";
import X from "lucide-react/icons/x";
import { Dialog } from "radix-ui";
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { imageUrl } from "@common/media";
import type { StoredImage } from "@common/property-card";
import type { LightboxProps } from "./gallery-lightbox";

/** A horizontal move longer than this (CSS pixels) is a swipe; shorter ones do nothing. */
const SWIPE_MIN_DISTANCE = 50;

const roundButton =
  "flex size-11 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80 focus-visible:outline-white dark:focus-visible:outline-white";

/**
 * Full-screen photo viewer, loaded when first opened (gallery-lightbox.tsx): "N de M", close, previous/next with wraparound, arrow keys and swipe.
 * Radix gives the focus trap, Escape and the scroll lock; `focusOnClose` names the photo to return to.
 */
export function GalleryLightboxWindow({
  images,
  title,
  index,
  onNavigate,
  onClose,
  focusOnClose,
}: LightboxProps) {
  const image = index === null ? undefined : images[index];
  const count = images.length;
  const step = (delta: 1 | -1) => {
    if (index !== null) onNavigate((index + delta + count) % count);
  };
  usePreloadNeighbours(images, index);
  const swipe = useSwipe(step);

  function onKeyDown(event: KeyboardEvent) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      event.preventDefault();
      step(event.key === "ArrowRight" ? 1 : -1);
    }
  }

  return (
    <Dialog.Root open={image !== undefined} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-950" />
        <Dialog.Content
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(event) => {
            const target = focusOnClose();
            if (target) {
              event.preventDefault();
              target.focus();
            }
          }}
          className="fixed inset-0 z-50 flex flex-col text-white outline-none"
        >
          {image && index !== null ? (
            <>
              <div className="flex items-center gap-3 px-3 py-2 sm:px-5 sm:py-3">
                <p aria-live="polite" className="shrink-0 text-sm font-semibold tabular-nums">{`${index + 1} de ${count}`}</p>
                <Dialog.Title className="min-w-0 flex-1 truncate text-sm text-stone-300 sm:text-base">
                  <span className="sr-only">Fotos de </span>
                  {title}
                </Dialog.Title>
                <Dialog.Close aria-label="Fechar" className={roundButton}>
                  <X aria-hidden className="size-6" />
                </Dialog.Close>
              </div>
              <Dialog.Description className="sr-only">
                Use as setas para a esquerda e para a direita para trocar de foto, e Esc para fechar.
              </Dialog.Description>
              <div {...swipe} className="relative min-h-0 flex-1 touch-pan-y touch-pinch-zoom select-none">
                <div className="absolute inset-0 sm:inset-x-20">
                  <LightboxImage key={index} image={image} />
                </div>
                {count > 1 ? (
                  <>
                    <button type="button" onClick={() => step(-1)} aria-label="Foto anterior" className={`${roundButton} absolute top-1/2 left-2 -translate-y-1/2 sm:left-4`}>
                      <ChevronLeft aria-hidden className="size-7" />
                    </button>
                    <button type="button" onClick={() => step(1)} aria-label="Próxima foto" className={`${roundButton} absolute top-1/2 right-2 -translate-y-1/2 sm:right-4`}>
                      <ChevronRight aria-hidden className="size-7" />
                    </button>
                  </>
                ) : null}
              </div>
              <div className="min-h-12 px-4 py-3 text-center text-sm text-stone-300">
                {/* The image's alt says the same to screen readers. */}
                {image.alt ? <p aria-hidden>{image.alt}</p> : null}
                {count > 1 ? <p className="mt-1 hidden text-stone-400 pointer-coarse:block">Deslize para navegar</p> : null}
              </div>
            </>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function LightboxImage({ image }: { image: StoredImage }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <div role="img" aria-label={image.alt || "Foto"} className="flex size-full flex-col items-center justify-center gap-2 text-stone-300">
        <ImageOff aria-hidden className="size-10" />
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
      onError={() => setFailed(true)}
      className="size-full object-contain"
    />
  );
}

/** Warms the cache with the photos a step away, so next/previous show at once. */
function usePreloadNeighbours(images: readonly StoredImage[], index: number | null) {
  useEffect(() => {
    if (index === null || images.length < 2) return;
    for (const i of new Set([(index + 1) % images.length, (index - 1 + images.length) % images.length])) {
      const preload = new Image();
      preload.src = imageUrl(images[i]!.storageKey, 1200);
    }
  }, [images, index]);
}

/**
 * Pointer handlers for a one-finger horizontal swipe (touch, pen or mouse drag): left shows the
 * next photo, right the previous. A second finger (pinch zoom) cancels the gesture.
 */
function useSwipe(onSwipe: (delta: 1 | -1) => void) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  return {
    onPointerDown(event: PointerEvent) {
      start.current = event.isPrimary ? { id: event.pointerId, x: event.clientX, y: event.clientY } : null;
    },
    onPointerUp(event: PointerEvent) {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) > SWIPE_MIN_DISTANCE && Math.abs(dx) > Math.abs(dy)) onSwipe(dx < 0 ? 1 : -1);
    },
    onPointerCancel() {
      start.current = null;
    },
  };
}
