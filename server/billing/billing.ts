import { randomBytes } from "node:crypto";
import { and, eq, notInArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { billingCustomers, billingEvents, subscriptions } from "../db/schema";
import type { Logger } from "../logger";
import { BillingError, type BillingEvent, type BillingProvider } from "./provider";
import type { SandboxProvider, SandboxSession } from "./sandbox-provider";
import { planFor } from "./status";

export interface BillingUser {
  id: string;
  email: string;
  name: string;
  userType: "guest" | "host";
}

export type EventOutcome = "applied" | "duplicate" | "ignored";

/** Subscriptions in these states are over and never come back; nothing to cancel. */
const ENDED = ["canceled", "incomplete_expired"];

/**
 * Our side of billing, the same whichever provider is behind it. Subscription state only ever
 * changes through `applyEvent`: Stripe's webhooks and the sandbox's pages both end there.
 */
export function createBilling(options: { db: Db; provider: BillingProvider; baseUrl: string; logger: Logger }) {
  const { db, provider, logger } = options;
  const url = (path: string) => new URL(path, options.baseUrl).toString();

  async function customerOf(userId: string) {
    const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
    return row && row.provider === provider.name ? row.customerId : null;
  }

  async function ensureCustomer(user: BillingUser): Promise<string> {
    const existing = await customerOf(user.id);
    if (existing) return existing;
    const customerId = await provider.createCustomer(user);
    // A customer of the other provider (the sandbox before Stripe was configured) is replaced.
    await db
      .insert(billingCustomers)
      .values({ userId: user.id, provider: provider.name, customerId })
      .onConflictDoUpdate({ target: billingCustomers.userId, set: { provider: provider.name, customerId }, where: sql`${billingCustomers.provider} <> ${provider.name}` });
    return (await customerOf(user.id))!;
  }

  /**
   * Copies the provider's current state of one subscription. Events may arrive late, twice or out
   * of order, so their payload is never trusted for state: the provider is asked now, and a lock
   * per subscription makes the later reader the later writer.
   */
  async function syncSubscription(tx: Db, subscriptionId: string) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`subscription:${subscriptionId}`}))`);
    const snapshot = await provider.retrieveSubscription(subscriptionId, tx);
    if (!snapshot) return logger.warn({ subscriptionId }, "billing event for an unknown subscription");
    const [owner] = await tx.select({ userId: billingCustomers.userId }).from(billingCustomers).where(eq(billingCustomers.customerId, snapshot.customerId));
    if (!owner) return logger.warn({ subscriptionId, customerId: snapshot.customerId }, "subscription of a customer we do not know");
    const state = { status: snapshot.status, currentPeriodEnd: snapshot.currentPeriodEnd, cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd, updatedAt: new Date() };
    await tx
      .insert(subscriptions)
      .values({ id: snapshot.id, userId: owner.userId, ...state })
      .onConflictDoUpdate({ target: subscriptions.id, set: state });
  }

  async function applyEvent(event: BillingEvent): Promise<EventOutcome> {
    return db.transaction(async (tx) => {
      const fresh = await tx.insert(billingEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: billingEvents.id });
      if (fresh.length === 0) return "duplicate";
      if (!event.subscriptionId) return "ignored";
      await syncSubscription(tx, event.subscriptionId);
      return "applied";
    });
  }

  return {
    provider,
    applyEvent,

    /** The URL of a checkout for the host's Premium subscription. */
    async checkout(user: BillingUser): Promise<string> {
      if (user.userType === "guest") throw new BillingError(403, "Usuários guest não precisam de assinatura.", "Não necessário");
      const plan = await planFor(db, user);
      if (plan.paid?.givesPremium) throw new BillingError(409, "Você já é assinante Premium. Use Gerenciar Assinatura para alterar ou cancelar.");
      const customerId = await ensureCustomer(user);
      return provider.createCheckout({
        userId: user.id,
        customerId,
        successUrl: `${url("/assinatura-sucesso")}?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${url("/planos")}?checkout=cancelado`,
        trialEnd: plan.status.is_free_tier && plan.promotionEndsAt ? new Date(plan.promotionEndsAt) : null,
      });
    },

    /** The URL of the portal where a paying host manages their subscription. */
    async portal(user: BillingUser): Promise<string> {
      if (user.userType === "guest") throw new BillingError(403, "Usuários guest não precisam gerenciar assinatura.", "Não necessário");
      const customerId = await customerOf(user.id);
      if (!customerId) throw new BillingError(409, "Você ainda não tem uma assinatura para gerenciar.");
      return provider.createPortal(customerId, url("/planos"));
    },

    /** After checkout the host may arrive before the webhook: read the result now (only their own). */
    async confirmCheckout(userId: string, sessionId: string): Promise<void> {
      if (!/^[A-Za-z0-9_]{1,255}$/.test(sessionId)) return; // not a session id: nothing to ask the provider
      const subscriptionId = await provider.checkoutSubscription(sessionId, userId);
      if (subscriptionId) await db.transaction((tx) => syncSubscription(tx, subscriptionId));
    },

    /** Ends every running subscription of a user at once (before their account is deleted). */
    async cancelAll(userId: string): Promise<void> {
      const running = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), notInArray(subscriptions.status, ENDED)));
      for (const { id } of running) {
        await provider.cancelNow(id);
        await db.transaction((tx) => syncSubscription(tx, id));
      }
    },
  };
}

export type Billing = ReturnType<typeof createBilling>;

/** What the sandbox's test pages do, as events through the same path as Stripe's webhooks. */
export function sandboxActions(billing: Billing, sandbox: SandboxProvider) {
  const event = (type: string, subscriptionId: string) => billing.applyEvent({ id: `evt_sandbox_${randomBytes(12).toString("hex")}`, type, subscriptionId });
  return {
    async approve(session: Extract<SandboxSession, { kind: "checkout" }>) {
      const subscriptionId = await sandbox.approve(session);
      if (subscriptionId) await event("customer.subscription.created", subscriptionId);
      return session.successUrl.replace("{CHECKOUT_SESSION_ID}", session.id);
    },
    async setCancelAtPeriodEnd(session: Extract<SandboxSession, { kind: "portal" }>, subscriptionId: string, cancel: boolean) {
      if (!(await sandbox.setCancelAtPeriodEnd(session.customerId, subscriptionId, cancel))) return false;
      await event("customer.subscription.updated", subscriptionId);
      return true;
    },
  };
}
