import { Icon } from "~/components/ui/icons";
import { useEffect, useRef, useState } from "react";
import { imageSrcSet, imageUrl } from "@common/media";
import type { StoredImage } from "@common/property-card";

/**
 * A stored image in responsive sizes, in WebP (every browser we support shows it; the JPEG variants
 * serve link previews and downloads), lazy by default. Without an image it shows a placeholder;
 * when the file fails to load, "Erro ao carregar".
 */
export function PropertyImage({
  image,
  sizes,
  className = "",
  eager = false,
  alt,
}: {
  image: StoredImage | null | undefined;
  sizes: string;
  className?: string;
  /** The page's first image, likely its largest paint: fetched at once and ahead of the rest. */
  eager?: boolean;
  /** Overrides the stored alt text (e.g. "" where a caption already names the photo). */
  alt?: string;
}) {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);
  // A server-rendered image may fail before React hydrates and misses its error event.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);

  if (!image) {
    return (
      <div className={`flex flex-col items-center justify-center gap-2 bg-brand-100 text-brand-700 dark:bg-brand-900/60 dark:text-brand-200 ${className}`}>
        <Icon name="tree-pine" aria-hidden className="size-10" />
        <span className="text-sm font-medium">Sem fotos</span>
      </div>
    );
  }
  if (failed) {
    return (
      <div className={`flex flex-col items-center justify-center gap-2 bg-stone-200 text-stone-600 dark:bg-stone-800 dark:text-stone-300 ${className}`}>
        <Icon name="image-off" aria-hidden className="size-8" />
        <span className="text-sm">Erro ao carregar</span>
      </div>
    );
  }
  return (
    <img
      ref={ref}
      src={imageUrl(image.storageKey, 800)}
      srcSet={imageSrcSet(image.storageKey)}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt ?? image.alt}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      onError={() => setFailed(true)}
      className={`photo ${className}`}
    />
  );
}
