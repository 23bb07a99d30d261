import type { ReactNode } from "react";

export const DISCLAIMER =
  "O Recanto apenas divulga hospedagens e aproxima hóspedes e anfitriões. Não participamos, não intermediamos e não nos responsabilizamos por negociações, pagamentos, reservas ou acordos feitos entre as partes.";

/** Frame for the informational pages: title, intro, content in readable prose and the liability disclaimer. */
export function StaticPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl dark:text-stone-50">{title}</h1>
        {intro ? <p className="mt-4 text-lg text-stone-600 dark:text-stone-300">{intro}</p> : null}
      </header>
      <div className="prose-recanto">{children}</div>
      <aside
        aria-label="Aviso de responsabilidade"
        className="mt-12 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
      >
        <strong className="font-semibold">Aviso importante: </strong>
        {DISCLAIMER}
      </aside>
    </article>
  );
}
