import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { promotionCounter, promotionGrants } from "../db/schema";
import { addNights, nightOf, startOfNight } from "../../common/nights";

export const PROMOTION_SLOTS = 100;
export const PROMOTION_MONTHS = 6;

/**
 * The promotion covers the sign-up day and runs six calendar months in Brasília time, through the
 * whole day six months later (31 August gives through 28 or 29 February, as PostgreSQL's interval
 * arithmetic does): it ends at 00:00 of the following day.
 */
export function promotionEndsAt(signedUpAt: Date): Date {
  const [year, month, day] = nightOf(signedUpAt).split("-").map(Number) as [number, number, number];
  const targetMonth = month - 1 + PROMOTION_MONTHS;
  const y = year + Math.floor(targetMonth / 12);
  const m = (targetMonth % 12) + 1;
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const lastFreeDay = Math.min(day, lastDay);
  return startOfNight(addNights(`${y}-${String(m).padStart(2, "0")}-${String(lastFreeDay).padStart(2, "0")}`, 1));
}

/**
 * Gives a new host one of the promotion's slots if any is left. The counter row is locked by the
 * UPDATE, so concurrent sign-ups queue there and the limit holds exactly. Returns the grant or null.
 */
export async function grantPromotion(db: Db, userId: string, signedUpAt: Date) {
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .update(promotionCounter)
      .set({ used: sql`${promotionCounter.used} + 1` })
      .where(sql`${promotionCounter.id} = 1 AND ${promotionCounter.used} < ${PROMOTION_SLOTS}`)
      .returning({ slot: promotionCounter.used });
    if (!taken) return null;
    const grant = { userId, slot: taken.slot, startsAt: signedUpAt, endsAt: promotionEndsAt(signedUpAt) };
    await tx.insert(promotionGrants).values(grant);
    return grant;
  });
}

export async function findPromotion(db: Db, userId: string) {
  const [grant] = await db.select({ slot: promotionGrants.slot, endsAt: promotionGrants.endsAt }).from(promotionGrants).where(eq(promotionGrants.userId, userId));
  return grant ?? null;
}
