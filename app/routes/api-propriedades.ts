import { data } from "react-router";
import type { Route } from "./+types/api-propriedades";
import { deleteHostProperty, setPropertyActive } from "@server/properties/manage";
import { readForm } from "~/lib/form";
import { hostForAction } from "~/lib/property-form.server";

const notYours = (message: string) => data({ ok: false, message, description: "Esta propriedade não existe ou não pertence à sua conta." }, { status: 404 });

/** POST intent=toggle (id, active=true|false) or intent=delete (id), for the owner only: any other id answers 404 and changes nothing. */
export async function action({ request, context }: Route.ActionArgs) {
  const host = await hostForAction(context, "Você precisa estar logado para gerenciar propriedades.");
  if (!host.ok) {
    const [message, description] = host.message.split(": ");
    return data({ ok: false, message: message!, description }, { status: host.status });
  }
  const { database, storage, logger } = context.services;
  const fields = await readForm(request);
  const id = fields.id ?? "";
  try {
    switch (fields.intent) {
      case "toggle": {
        if (fields.active !== "true" && fields.active !== "false") return data({ ok: false, message: "Requisição inválida." }, { status: 400 });
        const active = fields.active === "true";
        if (!(await setPropertyActive(database.db, host.value.id, id, active))) return notYours("Erro ao atualizar propriedade");
        return { ok: true, message: active ? "Propriedade ativada" : "Propriedade desativada" };
      }
      case "delete":
        if (!(await deleteHostProperty(database.db, storage, host.value.id, id))) return notYours("Erro ao excluir propriedade");
        return { ok: true, message: "Propriedade excluída" };
      default:
        return data({ ok: false, message: "Ação inválida." }, { status: 400 });
    }
  } catch (err) {
    logger.error({ err, intent: fields.intent }, "host property action failed");
    const message = fields.intent === "delete" ? "Erro ao excluir propriedade" : "Erro ao atualizar propriedade";
    return data({ ok: false, message, description: "Tente novamente mais tarde." }, { status: 500 });
  }
}

export function loader() {
  throw data(null, { status: 405 });
}
