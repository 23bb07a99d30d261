import { Link } from "react-router";
import type { Route } from "./+types/moderacao-denuncias";
import { formatDate } from "@common/format";
import { requireOperator } from "@server/accounts/guards";
import { queueCounts } from "@server/moderation/queue-counts";
import { reportQueue } from "@server/trust/reports";
import { ModerationErrorBoundary } from "~/components/moderation/moderation-messages";
import { ModerationTabs } from "~/components/moderation/moderation-tabs";
import { Icon } from "~/components/ui/icons";
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
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">Moderação</h1>
      <ModerationTabs counts={counts} />
      <p className="mt-4 text-stone-700 dark:text-stone-300">
        {queue.length === 0 ? "Nenhuma denúncia aberta" : `${queue.length === 1 ? "1 anúncio ou anfitrião denunciado" : `${queue.length} anúncios ou anfitriões denunciados`} · os mais denunciados primeiro`}
      </p>
      {queue.length === 0 ? (
        <div className="mt-10 flex flex-col items-center rounded-2xl border border-dashed border-stone-300 px-4 py-16 text-center dark:border-stone-700">
          <Icon name="clipboard-check" aria-hidden className="size-10 text-brand-700 dark:text-brand-300" />
          <h2 className="mt-4 text-xl font-semibold">Tudo em dia</h2>
          <p className="mt-2 max-w-md text-stone-600 dark:text-stone-300">Quando alguém denunciar um anúncio ou um anfitrião, a denúncia aparece aqui.</p>
        </div>
      ) : (
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
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ModerationErrorBoundary error={error} />;
}
