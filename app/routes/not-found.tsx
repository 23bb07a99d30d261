import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { linkButton, PageMessage } from "~/components/layout/page-message";

export const meta: Route.MetaFunction = () => [{ title: "Página não encontrada | Recanto" }];

export function loader({ request, context }: Route.LoaderArgs) {
  context.services.logger.info({ path: new URL(request.url).pathname }, "page not found");
  return data(null, { status: 404 });
}

/** Posts to unknown paths are 404 too, not 405. */
export function action() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <PageMessage
      title="Oops! Page not found"
      actions={
        <Link to="/" className={linkButton}>
          Voltar ao início
        </Link>
      }
    >
      <p>Não encontramos a página que você procura. Ela pode ter mudado de endereço ou não existir mais.</p>
    </PageMessage>
  );
}
