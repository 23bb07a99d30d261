import { formatNight, type Night } from "@common/nights";
import { TextField } from "~/components/ui/field";
import { useCalendarAction } from "./use-calendar-action";

const submitButton = "rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60";
const nightsText = (n: number) => (n === 1 ? "1 noite" : `${n} noites`);

interface Period {
  id: string;
  starts: Night;
  ends: Night;
  nights: number;
}

/** The listing's shortest stay, and longer ones for check-ins in a period (Carnaval, the holidays). */
export function MinStayFields({ minNights, periods, today }: { minNights: number; periods: Period[]; today: Night }) {
  const listing = useCalendarAction();
  const period = useCalendarAction();
  return (
    <section aria-labelledby="estadia-minima">
      <h2 id="estadia-minima" className="text-xl font-semibold">
        Estadia mínima
      </h2>
      <listing.fetcher.Form method="post" className="mt-3 flex items-end gap-3">
        <input type="hidden" name="intent" value="estadia-minima" />
        <div className="w-40">
          <TextField label="Noites, no mínimo" name="minNights" type="number" min={1} max={365} required defaultValue={minNights} error={listing.fieldError("minNights")} />
        </div>
        <button type="submit" disabled={listing.busy} className={submitButton}>
          Salvar
        </button>
      </listing.fetcher.Form>

      <h3 className="mt-6 font-semibold">Períodos com estadia mínima maior</h3>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">Para check-ins entre as datas escolhidas, como no Carnaval ou no Réveillon.</p>
      {periods.length > 0 ? (
        <ul className="mt-3 divide-y divide-stone-200 rounded-lg border border-stone-200 dark:divide-stone-800 dark:border-stone-800">
          {periods.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span>{`${formatNight(p.starts)} a ${formatNight(p.ends)}: ${nightsText(p.nights)}`}</span>
              <period.fetcher.Form method="post">
                <input type="hidden" name="periodId" value={p.id} />
                <button
                  type="submit"
                  name="intent"
                  value="remover-periodo"
                  className="rounded-lg px-2 py-1 font-semibold text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
                  aria-label={`Remover período de ${formatNight(p.starts)} a ${formatNight(p.ends)}`}
                >
                  Remover
                </button>
              </period.fetcher.Form>
            </li>
          ))}
        </ul>
      ) : null}
      <period.fetcher.Form method="post" className="mt-3 grid grid-cols-2 items-end gap-3 sm:grid-cols-[1fr_1fr_8rem_auto]">
        <input type="hidden" name="intent" value="periodo" />
        <TextField label="Check-in a partir de" name="starts" type="date" min={today} required error={period.fieldError("starts")} />
        <TextField label="Até" name="ends" type="date" min={today} required error={period.fieldError("ends")} />
        <TextField label="Noites" name="periodNights" type="number" min={1} max={365} required defaultValue={3} error={period.fieldError("periodNights")} />
        <button type="submit" disabled={period.busy} className={submitButton}>
          Adicionar período
        </button>
      </period.fetcher.Form>
    </section>
  );
}
