import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { notify } from "~/components/ui/toasts";
import { BILLING_ACTION, openBillingPage, type BillingKind } from "./billing-client";

const LABELS: Record<BillingKind, { idle: string; busy: string }> = {
  checkout: { idle: "Assinar Agora", busy: "Processando..." },
  portal: { idle: "Gerenciar Assinatura", busy: "Abrindo..." },
};

export const billingButtonClass =
  "inline-flex w-full items-center justify-center rounded-lg border border-transparent bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 aria-disabled:cursor-wait aria-disabled:opacity-70";

/**
 * 'Assinar Agora' (checkout) or 'Gerenciar Assinatura' (portal). A real form posting to a new tab,
 * so it works before JavaScript loads; with JavaScript it reports errors as toasts here and, once
 * the user comes back from the payment tab, reloads this page's data to show the new plan.
 * `label` replaces the idle label where the page words it otherwise.
 */
export function BillingButton({ kind, label, className = billingButtonClass }: { kind: BillingKind; label?: string; className?: string }) {
  const [busy, setBusy] = useState(false);
  const [awaitingReturn, setAwaitingReturn] = useState(false);
  const revalidator = useRevalidator();

  useEffect(() => {
    if (!awaitingReturn) return;
    function onReturn() {
      if (document.visibilityState !== "visible") return;
      setAwaitingReturn(false);
      void revalidator.revalidate();
    }
    window.addEventListener("focus", onReturn);
    document.addEventListener("visibilitychange", onReturn);
    return () => {
      window.removeEventListener("focus", onReturn);
      document.removeEventListener("visibilitychange", onReturn);
    };
  }, [awaitingReturn, revalidator]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await openBillingPage(kind);
    setBusy(false);
    if (result.ok) setAwaitingReturn(result.newTab);
    else if (result.error.title) notify.error(result.error.title, { description: result.error.message });
    else notify.error(result.error.message);
  }

  return (
    <form method="post" action={BILLING_ACTION[kind]} target="_blank" onSubmit={onSubmit}>
      {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus. */}
      <button type="submit" className={className} aria-disabled={busy || undefined} aria-busy={busy || undefined}>
        {busy ? LABELS[kind].busy : (label ?? LABELS[kind].idle)}
      </button>
    </form>
  );
}
