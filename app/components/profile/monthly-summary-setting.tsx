import { Form } from "react-router";

/** The host's switch for the monthly summary email (decision 034): a plain form, saved by /perfil's action. */
export function MonthlySummarySetting({ on }: { on: boolean }) {
  return (
    <section aria-labelledby="resumo-mensal" className="rounded-2xl border border-stone-200 p-6 dark:border-stone-800">
      <h2 id="resumo-mensal" className="text-lg font-semibold">
        Resumo mensal
      </h2>
      {/* Drawn again from the saved value after each save. */}
      <Form method="post" preventScrollReset className="mt-3 space-y-3" key={String(on)}>
        <input type="hidden" name="intent" value="monthly-summary" />
        <label className="flex items-start gap-3">
          <input type="checkbox" name="receber" defaultChecked={on} aria-describedby="resumo-mensal-dica" className="mt-1 size-4 shrink-0 accent-brand-700" />
          <span>Receber o resumo mensal de desempenho por email</span>
        </label>
        <p id="resumo-mensal-dica" className="text-sm text-stone-600 dark:text-stone-300">
          No começo de cada mês: visualizações, aberturas da galeria, novos favoritos, contatos e custo por contato do mês anterior.
        </p>
        <button
          type="submit"
          className="w-full rounded-lg border border-stone-300 px-4 py-2.5 text-sm font-semibold hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800"
        >
          Salvar preferência
        </button>
      </Form>
    </section>
  );
}
