import type { Refusal } from "../../common/refusal";
import type { Db } from "../db/client";

/** A subscription as the provider knows it now. */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export interface CheckoutRequest {
  userId: string;
  customerId: string;
  successUrl: string;
  cancelUrl: string;
  /** First charge on this date (a host still in the promotion pays only after it). */
  trialEnd: Date | null;
}

/** A provider event reduced to what we act on: which subscription (or checkout) it concerns. */
export interface BillingEvent {
  id: string;
  type: string;
  subscriptionId: string | null;
}

/** What Stripe and the local sandbox both do; everything else (our tables, rules) is shared. */
export interface BillingProvider {
  readonly name: "stripe" | "sandbox";
  createCustomer(user: { id: string; email: string; name: string }): Promise<string>;
  /** The URL of a checkout page for one Premium subscription. */
  createCheckout(request: CheckoutRequest): Promise<string>;
  /** The URL of the page where the customer manages (cancels) their subscription. */
  createPortal(customerId: string, returnUrl: string): Promise<string>;
  /** `db` is the transaction the caller holds (the sandbox reads its records through it). */
  retrieveSubscription(id: string, db: Db): Promise<SubscriptionSnapshot | null>;
  /** The subscription a finished checkout created, if the checkout belongs to `userId`. */
  checkoutSubscription(sessionId: string, userId: string): Promise<string | null>;
  /** Ends a subscription at once (account deletion). */
  cancelNow(id: string): Promise<void>;
}

/** Refusals with an HTTP status and the spec's words; anything else is the provider failing. */
export class BillingError extends Error {
  override name = "BillingError";
  readonly refusal: Refusal;

  constructor(status: 401 | 403 | 404 | 409, sentence: string, heading?: string) {
    super(sentence);
    this.refusal = heading ? { status, title: heading, description: sentence } : { status, title: sentence };
  }
}
