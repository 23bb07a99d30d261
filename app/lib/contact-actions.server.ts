import type { AppLoadContext } from "react-router";
import { refused } from "@common/refusal";
import { checkReply, RESPONSE_QUESTION_CLOSED } from "@common/reviews";
import type { Viewer } from "@server/accounts/guards";
import { answerResponse } from "@server/trust/contacts";
import { leaveFootprint } from "@server/trust/footprints";
import { replyToReview } from "@server/trust/reviews";
import { confirmStay, stateStay, withdrawStay } from "@server/trust/stays";
import { sentFields } from "./form";
import { refusalData } from "./refusal.server";
import { redirectWithToast } from "./toast.server";

/** The forms of a contact's card, on "Contatos recebidos" (host) and "Meus contatos" (guest). */
export const CONTACT_INTENTS = ["informar-hospedagem", "confirmar-hospedagem", "retirar-hospedagem", "responder-avaliacao", "anfitriao-respondeu"] as const;

export const isContactIntent = (intent: string | undefined): intent is (typeof CONTACT_INTENTS)[number] => CONTACT_INTENTS.includes(intent as never);

/**
 * Runs one of CONTACT_INTENTS for the signed-in person and goes back to `back` with a message; a
 * refusal comes back to the page with the contact it concerns (`typed.contato`), nothing stored.
 * Every rule of who may do what is the domain's (server/trust/): this only reads the form.
 */
export async function contactAction(request: Request, context: AppLoadContext, viewer: Viewer, fields: Record<string, string>, back: string) {
  const { services } = context;
  const db = services.database.db;
  const now = services.clock.now();
  const typed = sentFields(fields, ["contato", "checkin", "checkout", "reply"]);
  const footprint = () => leaveFootprint(db, services.config.authSecret, viewer.id, { ip: context.clientIp, userAgent: request.headers.get("User-Agent") ?? "" }, now);
  switch (fields.intent) {
    case "informar-hospedagem": {
      const stated = await stateStay(db, viewer.id, fields.contato ?? "", fields, now);
      if (!stated.ok) return refusalData(stated, typed);
      await footprint();
      return redirectWithToast(back, {
        title: stated.value.side === "host" ? "Hospedagem informada" : "Hospedagem informada ao anfitrião",
        description: stated.value.side === "host" ? "Quando o hóspede confirmar, ela passa a contar no Recanto." : "Quando o anfitrião confirmar, você poderá avaliar depois da saída.",
        variant: "success",
      });
    }
    case "confirmar-hospedagem": {
      const confirmed = await confirmStay(db, viewer.id, fields.hospedagem ?? "", now);
      if (!confirmed.ok) return refusalData(confirmed, typed);
      await footprint();
      return redirectWithToast(back, { title: "Hospedagem confirmada", variant: "success" });
    }
    case "retirar-hospedagem": {
      const withdrawn = await withdrawStay(db, viewer.id, fields.hospedagem ?? "", now);
      if (!withdrawn.ok) return refusalData(withdrawn, typed);
      return redirectWithToast(back, { title: "Hospedagem retirada" });
    }
    case "responder-avaliacao": {
      const reply = checkReply(fields.reply);
      if (!reply.ok) return refusalData(refused(400, reply.message, { field: "reply" }), typed);
      const replied = await replyToReview(db, viewer.id, fields.avaliacao ?? "", reply.reply, now);
      if (!replied.ok) return refusalData(replied, typed);
      return redirectWithToast(back, { title: "Resposta publicada", variant: "success" });
    }
    case "anfitriao-respondeu": {
      const answered = await answerResponse(db, viewer.id, fields.contato ?? "", fields.resposta ?? "", now);
      if (answered === "invalid") return refusalData(refused(400, "Escolha uma das respostas."), typed);
      if (answered === "not-found") return refusalData(refused(404, "Contato não encontrado."), typed);
      if (answered === "closed") return refusalData(refused(409, RESPONSE_QUESTION_CLOSED), typed);
      return redirectWithToast(back, { title: answered === "answered" ? "Obrigado pela resposta!" : "Você já tinha respondido sobre este contato.", variant: "success" });
    }
    default:
      return refusalData(refused(400, "Ação inválida."));
  }
}
