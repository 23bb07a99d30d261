import type { FeedStatus } from "@server/availability/calendar";
import { TextField } from "~/components/ui/field";
import { Icon } from "~/components/ui/icons";
import { useCalendarAction } from "./use-calendar-action";


/** "29/11/2026 às 14:30" in Brasília time: when a feed was last read. */
const dateTime = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short", timeZone: "America/Sao_Paulo" });
const formatDateTime = (instant: Date) => dateTime.format(instant).replace(", ", " às ");

const CHANNELS = ["Airbnb", "Booking.com", "VRBO", "Google Agenda", "Outlook"];
const smallButton =
  "inline-flex items-center gap-1.5 rounded-lg border border-stone-300 px-3 py-1.5 text-sm font-semibold hover:bg-stone-100 disabled:opacity-60 dark:border-stone-600 dark:hover:bg-stone-800";

/** Calendars the host keeps elsewhere, read every half hour: each with its last sync and last error, synced now or disconnected. */
export function ConnectedCalendars({ feeds }: { feeds: FeedStatus[] }) {
  const connect = useCalendarAction({ key: "conectar-calendario" });
  const typed = connect.result && !connect.result.ok ? (connect.result.typed ?? {}) : {};
  return (
    <section aria-labelledby="calendarios-conectados" className="mt-10">
      <h2 id="calendarios-conectados" className="text-xl font-semibold">
        Calendários conectados
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-stone-600 dark:text-stone-300">
        Conecte o calendário da propriedade no Airbnb, no Booking.com ou em outro site: as noites ocupadas lá ficam bloqueadas aqui, e o Recanto o lê de
        novo a cada 30 minutos.
      </p>
      {feeds.length > 0 ? (
        <ul className="mt-4 space-y-3">
          {feeds.map((feed) => (
            <ConnectedFeed key={feed.id} feed={feed} />
          ))}
        </ul>
      ) : null}
      <connect.fetcher.Form method="post" className="mt-4 grid items-end gap-3 rounded-2xl border border-stone-200 p-4 sm:grid-cols-[12rem_1fr_auto] dark:border-stone-800">
        <input type="hidden" name="intent" value="conectar" />
        <TextField label="Nome" name="name" list="canais" required maxLength={60} defaultValue={typed.name ?? ""} placeholder="Airbnb" error={connect.fieldError("name")} />
        <datalist id="canais">
          {CHANNELS.map((channel) => (
            <option key={channel} value={channel} />
          ))}
        </datalist>
        <TextField
          label="Endereço do calendário (iCal)"
          name="url"
          type="url"
          inputMode="url"
          required
          defaultValue={typed.url ?? ""}
          placeholder="https://www.airbnb.com.br/calendar/ical/…"
          error={connect.fieldError("url")}
        />
        <button type="submit" disabled={connect.busy} className="rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
          {connect.busy ? "Conectando…" : "Conectar calendário"}
        </button>
      </connect.fetcher.Form>
    </section>
  );
}

function ConnectedFeed({ feed }: { feed: FeedStatus }) {
  const { fetcher, busy } = useCalendarAction();
  const syncing = busy && fetcher.formData?.get("intent") === "sincronizar";
  return (
    <li className="rounded-2xl border border-stone-200 p-4 dark:border-stone-800">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">{feed.name}</p>
          <p className="truncate font-mono text-xs text-stone-600 dark:text-stone-400" title={feed.url}>
            {feed.url}
          </p>
        </div>
        <fetcher.Form method="post" className="flex gap-2">
          <input type="hidden" name="feedId" value={feed.id} />
          <button type="submit" name="intent" value="sincronizar" disabled={busy} className={smallButton}>
            <Icon name="refresh-cw" aria-hidden className={`size-4 ${syncing ? "animate-spin" : ""}`} />
            {syncing ? "Sincronizando…" : "Sincronizar agora"}
            <span className="sr-only">{` – ${feed.name}`}</span>
          </button>
          <button type="submit" name="intent" value="desconectar" disabled={busy} className={`${smallButton} text-red-700 dark:text-red-400`}>
            Desconectar
            <span className="sr-only">{` ${feed.name}`}</span>
          </button>
        </fetcher.Form>
      </div>
      <p className="mt-2 text-sm">
        {feed.lastSyncedAt ? `Última sincronização: ${formatDateTime(feed.lastSyncedAt)}` : "Ainda não sincronizado."}
      </p>
      {feed.lastError ? (
        <p className="mt-1 flex items-start gap-1.5 text-sm text-red-700 dark:text-red-400">
          <Icon name="circle-exclamation-point" aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{`${feed.lastError}${feed.lastErrorAt ? ` (${formatDateTime(feed.lastErrorAt)})` : ""}`}</span>
        </p>
      ) : null}
    </li>
  );
}
