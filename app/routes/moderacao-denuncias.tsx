import { Link } from "react-router";
import type { Route } from "./+types/moderacao-denuncias";
import { formatDate } from "@common/format";
import { requireOperator } from "@server/accounts/guards";
import { queueCounts } from "@server/moderation/queue-counts";
import { reportQueue } from "@server/trust/reports";
import { ModerationErrorBoundary } from "~/components/moderation/moderation-messages";
import { QueuePage } from "~/components/moderation/queue-page";
import { guardPage } from "~/lib/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Denúncias | Moderação | Recanto" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await guardPage(request, context, requireOperator);
  const db = context.services.database.db;
  const [queue, counts] = await Promise.all([reportQueue(db), queueCounts(db)]);
  return { counts, queue: queue.map(({ first, last, ...item }) => ({ ...item, first: formatDate(first), last: formatDate(last) })) };
}

export default function ModeracaoDenuncias({ loaderData }: Route.ComponentProps) {
  const { queue, counts } = loaderData;
  return (
    <QueuePage
      counts={counts}
      summary={queue.length === 0 ? "Nenhuma denúncia aberta" : `${queue.length === 1 ? "1 anúncio ou anfitrião denunciado" : `${queue.length} anúncios ou anfitriões denunciados`} · os mais denunciados primeiro`}
      empty={queue.length === 0 ? "Quando alguém denunciar um anúncio ou um anfitrião, a denúncia aparece aqui." : null}
    >
      <ol aria-label="Denúncias abertas" className="mt-6 space-y-3">
        {queue.map((item) => (
          <li key={`${item.kind}-${item.id}`} className="relative flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm hover:border-brand-600 dark:border-stone-800 dark:bg-stone-900 dark:hover:border-brand-400">
            <div className="min-w-0">
              <p className="text-sm text-stone-600 dark:text-stone-400">{item.kind === "anuncio" ? (item.status === "reported" ? "Anúncio · oculto após denúncias" : "Anúncio") : "Anfitrião"}</p>
              <h2 className="font-semibold">
                <Link to={`/moderacao/denuncias/${item.kind}/${item.id}`} className="card-link">
                  {item.title}
                </Link>
              </h2>
            </div>
            <p className="text-sm text-stone-700 dark:text-stone-300">
              {`${item.reporters === 1 ? "1 pessoa denunciou" : `${item.reporters} pessoas denunciaram`} · ${item.first === item.last ? `em ${item.first}` : `de ${item.first} a ${item.last}`}`}
            </p>
          </li>
        ))}
      </ol>
    </QueuePage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ModerationErrorBoundary error={error} />;
}
