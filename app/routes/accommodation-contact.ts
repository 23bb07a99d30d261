import { redirect } from "react-router";
import type { Route } from "./+types/accommodation-contact";
import { buildWhatsappUrl, parseStay } from "@common/whatsapp";
import { nightOf } from "@common/nights";
import { findPublicContact } from "@server/properties/properties";
import { getViewer } from "~/lib/auth.server";
import { overLimit } from "~/lib/rate-limit.server";
import { loginPath } from "~/lib/redirects";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * GET /accommodation/{id}/contato?checkin&checkout&guests (the detail page's form, opened in a new
 * tab): signed-in visitors are sent on to the host's WhatsApp. The number only ever leaves the
 * server inside that redirect.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const detailPath = `/accommodation/${encodeURIComponent(params.id)}`;
  const viewer = await getViewer(context);
  if (!viewer) return redirect(loginPath(detailPath));

  const { database, config } = context.services;
  const limited = await overLimit(context, "contact", viewer.email);
  if (limited) return redirectWithToast(detailPath, { title: "Muitos contatos em pouco tempo", description: limited.title, variant: "error" });

  const contact = await findPublicContact(database.db, params.id);
  if (!contact) {
    throw new Response("Propriedade não encontrada. Esta propriedade não existe ou foi removida.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }

  const query = new URL(request.url).searchParams;
  const stay = parseStay({ checkin: query.get("checkin"), checkout: query.get("checkout"), guests: query.get("guests") }, contact.maxGuests, nightOf(new Date()));
  const pagePath = `/accommodation/${contact.slug}`;
  const whatsapp = buildWhatsappUrl({ phone: contact.whatsappContact, title: contact.title, url: new URL(pagePath, config.BASE_URL).href, ...stay });
  if (!whatsapp) {
    return redirectWithToast(pagePath, {
      title: "Contato não disponível",
      description: "Número do WhatsApp não encontrado para esta propriedade.",
      variant: "error",
    });
  }
  return redirect(whatsapp);
}
