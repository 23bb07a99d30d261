import { createHmac } from "node:crypto";
import { and, eq, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { footprints } from "../db/schema";

/**
 * Footprints of trust actions (a stay stated or confirmed, a review): the address and
 * browser they came from, as keyed hashes, so two accounts can be compared without keeping either.
 * A host reviewing their own listing through a second account shares them (decision 029).
 */

/** How long footprints are kept. */
export const FOOTPRINT_DAYS = 90;
/** Two accounts on one address within this time are taken for one person. */
const SAME_ADDRESS_MS = 24 * 60 * 60 * 1000;

export interface Origin {
  ip: string;
  userAgent: string;
}

const keyed = (secret: string, kind: string, value: string) => createHmac("sha256", secret).update(`${kind}:${value}`).digest("base64url");

export async function leaveFootprint(db: Db, secret: string, userId: string, origin: Origin, now: Date): Promise<void> {
  await db.insert(footprints).values({ userId, address: keyed(secret, "address", origin.ip), browser: keyed(secret, "browser", `${origin.ip}|${origin.userAgent}`), createdAt: now });
}

/** Whether two accounts acted from the same browser (address and user agent), or from one address within a day. */
export async function shareFootprints(db: Db, oneId: string, otherId: string): Promise<boolean> {
  const [a, b] = [alias(footprints, "a"), alias(footprints, "b")];
  const near = sql`abs(extract(epoch FROM ${a.createdAt} - ${b.createdAt})) * 1000 < ${SAME_ADDRESS_MS}`;
  const rows = await db
    .select({ one: sql`1` })
    .from(a)
    .innerJoin(b, or(eq(a.browser, b.browser), and(eq(a.address, b.address), near)))
    .where(and(eq(a.userId, oneId), eq(b.userId, otherId)))
    .limit(1);
  return rows.length > 0;
}

/** Forgets footprints older than FOOTPRINT_DAYS; returns how many. */
export async function forgetOldFootprints(db: Db, now: Date): Promise<number> {
  const removed = await db
    .delete(footprints)
    .where(lt(footprints.createdAt, new Date(now.getTime() - FOOTPRINT_DAYS * 86_400_000)))
    .returning({ id: footprints.id });
  return removed.length;
}
