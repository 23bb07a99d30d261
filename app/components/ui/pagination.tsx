import { Icon } from "~/components/ui/icons";
import { Link } from "react-router";

const base = "inline-flex min-w-10 items-center justify-center rounded-lg border px-3 py-2 text-sm font-medium";
const idle = `${base} border-stone-300 hover:bg-stone-100 dark:border-stone-700 dark:hover:bg-stone-800`;
const current = `${base} border-brand-700 bg-brand-700 text-white`;

/**
 * Page links (real URLs: they work without JavaScript and can be shared). `pages` holds the
 * numbers to show, null for a gap ("…"). Previous and next appear only when there is more than one page.
 */
export function Pagination({ page, pageCount, pages, href }: { page: number; pageCount: number; pages: (number | null)[]; href: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Paginação" className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} className={idle} aria-label="Página anterior">
          <Icon name="chevron-left" aria-hidden className="size-4" /> Anterior
        </Link>
      ) : null}
      {pages.map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} aria-hidden className="px-1 text-stone-500">
            …
          </span>
        ) : (
          <Link key={p} to={href(p)} className={p === page ? current : idle} aria-current={p === page ? "page" : undefined} aria-label={`Página ${p}`}>
            {p}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={href(page + 1)} className={idle} aria-label="Próxima página">
          Próxima <Icon name="chevron-right" aria-hidden className="size-4" />
        </Link>
      ) : null}
    </nav>
  );
}
