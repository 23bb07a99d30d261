import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Mailer } from "../adapters/email";
import { newsletterConfirmationEmail } from "../accounts/emails";
import type { Db } from "../db/client";
import { newsletterSubscribers } from "../db/schema";

export type SubscribeOutcome = "subscribed" | "resent" | "already-confirmed";

export const NEWSLETTER_MESSAGES: Record<SubscribeOutcome, string> = {
  subscribed: "Quase lá! Enviamos um link de confirmação para o seu email.",
  resent: "Este email já foi cadastrado e aguarda confirmação: enviamos o link novamente.",
  "already-confirmed": "Este email já está inscrito na nossa newsletter.",
};

/** Stores the address (once) and emails a confirmation link (double opt-in). */
export async function subscribe(db: Db, mailer: Mailer, baseURL: string, email: string): Promise<SubscribeOutcome> {
  const token = randomBytes(24).toString("base64url");
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email, confirmToken: token })
    .onConflictDoNothing()
    .returning({ email: newsletterSubscribers.email });
  let outcome: SubscribeOutcome = "subscribed";
  let sendToken = token;
  if (inserted.length === 0) {
    const [existing] = await db
      .select({ confirmedAt: newsletterSubscribers.confirmedAt, confirmToken: newsletterSubscribers.confirmToken })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    if (!existing || existing.confirmedAt || !existing.confirmToken) return "already-confirmed";
    outcome = "resent";
    sendToken = existing.confirmToken;
  }
  const url = `${baseURL}/newsletter/confirmar?token=${encodeURIComponent(sendToken)}`;
  await mailer.send(newsletterConfirmationEmail(email, url));
  return outcome;
}

export async function confirmSubscription(db: Db, token: string): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const rows = await db
    .update(newsletterSubscribers)
    .set({ confirmedAt: new Date(), confirmToken: null })
    .where(and(eq(newsletterSubscribers.confirmToken, token), isNull(newsletterSubscribers.confirmedAt)))
    .returning({ email: newsletterSubscribers.email });
  return rows.length === 1;
}
