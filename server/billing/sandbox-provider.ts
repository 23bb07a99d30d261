import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { billingCustomers, sandboxSubscriptions } from "../db/schema";
import type { BillingProvider, CheckoutRequest, SubscriptionSnapshot } from "./provider";

/** A test checkout or portal visit, carried in a signed link as Stripe carries it in a session id. */
export type SandboxSession =
  | { kind: "checkout"; id: string; userId: string; customerId: string; successUrl: string; cancelUrl: string; trialEnd: number | null; expiresAt: number }
  | { kind: "portal"; id: string; userId: string; customerId: string; returnUrl: string; expiresAt: number };

const SESSION_TTL_MS = 24 * 3600_000;

export interface SandboxProvider extends BillingProvider {
  readonly name: "sandbox";
  /** The session behind a link, or null when forged, altered or expired. */
  readSession(kind: SandboxSession["kind"], token: string): SandboxSession | null;
  /** Records the subscription the approved checkout creates (once, however often it is approved); null if it exists. */
  approve(session: Extract<SandboxSession, { kind: "checkout" }>, now?: Date): Promise<string | null>;
  /** Schedules (or withdraws) the end of a customer's subscription at its period end. */
  setCancelAtPeriodEnd(customerId: string, subscriptionId: string, cancel: boolean): Promise<boolean>;
  subscriptionsOf(customerId: string): Promise<SubscriptionSnapshot[]>;
}

/**
 * The default billing when no Stripe key is set: checkout and portal are local pages, clearly
 * labelled as tests, and this module keeps the records Stripe would keep. Nothing is charged.
 */
export function createSandboxProvider(options: { db: Db; secret: string; baseUrl: string }): SandboxProvider {
  const { db } = options;
  const key = createHmac("sha256", options.secret).update("recanto-billing-sandbox").digest();
  const sign = (body: string) => createHmac("sha256", key).update(body).digest("base64url");

  function link(session: SandboxSession) {
    const body = Buffer.from(JSON.stringify(session)).toString("base64url");
    return new URL(`/assinatura/teste/${session.kind}/${body}.${sign(body)}`, options.baseUrl).toString();
  }

  const newId = () => randomBytes(12).toString("hex");
  const subscriptionIdFor = (checkoutId: string) => `sub_sandbox_${checkoutId}`;

  return {
    name: "sandbox",

    async createCustomer() {
      return `cus_sandbox_${newId()}`;
    },

    async createCheckout(request: CheckoutRequest) {
      const { userId, customerId, successUrl, cancelUrl } = request;
      return link({ kind: "checkout", id: newId(), userId, customerId, successUrl, cancelUrl, trialEnd: request.trialEnd?.getTime() ?? null, expiresAt: Date.now() + SESSION_TTL_MS });
    },

    async createPortal(customerId, returnUrl) {
      const [owner] = await db.select({ userId: billingCustomers.userId }).from(billingCustomers).where(eq(billingCustomers.customerId, customerId));
      if (!owner) throw new Error(`unknown sandbox customer ${customerId}`);
      return link({ kind: "portal", id: newId(), userId: owner.userId, customerId, returnUrl, expiresAt: Date.now() + SESSION_TTL_MS });
    },

    async retrieveSubscription(id, tx) {
      const [row] = await tx.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, id));
      return row ? snapshotOf(row) : null;
    },

    async checkoutSubscription(sessionId, userId) {
      const [row] = await db
        .select({ id: sandboxSubscriptions.id })
        .from(sandboxSubscriptions)
        .innerJoin(billingCustomers, eq(billingCustomers.customerId, sandboxSubscriptions.customerId))
        .where(and(eq(sandboxSubscriptions.id, subscriptionIdFor(sessionId)), eq(billingCustomers.userId, userId)));
      return row?.id ?? null;
    },

    async cancelNow(id) {
      await db.update(sandboxSubscriptions).set({ status: "canceled", currentPeriodEnd: new Date() }).where(eq(sandboxSubscriptions.id, id));
    },

    readSession(kind, token) {
      const [body, signature] = token.split(".");
      if (!body || !signature) return null;
      const expected = Buffer.from(sign(body));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const session = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as SandboxSession;
        return session.kind === kind && session.expiresAt > Date.now() ? session : null;
      } catch {
        return null;
      }
    },

    async approve(session, now = new Date()) {
      const id = subscriptionIdFor(session.id);
      const trialing = session.trialEnd !== null && session.trialEnd > now.getTime();
      const created = await db
        .insert(sandboxSubscriptions)
        .values({
          id,
          customerId: session.customerId,
          status: trialing ? "trialing" : "active",
          currentPeriodEnd: trialing ? new Date(session.trialEnd!) : oneMonthAfter(now),
        })
        .onConflictDoNothing()
        .returning({ id: sandboxSubscriptions.id });
      return created.length ? id : null;
    },

    async setCancelAtPeriodEnd(customerId, subscriptionId, cancel) {
      const changed = await db
        .update(sandboxSubscriptions)
        .set({ cancelAtPeriodEnd: cancel })
        .where(and(eq(sandboxSubscriptions.id, subscriptionId), eq(sandboxSubscriptions.customerId, customerId)))
        .returning({ id: sandboxSubscriptions.id });
      return changed.length > 0;
    },

    async subscriptionsOf(customerId) {
      const rows = await db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.customerId, customerId)).orderBy(sandboxSubscriptions.createdAt);
      return rows.map(snapshotOf);
    },
  };
}

function snapshotOf(row: typeof sandboxSubscriptions.$inferSelect): SubscriptionSnapshot {
  return { id: row.id, customerId: row.customerId, status: row.status, currentPeriodEnd: row.currentPeriodEnd, cancelAtPeriodEnd: row.cancelAtPeriodEnd };
}

/** Monthly billing as Stripe anchors it: the same day next month, or that month's last day. */
function oneMonthAfter(date: Date): Date {
  const next = new Date(date);
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return next;
}
