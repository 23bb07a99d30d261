import { data } from "react-router";
import type { Route } from "./+types/api-assinatura";
import { subscriptionStatus } from "@server/billing/status";
import { getViewer } from "~/lib/auth.server";

/** The spec's check-subscription: the signed-in user's plan, read from the database on every call. */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await getViewer(context);
  if (!viewer) return data({ error: "Sua sessão expirou. Faça login novamente." }, { status: 401, headers: { "Cache-Control": "no-store" } });
  const status = await subscriptionStatus(context.services.database.db, viewer);
  return data(status, { headers: { "Cache-Control": "no-store" } });
}
