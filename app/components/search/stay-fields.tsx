import type { PropertyQuery } from "@common/property-query";
import { inputClass } from "~/components/ui/input-class";

const label = "mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200";

/**
 * Check-in and check-out: the browser's own date fields (dd/mm/aaaa in a Brazilian browser, a
 * calendar on tap, no script of ours). Dates the search cannot use come back with a message.
 */
export function StayFields({ query, idPrefix, className = "" }: { query: Pick<PropertyQuery, "checkIn" | "checkOut">; idPrefix: string; className?: string }) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <>
      <div className={className}>
        <label htmlFor={id("checkin")} className={label}>
          Check-in
        </label>
        <input id={id("checkin")} type="date" name="checkIn" defaultValue={query.checkIn ?? ""} className={inputClass} />
      </div>
      <div className={className}>
        <label htmlFor={id("checkout")} className={label}>
          Check-out
        </label>
        <input id={id("checkout")} type="date" name="checkOut" defaultValue={query.checkOut ?? ""} className={inputClass} />
      </div>
    </>
  );
}
