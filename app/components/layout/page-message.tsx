import type { ReactNode } from "react";

/** A centred title, text and actions: empty states, restricted access, not-found. */
export function PageMessage({ title, children, actions, icon }: { title: string; children?: ReactNode; actions?: ReactNode; icon?: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      {icon ? <div className="mb-4 text-brand-700 dark:text-brand-300">{icon}</div> : null}
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      {children ? <div className="mt-3 text-stone-600 dark:text-stone-300">{children}</div> : null}
      {actions ? <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div> : null}
    </div>
  );
}

export const linkButton =
  "inline-flex items-center justify-center rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800";
export const secondaryLinkButton =
  "inline-flex items-center justify-center rounded-lg border border-stone-300 px-5 py-3 font-semibold hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800";
