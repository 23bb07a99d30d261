import { useState } from "react";
import { Icon } from "~/components/ui/icons";
import { inputClass } from "~/components/ui/input-class";
import { notify } from "~/components/ui/toasts";
import { useCalendarAction } from "./use-calendar-action";

const secondaryButton =
  "inline-flex items-center justify-center gap-2 rounded-lg border border-stone-300 px-4 py-2 text-sm font-semibold hover:bg-stone-100 disabled:opacity-60 dark:border-stone-600 dark:hover:bg-stone-800";

/** The listing's own calendar address, for Airbnb, Booking.com and the rest to read: copied, or made anew. */
export function ExportAddress({ url }: { url: string }) {
  const { fetcher, busy } = useCalendarAction();
  const [confirming, setConfirming] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      notify.success("Endereço copiado.");
    } catch {
      notify.error("Não foi possível copiar.", { description: "Selecione o endereço e copie-o." });
    }
  }

  return (
    <section aria-labelledby="exportar">
      <h2 id="exportar" className="text-xl font-semibold">
        Exportar este calendário
      </h2>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">
        Cole este endereço no Airbnb, no Booking.com ou em outro site onde a propriedade está anunciada: as noites bloqueadas aqui, à mão ou por outro
        calendário, ficam bloqueadas lá também.
      </p>
      <label htmlFor="endereco-exportado" className="mt-4 mb-1.5 block text-sm font-medium">
        Endereço do calendário desta propriedade (iCal)
      </label>
      <div className="flex gap-2">
        <input id="endereco-exportado" readOnly value={url} className={`${inputClass} min-w-0 flex-1 font-mono text-xs`} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" onClick={() => void copy()} className={secondaryButton}>
          <Icon name="copy" aria-hidden className="size-4" />
          Copiar
        </button>
      </div>
      {confirming ? (
        <fetcher.Form method="post" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950/50" onSubmit={() => setConfirming(false)}>
          <p>O endereço atual vai parar de funcionar. Você precisará colar o novo em cada site. Continuar?</p>
          <div className="mt-2 flex gap-2">
            <button type="submit" name="intent" value="novo-endereco" className="rounded-lg bg-red-700 px-3 py-1.5 font-semibold text-white hover:bg-red-800">
              Gerar novo endereço
            </button>
            <button type="button" onClick={() => setConfirming(false)} className={secondaryButton}>
              Cancelar
            </button>
          </div>
        </fetcher.Form>
      ) : (
        <button type="button" disabled={busy} onClick={() => setConfirming(true)} className={`${secondaryButton} mt-3`}>
          Gerar novo endereço
        </button>
      )}
    </section>
  );
}
