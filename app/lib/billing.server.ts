import { data, redirect, type AppLoadContext } from "react-router";
import { BillingError } from "@server/billing/provider";
import { rateLimitMessage } from "@server/http/rate-limit";
import { getViewer } from "./auth.server";
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
  const refuse = (status: number, message: string, title?: string) =>
    wantsJson
      ? data({ ...(title && { title }), message }, { status, headers: { "Cache-Control": "no-store" } })
      : redirectWithToast(status === 401 ? loginPath("/planos") : "/planos", { title: title ?? message, ...(title && { description: message }), variant: "error" });

  const viewer = await getViewer(context);
  if (!viewer) return refuse(401, "Sua sessão expirou. Faça login novamente.");
  const { billing, limiter, logger } = context.services;
  const wait = await limiter.consume("billing", { ip: context.clientIp, email: viewer.email });
  if (wait) return refuse(429, rateLimitMessage(wait));
  try {
    const url = kind === "checkout" ? await billing.checkout(viewer) : await billing.portal(viewer);
    return wantsJson ? data({ url }, { headers: { "Cache-Control": "no-store" } }) : redirect(url, 303);
  } catch (err) {
    if (err instanceof BillingError) return refuse(err.status, err.message, err.title);
    logger.error({ err, kind, userId: viewer.id }, "billing provider failed");
    return refuse(502, FAILURE[kind]);
  }
}
