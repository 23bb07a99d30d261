import { expect } from "vitest";
import { createAccount } from "../../server/accounts/users";
import type { TestApp } from "./app";
import { Client } from "./http";

/**
 * A signed-in host with no promotion slot (accounts made by operators, like those after the first
 * 100 sign-ups, get none), without going through the sign-up form's rate limit.
 */
export async function signInHostWithoutPromotion(app: TestApp, email: string) {
  const user = await createAccount(app.services.auth, { name: "Anfitriã Pagante", email, password: "segredo123", userType: "host" });
  const client = new Client(app.url);
  expect((await client.post("/login", { email, password: "segredo123" })).status).toBe(302);
  return { client, userId: user.id };
}

/** Asks for a checkout or portal URL the way the page's script does. */
export async function billingUrl(client: Client, origin: string, kind: "checkout" | "portal") {
  return client.request(`/api/assinatura/${kind}`, { method: "POST", headers: { origin, accept: "application/json" } });
}
