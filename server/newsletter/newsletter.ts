import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Mailer } from "../adapters/email";
import type { Background } from "../background";
import { newsletterAlreadySubscribedEmail, newsletterConfirmationEmail } from "../accounts/emails";
import type { Db } from "../db/client";
import { newsletterSubscribers } from "../db/schema";

export interface NewsletterDeps {
  database: { db: Db };
  mailer: Mailer;
  background: Background;
  config: { BASE_URL: string };
}

/** The one answer to a sign-up, first or repeat: it must not tell anyone whether an address was already on the list. */
export const SUBSCRIBE_MESSAGE = "Quase lá! Enviamos um link de confirmação para o seu email.";

/**
 * Stores the address (once, the same statement for a new and a known one) and, after the answer,
 * emails it: the confirmation link while unconfirmed (double opt-in), or a note that it is
 * already subscribed. Only the mailbox's owner learns which.
 */
export async function subscribe(deps: NewsletterDeps, email: string): Promise<void> {
  await deps.database.db
    .insert(newsletterSubscribers)
    .values({ email, confirmToken: randomBytes(24).toString("base64url") })
    .onConflictDoNothing();
  deps.background.run("newsletter email", () => sendSubscriptionEmail(deps, email));
}

async function sendSubscriptionEmail({ database, mailer, config }: NewsletterDeps, email: string) {
  const [row] = await database.db
    .select({ confirmToken: newsletterSubscribers.confirmToken })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  if (!row) return;
  if (row.confirmToken) {
    const url = `${config.BASE_URL}/newsletter/confirmar?token=${encodeURIComponent(row.confirmToken)}`;
    await mailer.send(newsletterConfirmationEmail(email, url));
  } else {
    await mailer.send(newsletterAlreadySubscribedEmail(email, `${config.BASE_URL}/`));
  }
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
