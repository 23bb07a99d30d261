import { eq } from "drizzle-orm";
import type { Storage } from "../adapters/storage";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { listFilesForDeletion, removeListedFilesNow } from "../media/file-deletions";
import { claimUploads } from "../media/uploads";

/**
 * Profile photos: users.image holds the storage key of a square image (avatars/…). A new photo is
 * uploaded like a listing's (staged first: server/media/uploads.ts) and claimed at once; the photo
 * it replaces, or the one removed, has its files listed for deletion in the same transaction and
 * removed once it commits (server/media/file-deletions.ts). Only ever the signed-in user's own.
 */

/**
 * Makes this user's staged upload their profile photo and returns its storage key; null when the
 * account is gone. Throws UploadClaimError when the upload is not this user's staged upload.
 */
export async function setProfilePhoto(db: Db, storage: Storage, userId: string, uploadId: string): Promise<string | null> {
  const outcome = await db.transaction(async (tx) => {
    // Locked first, as the account's deletion does: the photo it lists is the one stored last.
    const [user] = await tx.select({ image: users.image }).from(users).where(eq(users.id, userId)).for("update");
    if (!user) return null;
    const [upload] = await claimUploads(tx, userId, [uploadId], "avatar");
    await tx.update(users).set({ image: upload!.storageKey, updatedAt: new Date() }).where(eq(users.id, userId));
    return { storageKey: upload!.storageKey, listed: await listFilesForDeletion(tx, user.image ? [user.image] : []) };
  });
  if (!outcome) return null;
  await removeListedFilesNow(db, storage, outcome.listed);
  return outcome.storageKey;
}

/** Removes this user's profile photo and its files; false when there was none. */
export async function removeProfilePhoto(db: Db, storage: Storage, userId: string): Promise<boolean> {
  const listed = await db.transaction(async (tx) => {
    const [user] = await tx.select({ image: users.image }).from(users).where(eq(users.id, userId)).for("update");
    if (!user?.image) return null;
    await tx.update(users).set({ image: null, updatedAt: new Date() }).where(eq(users.id, userId));
    return listFilesForDeletion(tx, [user.image]);
  });
  if (!listed) return false;
  await removeListedFilesNow(db, storage, listed);
  return true;
}
