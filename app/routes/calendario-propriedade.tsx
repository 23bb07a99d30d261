import { Link } from "react-router";
import type { Route } from "./+types/calendario-propriedade";
import { nightOf } from "@common/nights";
import { lastCalendarNight } from "@common/stays";
import { refused, type Refusal } from "@common/refusal";
import { unavailableRefusal } from "@common/unavailable";
import { requireHost } from "@server/accounts/guards";
import { addMinStayPeriod, changeHostNights, hostCalendar, removeMinStayPeriod, renewCalendarToken, setMinNights } from "@server/availability/calendar";
import { connectFeed, disconnectFeed, feedSyncSettings, hostFeedExists, syncFeedNow, type SyncOutcome } from "@server/availability/feed-sync";
import { holidaysBetween, longWeekendsBetween } from "@server/availability/holidays";
import { noteUnavailable } from "@server/http/unavailable";
import { ConnectedCalendars } from "~/components/host/calendar/connected-calendars";
import { ExportAddress } from "~/components/host/calendar/export-address";
import { MinStayFields } from "~/components/host/calendar/min-stay-fields";
import { NightCalendar } from "~/components/host/calendar/night-calendar";
import { Icon } from "~/components/ui/icons";
import { guardAction, guardPage } from "~/lib/auth.server";
import { readForm } from "~/lib/form";
import { hostGuardTexts } from "~/lib/property-form.server";
import { refusalData } from "~/lib/refusal.server";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Calendário de ${data?.property.title ?? "propriedade"} | Recanto` }];

const notFound = () =>
  redirectWithToast("/minhas-propriedades", {
    title: "Erro ao carregar calendário",
    description: "Esta propriedade não existe ou não pertence à sua conta.",
    variant: "error",
  });

/** Only the listing's host sees its calendar; anyone else's id (or an unknown one) ends on their own list. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await guardPage(request, context, requireHost);
  const today = nightOf(new Date());
  const last = lastCalendarNight(today);
  const calendar = await hostCalendar(context.services.database.db, viewer.id, params.id, { first: today, last });
  if (!calendar) throw await notFound();
  const { property } = calendar;
  return {
    today,
    last,
    property,
    taken: calendar.taken,
    periods: calendar.periods,
    feeds: calendar.feeds,
    holidays: holidaysBetween(today, last, property.uf),
    longWeekends: longWeekendsBetween(today, last, property.uf),
    exportUrl: `${context.services.config.BASE_URL}/calendario/${calendar.calendarToken}.ics`,
  };
}

export type CalendarAnswer = { ok: true; message: string; warning?: string };

const syncMessage = (outcome: SyncOutcome, connected: boolean): CalendarAnswer => {
  const nights = outcome.ok ? (outcome.nights === 1 ? "1 noite ocupada" : `${outcome.nights} noites ocupadas`) : "";
  if (outcome.ok) return { ok: true, message: connected ? `Calendário conectado: ${nights}.` : `Calendário sincronizado: ${nights}.` };
  return { ok: true, message: connected ? "Calendário conectado, mas a leitura falhou." : "A sincronização falhou.", warning: outcome.error };
};

const nightList = (value: string | undefined) => (value ? value.split(",").slice(0, 1000) : []);

export async function action({ request, params, context }: Route.ActionArgs) {
  const host = await guardAction(context, (viewer) => requireHost(viewer, hostGuardTexts("Você precisa estar logado para editar o calendário.")));
  if (!host.ok) return refusalData(host);
  const { database, config, logger } = context.services;
  const db = database.db;
  const hostId = host.value.id;
  const propertyId = params.id;
  const fields = await readForm(request);
  const today = nightOf(new Date());
  const answer = (result: { ok: true } | ({ ok: false } & Refusal), message: string) => (result.ok ? ({ ok: true, message } satisfies CalendarAnswer) : refusalData(result));
  try {
    switch (fields.intent) {
      case "noites": {
        const change = { block: nightList(fields.bloquear), free: nightList(fields.liberar) };
        const result = await changeHostNights(db, hostId, propertyId, change, today);
        return answer(result, "Calendário atualizado.");
      }
      case "estadia-minima":
        return answer(await setMinNights(db, hostId, propertyId, Number(fields.minNights)), "Estadia mínima salva.");
      case "periodo":
        return answer(await addMinStayPeriod(db, hostId, propertyId, { starts: fields.starts, ends: fields.ends, nights: Number(fields.periodNights) }, today), "Período adicionado.");
      case "remover-periodo":
        return answer(await removeMinStayPeriod(db, hostId, propertyId, fields.periodId ?? ""), "Período removido.");
      case "conectar": {
        const connected = await connectFeed(db, hostId, propertyId, { name: fields.name ?? "", url: fields.url ?? "" });
        if (!connected.ok) return refusalData(connected, { name: fields.name ?? "", url: fields.url ?? "" });
        const synced = await syncFeedNow(db, connected.value, feedSyncSettings(config));
        return synced.ok ? syncMessage(synced.value, true) : ({ ok: true, message: "Calendário conectado." } satisfies CalendarAnswer);
      }
      case "sincronizar": {
        const feedId = fields.feedId ?? "";
        if (!(await hostFeedExists(db, hostId, propertyId, feedId))) return refusalData(refused(404, "Este calendário não está mais conectado."));
        const synced = await syncFeedNow(db, feedId, feedSyncSettings(config));
        return synced.ok ? syncMessage(synced.value, false) : refusalData(synced);
      }
      case "desconectar":
        return answer(await disconnectFeed(db, hostId, propertyId, fields.feedId ?? ""), "Calendário desconectado: as noites dele foram liberadas.");
      case "novo-endereco":
        return answer(await renewCalendarToken(db, hostId, propertyId), "Novo endereço gerado. Atualize-o nos outros sites: o anterior parou de funcionar.");
      default:
        return refusalData(refused(400, "Ação inválida."));
    }
  } catch (err) {
    if (noteUnavailable(context, err, logger)) return refusalData(unavailableRefusal());
    logger.error({ err, intent: fields.intent }, "calendar action failed");
    return refusalData(refused(500, "Não foi possível salvar o calendário.", { description: "Tente novamente mais tarde." }));
  }
}

export default function CalendarioPropriedade({ loaderData }: Route.ComponentProps) {
  const { property, feeds } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <Link
        to="/minhas-propriedades"
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
      >
        <Icon name="arrow-left" aria-hidden className="size-4" />
        Minhas propriedades
      </Link>
      <h1 className="mt-4 text-3xl font-bold">Calendário</h1>
      <p className="mt-1 text-stone-600 dark:text-stone-300">{property.title}</p>

      <section aria-labelledby="noites" className="mt-8">
        <h2 id="noites" className="text-xl font-semibold">
          Noites disponíveis
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-stone-600 dark:text-stone-300">
          Clique numa noite para bloquear ou liberar. Para um período, clique na primeira noite e, segurando Shift, na última, ou arraste. No teclado: setas
          para mover, Enter ou Espaço para alternar, Shift+Enter para o período desde a última noite alterada.
        </p>
        <NightCalendar {...loaderData} />
      </section>

      <div className="mt-10 grid gap-10 lg:grid-cols-2">
        <MinStayFields minNights={property.minNights} periods={loaderData.periods} today={loaderData.today} />
        <ExportAddress url={loaderData.exportUrl} />
      </div>
      <ConnectedCalendars feeds={feeds} />
    </div>
  );
}
