import type { ChangeEvent } from "react";
import { SORT_LABELS, SORTS, type Sort } from "@common/property-query";
import { inputClass } from "~/components/ui/input-class";

/**
 * "Ordenar por", on a category's filters and above a search's results. `sort` is the order shown (the
 * query's, or the search's own); "Mais próximos" only when `centred`, a search around a place;
 * "Mais bem avaliados" once `reviewsExist` (or when a link asked for it).
 */
export function SortField({
  id,
  sort,
  centred,
  reviewsExist,
  className,
  labelClassName,
  onChange,
}: {
  id: string;
  sort: Sort;
  centred: boolean;
  reviewsExist: boolean;
  className?: string;
  labelClassName: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        Ordenar por
      </label>
      {/* Its options and default change with `centred`: a new select, not the old one's choice. */}
      <select
        key={String(centred)}
        id={id}
        name="sort"
        defaultValue={sort}
        onChange={onChange}
        className={inputClass}
      >
        {SORTS.filter((s) => (centred || s !== "distance") && (reviewsExist || s !== "rating" || sort === "rating")).map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A GET form's submit button for SortField without JavaScript (with it, choosing an order navigates at once). */
export function SortSubmitWithoutScript() {
  return (
    <noscript>
      <button type="submit" className="rounded-lg border border-stone-300 px-4 py-2.5 font-medium dark:border-stone-700">
        Ordenar
      </button>
    </noscript>
  );
}
