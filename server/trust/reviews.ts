import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { cleanReason, reasonError } from "../../common/moderation";
import { addNights, nightOf } from "../../common/nights";
import { accepted, refused, type Result } from "../../common/refusal";
import { REPORT_MESSAGES } from "../../common/reports";
import { REVIEW_EDIT_HOURS, REVIEW_MESSAGES, REVIEW_WINDOW_DAYS, SUB_RATING_KEYS, type ReviewFields, type SubRating } from "../../common/reviews";
import { firstName } from "../../common/text";
import { reviewHiddenEmail, reviewHiddenForAuthorEmail } from "../accounts/emails";
import { isUniqueViolation, type Db } from "../db/client";
import { properties, publicProperty, reviews, stays, users } from "../db/schema";
import type { ModerationDeps } from "../moderation/moderation";
import { isUuid } from "../properties/properties";
import { shareFootprints } from "./footprints";
import { closeReviewReports } from "./reports";

/**
 * Reviews (issue 45): a guest reviews a stay both sides confirmed, after check-out and within
 * REVIEW_WINDOW_DAYS, once; edits it for REVIEW_EDIT_HOURS; the host replies once, publicly. A
 * listing's count and rating sum live on the listing (its cards and rating sort read them), kept
 * with its published reviews in the same transaction.
 */

export const REVIEWS_PAGE_SIZE = 10;

/** What a guest wrote: the overall rating, the sub-ratings and the text. */
export const reviewContent = {
  rating: reviews.rating,
  cleanliness: reviews.cleanliness,
  location: reviews.location,
  communication: reviews.communication,
  value: reviews.value,
  accuracy: reviews.accuracy,
  text: reviews.text,
};

/** Fresh accounts reviewing one listing within a day, from this many on, wait for an operator (a burst is a campaign, not guests). */
const NEW_ACCOUNT_BURST = 3;
const NEW_ACCOUNT_MS = 7 * 86_400_000;

/**
 * Counts a listing's published reviews again into its row (what cards and the rating sort read),
 * and marks the row changed.
 * The row is locked first, by its own statement: on PostgreSQL the recount's statement then starts
 * after any other transaction recounting it has committed, and so sees that one's review.
 */
async function refreshListingRating(tx: Db, propertyId: string): Promise<void> {
  await tx.select({ id: properties.id }).from(properties).where(eq(properties.id, propertyId)).for("update");
  await tx
    .update(properties)
    .set({
      reviewCount: sql`(SELECT count(*) FROM ${reviews} WHERE ${reviews.propertyId} = ${propertyId} AND ${reviews.status} = 'published')`,
      ratingSum: sql`(SELECT coalesce(sum(${reviews.rating}), 0) FROM ${reviews} WHERE ${reviews.propertyId} = ${propertyId} AND ${reviews.status} = 'published')`,
      // The page shows its reviews: search engines are told it changed (the sitemap's lastmod).
      updatedAt: new Date(),
    })
    .where(eq(properties.id, propertyId));
}

/** The guest's confirmed stay with what the review form shows, or why it cannot be reviewed. */
export async function reviewableStay(db: Db, guestId: string, stayId: string, now: Date) {
  const [stay] = isUuid(stayId)
    ? await db
        .select({
          id: stays.id,
          propertyId: stays.propertyId,
          hostId: stays.hostId,
          checkIn: stays.checkIn,
          checkOut: stays.checkOut,
          hostConfirmedAt: stays.hostConfirmedAt,
          guestConfirmedAt: stays.guestConfirmedAt,
          listingTitle: properties.title,
          listingSlug: properties.slug,
          reviewId: reviews.id,
        })
        .from(stays)
        .innerJoin(properties, eq(properties.id, stays.propertyId))
        .leftJoin(reviews, eq(reviews.stayId, stays.id))
        .where(and(eq(stays.id, stayId), eq(stays.guestId, guestId)))
    : [];
  if (!stay || !stay.hostConfirmedAt || !stay.guestConfirmedAt) return refused(403, REVIEW_MESSAGES.noStay);
  const today = nightOf(now);
  if (today < stay.checkOut) return refused(409, REVIEW_MESSAGES.notYet);
  if (stay.reviewId) return refused(409, REVIEW_MESSAGES.already);
  if (today > addNights(stay.checkOut, REVIEW_WINDOW_DAYS)) return refused(409, REVIEW_MESSAGES.windowClosed);
  return accepted(stay);
}

