import { useEffect, useRef, useState } from "react";
import { imageSrcSet, imageUrl } from "@common/media";
import { initials } from "@common/text";

const SIZES = {
  /** The header's account button. */
  sm: { className: "size-7 text-xs", px: 28 },
  /** Beside a name (a listing's host). */
  md: { className: "size-14 text-lg", px: 56 },
  /** The profile page. */
  lg: { className: "size-24 text-3xl", px: 96 },
} as const;

/**
 * A person's round picture: their profile photo (96 and 256 px squares, WebP with a JPEG
 * fallback), or their initials when there is none or it fails to load. Decorative by default
 * (the name is beside it); give `alt` where it stands alone.
 */
export function Avatar({ name, photoKey, size, alt = "", className = "" }: { name: string; photoKey: string | null; size: keyof typeof SIZES; alt?: string; className?: string }) {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  // A server-rendered image may fail before React hydrates and misses its error event.
  useEffect(() => {
    const img = ref.current;
    if (photoKey && img?.complete && img.naturalWidth === 0) setFailed(photoKey);
  }, [photoKey]);
  const { className: sizeClass, px } = SIZES[size];
  const frame = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full ${sizeClass} ${className}`;

  if (!photoKey || failed === photoKey) {
    return (
      <span
        role={alt ? "img" : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        className={`${frame} bg-brand-100 font-semibold text-brand-900 dark:bg-brand-800 dark:text-brand-50`}
      >
        {initials(name)}
      </span>
    );
  }
  return (
    <picture className={frame}>
      <source type="image/webp" srcSet={imageSrcSet(photoKey, "webp")} sizes={`${px}px`} />
      <img
        ref={ref}
        src={imageUrl(photoKey, 256, "jpeg")}
        srcSet={imageSrcSet(photoKey, "jpeg")}
        sizes={`${px}px`}
        width={px}
        height={px}
        alt={alt}
        decoding="async"
        onError={() => setFailed(photoKey)}
        className="size-full bg-stone-200 object-cover dark:bg-stone-800"
      />
    </picture>
  );
}
