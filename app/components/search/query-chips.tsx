import { Icon } from "~/components/ui/icons";
import { Link } from "react-router";
import type { QueryChip } from "@common/query-chips";

/** The search's filters as chips: each removes itself, "Limpar tudo" removes them all. */
export function QueryChips({ chips, clearHref }: { chips: QueryChip[]; clearHref: string }) {
  if (chips.length === 0) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2" role="group" aria-label="Filtros aplicados">
      {chips.map((chip) => (
        <Link
          key={chip.key}
          to={chip.href}
          preventScrollReset
          aria-label={`Remover filtro: ${chip.label}`}
          className="inline-flex items-center gap-1.5 rounded-full border border-brand-300 bg-brand-50 px-3 py-1.5 text-sm font-medium text-brand-900 hover:bg-brand-100 dark:border-brand-600 dark:bg-brand-900 dark:text-brand-50 dark:hover:bg-brand-800"
        >
          {chip.label}
          <Icon name="x" aria-hidden className="size-3.5" />
        </Link>
      ))}
      {chips.length > 1 ? (
        <Link to={clearHref} preventScrollReset className="px-2 py-1.5 text-sm font-medium text-stone-700 underline underline-offset-2 hover:text-stone-900 dark:text-stone-300 dark:hover:text-white">
          Limpar tudo
        </Link>
      ) : null}
    </div>
  );
}
