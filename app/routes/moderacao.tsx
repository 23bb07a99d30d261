import { Icon } from "~/components/ui/icons";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/moderacao";
import { formatBRL, formatDate } from "@common/format";
import { pageWindow } from "@common/property-query";
import { moderationQueue } from "@server/moderation/moderation";
import { queueCounts } from "@server/moderation/queue-counts";
import { QueuePage } from "~/components/moderation/queue-page";
import { ModerationErrorBoundary } from "~/components/moderation/moderation-messages";
import { PropertyImage } from "~/components/property/property-image";
import { requireOperator } from "@server/accounts/guards";
import { Pagination } from "~/components/ui/pagination";
import { guardPage } from "~/lib/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Moderação | Recanto" }, { name: "robots", content: "noindex" }];

function pageFrom(url: URL): number {
  const raw = url.searchParams.get("page");
  return raw && /^\d{1,6}$/.test(raw) ? Math.max(1, Number(raw)) : 1;
}

const queueHref = (page: number) => (page > 1 ? `/moderacao?page=${page}` : "/moderacao");

export async function loader({ request, context }: Route.LoaderArgs) {
  await guardPage(request, context, requireOperator);
  const url = new URL(request.url);
  const db = context.services.database.db;
  const [queue, counts] = await Promise.all([moderationQueue(db, pageFrom(url)), queueCounts(db)]);
  // One address per page: page 1 has none, and a page past the end (the queue shrank) goes to the last one.
  const canonical = queueHref(queue.page);
  if (url.pathname + url.search !== canonical) throw redirect(canonical);
  return { queue, counts };
}

function waitingLabel(total: number) {
  if (total === 0) return "Nenhuma propriedade aguardando análise";
  return total === 1 ? "1 propriedade aguardando análise" : `${total} propriedades aguardando análise`;
}

export default function Moderacao({ loaderData }: Route.ComponentProps) {
  const { queue, counts } = loaderData;
  return (
    <QueuePage
      counts={counts}
      summary={
        <>
          {waitingLabel(queue.total)}
          {queue.total > 1 ? <span className="text-stone-600 dark:text-stone-400"> · as mais antigas primeiro</span> : null}
        </>
      }
      empty={queue.items.length === 0 ? "Quando um anfitrião cadastrar uma propriedade ou enviar ajustes, ela aparece aqui para análise." : null}
    >
      <ol aria-label="Fila de moderação" className="mt-8 space-y-4">
        {queue.items.map((item) => (
          <li key={item.id}>
            <QueueCard item={item} />
          </li>
        ))}
      </ol>
      <Pagination page={queue.page} pageCount={queue.pageCount} pages={pageWindow(queue.page, queue.pageCount)} href={queueHref} />
    </QueuePage>
  );
}

type Item = Route.ComponentProps["loaderData"]["queue"]["items"][number];

function QueueCard({ item }: { item: Item }) {
  return (
    <article className="relative grid grid-cols-[6rem_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm transition hover:border-brand-600 hover:shadow-md sm:grid-cols-[9rem_minmax(0,1fr)_auto] sm:p-4 dark:border-stone-800 dark:bg-stone-900 dark:hover:border-brand-400">
      <PropertyImage image={item.cover} alt="" sizes="144px" className="row-span-2 aspect-[4/3] w-full overflow-hidden rounded-xl text-xs sm:row-span-1" />
      <div className="min-w-0">
        <h2 className="text-lg leading-snug font-semibold">
          <Link to={`/moderacao/${item.id}`} className="card-link">
            {item.title}
          </Link>
        </h2>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-700 dark:text-stone-300">
          <Icon name="user-round" aria-hidden className="size-4 shrink-0" />
          <span className="sr-only">Anfitrião: </span>
          <span className="truncate">{item.hostName}</span>
        </p>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-700 dark:text-stone-300">
          <Icon name="map-pin" aria-hidden className="size-4 shrink-0" />
          <span className="truncate">{`${item.propertyType} · ${item.location}`}</span>
        </p>
      </div>
      <div className="col-start-2 text-sm sm:col-start-3 sm:text-right">
        <p>
          <span className="font-semibold">{formatBRL(item.priceCents)}</span> <span className="text-stone-600 dark:text-stone-400">/ noite</span>
        </p>
        <p className="mt-1 text-stone-600 dark:text-stone-400">
          Enviada em <time dateTime={item.submittedAt}>{formatDate(item.submittedAt)}</time>
        </p>
        {item.updatedAt && formatDate(item.updatedAt) !== formatDate(item.submittedAt) ? (
          <p className="text-stone-600 dark:text-stone-400">
            Atualizada em <time dateTime={item.updatedAt}>{formatDate(item.updatedAt)}</time>
          </p>
        ) : null}
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ModerationErrorBoundary error={error} />;
}
