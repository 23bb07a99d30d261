import { Link } from "react-router";
import { HOST_LISTING_FILTERS, hostListingsHref, type HostListingCounts, type HostListingStatus } from "@common/host-listings";

const pill = "inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-medium";
const idle = `${pill} border-stone-300 hover:bg-stone-100 dark:border-stone-700 dark:hover:bg-stone-800`;
const current = `${pill} border-brand-700 bg-brand-700 text-white`;
const countIdle = "rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700 dark:bg-stone-800 dark:text-stone-200";
const countCurrent = "rounded-full bg-white/20 px-2 py-0.5 text-xs font-semibold";

/** The host's listings by situation, each a link with its count (the first page of that situation). */
export function HostListingFilters({ status, counts }: { status: HostListingStatus | null; counts: HostListingCounts }) {
  const options = [{ status: null, label: "Todas", count: counts.all }, ...HOST_LISTING_FILTERS.map((filter) => ({ ...filter, count: counts[filter.status] }))];
  return (
    <nav aria-label="Filtrar por situação" className="mt-6">
      <ul className="flex flex-wrap gap-2">
        {options.map((option) => {
          const selected = option.status === status;
          return (
            <li key={option.label}>
              <Link to={hostListingsHref({ status: option.status, page: 1 })} className={selected ? current : idle} aria-current={selected ? "page" : undefined}>
                {`${option.label} `}
                <span className={selected ? countCurrent : countIdle}>{option.count}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
