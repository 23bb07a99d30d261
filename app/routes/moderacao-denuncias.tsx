import { Link } from "react-router";
import type { Route } from "./+types/moderacao-denuncias";
import { formatDate } from "@common/format";
import { REVIEW_HOLD_LABELS } from "@common/reports";
import { requireOperator } from "@server/accounts/guards";
import { queueCounts } from "@server/moderation/queue-counts";
import { reportQueue } from "@server/trust/reports";
import { ModerationErrorBoundary } from "~/components/moderation/moderation-messages";
import { QueuePage } from "~/components/moderation/queue-page";
import { guardPage } from "~/lib/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Denúncias e avaliações | Moderação | Recanto" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await guardPage(request, context, requireOperator);
  const db = context.services.database.db;
  const [queue, counts] = await Promise.all([reportQueue(db), queueCounts(db)]);
  return { counts, queue: queue.map(({ first, last, ...item }) => ({ ...item, first: formatDate(first), last: formatDate(last) })) };
}

type Item = Route.ComponentProps["loaderData"]["queue"][number];

/** What the item is, above its title. */
function kindLabel(item: Item) {
  if (item.kind === "anfitriao") return "Anfitrião";
  if (item.kind === "anuncio") return item.status === "reported" ? "Anúncio · oculto após denúncias" : "Anúncio";
  const author = `Avaliação de ${item.author ?? "conta excluída"}`;
  return item.status === "held" ? `${author} · aguardando publicação` : author;
}

/** Why it waits: who reported it and when, or why a review was held. */
function why(item: Item) {
  if (item.heldFor) return `${REVIEW_HOLD_LABELS[item.heldFor]} · enviada em ${item.first}`;
  return `${item.reporters === 1 ? "1 pessoa denunciou" : `${item.reporters} pessoas denunciaram`} · ${item.first === item.last ? `em ${item.first}` : `de ${item.first} a ${item.last}`}`;
}

export default function ModeracaoDenuncias({ loaderData }: Route.ComponentProps) {
  const { queue, counts } = loaderData;
  return (
    <QueuePage
      counts={counts}
      summary={
        queue.length === 0
          ? "Nenhuma denúncia aberta nem avaliação aguardando publicação"
          : `${queue.length === 1 ? "1 item para analisar" : `${queue.length} itens para analisar`} · os mais denunciados primeiro, depois as avaliações aguardando publicação`
      }
      empty={queue.length === 0 ? "As denúncias de anúncios, anfitriões e avaliações aparecem aqui, e também as avaliações que precisam de análise antes de serem publicadas." : null}
    >
      <ol aria-label="Denúncias abertas e avaliações aguardando publicação" className="mt-6 space-y-3">
        {queue.map((item) => (
          <li key={`${item.kind}-${item.id}`} className="relative flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm hover:border-brand-600 dark:border-stone-800 dark:bg-stone-900 dark:hover:border-brand-400">
            <div className="min-w-0">
              <p className="text-sm text-stone-600 dark:text-stone-400">{kindLabel(item)}</p>
              <h2 className="font-semibold">
                <Link to={`/moderacao/denuncias/${item.kind}/${item.id}`} className="card-link">
                  {item.title}
                </Link>
              </h2>
            </div>
            <p className="text-sm text-stone-700 dark:text-stone-300">{why(item)}</p>
          </li>
        ))}
      </ol>
    </QueuePage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ModerationErrorBoundary error={error} />;
}
