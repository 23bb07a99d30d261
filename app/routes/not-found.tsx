import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundMessage } from "~/components/layout/not-found-message";

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
  return <NotFoundMessage />;
}
