import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, inArray, lt } from "drizzle-orm";
import { UPLOAD_MESSAGES } from "../../common/image-upload";
import { AVATAR_KEY_PREFIX, isAvatarKey } from "../../common/media";
import { isPrivateKey, type Storage } from "../adapters/storage";
import type { Db } from "../db/client";
import { imageUploads } from "../db/schema";
import { isUuid } from "../properties/properties";
import { decodeUpload, ImageRejected, type ReceivedUpload } from "./upload";
import { listFilesForDeletion, removeListedFiles, removeListedFilesNow } from "./file-deletions";
import { storeNormalizedImage } from "./variants";
import { photoHashes } from "./photo-hash";
import { matchesFraudPhoto, storePhotoHashes } from "./photo-fingerprints";
import { identityImageKey, storePrivateImage } from "./private-files";

/**
 * Staged uploads: POST /api/imagens stores an image and a row in image_uploads; saving the
 * property form claims the rows (claimUploads, inside the save's transaction). Uploads never
 * claimed — the form was abandoned, an image removed before saving, a save refused — are the only
 * way stored files can be left without a property, and removeStaleUploads deletes them (rows, then
 * files through the list of files to delete) once they are STAGED_UPLOAD_TTL_MS old: the
 * stale-uploads job (server/jobs/) checks at start and every hour, so they are gone within a day.
 * The row is written before the files, so even a process killed mid-upload leaves a row that the
 * cleanup finds.
 */
export const STAGED_UPLOAD_TTL_MS = 12 * 60 * 60 * 1000;

/** Staged uploads one user may have at once (several forms' worth); the cleanup frees them. */
export const MAX_STAGED_UPLOADS_PER_USER = 60;

export interface StagedUpload {
  id: string;
  storageKey: string;
  width: number;
  height: number;
}

/** A listing's photo, a profile photo (stored as squares: common/media.ts), or an identity document or selfie (private: server/media/private-files.ts). */
export type UploadKind = "photo" | "avatar" | "identity";

/**
 * uploads/{user}/{random} for photos, avatars/{user}/{random} for profile photos, a private key for
 * identity images: the user id as is when it is key-safe (better-auth ids and uuids are).
 */
function uploadKey(userId: string, kind: UploadKind): string {
  const owner = /^[a-z0-9_-]{1,64}$/i.test(userId) ? userId : createHash("sha256").update(userId).digest("hex").slice(0, 32);
  const random = randomBytes(12).toString("base64url").replace(/[^a-z0-9]/gi, "x");
  if (kind === "identity") return identityImageKey(owner, random);
  return `${kind === "avatar" ? AVATAR_KEY_PREFIX : "uploads/"}${owner}/${random}`;
}

/**
 * Checks a received upload by content (reading its file), stores every variant under a fresh key
 * and stages the upload for this user (a listing photo with its perceptual hashes). Throws
 * ImageRejected for a file we refuse, a photo close to one refused for fraud included (nothing is
 * stored then); on any failure after the row is written, removes the row and whatever files were
 * written. The received file stays the caller's.
 */
export async function stageUpload(db: Db, storage: Storage, userId: string, upload: ReceivedUpload, kind: UploadKind = "photo"): Promise<StagedUpload> {
  const [staged] = await db.select({ n: count() }).from(imageUploads).where(eq(imageUploads.userId, userId));
  if ((staged?.n ?? 0) >= MAX_STAGED_UPLOADS_PER_USER) throw new TooManyStagedUploads();
  const image = await decodeUpload(upload);
  // A listing photo's perceptual hashes: a photo close to one refused for fraud is refused before anything is stored.
  const hashes = kind === "photo" ? await photoHashes(image) : null;
  if (hashes && (await matchesFraudPhoto(db, hashes))) throw new ImageRejected(422, UPLOAD_MESSAGES.fraud);
  const storageKey = uploadKey(userId, kind);
  // The hashes are written with the row and, like the files, follow the key to the listing (server/media/photo-fingerprints.ts).
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(imageUploads)
      .values({ userId, storageKey, width: image.width, height: image.height })
      .returning({ id: imageUploads.id });
    if (hashes) await storePhotoHashes(tx, storageKey, hashes);
    return inserted;
  });
  try {
    await (kind === "identity" ? storePrivateImage(storage, storageKey, image) : storeNormalizedImage(storage, storageKey, image));
    // The account may have been deleted (its uploads with it) while the files were written.
    const [still] = await db.select({ id: imageUploads.id }).from(imageUploads).where(eq(imageUploads.id, row!.id));
    if (!still) throw new Error("the staged upload was removed while it was being stored");
  } catch (err) {
    // Listed even when the row is already gone: files written after an account deletion took the row.
    const listed = await db.transaction(async (tx) => {
      await tx.delete(imageUploads).where(eq(imageUploads.id, row!.id));
      return listFilesForDeletion(tx, [storageKey]);
    });
    await removeListedFilesNow(db, storage, listed);
    throw err;
  }
  return { id: row!.id, storageKey, width: image.width, height: image.height };
}

