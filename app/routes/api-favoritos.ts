import { data } from "react-router";
import type { Route } from "./+types/api-favoritos";
import { refused, refusalJson, type Refusal } from "@common/refusal";
import { unavailableRefusal } from "@common/unavailable";
import { requireUser } from "@server/accounts/guards";
import { setFavorite } from "@server/favorites/favorites";
import { noteUnavailable } from "@server/http/unavailable";
import { guardAction } from "~/lib/auth.server";
import { readForm } from "~/lib/form";

const refuse = (refusal: Refusal) => data(refusalJson(refusal), { status: refusal.status });
const LOGGED_OUT = { title: "Login necessário", description: "Você precisa estar logado para favoritar propriedades." };

/** POST propertyId + favorite=true|false: sets the signed-in user's favourite (only theirs: the user comes from the session). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await guardAction(context, (v) => requireUser(v, { loggedOut: LOGGED_OUT }));
  if (!viewer.ok) return refuse(viewer);
  const fields = await readForm(request);
  if (fields.favorite !== "true" && fields.favorite !== "false") return refuse(refused(400, "Requisição inválida."));
  try {
    const result = await setFavorite(context.services.database.db, viewer.value.id, fields.propertyId ?? "", fields.favorite === "true");
    if (!result.ok) return refuse(result);
    return { ok: true as const, favorite: result.value };
  } catch (err) {
    if (noteUnavailable(context, err, context.services.logger)) return refuse(unavailableRefusal());
    context.services.logger.error({ err }, "favourite change failed");
    return refuse(refused(500, "Erro inesperado. Tente novamente."));
  }
}

export function loader() {
  throw data(null, { status: 405 });
}
