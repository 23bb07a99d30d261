import { data, redirect, type AppLoadContext } from "react-router";
import type { Refusal } from "@common/refusal";
import { requireUser } from "@server/accounts/guards";
import { BillingError } from "@server/billing/provider";
import { guardAction } from "./auth.server";
import { overLimit } from "./rate-limit.server";
import { loginPath } from "./redirects";
import { redirectWithToast } from "./toast.server";

const FAILURE = {
  checkout: "Não foi possível iniciar o processo de pagamento. Tente novamente.",
  portal: "Não foi possível abrir o portal de gerenciamento. Tente novamente.",
};

/**
 * POST create-checkout / customer-portal for the signed-in user (the user comes from the session,
 * never from the request). Script callers (Accept: application/json) get { url } or
 * { title?, message } with the status; a plain form post is redirected to the page or back to /planos.
 */
export async function billingPageAction(request: Request, context: AppLoadContext, kind: "checkout" | "portal") {
  const wantsJson = request.headers.get("accept")?.includes("application/json") ?? false;
  // The plans page's script reads { title?, message }: the sentence is `message`, with its heading when there is one.
  const refuse = ({ status, title, description }: Refusal) =>
    wantsJson
      ? data(description ? { title, message: description } : { message: title }, { status, headers: { "Cache-Control": "no-store" } })
      : redirectWithToast(status === 401 ? loginPath("/planos") : "/planos", { title, ...(description && { description }), variant: "error" });

  const guarded = await guardAction(context, (v) => requireUser(v, { loggedOut: { title: "Sua sessão expirou. Faça login novamente." } }));
  if (!guarded.ok) return refuse(guarded);
  const viewer = guarded.value;
  const { billing, logger } = context.services;
  const limited = await overLimit(context, "billing", viewer.email);
  if (limited) return refuse(limited);
  try {
    const url = kind === "checkout" ? await billing.checkout(viewer) : await billing.portal(viewer);
    return wantsJson ? data({ url }, { headers: { "Cache-Control": "no-store" } }) : redirect(url, 303);
  } catch (err) {
    if (err instanceof BillingError) return refuse(err.refusal);
    logger.error({ err, kind, userId: viewer.id }, "billing provider failed");
    return refuse({ status: 502, title: FAILURE[kind] });
  }
}