/** Why a new review waits for an operator, if it does: its author shares footprints with the host, or it is one of a burst of fresh accounts. */
async function holdReason(db: Db, authorId: string, stay: { propertyId: string; hostId: string }, now: Date): Promise<"same-network" | "new-accounts" | null> {
  if (await shareFootprints(db, authorId, stay.hostId)) return "same-network";
  const fresh = sql`${users.createdAt} > ${new Date(now.getTime() - NEW_ACCOUNT_MS)}`;
  const [author] = await db.select({ fresh: sql<boolean>`${fresh}` }).from(users).where(eq(users.id, authorId));
  if (!author?.fresh) return null;
  const [recent] = await db
    .select({ n: count() })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.authorId))
    .where(and(eq(reviews.propertyId, stay.propertyId), sql`${reviews.createdAt} > ${new Date(now.getTime() - 86_400_000)}`, fresh));
  return (recent?.n ?? 0) + 1 >= NEW_ACCOUNT_BURST ? "new-accounts" : null;
}

/** Stores the review of a stay; held for an operator when it looks like the host's own or a campaign. */
export async function submitReview(db: Db, guestId: string, stayId: string, fields: ReviewFields, now: Date): Promise<Result<{ id: string; held: boolean }>> {
  const stay = await reviewableStay(db, guestId, stayId, now);
  if (!stay.ok) return stay;
  if (stay.value.hostId === guestId) return refused(403, REVIEW_MESSAGES.ownListing);
  const heldFor = await holdReason(db, guestId, stay.value, now);
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(reviews)
        .values({
          stayId: stay.value.id,
          propertyId: stay.value.propertyId,
          authorId: guestId,
          stayedUntil: stay.value.checkOut,
          ...fields,
          status: heldFor ? "held" : "published",
          heldFor,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: reviews.id });
      if (!heldFor) await refreshListingRating(tx, stay.value.propertyId);
      return row!.id;
    });
    return accepted({ id, held: heldFor !== null });
  } catch (error) {
    if (isUniqueViolation(error)) return refused(409, REVIEW_MESSAGES.already);
    throw error;
  }
}

/** The author's own review, found by its id or its stay's, to edit. */
async function ownReview(db: Db, authorId: string, by: { reviewId: string } | { stayId: string }) {
  const id = "reviewId" in by ? by.reviewId : by.stayId;
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      id: reviews.id,
      stayId: reviews.stayId,
      propertyId: reviews.propertyId,
      status: reviews.status,
      createdAt: reviews.createdAt,
      ...reviewContent,
      listingTitle: properties.title,
      listingSlug: properties.slug,
      stayedUntil: reviews.stayedUntil,
    })
    .from(reviews)
    .innerJoin(properties, eq(properties.id, reviews.propertyId))
    .where(and("reviewId" in by ? eq(reviews.id, id) : eq(reviews.stayId, id), eq(reviews.authorId, authorId)));
  return row ?? null;
}

export const reviewOfStay = (db: Db, authorId: string, stayId: string) => ownReview(db, authorId, { stayId });

export const editableUntil = (createdAt: Date) => new Date(createdAt.getTime() + REVIEW_EDIT_HOURS * 3_600_000);

/** The author edits their review within REVIEW_EDIT_HOURS of sending it (a hidden one stays hidden). */
export async function editReview(db: Db, authorId: string, reviewId: string, fields: ReviewFields, now: Date): Promise<Result<{ id: string }>> {
  const review = await ownReview(db, authorId, { reviewId });
  if (!review) return refused(404, REVIEW_MESSAGES.noStay);
  if (now > editableUntil(review.createdAt) || review.status === "hidden") return refused(409, REVIEW_MESSAGES.editClosed);
  const edited = await db.transaction(async (tx) => {
    // The window and the status again, in the update: an edit sent as the 48 hours end, or as an operator hides the review, changes nothing.
    const rows = await tx
      .update(reviews)
      .set({ ...fields, updatedAt: now })
      .where(and(eq(reviews.id, review.id), eq(reviews.authorId, authorId), ne(reviews.status, "hidden"), sql`${reviews.createdAt} > ${new Date(now.getTime() - REVIEW_EDIT_HOURS * 3_600_000)}`))
      .returning({ id: reviews.id });
    if (rows.length > 0) await refreshListingRating(tx, review.propertyId);
    return rows.length > 0;
  });
  return edited ? accepted({ id: review.id }) : refused(409, REVIEW_MESSAGES.editClosed);
}

