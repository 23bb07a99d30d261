import type { Db } from "../db/client";
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

/** Pure rules: guests never pay; a host is Premium while in the promotion (later: or paying). */
export function statusFor(input: { userType: "guest" | "host"; promotionEndsAt: Date | null; now: Date }): SubscriptionStatus {
  if (input.userType === "guest") {
    return { subscribed: true, subscription_tier: GUEST_TIER, is_free_tier: false, is_guest: true, subscription_end: null };
  }
  if (input.promotionEndsAt && input.now < input.promotionEndsAt) {
    return { subscribed: true, subscription_tier: PREMIUM_TIER, is_free_tier: true, is_guest: false, subscription_end: input.promotionEndsAt.toISOString() };
  }
  return { subscribed: false, subscription_tier: null, is_free_tier: false, is_guest: false, subscription_end: null };
}

/** Premium means subscribed and (tier Premium, or in the promotion, or guest). */
export function isPremium(status: SubscriptionStatus): boolean {
  return status.subscribed && (status.subscription_tier === PREMIUM_TIER || status.is_free_tier || status.is_guest);
}

export async function subscriptionStatus(db: Db, user: { id: string; userType: "guest" | "host" }, now = new Date()): Promise<SubscriptionStatus> {
  const promotion = user.userType === "host" ? await findPromotion(db, user.id) : null;
  return statusFor({ userType: user.userType, promotionEndsAt: promotion?.endsAt ?? null, now });
}
