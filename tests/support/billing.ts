import { eq } from "drizzle-orm";
import type { Db } from "../../server/db/client";
import { promotionGrants, users } from "../../server/db/schema";
import { signUpViaForm } from "./accounts";

/** A host who signed up after the promotion's 100 slots were gone (their grant is removed). */
export async function signUpHostWithoutPromotion(db: Db, url: string, email: string) {
  const client = await signUpViaForm(url, email, "host");
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  await db.delete(promotionGrants).where(eq(promotionGrants.userId, user!.id));
  return { client, userId: user!.id };
}

/** Asks for a checkout or portal URL the way the page's script does. */
export async function billingUrl(client: { request(path: string, init?: RequestInit): Promise<Response> }, origin: string, kind: "checkout" | "portal") {
  return client.request(`/api/assinatura/${kind}`, { method: "POST", headers: { origin, accept: "application/json" } });
}
