import { describe, expect, it } from "vitest";
import { promotionEndsAt } from "../../server/billing/promotion";
import { givesPremium, GUEST_TIER, isPremium, PREMIUM_TIER, statusFor, type PaidSubscription } from "../../server/billing/status";

describe("the first-100 promotion's end, in Brasília time", () => {
  it("runs through the whole day six months after sign-up and ends at 00:00 the day after (UTC-3)", () => {
    // 21/11/2026 07:00 in São Paulo -> free through 21/05/2027.
    expect(promotionEndsAt(new Date("2026-11-21T10:00:00Z")).toISOString()).toBe("2027-05-22T03:00:00.000Z");
  });

  it("uses the sign-up day in Brasília, not in UTC", () => {
    // 01/12/2026 01:30 UTC is still 30/11 22:30 in São Paulo.
    expect(promotionEndsAt(new Date("2026-12-01T01:30:00Z")).toISOString()).toBe("2027-05-31T03:00:00.000Z");
    // 00:00 in São Paulo is already the next day.
    expect(promotionEndsAt(new Date("2026-12-01T03:00:00Z")).toISOString()).toBe("2027-06-02T03:00:00.000Z");
  });

  it("clamps to the month's last day like PostgreSQL (31/08 -> through 28/02, or 29/02 in a leap year)", () => {
    expect(promotionEndsAt(new Date("2026-08-31T15:00:00Z")).toISOString()).toBe("2027-03-01T03:00:00.000Z");
    expect(promotionEndsAt(new Date("2027-08-31T15:00:00Z")).toISOString()).toBe("2028-03-01T03:00:00.000Z");
    expect(promotionEndsAt(new Date("2027-08-29T15:00:00Z")).toISOString()).toBe("2028-03-01T03:00:00.000Z");
    // Across the year end.
    expect(promotionEndsAt(new Date("2026-07-15T15:00:00Z")).toISOString()).toBe("2027-01-16T03:00:00.000Z");
  });
});

describe("subscription status rules", () => {
  const endsAt = new Date("2027-05-22T03:00:00Z");

  it("treats guests as subscribed with the free guest tier", () => {
    const status = statusFor({ userType: "guest", promotionEndsAt: null, now: new Date() });
    expect(status).toEqual({ subscribed: true, subscription_tier: GUEST_TIER, is_free_tier: false, is_guest: true, subscription_end: null });
    expect(isPremium(status)).toBe(true);
  });

  it("gives a host in the promotion Premium until the last second of its last day", () => {
    const lastMinute = statusFor({ userType: "host", promotionEndsAt: endsAt, now: new Date("2027-05-22T02:59:59Z") });
    expect(lastMinute).toEqual({ subscribed: true, subscription_tier: PREMIUM_TIER, is_free_tier: true, is_guest: false, subscription_end: endsAt.toISOString() });
    expect(isPremium(lastMinute)).toBe(true);
    const after = statusFor({ userType: "host", promotionEndsAt: endsAt, now: endsAt });
    expect(after).toEqual({ subscribed: false, subscription_tier: null, is_free_tier: false, is_guest: false, subscription_end: null });
    expect(isPremium(after)).toBe(false);
  });

  it("leaves a host without the promotion on the free plan", () => {
    expect(isPremium(statusFor({ userType: "host", promotionEndsAt: null, now: new Date() }))).toBe(false);
  });
});

describe("paid subscriptions", () => {
  const periodEnd = new Date("2027-01-21T03:00:00Z");
  const before = new Date("2027-01-21T02:59:59Z");
  const after = new Date("2027-01-21T03:00:01Z");
  const sub = (status: string, cancelAtPeriodEnd = false) => ({ status, currentPeriodEnd: periodEnd, cancelAtPeriodEnd });

  it("give Premium while active, in a trial, or while Stripe retries a failed payment", () => {
    for (const status of ["active", "trialing", "past_due"]) expect(givesPremium(sub(status), before), status).toBe(true);
    // Renewals move the period end by webhook; a late webhook must not take Premium away.
    expect(givesPremium(sub("active"), after)).toBe(true);
  });

  it("give nothing once canceled, unpaid, paused or never completed", () => {
    for (const status of ["canceled", "unpaid", "paused", "incomplete", "incomplete_expired"]) expect(givesPremium(sub(status), before), status).toBe(false);
  });

  it("cancelled by the host, last through the period already paid and not a second longer", () => {
    expect(givesPremium(sub("active", true), before)).toBe(true);
    expect(givesPremium(sub("active", true), periodEnd)).toBe(false);
    expect(givesPremium(sub("active", true), after)).toBe(false);
  });

  it("make a host Premium until the period's end; the promotion, while it lasts, still names the end", () => {
    const paid: PaidSubscription = { status: "active", currentPeriodEnd: periodEnd.toISOString(), cancelAtPeriodEnd: false, givesPremium: true };
    const status = statusFor({ userType: "host", promotionEndsAt: null, paid, now: before });
    expect(status).toEqual({ subscribed: true, subscription_tier: PREMIUM_TIER, is_free_tier: false, is_guest: false, subscription_end: periodEnd.toISOString() });
    expect(isPremium(status)).toBe(true);
    const promotionEnd = new Date("2027-05-22T03:00:00Z");
    expect(statusFor({ userType: "host", promotionEndsAt: promotionEnd, paid, now: before })).toMatchObject({ is_free_tier: true, subscription_end: promotionEnd.toISOString() });
    expect(statusFor({ userType: "host", promotionEndsAt: null, paid: { ...paid, givesPremium: false }, now: before })).toMatchObject({ subscribed: false });
  });
});
