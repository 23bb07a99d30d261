import { and, asc, countDistinct, desc, eq, inArray, isNotNull, isNull, max, min, sql } from "drizzle-orm";
import { REPORT_MESSAGES, REPORT_REASON_LABELS, type ReportKind, type ReportReason } from "../../common/reports";
import { accepted, refused, type Result } from "../../common/refusal";
import { firstName } from "../../common/text";
import { listingBackAfterReportsEmail, listingHiddenByReportsEmail } from "../accounts/emails";
import { isUniqueViolation, type Db } from "../db/client";
import { contactNotices, properties, publicProperty, reports, reviews, users } from "../db/schema";
import type { ModerationDeps } from "../moderation/moderation";
import { byKey, isUuid } from "../properties/properties";

/**
 * Reports of listings, hosts (issue 44) and reviews (issue 45). An account has at most one open
 * report per target, so it counts once; a listing reported by `reportsToHide` distinct accounts that
 * weigh (see WEIGHING_REPORTER) leaves the results (status "reported") until an operator either
 * dismisses the reports (it comes back) or unpublishes it; its host is emailed either way. Reports
 * never hide a review: it stays published until an operator decides (server/trust/reviews.ts).
 */

export type ReportTarget = { kind: "anuncio"; key: string } | { kind: "anfitriao"; id: string } | { kind: "avaliacao"; id: string };

/** An account younger than this is "new": its reports are rate-limited harder, and count towards hiding a listing only after a contact. */
const NEW_ACCOUNT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Whose report counts towards hiding a listing: an account at least a week old, or one that went
 * through the listing's contact notice (it was about to deal with the host). A batch of fresh
 * accounts can report, and operators read them, but cannot take a listing down by themselves.
 */
const WEIGHING_REPORTER = sql`(${users.createdAt} < now() - ${`${NEW_ACCOUNT_MS / 1000} seconds`}::interval OR EXISTS (SELECT 1 FROM ${contactNotices} WHERE ${contactNotices.userId} = ${reports.reporterId} AND ${contactNotices.propertyId} = ${reports.propertyId}))`;

export async function isNewAccount(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  return !row || Date.now() - row.createdAt.getTime() < NEW_ACCOUNT_MS;
}

/**
 * What a report form names: the listing (public, or already hidden by reports), the host (with a
 * public page) or a review of a public listing (its text only while it is published: a held or
 * hidden review is not for others to read).
 */
export async function reportSubject(db: Db, target: ReportTarget) {
  if (target.kind === "avaliacao") {
    if (!isUuid(target.id)) return null;
    const [row] = await db
      .select({ id: reviews.id, status: reviews.status, authorId: reviews.authorId, rating: reviews.rating, text: reviews.text, title: properties.title, slug: properties.slug, hostId: properties.hostId })
      .from(reviews)
      .innerJoin(properties, eq(properties.id, reviews.propertyId))
      .where(and(eq(reviews.id, target.id), eq(properties.status, "approved"), eq(properties.isActive, true)));
    if (!row) return null;
    const published = row.status === "published";
    return {
      kind: "avaliacao" as const,
      id: row.id,
      title: row.title,
      path: `/accommodation/${row.slug}#avaliacoes`,
      ownerId: row.hostId,
      authorId: row.authorId,
      published,
      quote: published ? { rating: row.rating, text: row.text } : null,
    };
  }
  if (target.kind === "anuncio") {
    if (target.key.length > 200) return null;
    const [row] = await db
      .select({ id: properties.id, slug: properties.slug, title: properties.title, hostId: properties.hostId })
      .from(properties)
      .where(and(byKey(target.key), sql`((${publicProperty}) OR ${properties.status} = 'reported')`));
    return row ? { kind: "anuncio" as const, id: row.id, title: row.title, path: `/accommodation/${row.slug}`, ownerId: row.hostId } : null;
  }
  if (target.id.length > 100) return null;
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.id, target.id), eq(users.userType, "host"), sql`EXISTS (SELECT 1 FROM ${properties} WHERE ${properties.hostId} = ${users.id} AND ${properties.status} IN ('approved', 'reported'))`));
  return row ? { kind: "anfitriao" as const, id: row.id, title: firstName(row.name), path: `/anfitriao/${row.id}`, ownerId: row.id } : null;
}

export type ReportSubject = NonNullable<Awaited<ReturnType<typeof reportSubject>>>;

