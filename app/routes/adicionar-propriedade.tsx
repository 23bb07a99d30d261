import { Link } from "react-router";
import type { Route } from "./+types/adicionar-propriedade";
import { PageMessage, secondaryLinkButton } from "~/components/layout/page-message";
import { requireHost } from "~/lib/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Adicionar Propriedade | Recanto" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireHost(request, context);
  return null;
}

export default function AdicionarPropriedade() {
  return (
    <PageMessage
      title="Adicionar Propriedade"
      actions={
        <Link to="/perfil" className={secondaryLinkButton}>
          Voltar ao perfil
        </Link>
      }
    >
      <p>O cadastro de propriedades ainda não está aberto. Avisaremos por email assim que você puder publicar o seu primeiro anúncio.</p>
    </PageMessage>
  );
}
