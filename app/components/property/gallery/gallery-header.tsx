import { Icon } from "~/components/ui/icons";
import { Link } from "react-router";

/** "1 foto", "0 fotos", "8 fotos". */
export function photoCount(n: number): string {
  return `${n} ${n === 1 ? "foto" : "fotos"}`;
}

/** Stays under the site header while the grid scrolls: back to the property, title and count. */
export function GalleryHeader({ slug, title, count }: { slug: string; title: string; count: number }) {
  return (
    // top-16 is the site header's height; it sits above this one (z-40).
    <header className="sticky top-16 z-30 -mx-4 border-b border-stone-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 dark:border-stone-800 dark:bg-stone-950/95">
      <Link
        to={`/accommodation/${slug}`}
        className="inline-flex items-center gap-1.5 rounded text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
      >
        <Icon name="arrow-left" aria-hidden className="size-4" />
        Voltar para a propriedade
      </Link>
      <div className="mt-1 flex items-baseline justify-between gap-4">
        {/* One line on phones, where the header must stay short; the breadcrumb above shows it whole. */}
        <h1 className="min-w-0 truncate text-lg font-bold sm:text-2xl sm:whitespace-normal">{title}</h1>
        <p className="shrink-0 text-sm text-stone-600 dark:text-stone-300">{photoCount(count)}</p>
      </div>
    </header>
  );
}