/** The listing's host replies to a published review, once. */
export async function replyToReview(db: Db, hostId: string, reviewId: string, reply: string, now: Date): Promise<Result<{ id: string }>> {
  const [review] = isUuid(reviewId)
    ? await db
        .select({ id: reviews.id, hostId: properties.hostId, status: reviews.status, hostReply: reviews.hostReply })
        .from(reviews)
        .innerJoin(properties, eq(properties.id, reviews.propertyId))
        .where(eq(reviews.id, reviewId))
    : [];
  if (!review || review.hostId !== hostId || review.status !== "published") return refused(404, REVIEW_MESSAGES.notYourReview);
  const updated = await db
    .update(reviews)
    .set({ hostReply: reply, hostRepliedAt: now })
    .where(and(eq(reviews.id, review.id), sql`${reviews.hostReply} IS NULL`))
    .returning({ id: reviews.id });
  return updated.length > 0 ? accepted({ id: review.id }) : refused(409, REVIEW_MESSAGES.replied);
}

export type SubRatingAverages = Record<SubRating, number>;

/** A public listing's published reviews, newest first, a page at a time, with the averages of all of them. */
export async function listingReviews(db: Db, propertyId: string, requestedPage: number) {
  const published = and(eq(reviews.propertyId, propertyId), eq(reviews.status, "published"));
  const [summary] = await db
    .select({
      total: count(),
      rating: sql<number>`avg(${reviews.rating})::float8`,
      ...(Object.fromEntries(SUB_RATING_KEYS.map((key) => [key, sql<number>`avg(${reviews[key]})::float8`])) as Record<SubRating, ReturnType<typeof sql<number>>>),
    })
    .from(reviews)
    .where(published);
  const total = summary?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / REVIEWS_PAGE_SIZE));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const items =
    total === 0
      ? []
      : await db
          .select({
            id: reviews.id,
            authorName: users.name,
            stayedUntil: reviews.stayedUntil,
            rating: reviews.rating,
            text: reviews.text,
            createdAt: reviews.createdAt,
            hostReply: reviews.hostReply,
            hostRepliedAt: reviews.hostRepliedAt,
          })
          .from(reviews)
          .leftJoin(users, eq(users.id, reviews.authorId))
          .where(published)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(REVIEWS_PAGE_SIZE)
          .offset((page - 1) * REVIEWS_PAGE_SIZE);
  return {
    total,
    average: summary?.rating ?? null,
    subRatings: total > 0 ? (Object.fromEntries(SUB_RATING_KEYS.map((key) => [key, summary![key]])) as SubRatingAverages) : null,
    items: items.map(({ authorName, ...item }) => ({ ...item, author: authorName ? firstName(authorName) : null })),
    page,
    pageCount,
  };
}

