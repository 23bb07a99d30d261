import { data, Form, Link } from "react-router";
import type { Route } from "./+types/desempenho";
import { formatCount } from "@common/format";
import { costText } from "@common/contact-cost";
import { METRIC_LABELS, METRICS } from "@common/insights";
import { isUuid } from "@common/uuid";
import { requireHost } from "@server/accounts/guards";
import { costPerContact, dailyCounts, DEFAULT_PERIOD, hostListings, INSIGHT_PERIODS, periodDays, totalsOf } from "@server/insights/insights";
import { quietButton } from "~/components/contacts/contact-card";
import { DayChart, dayMonth } from "~/components/insights/day-chart";
import { Icon } from "~/components/ui/icons";
import { ListingChoice } from "~/components/host/listing-choice";
import { inputClass } from "~/components/ui/input-class";
import { guardPage } from "~/lib/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Desempenho dos anúncios | Recanto" }];

/** Only the host's own listings: another host's id (or an unknown one) is a 404, never their numbers. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await guardPage(request, context, requireHost);
  const { database, clock } = context.services;
  const params = new URL(request.url).searchParams;
  const period = INSIGHT_PERIODS.find((p) => String(p) === params.get("periodo")) ?? DEFAULT_PERIOD;
  const listings = await hostListings(database.db, viewer.id);
  const asked = params.get("anuncio");
  const listing = asked ? listings.find((l) => isUuid(asked) && l.id === asked.toLowerCase()) : null;
  if (asked && !listing) throw data(null, { status: 404 });
  const now = clock.now();
  const { first, last } = periodDays(period, now);
  const [days, cost] = await Promise.all([dailyCounts(database.db, viewer.id, first, last, listing?.id ?? null), costPerContact(database.db, viewer, now)]);
  return { period, listings, listing: listing ?? null, first, last, days, totals: totalsOf(days), cost };
}

export default function Desempenho({ loaderData }: Route.ComponentProps) {
  const { period, listings, listing, first, last, days, totals, cost } = loaderData;
  const costShown = costText(cost, { words: "neste mês", ended: false });
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <Link to="/minhas-propriedades" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 underline underline-offset-2 dark:text-brand-300">
        <Icon name="arrow-left" aria-hidden className="size-4" /> Minhas Propriedades
      </Link>
      <h1 className="mt-4 text-3xl font-bold">Desempenho</h1>
      <p className="mt-1 text-stone-700 dark:text-stone-300">
        {listing ? listing.title : "Todos os anúncios"}, de {dayMonth(first)} a {dayMonth(last)}. Cada pessoa conta uma vez por dia; robôs não contam.
      </p>

      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="periodo" className="mb-1 block text-sm font-medium">
            Período
          </label>
          <select id="periodo" name="periodo" defaultValue={String(period)} className={`${inputClass} w-auto`}>
            {INSIGHT_PERIODS.map((p) => (
              <option key={p} value={p}>
                Últimos {p} dias
              </option>
            ))}
          </select>
        </div>
        {listings.length > 1 ? (
          <ListingChoice listings={listings} chosen={listing?.id ?? null} />
        ) : null}
        <button type="submit" className={quietButton}>
          Mostrar
        </button>
      </Form>

      <section aria-labelledby="totais" className="mt-6">
        <h2 id="totais" className="sr-only">
          Totais do período
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {METRICS.map((metric) => (
            <div key={metric} className="rounded-lg bg-stone-50 p-3 dark:bg-stone-900">
              <dt className="text-sm text-stone-700 dark:text-stone-300">{METRIC_LABELS[metric]}</dt>
              <dd className="text-2xl font-bold tabular-nums">{formatCount(totals[metric])}</dd>
            </div>
          ))}
          <div className="rounded-lg bg-stone-50 p-3 dark:bg-stone-900">
            <dt className="text-sm text-stone-700 dark:text-stone-300">Custo por contato (este mês)</dt>
            <dd className="text-2xl font-bold tabular-nums">{costShown.value}</dd>
          </div>
        </dl>
        <p className="mt-2 text-sm text-stone-700 dark:text-stone-300">{costShown.note}</p>
      </section>

      {METRICS.map((metric) => (
        <section key={metric} aria-labelledby={`grafico-${metric}`} className="mt-8 rounded-2xl border border-stone-200 p-5 dark:border-stone-800">
          <h2 id={`grafico-${metric}`} className="text-lg font-semibold">
            {METRIC_LABELS[metric]}
          </h2>
          <DayChart title={METRIC_LABELS[metric]} days={days.map((d) => ({ day: d.day, value: d[metric] }))} />
        </section>
      ))}
    </div>
  );
}
