import { data } from "react-router";
import type { Route } from "./+types/api-favoritos";
import { setFavorite } from "@server/favorites/favorites";
import { getViewer } from "~/lib/auth.server";
import { readForm } from "~/lib/form";

/** POST propertyId + favorite=true|false: sets the signed-in user's favourite (only theirs: the user comes from the session). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await getViewer(context);
  if (!viewer) {
    return data({ ok: false as const, message: "Login necessário: Você precisa estar logado para favoritar propriedades." }, { status: 401 });
  }
  const fields = await readForm(request);
  if (fields.favorite !== "true" && fields.favorite !== "false") {
    return data({ ok: false as const, message: "Requisição inválida." }, { status: 400 });
  }
  try {
    const result = await setFavorite(context.services.database.db, viewer.id, fields.propertyId ?? "", fields.favorite === "true");
    if (!result.ok) return data({ ok: false as const, message: result.message }, { status: result.status });
    return { ok: true as const, favorite: result.favorite };
  } catch (err) {
    context.services.logger.error({ err }, "favourite change failed");
    return data({ ok: false as const, message: "Erro inesperado. Tente novamente." }, { status: 500 });
  }
}

export function loader() {
  throw data(null, { status: 405 });
}
