import { data, Link } from "react-router";
import type { Route } from "./+types/editar-propriedade";
import { PageMessage, secondaryLinkButton } from "~/components/layout/page-message";
import { requireHost } from "~/lib/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Editar Propriedade | Recanto" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireHost(request, context);
  // No property can exist yet, so every id is unknown to this host.
  return data(null, { status: 404 });
}

export default function EditarPropriedade() {
  return (
    <PageMessage
      title="Propriedade não encontrada"
      actions={
        <Link to="/minhas-propriedades" className={secondaryLinkButton}>
          Voltar para Minhas Propriedades
        </Link>
      }
    >
      <p>Esta propriedade não existe ou não pertence à sua conta.</p>
    </PageMessage>
  );
}
