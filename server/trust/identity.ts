import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { IDENTITY_MESSAGES, type IdentityRequest } from "../../common/identity";
import { cleanReason, reasonError } from "../../common/moderation";
import { accepted, refused, type Result } from "../../common/refusal";
import { identityRefusedEmail, identityVerifiedEmail } from "../accounts/emails";
import type { Storage } from "../adapters/storage";
import { isUniqueViolation, type Db } from "../db/client";
import { identityVerifications, users } from "../db/schema";
import { listFilesForDeletion, removeListedFilesNow } from "../media/file-deletions";
import { claimUploads, UploadClaimError } from "../media/uploads";
import { isUuid } from "../properties/properties";
import type { ModerationDeps } from "../moderation/moderation";

/**
 * Verified identity (issue 44). A host sends their CPF or CNPJ, legal name, optional Cadastur
 * number, a photo of the document and a selfie holding it (private images: uploaded first, then
 * claimed here); an operator approves or refuses; the decision removes the images with their files.
 * Badges and the notice before WhatsApp read the approved request.
 */

const v = identityVerifications;

/** The account's latest request, as its owner sees it on /perfil; null when it never asked. */
export async function ownIdentityStatus(db: Db, userId: string) {
  const [row] = await db
    .select({
      status: v.status,
      documentKind: v.documentKind,
      document: v.document,
      legalName: v.legalName,
      cadastur: v.cadastur,
      cadasturChecked: v.cadasturChecked,
      refusalReason: v.refusalReason,
      createdAt: v.createdAt,
      decidedAt: v.decidedAt,
    })
    .from(v)
    .where(eq(v.userId, userId))
    .orderBy(desc(v.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Stores a host's request: refused when one is already waiting or granted, when the document
 * verified another account, or when the uploads are not this user's staged identity images
 * (nothing is stored then). The uploads' rows become the request's, in one transaction.
 */
export async function requestVerification(db: Db, userId: string, request: IdentityRequest): Promise<Result<{ id: string }>> {
  try {
    return await db.transaction(async (tx) => {
      // Locked: two requests sent at once by the same account are decided one after the other.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
      const [open] = await tx
        .select({ status: v.status })
        .from(v)
        .where(and(eq(v.userId, userId), inArray(v.status, ["pending", "approved"])));
      if (open) return refused(409, open.status === "pending" ? IDENTITY_MESSAGES.pending : IDENTITY_MESSAGES.approved);
      const [taken] = await tx
        .select({ id: v.id })
        .from(v)
        .where(and(eq(v.document, request.document), eq(v.status, "approved"), ne(v.userId, userId)));
      if (taken) return refused(409, IDENTITY_MESSAGES.documentTaken, { field: "document" });
      const [documentImage, selfieImage] = await claimUploads(tx, userId, [request.documentUpload, request.selfieUpload], "identity");
      const [row] = await tx
        .insert(v)
        .values({
          userId,
          documentKind: request.documentKind,
          document: request.document,
          legalName: request.legalName,
          cadastur: request.cadastur,
          documentImage: documentImage!.storageKey,
          selfieImage: selfieImage!.storageKey,
        })
        .returning({ id: v.id });
      return accepted({ id: row!.id });
    });
  } catch (err) {
    if (err instanceof UploadClaimError) return refused(400, IDENTITY_MESSAGES.uploadsGone, { field: "documentUpload" });
    if (isUniqueViolation(err)) return refused(409, IDENTITY_MESSAGES.pending);
    throw err;
  }
}

export const VERIFICATION_PAGE_SIZE = 20;

/** Written as a literal, so the planner matches the partial index identity_verifications_pending_idx. */
const isPending = sql`${v.status} = 'pending'`;

export async function pendingVerificationCount(db: Db): Promise<number> {
  const [counted] = await db.select({ n: count() }).from(v).where(isPending);
  return counted?.n ?? 0;
}

/** Requests waiting for an operator, oldest first, a page at a time (a page past the end shows the last). */
export async function verificationQueue(db: Db, requestedPage: number) {
  const total = await pendingVerificationCount(db);
  const pageCount = Math.max(1, Math.ceil(total / VERIFICATION_PAGE_SIZE));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const items =
    total === 0
      ? []
      : await db
          .select({ id: v.id, documentKind: v.documentKind, legalName: v.legalName, hasCadastur: sql<boolean>`${v.cadastur} IS NOT NULL`, createdAt: v.createdAt, accountName: users.name })
          .from(v)
          .innerJoin(users, eq(users.id, v.userId))
          .where(isPending)
          .orderBy(asc(v.createdAt), asc(v.id))
          .limit(VERIFICATION_PAGE_SIZE)
          .offset((page - 1) * VERIFICATION_PAGE_SIZE);
  return { items, total, page, pageCount };
}

/** A request with what an operator compares: the account, the typed name and number, and the same number on other accounts. */
export async function verificationForReview(db: Db, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      id: v.id,
      userId: v.userId,
      status: v.status,
      documentKind: v.documentKind,
      document: v.document,
      legalName: v.legalName,
      cadastur: v.cadastur,
      createdAt: v.createdAt,
      accountName: users.name,
      accountEmail: users.email,
      accountCreatedAt: users.createdAt,
    })
    .from(v)
    .innerJoin(users, eq(users.id, v.userId))
    .where(eq(v.id, id));
  if (!row) return null;
  const sameDocument = await db
    .select({ status: v.status, accountName: users.name, createdAt: v.createdAt })
    .from(v)
    .innerJoin(users, eq(users.id, v.userId))
    .where(and(eq(v.document, row.document), ne(v.userId, row.userId)))
    .orderBy(desc(v.createdAt));
  return { ...row, sameDocument };
}

export type IdentityImage = "documento" | "selfie";

/** The private key of a waiting request's image; null once decided (the files are gone) or for no request. */
export async function pendingImageKey(db: Db, id: string, which: IdentityImage): Promise<string | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ key: which === "documento" ? v.documentImage : v.selfieImage })
    .from(v)
    .where(and(eq(v.id, id), eq(v.status, "pending")));
  return row?.key ?? null;
}