/** Why this account cannot report it, if it cannot: its own listing, itself, its own review or a review of its listing, a review not published. */
export function reportRefusal(subject: ReportSubject, reporterId: string) {
  if (subject.kind === "avaliacao") {
    if (subject.authorId === reporterId) return refused(403, REPORT_MESSAGES.ownReview);
    if (subject.ownerId === reporterId) return refused(403, REPORT_MESSAGES.reviewOfYourListing);
    return subject.published ? null : refused(409, REPORT_MESSAGES.reviewNotPublished);
  }
  if (subject.ownerId !== reporterId) return null;
  return refused(403, subject.kind === "anuncio" ? REPORT_MESSAGES.ownListing : REPORT_MESSAGES.ownself);
}

/**
 * Stores one account's report. The listing is locked while its distinct open reporters are counted,
 * so reports sent at once hide it exactly when the last one needed arrives. Returns whether this
 * report hid the listing.
 */
export async function submitReport(
  services: ModerationDeps & { config: { reportsToHide: number } },
  reporterId: string,
  subject: ReportSubject,
  input: { reason: ReportReason; details: string },
): Promise<Result<{ hidden: boolean }>> {
  const refusal = reportRefusal(subject, reporterId);
  if (refusal) return refusal;
  const { db } = services.database;
  let outcome;
  try {
    outcome = await db.transaction(async (tx) => {
      if (subject.kind === "anfitriao") {
        await tx.insert(reports).values({ reporterId, hostId: subject.id, ...input });
        return { hidden: false, reasons: [] as string[] };
      }
      if (subject.kind === "avaliacao") {
        // Locked as an operator's decision locks it: a report never lands on a review hidden meanwhile.
        const [review] = await tx.select({ status: reviews.status }).from(reviews).where(eq(reviews.id, subject.id)).for("update");
        if (review?.status !== "published") return null;
        await tx.insert(reports).values({ reporterId, reviewId: subject.id, ...input });
        return { hidden: false, reasons: [] as string[] };
      }
      const [listing] = await tx.select({ status: properties.status, isActive: properties.isActive }).from(properties).where(eq(properties.id, subject.id)).for("update");
      if (!listing) return null;
      await tx.insert(reports).values({ reporterId, propertyId: subject.id, ...input });
      const [open] = await tx
        .select({
          reporters: sql<number>`count(DISTINCT ${reports.reporterId}) FILTER (WHERE ${WEIGHING_REPORTER})::int`,
          reasons: sql<ReportReason[]>`array_agg(DISTINCT ${reports.reason})`,
        })
        .from(reports)
        .innerJoin(users, eq(users.id, reports.reporterId))
        .where(and(eq(reports.propertyId, subject.id), isNull(reports.resolvedAt)));
      const hidden = listing.status === "approved" && listing.isActive && (open?.reporters ?? 0) >= services.config.reportsToHide;
      if (hidden) await tx.update(properties).set({ status: "reported" }).where(eq(properties.id, subject.id));
      return { hidden, reasons: (open?.reasons ?? []).map((reason) => REPORT_REASON_LABELS[reason]) };
    });
  } catch (err) {
    if (isUniqueViolation(err)) return refused(409, REPORT_MESSAGES.already);
    throw err;
  }
  if (!outcome) return subject.kind === "avaliacao" ? refused(409, REPORT_MESSAGES.reviewNotPublished) : refused(404, REPORT_MESSAGES.notFound);
  services.logger.info({ subject: subject.kind, id: subject.id, hidden: outcome.hidden }, "report received");
  if (outcome.hidden) {
    await emailHost(services, subject.id, (host) => listingHiddenByReportsEmail(host.email, host.name, subject.title, outcome.reasons, host.url("/minhas-propriedades")));
  }
  return accepted({ hidden: outcome.hidden });
}

async function emailHost(
  services: ModerationDeps,
  propertyId: string,
  message: (host: { email: string; name: string; url: (path: string) => string }) => Parameters<ModerationDeps["mailer"]["send"]>[0],
) {
  try {
    const [host] = await services.database.db
      .select({ email: users.email, name: users.name })
      .from(properties)
      .innerJoin(users, eq(users.id, properties.hostId))
      .where(eq(properties.id, propertyId));
    if (!host) return;
    await services.mailer.send(message({ ...host, url: (path) => new URL(path, services.config.BASE_URL).href }));
  } catch (err) {
    services.logger.error({ err, propertyId }, "report email to the host failed");
  }
}

/** Written as a literal (not a bind parameter) so the planner matches the partial index reviews_held_idx. */
const isHeld = sql`${reviews.status} = 'held'`;

