import { Icon } from "~/components/ui/icons";
import type { ReactNode } from "react";

export type Question = { q: string; a: ReactNode };

/** Questions as native disclosure widgets: keyboard and screen-reader friendly without JavaScript. */
export function FaqList({ items }: { items: readonly Question[] }) {
  return (
    <div className="mt-4 space-y-3">
      {items.map((item) => (
        <details
          key={item.q}
          className="group rounded-xl border border-stone-200 px-5 py-4 open:bg-stone-50 dark:border-stone-800 dark:open:bg-stone-900"
        >
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded font-semibold text-stone-900 dark:text-stone-50 [&::-webkit-details-marker]:hidden">
            <span>{item.q}</span>
            <Icon name="chevron-down" aria-hidden="true" className="size-5 shrink-0 transition-transform group-open:rotate-180" />
          </summary>
          <div className="mt-3 leading-7">{item.a}</div>
        </details>
      ))}
    </div>
  );
}