/** A host's average over all their public listings' published reviews. */
export async function hostRating(db: Db, hostId: string): Promise<{ average: number; count: number } | null> {
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${properties.reviewCount}), 0)::int`, sum: sql<number>`coalesce(sum(${properties.ratingSum}), 0)::int` })
    .from(properties)
    .where(and(eq(properties.hostId, hostId), publicProperty));
  return row && row.count > 0 ? { average: row.sum / row.count, count: row.count } : null;
}

/** A review as an operator sees it to decide: the whole review, its stay, its listing and who wrote it (null: the account was deleted). */
export async function reviewForModeration(db: Db, reviewId: string) {
  if (!isUuid(reviewId)) return null;
  const host = alias(users, "host");
  const [row] = await db
    .select({
      id: reviews.id,
      status: reviews.status,
      heldFor: reviews.heldFor,
      hiddenReason: reviews.hiddenReason,
      decidedAt: reviews.decidedAt,
      ...reviewContent,
      hostReply: reviews.hostReply,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
      checkIn: stays.checkIn,
      stayedUntil: reviews.stayedUntil,
      authorId: reviews.authorId,
      authorName: users.name,
      listingId: properties.id,
      listingTitle: properties.title,
      listingSlug: properties.slug,
      listingPublic: sql<boolean>`${properties.status} = 'approved' AND ${properties.isActive}`,
      hostId: properties.hostId,
      hostName: host.name,
    })
    .from(reviews)
    .innerJoin(properties, eq(properties.id, reviews.propertyId))
    .innerJoin(host, eq(host.id, properties.hostId))
    .leftJoin(users, eq(users.id, reviews.authorId))
    .leftJoin(stays, eq(stays.id, reviews.stayId))
    .where(eq(reviews.id, reviewId));
  return row ? { ...row, authorName: row.authorName ? firstName(row.authorName) : null } : null;
}

/** An operator's decision on a review: publish a held one, or hide a published or held one with a reason. */
export type ReviewDecision = { kind: "publish" } | { kind: "hide"; reason: string };

/**
 * One conditional UPDATE from the statuses the decision may start from, never on a review the
 * operator wrote or of their listing: when two operators decide at once, the second finds it
 * decided. In the same transaction the listing's count and rating sum are counted again and, when
 * hiding, the review's open reports are closed. Hiding emails the author and the host afterwards;
 * a failed email is logged and reported (`emailFailed`), never undoing the decision.
 */
export async function decideReview(services: ModerationDeps, operatorId: string, reviewId: string, decision: ReviewDecision): Promise<Result<{ emailFailed: boolean }>> {
  let reason: string | null = null;
  if (decision.kind === "hide") {
    const problem = reasonError(decision.reason);
    if (problem) return refused(400, problem, { field: "reason" });
    reason = cleanReason(decision.reason);
  }
  if (!isUuid(reviewId)) return refused(404, REPORT_MESSAGES.notFound);
  const { db } = services.database;
  const decided = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set({ status: decision.kind === "hide" ? "hidden" : "published", hiddenReason: reason, decidedBy: operatorId, decidedAt: sql`now()` })
      .where(
        and(
          eq(reviews.id, reviewId),
          decision.kind === "hide" ? sql`${reviews.status} IN ('published', 'held')` : sql`${reviews.status} = 'held'`,
          sql`${reviews.authorId} IS DISTINCT FROM ${operatorId}`,
          sql`NOT EXISTS (SELECT 1 FROM ${properties} WHERE ${properties.id} = ${reviews.propertyId} AND ${properties.hostId} = ${operatorId})`,
        ),
      )
      .returning({ propertyId: reviews.propertyId });
    if (!row) return false;
    await refreshListingRating(tx, row.propertyId);
    if (decision.kind === "hide") await closeReviewReports(tx, reviewId, operatorId, "hidden");
    return true;
  });
  if (!decided) {
    const current = await reviewForModeration(db, reviewId);
    if (!current) return refused(404, REPORT_MESSAGES.notFound);
    if (current.authorId === operatorId || current.hostId === operatorId) return refused(403, REPORT_MESSAGES.reviewAboutYou);
    return refused(409, REPORT_MESSAGES.reviewDecided);
  }
  services.logger.info({ reviewId, operatorId, decision: decision.kind }, "review moderated");
  if (decision.kind === "publish") return accepted({ emailFailed: false });
  const url = (path: string) => new URL(path, services.config.BASE_URL).href;
  const host = alias(users, "host");
  try {
    const [people] = await db
      .select({ title: properties.title, slug: properties.slug, authorEmail: users.email, authorName: users.name, hostEmail: host.email, hostName: host.name })
      .from(reviews)
      .innerJoin(properties, eq(properties.id, reviews.propertyId))
      .innerJoin(host, eq(host.id, properties.hostId))
      .leftJoin(users, eq(users.id, reviews.authorId))
      .where(eq(reviews.id, reviewId));
    if (!people) throw new Error("review not found");
    if (people.authorEmail && people.authorName) {
      await services.mailer.send(reviewHiddenForAuthorEmail(people.authorEmail, firstName(people.authorName), people.title, reason!, url("/central-ajuda")));
    }
    await services.mailer.send(reviewHiddenEmail(people.hostEmail, firstName(people.hostName), people.title, reason!, url(`/accommodation/${people.slug}`)));
    return accepted({ emailFailed: false });
  } catch (err) {
    services.logger.error({ err, reviewId }, "email about a hidden review failed");
    return accepted({ emailFailed: true });
  }
}
