import { Link, redirect } from "react-router";
import type { Route } from "./+types/moderacao-verificacoes";
import { formatDate } from "@common/format";
import { pageWindow } from "@common/property-query";
import { requireOperator } from "@server/accounts/guards";
import { queueCounts } from "@server/moderation/queue-counts";
import { verificationQueue } from "@server/trust/identity";
import { ModerationErrorBoundary } from "~/components/moderation/moderation-messages";
import { QueuePage } from "~/components/moderation/queue-page";
import { Pagination } from "~/components/ui/pagination";
import { guardPage } from "~/lib/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Verificações de identidade | Moderação | Recanto" }, { name: "robots", content: "noindex" }];

const queueHref = (page: number) => (page > 1 ? `/moderacao/verificacoes?page=${page}` : "/moderacao/verificacoes");

export async function loader({ request, context }: Route.LoaderArgs) {
  await guardPage(request, context, requireOperator);
  const url = new URL(request.url);
  const raw = url.searchParams.get("page");
  const db = context.services.database.db;
  const [queue, counts] = await Promise.all([verificationQueue(db, raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1), queueCounts(db)]);
  const canonical = queueHref(queue.page);
  if (url.pathname + url.search !== canonical) throw redirect(canonical);
  return {
    counts,
    queue: { ...queue, items: queue.items.map(({ createdAt, ...item }) => ({ ...item, sentOn: formatDate(createdAt), sentAt: createdAt.toISOString() })) },
  };
}

export default function ModeracaoVerificacoes({ loaderData }: Route.ComponentProps) {
  const { queue, counts } = loaderData;
  return (
    <QueuePage
      counts={counts}
      summary={queue.total === 0 ? "Nenhum pedido de verificação aguardando análise" : queue.total === 1 ? "1 pedido de verificação aguardando análise" : `${queue.total} pedidos de verificação aguardando análise`}
      empty={queue.items.length === 0 ? "Quando um anfitrião pedir a verificação de identidade, o pedido aparece aqui." : null}
    >
      <ol aria-label="Pedidos de verificação" className="mt-6 space-y-3">
        {queue.items.map((item) => (
          <li key={item.id} className="relative flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm hover:border-brand-600 dark:border-stone-800 dark:bg-stone-900 dark:hover:border-brand-400">
            <div className="min-w-0">
              <h2 className="font-semibold">
                <Link to={`/moderacao/verificacoes/${item.id}`} className="card-link">
                  {item.legalName}
                </Link>
              </h2>
              <p className="text-sm text-stone-700 dark:text-stone-300">{`Conta: ${item.accountName} · ${item.documentKind.toUpperCase()}${item.hasCadastur ? " · com Cadastur" : ""}`}</p>
            </div>
            <p className="text-sm text-stone-600 dark:text-stone-400">
              Enviado em <time dateTime={item.sentAt}>{item.sentOn}</time>
            </p>
          </li>
        ))}
      </ol>
      <Pagination page={queue.page} pageCount={queue.pageCount} pages={pageWindow(queue.page, queue.pageCount)} href={queueHref} />
    </QueuePage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ModerationErrorBoundary error={error} />;
}
