import Stripe from "stripe";
import { PREMIUM_PRICE_CENTS } from "./status";
import type { BillingEvent, BillingProvider, SubscriptionSnapshot } from "./provider";

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API address (a local stand-in in tests); Stripe's own by default. */
  apiUrl?: string;
}

/** Stripe through its official SDK: Checkout in subscription mode, the customer portal, signed webhooks. */
export type StripeProvider = BillingProvider & { parseWebhook(payload: string, signature: string): Promise<BillingEvent> };

export function createStripeProvider(options: StripeOptions): StripeProvider {
  const api = options.apiUrl ? new URL(options.apiUrl) : null;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api && { host: api.hostname, port: Number(api.port || (api.protocol === "https:" ? 443 : 80)), protocol: api.protocol === "https:" ? "https" : "http" }),
  });

  return {
    name: "stripe",

    async createCustomer(user) {
      // The key makes a retried or doubled first checkout reuse one customer.
      const customer = await stripe.customers.create(
        { email: user.email, name: user.name, metadata: { userId: user.id } },
        { idempotencyKey: `customer-${user.id}` },
      );
      return customer.id;
    },

    async createCheckout(request) {
      // Stripe needs a trial to end at least 48 hours ahead; a promotion closer to its end just pays now.
      const trialEnd = request.trialEnd && request.trialEnd.getTime() > Date.now() + 49 * 3600_000 ? Math.floor(request.trialEnd.getTime() / 1000) : undefined;
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        customer: request.customerId,
        client_reference_id: request.userId,
        locale: "pt-BR",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "brl",
              unit_amount: PREMIUM_PRICE_CENTS,
              recurring: { interval: "month" },
              product_data: { name: "Recanto Premium" },
            },
          },
        ],
        subscription_data: { metadata: { userId: request.userId }, ...(trialEnd && { trial_end: trialEnd }) },
        metadata: { userId: request.userId },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
      return session.url;
    },

    async createPortal(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl, locale: "pt-BR" });
      return session.url;
    },

    async retrieveSubscription(id) {
      try {
        return snapshotOf(await stripe.subscriptions.retrieve(id));
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === "resource_missing") return null;
        throw err;
      }
    },

    async checkoutSubscription(sessionId, userId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      if (session.client_reference_id !== userId) return null;
      return idOf(session.subscription);
    },

    async cancelNow(id) {
      try {
        await stripe.subscriptions.cancel(id);
      } catch (err) {
        // Already canceled (or gone): the goal is reached.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && (err.code === "resource_missing" || /canceled/i.test(err.message))) return;
        throw err;
      }
    },

    /** Verifies the signature (throws when it does not match) and names the subscription concerned. */
    async parseWebhook(payload, signature) {
      const event = await stripe.webhooks.constructEventAsync(payload, signature, options.webhookSecret);
      return { id: event.id, type: event.type, subscriptionId: subscriptionOf(event) };
    },
  };
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

function subscriptionOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return idOf(event.data.object.subscription);
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.paused":
    case "customer.subscription.resumed":
      return event.data.object.id;
    case "invoice.paid":
    case "invoice.payment_failed":
      return idOf(event.data.object.parent?.subscription_details?.subscription);
    default:
      return null;
  }
}

function snapshotOf(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const itemEnds = subscription.items.data.map((item) => item.current_period_end);
  const periodEnd = itemEnds.length ? Math.max(...itemEnds) : null;
  // The portal may schedule the end as a date (cancel_at) rather than "at period end".
  const end = subscription.cancel_at && periodEnd ? Math.min(subscription.cancel_at, periodEnd) : (subscription.cancel_at ?? periodEnd);
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer)!,
    status: subscription.status,
    currentPeriodEnd: end ? new Date(end * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
  };
}
