import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { addNights, isNight, nightOf, nightsBetween, type Night } from "../../common/nights";
import { accepted, refused, type Result } from "../../common/refusal";
import { STAY_MAX_NIGHTS, STAY_MESSAGES, STAY_START_WITHIN_DAYS, type StaySide } from "../../common/reviews";
import { isUniqueViolation, type Db } from "../db/client";
import { contacts, stays } from "../db/schema";
import { isUuid } from "../properties/properties";

/**
 * Stays (issue 45): one side of a contact states it with its dates ("Hospedagem confirmada" by the
 * host, "Eu me hospedei aqui" by the guest), the other confirms it; only then is it a stay, which
 * the guest may review after check-out. Either side withdraws it before the check-out date.
 */

export interface StayDates {
  checkIn: Night;
  checkOut: Night;
}

/** The dates of a stay stated on a contact made on `contactDay`, by `side`, checked as of `today`. */
function checkStayDates(fields: { checkin?: unknown; checkout?: unknown }, contactDay: Night, today: Night, side: StaySide): Result<StayDates> {
  const { checkin, checkout } = fields;
  if (!isNight(checkin)) return refused(400, STAY_MESSAGES.dates, { field: "checkin" });
  if (!isNight(checkout)) return refused(400, STAY_MESSAGES.dates, { field: "checkout" });
  const nights = nightsBetween(checkin, checkout);
  if (nights < 1) return refused(400, STAY_MESSAGES.order, { field: "checkout" });
  if (nights > STAY_MAX_NIGHTS) return refused(400, STAY_MESSAGES.tooLong, { field: "checkout" });
  if (checkin < contactDay) return refused(400, STAY_MESSAGES.beforeContact, { field: "checkin" });
  if (checkin > addNights(contactDay, STAY_START_WITHIN_DAYS)) return refused(400, STAY_MESSAGES.tooFar, { field: "checkin" });
  if (side === "guest" && checkin > today) return refused(400, STAY_MESSAGES.notStayedYet, { field: "checkin" });
  return accepted({ checkIn: checkin, checkOut: checkout });
}

/**
 * One side of a contact states a stay: the contact's host ("Hospedagem confirmada") or its guest
 * ("Eu me hospedei aqui"). Anyone else is refused, and nothing is stored.
 */
export async function stateStay(db: Db, actorId: string, contactId: string, fields: { checkin?: unknown; checkout?: unknown }, now: Date): Promise<Result<{ id: string; side: StaySide }>> {
  const [contact] = isUuid(contactId)
    ? await db.select({ id: contacts.id, guestId: contacts.guestId, hostId: contacts.hostId, propertyId: contacts.propertyId, createdAt: contacts.createdAt }).from(contacts).where(eq(contacts.id, contactId))
    : [];
  if (!contact) return refused(404, STAY_MESSAGES.notFound);
  const side: StaySide | null = contact.hostId === actorId ? "host" : contact.guestId === actorId ? "guest" : null;
  if (!side) return refused(403, STAY_MESSAGES.notYourContact);
  const dates = checkStayDates(fields, nightOf(contact.createdAt), nightOf(now), side);
  if (!dates.ok) return dates;
  try {
    return await db.transaction(async (tx) => {
      // One guest's stays at one listing never overlap: a visit is one stay, whatever the contacts it followed.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`stays:${contact.guestId}:${contact.propertyId}`}, 0))`);
      const [overlapping] = await tx
        .select({ id: stays.id })
        .from(stays)
        .where(and(eq(stays.guestId, contact.guestId), eq(stays.propertyId, contact.propertyId), lt(stays.checkIn, dates.value.checkOut), gt(stays.checkOut, dates.value.checkIn)))
        .limit(1);
      if (overlapping) return refused(409, STAY_MESSAGES.overlaps, { field: "checkin" });
      const [row] = await tx
        .insert(stays)
        .values({
          contactId: contact.id,
          propertyId: contact.propertyId,
          guestId: contact.guestId,
          hostId: contact.hostId,
          ...dates.value,
          statedBy: side,
          ...(side === "host" ? { hostConfirmedAt: now } : { guestConfirmedAt: now }),
        })
        .returning({ id: stays.id });
      return accepted({ id: row!.id, side });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refused(409, STAY_MESSAGES.already);
    throw error;
  }
}

/** A stay one of whose sides is `actorId`, with that side; null for anyone else (they learn nothing of it). */
async function stayOf(db: Db, actorId: string, stayId: string) {
  if (!isUuid(stayId)) return null;
  const [row] = await db
    .select({ id: stays.id, hostId: stays.hostId, guestId: stays.guestId, statedBy: stays.statedBy, checkIn: stays.checkIn, checkOut: stays.checkOut, hostConfirmedAt: stays.hostConfirmedAt, guestConfirmedAt: stays.guestConfirmedAt })
    .from(stays)
    .where(and(eq(stays.id, stayId), or(eq(stays.hostId, actorId), eq(stays.guestId, actorId))));
  return row ? { ...row, side: (row.hostId === actorId ? "host" : "guest") as StaySide } : null;
}

/** The other side confirms a stated stay, which makes it a stay. Confirming one's own statement is refused. */
export async function confirmStay(db: Db, actorId: string, stayId: string, now: Date): Promise<Result<{ id: string }>> {
  const stay = await stayOf(db, actorId, stayId);
  if (!stay) return refused(404, STAY_MESSAGES.notFound);
  if (stay.side === stay.statedBy) return refused(403, STAY_MESSAGES.ownConfirmation);
  const mine = stay.side === "host" ? stays.hostConfirmedAt : stays.guestConfirmedAt;
  const confirmed = await db
    .update(stays)
    .set(stay.side === "host" ? { hostConfirmedAt: now } : { guestConfirmedAt: now })
    .where(and(eq(stays.id, stay.id), isNull(mine)))
    .returning({ id: stays.id });
  // Withdrawn meanwhile, or confirmed already (a second click).
  if (confirmed.length === 0) return (await stayOf(db, actorId, stayId)) ? accepted({ id: stay.id }) : refused(404, STAY_MESSAGES.notFound);
  return accepted({ id: stay.id });
}

/** Either side withdraws a stay, stated or confirmed, before its check-out date; afterwards it stands. */
export async function withdrawStay(db: Db, actorId: string, stayId: string, now: Date): Promise<Result<{ id: string }>> {
  const stay = await stayOf(db, actorId, stayId);
  if (!stay) return refused(404, STAY_MESSAGES.notFound);
  const today = nightOf(now);
  if (today >= stay.checkOut) return refused(409, STAY_MESSAGES.checkedOut);
  // The date is checked again in the delete: a request held past midnight cannot withdraw a finished stay.
  const removed = await db.delete(stays).where(and(eq(stays.id, stay.id), gt(stays.checkOut, today))).returning({ id: stays.id });
  return removed.length > 0 ? accepted({ id: stay.id }) : refused(409, STAY_MESSAGES.checkedOut);
}

/** Whether both sides confirmed. */
export const isConfirmed = (stay: { hostConfirmedAt: Date | null; guestConfirmedAt: Date | null }) => Boolean(stay.hostConfirmedAt && stay.guestConfirmedAt);