export class TooManyStagedUploads extends Error {
  readonly status = 429;
  constructor() {
    super(UPLOAD_MESSAGES.tooManyStaged);
    this.name = "TooManyStagedUploads";
  }
}

const kindOfKey = (storageKey: string): UploadKind => (isPrivateKey(storageKey) ? "identity" : isAvatarKey(storageKey) ? "avatar" : "photo");

/** A form named an image that is not one of this user's staged uploads (expired, someone else's, used twice). */
export class UploadClaimError extends Error {
  constructor(message = "Algumas imagens não estão mais disponíveis. Remova-as e envie-as novamente.") {
    super(message);
    this.name = "UploadClaimError";
  }
}

/**
 * Takes this user's staged uploads for a property, in the order given: returns them and deletes
 * their rows (the caller inserts property_images rows with the same storage keys, in the same
 * transaction). Throws UploadClaimError, having changed nothing, if any id is not a staged upload
 * of this user or appears twice. If the caller's transaction rolls back, the uploads stay staged.
 */
export async function claimUploads(tx: Db, userId: string, ids: string[], kind: UploadKind = "photo"): Promise<StagedUpload[]> {
  if (ids.length === 0) return [];
  if (new Set(ids).size !== ids.length || !ids.every(isUuid)) throw new UploadClaimError();
  const wanted = ids.map((id) => id.toLowerCase());
  const columns = { id: imageUploads.id, storageKey: imageUploads.storageKey, width: imageUploads.width, height: imageUploads.height };
  // Locked first, so a cleanup or a second save of the same ids waits, then finds nothing to take.
  const rows = await tx
    .select(columns)
    .from(imageUploads)
    .where(and(eq(imageUploads.userId, userId), inArray(imageUploads.id, wanted)))
    .for("update");
  // An upload serves only what it was sent for: a document never becomes a listing's photo, nor the reverse.
  if (rows.length !== wanted.length || rows.some((row) => kindOfKey(row.storageKey) !== kind)) throw new UploadClaimError();
  await tx.delete(imageUploads).where(inArray(imageUploads.id, wanted));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.map((id) => byId.get(id)!);
}

/** Stale uploads deleted per transaction, so a long backlog never holds many row locks at once. */
const STALE_BATCH_SIZE = 200;

/**
 * Deletes staged uploads created before `olderThan` and lists their files for deletion in the same
 * transaction, then removes the files. Uploads being claimed by a save (locked) are skipped: the
 * save takes them. Returns the number of uploads deleted.
 */
export async function removeStaleUploads(db: Db, storage: Storage, olderThan: Date, signal?: AbortSignal): Promise<number> {
  let removed = 0;
  while (!signal?.aborted) {
    const listed = await db.transaction(async (tx) => {
      const stale = tx
        .select({ id: imageUploads.id })
        .from(imageUploads)
        .where(lt(imageUploads.createdAt, olderThan))
        .limit(STALE_BATCH_SIZE)
        .for("update", { skipLocked: true });
      const rows = await tx.delete(imageUploads).where(inArray(imageUploads.id, stale)).returning({ storageKey: imageUploads.storageKey });
      removed += rows.length;
      return listFilesForDeletion(
        tx,
        rows.map((row) => row.storageKey),
      );
    });
    if (listed.length === 0) break;
    await removeListedFiles(db, storage, { ids: listed, signal });
  }
  return removed;
}
