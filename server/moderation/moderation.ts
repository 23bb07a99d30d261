import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { cleanReason, MODERATION_MESSAGES, reasonError } from "../../common/moderation";
import { propertyApprovedEmail, propertyNeedsChangesEmail } from "../accounts/emails";
import type { Db } from "../db/client";
import type { PropertyStatus } from "../../common/property-card";
import { properties, propertyImages, users } from "../db/schema";
import { byKey, detailColumns, imagesOf } from "../properties/properties";
import { cardColumns, toCards } from "../properties/search";
import { accepted, refused, type Result } from "../../common/refusal";
import type { Mailer } from "../adapters/email";
import type { Logger } from "../logger";
import type { Storage } from "../adapters/storage";
import { flagFraudPhotos, hashMissingPhotos } from "../media/photo-fingerprints";
import { closeListingReports } from "../trust/reports";

/** Written as a literal (not a bind parameter) so the planner matches the partial index properties_pending_idx. */
const isPending = sql`${properties.status} = 'pending'`;

export const QUEUE_PAGE_SIZE = 20;

/** The statements, built but not run (a test explains them to check that they use the partial index). */
export const moderationStatements = {
  count: (db: Db) => db.select({ n: sql<number>`count(*)::int` }).from(properties).where(isPending),
  page: (db: Db, page: number, pageSize: number) =>
    db
      .select({
        ...cardColumns,
        createdAt: properties.createdAt,
        updatedAt: properties.updatedAt,
        hostName: users.name,
      })
      .from(properties)
      .innerJoin(users, eq(users.id, properties.hostId))
      .where(isPending)
      .orderBy(asc(properties.createdAt), asc(properties.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
};

/** How many properties wait for an operator: one COUNT over the pending-only partial index. */
export async function pendingCount(db: Db): Promise<number> {
  const [row] = await moderationStatements.count(db);
  return row?.n ?? 0;
}

export interface QueueItem {
  id: string;
  title: string;
  propertyType: string;
  location: string;
  priceCents: number;
  /** ISO timestamp of the listing's creation: the queue's order. */
  submittedAt: string;
  /** ISO timestamp of the last change (an edit sent back for review), when later than the creation. */
  updatedAt: string | null;
  hostName: string;
  cover: { storageKey: string; width: number; height: number; alt: string } | null;
}

export interface Queue {
  items: QueueItem[];
  total: number;
  page: number;
  pageCount: number;
}

/** Pending properties, oldest first, one page at a time; a page past the end shows the last one. */
export async function moderationQueue(db: Db, requestedPage: number, pageSize = QUEUE_PAGE_SIZE): Promise<Queue> {
  const total = await pendingCount(db);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  if (total === 0) return { items: [], total, page, pageCount };
  const rows = await moderationStatements.page(db, page, pageSize);
  const covered = await toCards(db, rows);
  const items = rows.map((r, i) => ({
    id: r.id,
    title: r.title,
    propertyType: r.propertyType,
    location: r.location,
    priceCents: r.priceCents,
    submittedAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.getTime() - r.createdAt.getTime() > 60_000 ? r.updatedAt.toISOString() : null,
    hostName: r.hostName,
    cover: covered[i]?.cover ?? null,
  }));
  return { items, total, page, pageCount };
}

/**
 * Any property, whatever its status (by id, as the queue links, or by the slug of a public address
 * an operator pasted), with what the public page shows plus what an operator needs
 * (status, last reason, whether it is active, the host and their WhatsApp number). Null when missing.
 */
export async function findForModeration(db: Db, key: string) {
  if (key.length > 200) return null;
  const [row] = await db
    .select({
      ...detailColumns,
      whatsappContact: properties.whatsappContact,
      isActive: properties.isActive,
      status: properties.status,
      rejectionReason: properties.rejectionReason,
      createdAt: properties.createdAt,
      updatedAt: properties.updatedAt,
      hostId: properties.hostId,
      hostName: users.name,
      hostEmail: users.email,
    })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.hostId))
    .where(byKey(key));
  if (!row) return null;
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(), images: await imagesOf(db, row.id) };
}

export type ModerationProperty = NonNullable<Awaited<ReturnType<typeof findForModeration>>>;

/**
 * approve: pending -> approved (the reason is cleared). reject: pending -> rejected with a reason.
 * unpublish: approved (or reported: hidden by reports) -> rejected with a reason, for a published
 * listing that breaks the rules; the host edits it and it goes back to the queue.
 * `fraud` (a scam, or photos of another place): the listing's photos can never be uploaded again
 * (their hashes go to fraud_photo_hashes in the decision's transaction: server/media/photo-fingerprints.ts).
 */
export type Decision = { kind: "approve" } | { kind: "reject"; reason: string; fraud?: boolean } | { kind: "unpublish"; reason: string; fraud?: boolean };

export type ModerationResult = Result<{
  status: PropertyStatus;
  property: { id: string; slug: string; title: string; isActive: boolean };
  emailed: boolean;
  /** After a decision for fraud: photos whose hashes now refuse uploads, and photos that could not be hashed (files missing). */
  fraud?: { flagged: number; unhashed: number };
}>;

/** What a decision needs (the process's services satisfy it). */
export interface ModerationDeps {
  database: { db: Db };
  mailer: Mailer;
  logger: Logger;
  config: { BASE_URL: string };
}

