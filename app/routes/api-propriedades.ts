import { data } from "react-router";
import type { Route } from "./+types/api-propriedades";
import { refusalJson, refused, type Refusal } from "@common/refusal";
import { unavailableRefusal } from "@common/unavailable";
import { requireHost } from "@server/accounts/guards";
import { noteUnavailable } from "@server/http/unavailable";
import { deleteHostProperty, setPropertyActive } from "@server/properties/manage";
import { guardAction } from "~/lib/auth.server";
import { readForm } from "~/lib/form";
import { hostGuardTexts } from "~/lib/property-form.server";

/** Scripts read `message` (the one-line form); the host's list reads `title` and `description`. */
const refuse = (refusal: Refusal) => data(refusalJson(refusal), { status: refusal.status });
const notYours = (title: string) => refuse(refused(404, title, { description: "Esta propriedade não existe ou não pertence à sua conta." }));

/** POST intent=toggle (id, active=true|false) or intent=delete (id), for the owner only: any other id answers 404 and changes nothing. */
export async function action({ request, context }: Route.ActionArgs) {
  const host = await guardAction(context, (viewer) => requireHost(viewer, hostGuardTexts("Você precisa estar logado para gerenciar propriedades.")));
  if (!host.ok) return refuse(host);
  const { database, storage, logger } = context.services;
  const fields = await readForm(request);
  const id = fields.id ?? "";
  try {
    switch (fields.intent) {
      case "toggle": {
        if (fields.active !== "true" && fields.active !== "false") return refuse(refused(400, "Requisição inválida."));
        const active = fields.active === "true";
        if (!(await setPropertyActive(database.db, host.value.id, id, active))) return notYours("Erro ao atualizar propriedade");
        return { ok: true, message: active ? "Propriedade ativada" : "Propriedade desativada" };
      }
      case "delete":
        if (!(await deleteHostProperty(database.db, storage, host.value.id, id))) return notYours("Erro ao excluir propriedade");
        return { ok: true, message: "Propriedade excluída" };
      default:
        return refuse(refused(400, "Ação inválida."));
    }
  } catch (err) {
    if (noteUnavailable(context, err, logger)) return refuse(unavailableRefusal());
    logger.error({ err, intent: fields.intent }, "host property action failed");
    return refuse(refused(500, fields.intent === "delete" ? "Erro ao excluir propriedade" : "Erro ao atualizar propriedade", { description: "Tente novamente mais tarde." }));
  }
}

export function loader() {
  throw data(null, { status: 405 });
}
