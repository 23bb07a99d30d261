import { Home } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/minhas-propriedades";
import { linkButton, PageMessage } from "~/components/layout/page-message";
import { requireHost } from "~/lib/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Minhas Propriedades | Recanto" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireHost(request, context);
  return null;
}

export default function MinhasPropriedades() {
  return (
    <PageMessage
      icon={<Home aria-hidden className="h-12 w-12" />}
      title="Minhas Propriedades"
      actions={
        <Link to="/adicionar-propriedade" className={linkButton}>
          Adicionar primeira propriedade
        </Link>
      }
    >
      <p>Nenhuma propriedade cadastrada</p>
    </PageMessage>
  );
}