/** The only status each decision may start from (literals, like isPending). */
const FROM: Record<Decision["kind"], { status: PropertyStatus; where: SQL }> = {
  approve: { status: "pending", where: isPending },
  reject: { status: "pending", where: isPending },
  // A listing hidden by reports is still published in the host's eyes: taking it down is the same decision.
  unpublish: { status: "approved", where: sql`${properties.status} IN ('approved', 'reported')` },
};

/**
 * One conditional UPDATE … WHERE status = <expected> RETURNING: when two operators decide at once,
 * the row lock makes the second wait, re-check the status and change nothing ("já foi moderada").
 * `reviewedAt` (the updated_at the operator's page showed) also refuses a decision on a version the
 * operator has not seen: a host who saves an edit meanwhile moves updated_at on.
 * The host is emailed after the change is stored; a failed email is logged and reported
 * (`emailed: false`) but never undoes the decision.
 */
export async function moderate(
  services: ModerationDeps & { storage: Storage },
  operatorId: string,
  key: string,
  decision: Decision,
  options: { reviewedAt?: string } = {},
): Promise<ModerationResult> {
  const { db } = services.database;
  let reason: string | null = null;
  if (decision.kind !== "approve") {
    const problem = reasonError(decision.reason);
    if (problem) return refused(400, problem, { field: "reason" });
    reason = cleanReason(decision.reason);
  }
  if (key.length > 200) return refused(404, "Propriedade não encontrada.");
  const reviewedAt = options.reviewedAt ? new Date(options.reviewedAt) : null;
  // The version the page showed: a real instant in the past (not a date PostgreSQL cannot represent).
  const seen = reviewedAt?.getTime() ?? 0;
  if (reviewedAt && !(seen > Date.UTC(2000, 0, 1) && seen < Date.now() + 24 * 60 * 60 * 1000)) {
    return refused(400, "Formulário inválido. Recarregue a página e tente novamente.");
  }
  const to: PropertyStatus = decision.kind === "approve" ? "approved" : "rejected";
  const from = FROM[decision.kind];
  const fraud = decision.kind !== "approve" && decision.fraud === true;
  // Photos the photo-hashes job has not reached yet are hashed now, so every photo is flagged. With
  // the storage unreachable the decision still goes ahead: the result counts the photos left out.
  if (fraud) {
    await hashMissingPhotos(db, services.storage, await photoKeysOf(db, key)).catch((err: unknown) =>
      services.logger.warn({ err, key }, "could not hash a listing's photos before a decision for fraud"),
    );
  }
  const decide = async (tx: Db) => {
    const [row] = await tx
      .update(properties)
      .set({ status: to, rejectionReason: reason, updatedAt: sql`now()` })
      .where(
        and(
          byKey(key),
          from.where,
          sql`${properties.hostId} <> ${operatorId}`,
          // Drivers read timestamps to the millisecond; the database keeps microseconds.
          reviewedAt ? sql`${properties.updatedAt} < ${reviewedAt.toISOString()}::timestamptz + interval '1 millisecond'` : undefined,
        ),
      )
      .returning({ id: properties.id, slug: properties.slug, title: properties.title, isActive: properties.isActive, hostId: properties.hostId });
    // In the same transaction: the photos are refused from the moment the listing is, and its open
    // reports are closed with it (they are decided).
    const flagged = row && fraud ? await flagFraudPhotos(tx, row.id, operatorId) : undefined;
    if (row && decision.kind === "unpublish") await closeListingReports(tx, row.id, operatorId, "unpublished");
    return { row, flagged };
  };
  const { row, flagged } = fraud || decision.kind === "unpublish" ? await db.transaction(decide) : await decide(db);

  if (!row) {
    const [current] = await db.select({ hostId: properties.hostId, status: properties.status }).from(properties).where(byKey(key));
    if (!current) return refused(404, "Propriedade não encontrada.");
    if (current.hostId === operatorId) {
      return refused(403, "Outra pessoa da equipe precisa analisar uma propriedade sua.");
    }
    if (current.status === from.status) return refused(409, MODERATION_MESSAGES.changedMeanwhile);
    return refused(409, MODERATION_MESSAGES.alreadyModerated);
  }
  const { logger, config, mailer } = services;
  logger.info({ propertyId: row.id, operatorId, decision: decision.kind, ...(flagged ? { fraud: flagged } : {}) }, "property moderated");

  const property = { id: row.id, slug: row.slug, title: row.title, isActive: row.isActive };
  let emailed = false;
  try {
    const [host] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, row.hostId));
    if (!host) throw new Error("host not found");
    const url = (path: string) => new URL(path, config.BASE_URL).href;
    await mailer.send(
      decision.kind === "approve"
        ? propertyApprovedEmail(host.email, host.name, property, url(row.isActive ? `/accommodation/${row.slug}` : "/minhas-propriedades"))
        : propertyNeedsChangesEmail(host.email, host.name, { title: row.title, wasPublished: decision.kind === "unpublish" }, reason!, url(`/editar-propriedade/${row.id}`)),
    );
    emailed = true;
  } catch (err) {
    logger.error({ err, propertyId: row.id, decision: decision.kind }, "moderation email to the host failed");
  }
  return accepted({ status: to, property, emailed, ...(flagged ? { fraud: flagged } : {}) });
}

/** The storage keys of a listing's photos (by id or slug). */
async function photoKeysOf(db: Db, key: string): Promise<string[]> {
  const rows = await db.select({ storageKey: propertyImages.storageKey }).from(propertyImages).innerJoin(properties, eq(properties.id, propertyImages.propertyId)).where(byKey(key));
  return rows.map((r) => r.storageKey);
}
