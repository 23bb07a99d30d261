import { isRouteErrorResponse, Link } from "react-router";
import { NotFoundMessage } from "~/components/layout/not-found-message";
import { linkButton, PageMessage } from "~/components/layout/page-message";

/**
 * What moderation pages show when their loader fails. A 404 (a signed-in user who is not an
 * operator, or an unknown property) looks exactly like the site's page-not-found, so the page's
 * existence is not revealed; anything else is a plain error.
 */
export function ModerationErrorBoundary({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundMessage />;
  return (
    <PageMessage
      title="Algo deu errado"
      actions={
        <Link to="/moderacao" className={linkButton}>
          Voltar à fila de moderação
        </Link>
      }
    >
      <p>Não foi possível carregar a moderação. Tente novamente em instantes.</p>
    </PageMessage>
  );
}

const STATUS = {
  pending: { label: "Aguardando análise", className: "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100" },
  approved: { label: "Aprovada", className: "bg-brand-100 text-brand-900 dark:bg-brand-900 dark:text-brand-100" },
  rejected: { label: "Recusada", className: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100" },
  reported: { label: "Oculta após denúncias", className: "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100" },
  // A review's (issue 45).
  published: { label: "Publicada", className: "bg-brand-100 text-brand-900 dark:bg-brand-900 dark:text-brand-100" },
  held: { label: "Aguardando publicação", className: "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100" },
  hidden: { label: "Oculta", className: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100" },
} as const;

export function StatusBadge({ status }: { status: keyof typeof STATUS }) {
  const { label, className } = STATUS[status];
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-sm font-semibold ${className}`}>{label}</span>;
}
