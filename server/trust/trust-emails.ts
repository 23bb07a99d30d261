import { and, asc, eq, gt, isNotNull, isNull, lte } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { formatDate } from "../../common/format";
import { addNights, formatNight, nightOf } from "../../common/nights";
import { RESPONSE_ASK_AFTER_HOURS, REVIEW_WINDOW_DAYS } from "../../common/reviews";
import { firstName } from "../../common/text";
import { responseQuestionEmail, reviewInvitationEmail } from "../accounts/emails";
import type { Db } from "../db/client";
import { contacts, properties, reviews, stays, users } from "../db/schema";
import type { JobContext } from "../jobs/runner";
import { ASK_WITHIN_DAYS } from "./contacts";

/**
 * The two emails of issue 45, sent by background jobs: the invitation to review a stay after its
 * check-out, and "O anfitrião respondeu?" a day after a contact. Each row is claimed, emailed and
 * marked in one transaction (locked, skipped by anyone else looking): a failed send leaves it for the
 * next run, and no row is emailed twice.
 */

/** Rows handled per run at most: the rest wait for the next run. */
const BATCH = 200;

async function eachClaimed(context: JobContext, claimOne: (tx: Db) => Promise<boolean>): Promise<number> {
  let sent = 0;
  while (sent < BATCH && !context.signal.aborted) {
    if (!(await context.db.transaction(claimOne))) break;
    sent++;
  }
  return sent;
}

/** Confirmed stays whose check-out has passed, still within the review window, not reviewed and not yet invited. */
export function sendReviewInvitations(context: JobContext): Promise<number> {
  const { config, mailer } = context;
  return eachClaimed(context, async (tx) => {
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
          gt(stays.checkOut, addNights(today, -REVIEW_WINDOW_DAYS)),
          isNull(reviews.id),
        ),
      )
      .orderBy(asc(stays.checkOut))
      .limit(1)
      .for("update", { of: stays, skipLocked: true });
    if (!stay) return false;
    const lastDay = formatNight(addNights(stay.checkOut, REVIEW_WINDOW_DAYS));
    await mailer.send(reviewInvitationEmail(stay.email, firstName(stay.name), { title: stay.title, until: formatNight(stay.checkOut), lastDay }, `${config.BASE_URL}/avaliar/${stay.id}`));
    await tx.update(stays).set({ reviewInvitedAt: context.now() }).where(eq(stays.id, stay.id));
    return true;
  });
}

/** Contacts a day old or more (and at most ASK_WITHIN_DAYS), not yet answered nor asked about. */
export function askWhetherHostsAnswered(context: JobContext): Promise<number> {
  const { config, mailer } = context;
  return eachClaimed(context, async (tx) => {
    const now = context.now().getTime();
    const host = alias(users, "host");
    const [contact] = await tx
      .select({ id: contacts.id, createdAt: contacts.createdAt, title: properties.title, hostName: host.name, email: users.email, name: users.name })
      .from(contacts)
      .innerJoin(properties, eq(properties.id, contacts.propertyId))
      .innerJoin(users, eq(users.id, contacts.guestId))
      .innerJoin(host, eq(host.id, contacts.hostId))
      .where(
        and(
          isNull(contacts.responseAskedAt),
          isNull(contacts.response),
          lte(contacts.createdAt, new Date(now - RESPONSE_ASK_AFTER_HOURS * 3_600_000)),
          gt(contacts.createdAt, new Date(now - ASK_WITHIN_DAYS * 86_400_000)),
        ),
      )
      .orderBy(asc(contacts.createdAt))
      .limit(1)
      .for("update", { of: contacts, skipLocked: true });
    if (!contact) return false;
    await mailer.send(
      responseQuestionEmail(contact.email, firstName(contact.name), { title: contact.title, host: firstName(contact.hostName), on: formatDate(contact.createdAt) }, `${config.BASE_URL}/perfil#respondeu`),
    );
    await tx.update(contacts).set({ responseAskedAt: context.now() }).where(eq(contacts.id, contact.id));
    return true;
  });
}
