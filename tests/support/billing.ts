import type { Client } from "./http";

/** Asks for a checkout or portal URL the way the page's script does. */
export async function billingUrl(client: Client, origin: string, kind: "checkout" | "portal") {
  return client.request(`/api/assinatura/${kind}`, { method: "POST", headers: { origin, accept: "application/json" } });
}
