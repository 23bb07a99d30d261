import { useEffect, useRef } from "react";
import type { StoredImage } from "@common/property-card";
import { useModuleOnDemand } from "~/components/ui/on-demand";

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

/** The full-screen photo viewer; its code (with Radix's dialog) loads when a photo is first opened. */
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
  return viewer.module ? <viewer.module.GalleryLightboxWindow {...props} /> : null;
}