export type IdentityDecision = { kind: "approve"; cadasturChecked: boolean } | { kind: "refuse"; reason: string };

/**
 * Decides a waiting request, never the operator's own: the row is locked first, so a second
 * operator deciding at once waits and then finds it decided. The images' keys go in the same
 * transaction that lists their files for deletion, and the files right after it commits. The host
 * is emailed; a failed email is logged, never undoing the decision.
 */
export async function decideVerification(
  services: ModerationDeps & { storage: Storage },
  operatorId: string,
  id: string,
  decision: IdentityDecision,
): Promise<Result<{ status: "approved" | "refused"; emailed: boolean }>> {
  const { db } = services.database;
  let reason: string | null = null;
  if (decision.kind === "refuse") {
    const problem = reasonError(decision.reason);
    if (problem) return refused(400, problem, { field: "reason" });
    reason = cleanReason(decision.reason);
  }
  if (!isUuid(id)) return refused(404, IDENTITY_MESSAGES.notFound);
  const status = decision.kind === "approve" ? "approved" : "refused";
  let outcome;
  try {
    outcome = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ userId: v.userId, status: v.status, documentImage: v.documentImage, selfieImage: v.selfieImage, cadastur: v.cadastur })
        .from(v)
        .where(eq(v.id, id))
        .for("update");
      if (!current) return refused(404, IDENTITY_MESSAGES.notFound);
      if (current.userId === operatorId) return refused(403, IDENTITY_MESSAGES.ownRequest);
      if (current.status !== "pending") return refused(409, IDENTITY_MESSAGES.decided);
      await tx
        .update(v)
        .set({
          status,
          refusalReason: reason,
          cadasturChecked: decision.kind === "approve" && decision.cadasturChecked && current.cadastur !== null,
          documentImage: null,
          selfieImage: null,
          decidedBy: operatorId,
          decidedAt: sql`now()`,
        })
        .where(eq(v.id, id));
      const listed = await listFilesForDeletion(tx, [current.documentImage, current.selfieImage].flatMap((key) => key ?? []));
      return accepted({ userId: current.userId, listed });
    });
  } catch (err) {
    if (isUniqueViolation(err)) return refused(409, IDENTITY_MESSAGES.takenMeanwhile);
    throw err;
  }
  if (!outcome.ok) return outcome;
  await removeListedFilesNow(db, services.storage, outcome.value.listed);
  const { logger, mailer, config } = services;
  logger.info({ verificationId: id, operatorId, decision: decision.kind }, "identity verification decided");
  let emailed = false;
  try {
    const [host] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, outcome.value.userId));
    if (!host) throw new Error("host not found");
    const profile = new URL("/perfil", config.BASE_URL).href;
    await mailer.send(status === "approved" ? identityVerifiedEmail(host.email, host.name, profile) : identityRefusedEmail(host.email, host.name, reason!, profile));
    emailed = true;
  } catch (err) {
    logger.error({ err, verificationId: id }, "identity decision email to the host failed");
  }
  return accepted({ status, emailed });
}

/** The legal name of a host whose identity is verified; null otherwise (the notice before WhatsApp says so). */
export async function verifiedLegalName(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ legalName: v.legalName })
    .from(v)
    .where(and(eq(v.userId, userId), eq(v.status, "approved")));
  return row?.legalName ?? null;
}
