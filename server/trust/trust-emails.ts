import { and, asc, eq, gte, isNotNull, isNull, lte } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { formatDate } from "../../common/format";
import { addNights, formatNight, nightOf } from "../../common/nights";
import { REVIEW_WINDOW_DAYS } from "../../common/reviews";
import { firstName } from "../../common/text";
import { responseQuestionEmail, reviewInvitationEmail } from "../accounts/emails";
import { contacts, properties, reviews, stays, users } from "../db/schema";
import { sendClaimedEmails } from "../jobs/claimed-emails";
import type { JobContext } from "../jobs/runner";
import { questionOpen } from "./contacts";

/**
 * The two emails of issue 45, sent by background jobs: the invitation to review a stay after its
 * check-out, and "O anfitrião respondeu?" a day after a contact. Each row is marked in the claim's
 * transaction (locked, skipped by anyone else looking), emailed outside it, and unmarked when the
 * send fails (server/jobs/claimed-emails.ts).
 */

/** Rows handled per run at most: the rest wait for the next run. */
const BATCH = 200;

/** Confirmed stays whose check-out has passed, still within the review window, not reviewed and not yet invited. */
export function sendReviewInvitations(context: JobContext): Promise<number> {
  const { config } = context;
  return sendClaimedEmails(context, async (tx) => {
    const today = nightOf(context.now());
    const [stay] = await tx
      .select({ id: stays.id, checkOut: stays.checkOut, title: properties.title, email: users.email, name: users.name })
      .from(stays)
      .innerJoin(properties, eq(properties.id, stays.propertyId))
      .innerJoin(users, eq(users.id, stays.guestId))
      .leftJoin(reviews, eq(reviews.stayId, stays.id))
      .where(
        and(
          isNull(stays.reviewInvitedAt),
          isNotNull(stays.hostConfirmedAt),
          isNotNull(stays.guestConfirmedAt),
          lte(stays.checkOut, today),
          gte(stays.checkOut, addNights(today, -REVIEW_WINDOW_DAYS)),
          isNull(reviews.id),
        ),
      )
      .orderBy(asc(stays.checkOut))
      .limit(1)
      .for("update", { of: stays, skipLocked: true });
    if (!stay) return null;
    await tx.update(stays).set({ reviewInvitedAt: context.now() }).where(eq(stays.id, stay.id));
    const lastDay = formatNight(addNights(stay.checkOut, REVIEW_WINDOW_DAYS));
    return {
      message: reviewInvitationEmail(stay.email, firstName(stay.name), { title: stay.title, until: formatNight(stay.checkOut), lastDay }, `${config.BASE_URL}/avaliar/${stay.id}`),
      release: (db) => db.update(stays).set({ reviewInvitedAt: null }).where(eq(stays.id, stay.id)),
    };
  }, BATCH);
}

/** Contacts whose question is open (a day old, at most a month), not yet answered nor asked about. */
export function askWhetherHostsAnswered(context: JobContext): Promise<number> {
  const { config } = context;
  return sendClaimedEmails(context, async (tx) => {
    const host = alias(users, "host");
    const [contact] = await tx
      .select({ id: contacts.id, createdAt: contacts.createdAt, title: properties.title, hostName: host.name, email: users.email, name: users.name })
      .from(contacts)
      .innerJoin(properties, eq(properties.id, contacts.propertyId))
      .innerJoin(users, eq(users.id, contacts.guestId))
      .innerJoin(host, eq(host.id, contacts.hostId))
      .where(and(isNull(contacts.responseAskedAt), isNull(contacts.response), questionOpen(context.now())))
      .orderBy(asc(contacts.createdAt))
      .limit(1)
      .for("update", { of: contacts, skipLocked: true });
    if (!contact) return null;
    await tx.update(contacts).set({ responseAskedAt: context.now() }).where(eq(contacts.id, contact.id));
    return {
      message: responseQuestionEmail(contact.email, firstName(contact.name), { title: contact.title, host: firstName(contact.hostName), on: formatDate(contact.createdAt) }, `${config.BASE_URL}/perfil#respondeu`),
      release: (db) => db.update(contacts).set({ responseAskedAt: null }).where(eq(contacts.id, contact.id)),
    };
  }, BATCH);
}
