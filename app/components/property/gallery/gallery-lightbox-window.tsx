import { Icon } from "~/components/ui/icons";
import { Dialog } from "radix-ui";
import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from "react";
import { imageUrl } from "@common/media";
import type { StoredImage } from "@common/property-card";
import type { LightboxProps } from "./gallery-lightbox";
import { barClass, counterClass, frameClass, LightboxImage, nextPlace, PhotoCaption, photoCounter, PhotoStage, previousPlace, roundButton, titleClass } from "./gallery-photo";

/** A horizontal move longer than this (CSS pixels) is a swipe; shorter ones do nothing. */
const SWIPE_MIN_DISTANCE = 50;

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
          className={frameClass}
        >
          {image && index !== null ? (
            <>
              <div className={barClass}>
                <p aria-live="polite" className={counterClass}>
                  {photoCounter(index, count)}
                </p>
                <Dialog.Title className={titleClass}>
                  <span className="sr-only">Fotos de </span>
                  {title}
                </Dialog.Title>
                <Dialog.Close aria-label="Fechar" className={roundButton}>
                  <Icon name="x" aria-hidden className="size-6" />
                </Dialog.Close>
              </div>
              <Dialog.Description className="sr-only">
                Use as setas para a esquerda e para a direita para trocar de foto, e Esc para fechar.
              </Dialog.Description>
              <PhotoStage
                {...swipe}
                controls={
                  count > 1 ? (
                    <>
                      <button type="button" onClick={() => step(-1)} aria-label="Foto anterior" className={`${roundButton} ${previousPlace}`}>
                        <Icon name="chevron-left" aria-hidden className="size-7" />
                      </button>
                      <button type="button" onClick={() => step(1)} aria-label="Próxima foto" className={`${roundButton} ${nextPlace}`}>
                        <Icon name="chevron-right" aria-hidden className="size-7" />
                      </button>
                    </>
                  ) : null
                }
              >
                <LightboxImage key={index} image={image} />
              </PhotoStage>
              <PhotoCaption image={image} swipeHint={count > 1} />
            </>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
