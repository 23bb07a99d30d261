import { lazy, Suspense, useState } from "react";
import type { StoredImage } from "@common/property-card";

const GalleryLightboxWindow = lazy(() => import("./gallery-lightbox-window").then((m) => ({ default: m.GalleryLightboxWindow })));

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

/** The full-screen photo viewer; its code (with Radix's dialog) loads when a photo is first opened. */
export function GalleryLightbox(props: LightboxProps) {
  const [opened, setOpened] = useState(false);
  if (props.index !== null && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <GalleryLightboxWindow {...props} />
    </Suspense>
  );
}
