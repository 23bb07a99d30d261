import type { ReactNode } from "react";

const TONES = {
  success: "border-brand-300 bg-brand-50 text-brand-900 dark:border-brand-700 dark:bg-brand-900/40 dark:text-brand-50",
  info: "border-stone-300 bg-stone-50 text-stone-800 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100",
  warning: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-50",
};

/** A boxed message above or below the plan cards: promotion, cancellation, tips. */
export function Notice({ tone, icon, title, children }: { tone: keyof typeof TONES; icon: ReactNode; title?: string; children: ReactNode }) {
  return (
    <div className={`flex gap-3 rounded-2xl border p-4 sm:p-5 ${TONES[tone]}`}>
      <div className="mt-0.5 shrink-0">{icon}</div>
      <div>
        {title ? <p className="font-semibold">{title}</p> : null}
        <div className={title ? "mt-1" : undefined}>{children}</div>
      </div>
    </div>
  );
}
