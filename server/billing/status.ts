import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { subscriptions } from "../db/schema";
import { findPromotion } from "./promotion";

export const PREMIUM_PRICE_CENTS = 3990;
export const PREMIUM_TIER = "Premium";
export const GUEST_TIER = "Guest (Gratuito)";

/** The spec's check-subscription answer (snake_case as there). */
export interface SubscriptionStatus {
  subscribed: boolean;
  subscription_tier: typeof PREMIUM_TIER | typeof GUEST_TIER | null;
  is_free_tier: boolean;
  is_guest: boolean;
  /** ISO instant when Premium access ends (the promotion's end, or the paid period's). */
  subscription_end: string | null;
}

/** Statuses in which a paid subscription gives Premium (past_due: Stripe is still retrying the card). */
const PREMIUM_STATUSES = new Set(["active", "trialing", "past_due"]);

/** A paid subscription gives Premium while its status allows it, and never past an end the host chose. */
export function givesPremium(subscription: { status: string; currentPeriodEnd: Date | null; cancelAtPeriodEnd: boolean }, now: Date): boolean {
  if (!PREMIUM_STATUSES.has(subscription.status)) return false;
  return !(subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd && subscription.currentPeriodEnd <= now);
}

/** Pure rules: guests never pay; a host is Premium while in the promotion or while a paid subscription lasts. */
export function statusFor(input: { userType: "guest" | "host"; promotionEndsAt: Date | null; paid?: PaidSubscription | null; now: Date }): SubscriptionStatus {
  if (input.userType === "guest") {
    return { subscribed: true, subscription_tier: GUEST_TIER, is_free_tier: false, is_guest: true, subscription_end: null };
  }
  if (input.promotionEndsAt && input.now < input.promotionEndsAt) {
    return { subscribed: true, subscription_tier: PREMIUM_TIER, is_free_tier: true, is_guest: false, subscription_end: input.promotionEndsAt.toISOString() };
  }
  if (input.paid?.givesPremium) {
    return { subscribed: true, subscription_tier: PREMIUM_TIER, is_free_tier: false, is_guest: false, subscription_end: input.paid.currentPeriodEnd };
  }
  return { subscribed: false, subscription_tier: null, is_free_tier: false, is_guest: false, subscription_end: null };
}

/** Premium means subscribed and (tier Premium, or in the promotion, or guest). */
export function isPremium(status: SubscriptionStatus): boolean {
  return status.subscribed && (status.subscription_tier === PREMIUM_TIER || status.is_free_tier || status.is_guest);
}

export async function subscriptionStatus(db: Db, user: { id: string; userType: "guest" | "host" }, now = new Date()): Promise<SubscriptionStatus> {
  return (await planFor(db, user, now)).status;
}

/** A paid subscription as the plans page shows it (null when the host never subscribed). */
export interface PaidSubscription {
  /** Stripe's subscription status: active, trialing, past_due, canceled, … */
  status: string;
  /** ISO instant when the current paid (or trial) period ends. */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** True while this subscription gives Premium. */
  givesPremium: boolean;
}

/** Everything /planos needs about the signed-in user's plan. */
export interface Plan {
  status: SubscriptionStatus;
  /** ISO instant the first-100 promotion ends (also when already over); null without a grant. */
  promotionEndsAt: string | null;
  paid: PaidSubscription | null;
  /** The host pays for Premium and may manage it in the portal ('Gerenciar Assinatura'). */
  canManage: boolean;
}

/** The host's most relevant paid subscription: one giving Premium if any, else the latest. */
async function findPaid(db: Db, userId: string, now: Date): Promise<PaidSubscription | null> {
  const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.updatedAt));
  const best = rows.find((row) => givesPremium(row, now)) ?? rows[0];
  if (!best) return null;
  return {
    status: best.status,
    currentPeriodEnd: best.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: best.cancelAtPeriodEnd,
    givesPremium: givesPremium(best, now),
  };
}

export async function planFor(db: Db, user: { id: string; userType: "guest" | "host" }, now = new Date()): Promise<Plan> {
  if (user.userType === "guest") return { status: statusFor({ userType: "guest", promotionEndsAt: null, now }), promotionEndsAt: null, paid: null, canManage: false };
  const [promotion, paid] = await Promise.all([findPromotion(db, user.id), findPaid(db, user.id, now)]);
  const status = statusFor({ userType: user.userType, promotionEndsAt: promotion?.endsAt ?? null, paid, now });
  return { status, promotionEndsAt: promotion?.endsAt.toISOString() ?? null, paid, canManage: paid?.givesPremium ?? false };
}
