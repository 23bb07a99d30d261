import type { PropertyQuery } from "@common/property-query";
import { inputClass } from "~/components/ui/input-class";

const label = "mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200";

/**
 * Check-in and check-out: the browser's own date fields (dd/mm/aaaa in a Brazilian browser, a
 * calendar on tap, no script of ours). Dates the search cannot use come back with a message.
 */
export function StayFields({ query, idPrefix, className = "" }: { query: Pick<PropertyQuery, "checkIn" | "checkOut">; idPrefix: string; className?: string }) {
  const fields = [
    { name: "checkIn", label: "Check-in", value: query.checkIn },
    { name: "checkOut", label: "Check-out", value: query.checkOut },
  ] as const;
  return fields.map(({ name, label: text, value }) => (
    <div key={name} className={className}>
      <label htmlFor={`${idPrefix}-${name.toLowerCase()}`} className={label}>
        {text}
      </label>
      <input id={`${idPrefix}-${name.toLowerCase()}`} type="date" name={name} defaultValue={value ?? ""} className={inputClass} />
    </div>
  ));
}
