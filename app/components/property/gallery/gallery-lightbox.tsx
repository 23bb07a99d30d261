import { Icon } from "~/components/ui/icons";
import { useEffect, useId, useRef, type MouseEvent } from "react";
import { useLocation } from "react-router";
import type { StoredImage } from "@common/property-card";
import { useModuleOnDemand } from "~/components/ui/on-demand";
import { barClass, counterClass, frameClass, LightboxImage, nextPlace, PhotoCaption, photoCounter, PhotoStage, previousPlace, roundButton, titleClass } from "./gallery-photo";

const loadWindow = () => import("./gallery-lightbox-window");

export interface LightboxProps {
  images: readonly StoredImage[];
  title: string;
  /** The photo shown, or null while closed. */
  index: number | null;
  onNavigate: (index: number) => void;
  onClose: () => void;
  /** The photo to give focus back to. */
  focusOnClose: () => HTMLElement | null;
}

/**
 * The full-screen photo viewer; its code (with Radix's dialog) loads when a photo is first opened.
 * Until then a photo named in the address (`?foto=N`, a shared link) is drawn by the server, its
 * controls plain links: it is the page's largest paint, and shows before any script.
 */
export function GalleryLightbox(props: LightboxProps) {
  const viewer = useModuleOnDemand(loadWindow);
  const { index, onClose } = props;
  const requestViewer = viewer.request;
  const requesting = useRef(false);
  useEffect(() => {
    if (index === null || viewer.module || requesting.current) return;
    requesting.current = true;
    void requestViewer().then((loaded) => {
      requesting.current = false;
      if (!loaded) onClose(); // the photo stays closed; the visitor was told and may click again
    });
  }, [index, viewer.module, requestViewer, onClose]);
  if (viewer.module) return <viewer.module.GalleryLightboxWindow {...props} />;
  return index === null ? null : <PhotoBeforeScripts {...props} index={index} />;
}

function PhotoBeforeScripts({ images, title, index, onNavigate, onClose }: LightboxProps & { index: number }) {
  const { pathname } = useLocation();
  const titleId = useId();
  const photoHref = (at: number | null) => (at === null ? pathname : `${pathname}?foto=${at + 1}`);
  const image = images[index]!;
  const count = images.length;
  // Once hydrated, and until the viewer's code arrives, the links change the photo in place.
  const follow = (to: number | null) => (event: MouseEvent) => {
    event.preventDefault();
    if (to === null) onClose();
    else onNavigate(to);
  };
  const previous = (index - 1 + count) % count;
  const next = (index + 1) % count;
  return (
    <section aria-labelledby={titleId} className={frameClass}>
      <div className={barClass}>
        <p className={counterClass}>{photoCounter(index, count)}</p>
        <h2 id={titleId} className={titleClass}>
          <span className="sr-only">Fotos de </span>
          {title}
        </h2>
        <a href={photoHref(null)} onClick={follow(null)} aria-label="Fechar" className={roundButton}>
          <Icon name="x" aria-hidden className="size-6" />
        </a>
      </div>
      <PhotoStage
        controls={
          count > 1 ? (
            <>
              <a href={photoHref(previous)} onClick={follow(previous)} aria-label="Foto anterior" className={`${roundButton} ${previousPlace}`}>
                <Icon name="chevron-left" aria-hidden className="size-7" />
              </a>
              <a href={photoHref(next)} onClick={follow(next)} aria-label="Próxima foto" className={`${roundButton} ${nextPlace}`}>
                <Icon name="chevron-right" aria-hidden className="size-7" />
              </a>
            </>
          ) : null
        }
      >
        <LightboxImage image={image} first />
      </PhotoStage>
      <PhotoCaption image={image} swipeHint={false} />
    </section>
  );
}
