import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";

/**
 * Switching the monthly summary email off (decision 034): by the host on /perfil (their session
 * says whose setting), or by the signed link in each email, which needs no session: the token is
 * the host's id with an HMAC of it under AUTH_SECRET, so only we can make one, and it names one host.
 */

const signature = (secret: string, userId: string) => createHmac("sha256", secret).update(`monthly-summary-opt-out:${userId}`).digest();

export function optOutToken(secret: string, userId: string): string {
  return `${userId}.${signature(secret, userId).toString("base64url")}`;
}

/** The host a token names, or null when it is not one we made. */
export function userOfOptOutToken(secret: string, token: string): string | null {
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  const userId = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), "base64url");
  const expected = signature(secret, userId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

export async function setMonthlySummary(db: Db, userId: string, on: boolean): Promise<void> {
  await db.update(users).set({ monthlySummaryEmail: on, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * What a token's link shows: "invalid" for a token we did not make (or an account gone), else
 * whether that host still gets the summary. Reads only.
 */
export async function optOutState(db: Db, secret: string, token: string): Promise<"invalid" | "on" | "off"> {
  const userId = userOfOptOutToken(secret, token);
  if (!userId) return "invalid";
  const [row] = await db.select({ on: users.monthlySummaryEmail }).from(users).where(eq(users.id, userId));
  return row ? (row.on ? "on" : "off") : "invalid";
}

/** The one-click opt-out: true when the token names an account, now opted out; false changes nothing. */
export async function optOutByToken(db: Db, secret: string, token: string): Promise<boolean> {
  const userId = userOfOptOutToken(secret, token);
  if (!userId) return false;
  const changed = await db.update(users).set({ monthlySummaryEmail: false, updatedAt: new Date() }).where(eq(users.id, userId)).returning({ id: users.id });
  return changed.length > 0;
}