/**
 * The reports queue: open reports grouped by what they name, the most reported first (then the
 * oldest), and after them the reviews held for an operator (nobody reports those: they are not
 * published), oldest first.
 */
export async function reportQueue(db: Db) {
  const open = isNull(reports.resolvedAt);
  const grouped = (target: typeof reports.propertyId | typeof reports.hostId | typeof reports.reviewId) =>
    db
      .select({ target: sql<string>`${target}`, reporters: countDistinct(reports.reporterId), first: min(reports.createdAt), last: max(reports.createdAt) })
      .from(reports)
      .where(and(open, isNotNull(target)))
      .groupBy(target)
      .orderBy(desc(countDistinct(reports.reporterId)), asc(min(reports.createdAt)))
      .limit(100);
  const [listings, hosts, reported, held] = await Promise.all([
    grouped(reports.propertyId),
    grouped(reports.hostId),
    grouped(reports.reviewId),
    db.select({ id: reviews.id, createdAt: reviews.createdAt }).from(reviews).where(isHeld).orderBy(asc(reviews.createdAt)).limit(100),
  ]);
  const titles = new Map(
    listings.length
      ? (await db.select({ id: properties.id, title: properties.title, status: properties.status }).from(properties).where(inArray(properties.id, listings.map((l) => l.target)))).map((p) => [p.id, p])
      : [],
  );
  const names = new Map(hosts.length ? (await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, hosts.map((h) => h.target)))).map((u) => [u.id, u.name]) : []);
  const reviewIds = [...reported.map((r) => r.target), ...held.map((r) => r.id)];
  const reviewed = new Map(
    reviewIds.length
      ? (
          await db
            .select({ id: reviews.id, status: reviews.status, heldFor: reviews.heldFor, title: properties.title, authorName: users.name })
            .from(reviews)
            .innerJoin(properties, eq(properties.id, reviews.propertyId))
            .leftJoin(users, eq(users.id, reviews.authorId))
            .where(inArray(reviews.id, reviewIds))
        ).map((r) => [r.id, r])
      : [],
  );
  const aboutReview = (id: string) => {
    const review = reviewed.get(id);
    return { title: review?.title ?? "", status: review?.status ?? null, heldFor: review?.status === "held" ? review.heldFor : null, author: review?.authorName ? firstName(review.authorName) : null };
  };
  const none = { status: null, heldFor: null, author: null };
  return [
    ...listings.map((l) => ({ kind: "anuncio" as const, id: l.target, ...none, title: titles.get(l.target)?.title ?? "", status: titles.get(l.target)?.status ?? null, reporters: l.reporters, first: l.first!, last: l.last! })),
    ...hosts.map((h) => ({ kind: "anfitriao" as const, id: h.target, ...none, title: names.get(h.target) ?? "", reporters: h.reporters, first: h.first!, last: h.last! })),
    ...reported.map((r) => ({ kind: "avaliacao" as const, id: r.target, ...aboutReview(r.target), reporters: r.reporters, first: r.first!, last: r.last! })),
    ...held.map((r) => ({ kind: "avaliacao" as const, id: r.id, ...aboutReview(r.id), reporters: 0, first: r.createdAt, last: r.createdAt })),
  ].sort((a, b) => b.reporters - a.reporters || a.first.getTime() - b.first.getTime());
}

/** How many wait in the reports queue: targets of open reports, and reviews held for an operator. */
export async function reportQueueCount(db: Db): Promise<number> {
  const [[targets], [held]] = await Promise.all([
    db
      .select({ n: sql<number>`count(DISTINCT coalesce(${reports.propertyId}::text, ${reports.hostId}, ${reports.reviewId}::text))::int` })
      .from(reports)
      .where(isNull(reports.resolvedAt)),
    db.select({ n: sql<number>`count(*)::int` }).from(reviews).where(isHeld),
  ]);
  return (targets?.n ?? 0) + (held?.n ?? 0);
}

const targetColumn = (kind: ReportKind) => (kind === "anuncio" ? reports.propertyId : kind === "avaliacao" ? reports.reviewId : reports.hostId);

const validId = (kind: ReportKind, id: string) => (kind === "anfitriao" ? id.length <= 100 : isUuid(id));

/** A target's open reports, oldest first, with who sent them (name, how long they have had an account). */
export async function openReportsOf(db: Db, kind: ReportKind, id: string) {
  if (!validId(kind, id)) return [];
  return db
    .select({ id: reports.id, reason: reports.reason, details: reports.details, createdAt: reports.createdAt, reporterName: users.name, reporterSince: users.createdAt })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(and(eq(targetColumn(kind), id), isNull(reports.resolvedAt)))
    .orderBy(asc(reports.createdAt));
}

/** Closes a target's open reports with the operator's outcome; how many there were. */
async function closeReports(tx: Db, kind: ReportKind, id: string, operatorId: string, outcome: NonNullable<typeof reports.$inferSelect.outcome>): Promise<number> {
  const closed = await tx
    .update(reports)
    .set({ resolvedAt: sql`now()`, resolvedBy: operatorId, outcome })
    .where(and(eq(targetColumn(kind), id), isNull(reports.resolvedAt)))
    .returning({ id: reports.id });
  return closed.length;
}

/** In a transaction that changes a listing: its open reports are closed with the operator's outcome. */
export const closeListingReports = (tx: Db, propertyId: string, operatorId: string, outcome: "dismissed" | "unpublished") => closeReports(tx, "anuncio", propertyId, operatorId, outcome);

/** In a transaction that decides a review: its open reports are closed with the operator's outcome. */
export const closeReviewReports = (tx: Db, reviewId: string, operatorId: string, outcome: "dismissed" | "hidden") => closeReports(tx, "avaliacao", reviewId, operatorId, outcome);

/**
 * Dismisses a target's open reports, never about the operator's own listing or themself, nor a
 * review they wrote or of their listing: a listing they hid comes back (its host is told); a review
 * stays published. The listing or review is locked first, as a new report locks it, so a report
 * arriving meanwhile is counted against what is left open.
 */
export async function dismissReports(services: ModerationDeps, operatorId: string, kind: ReportKind, id: string): Promise<Result<{ restored: boolean }>> {
  const { db } = services.database;
  if (!validId(kind, id)) return refused(404, REPORT_MESSAGES.notFound);
  const result = await db.transaction(async (tx) => {
    if (kind === "avaliacao") {
      const [review] = await tx
        .select({ authorId: reviews.authorId, hostId: properties.hostId })
        .from(reviews)
        .innerJoin(properties, eq(properties.id, reviews.propertyId))
        .where(eq(reviews.id, id))
        .for("update", { of: reviews });
      if (!review) return refused(404, REPORT_MESSAGES.notFound);
      if (review.authorId === operatorId || review.hostId === operatorId) return refused(403, REPORT_MESSAGES.reviewAboutYou);
      return accepted({ closed: await closeReviewReports(tx, id, operatorId, "dismissed"), restored: null });
    }
    if (kind === "anfitriao") {
      if (id === operatorId) return refused(403, REPORT_MESSAGES.aboutYou);
      return accepted({ closed: await closeReports(tx, "anfitriao", id, operatorId, "dismissed"), restored: null });
    }
    const [listing] = await tx
      .select({ hostId: properties.hostId, status: properties.status, title: properties.title, slug: properties.slug })
      .from(properties)
      .where(eq(properties.id, id))
      .for("update");
    if (!listing) return refused(404, REPORT_MESSAGES.notFound);
    if (listing.hostId === operatorId) return refused(403, REPORT_MESSAGES.aboutYou);
    const closed = await closeListingReports(tx, id, operatorId, "dismissed");
    const restored = closed > 0 && listing.status === "reported";
    if (restored) await tx.update(properties).set({ status: "approved" }).where(eq(properties.id, id));
    return accepted({ closed, restored: restored ? listing : null });
  });
  if (!result.ok) return result;
  if (result.value.closed === 0) return refused(409, REPORT_MESSAGES.decided);
  const restored = result.value.restored;
  if (restored) {
    await emailHost(services, id, (host) => listingBackAfterReportsEmail(host.email, host.name, restored.title, host.url(`/accommodation/${restored.slug}`)));
  }
  return accepted({ restored: Boolean(restored) });
}

/** What an operator reviewing reports sees of what they name; null when it does not exist. */
export async function reportedSubject(db: Db, kind: "anuncio" | "anfitriao", id: string) {
  if (!validId(kind, id)) return null;
  if (kind === "anuncio") {
    const [row] = await db
      .select({ title: properties.title, slug: properties.slug, status: properties.status, hostId: properties.hostId, hostName: users.name })
      .from(properties)
      .innerJoin(users, eq(users.id, properties.hostId))
      .where(eq(properties.id, id));
    return row ? { ...row, ownerId: row.hostId } : null;
  }
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, id));
  return row ? { title: row.name, slug: null, status: null, hostId: id, hostName: row.name, ownerId: id } : null;
}
