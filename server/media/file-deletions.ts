import { asc, inArray, or } from "drizzle-orm";
import type { Storage } from "../adapters/storage";
import type { Db } from "../db/client";
import { fileDeletions, identityVerifications, imageUploads, propertyImages, users } from "../db/schema";
import { removeImageFiles } from "./variants";
import { removePhotoHashes } from "./photo-fingerprints";

/**
 * Image files are removed only after the rows naming them are gone for good. Whatever deletes
 * those rows (a stale staged upload, a photo left out of an edit, a deleted listing or account, a
 * replaced or removed profile photo) lists the keys with listFilesForDeletion in the same
 * transaction; once it commits, the files are
 * removed (removeListedFiles) and only then the entries. A process killed at any instant leaves
 * either the rows (the files are still theirs) or the entries (the file-deletion job finishes
 * them), never a file nothing will delete. See docs/decisions/012-file-deletions-and-jobs.md.
 */

/** Entries handled per round trip: a listing has at most 10 photos, a deleted account a few hundred. */
const BATCH_SIZE = 100;

/**
 * Lists these images' files for removal. Call it inside the transaction that deletes the last rows
 * naming the keys, so the list and the deletion commit (or roll back) together. Returns the new
 * entries' ids, for removeListedFiles once the transaction has committed.
 */
export async function listFilesForDeletion(tx: Db, storageKeys: readonly string[]): Promise<string[]> {
  const keys = [...new Set(storageKeys)];
  if (keys.length === 0) return [];
  const rows = await tx
    .insert(fileDeletions)
    .values(keys.map((storageKey) => ({ storageKey })))
    .returning({ id: fileDeletions.id });
  return rows.map((row) => row.id);
}

/**
 * The one rule for shared files: an image's files stay while a listing photo, a staged upload, a
 * profile photo or a pending identity request names its key. Demo listings share their illustrations (demo/…), so deleting one
 * listing must not take the pictures of another.
 */
async function keysStillNamed(db: Db, keys: string[]): Promise<Set<string>> {
  const [shown, staged, profiles, identity] = await Promise.all([
    db.selectDistinct({ storageKey: propertyImages.storageKey }).from(propertyImages).where(inArray(propertyImages.storageKey, keys)),
    db.select({ storageKey: imageUploads.storageKey }).from(imageUploads).where(inArray(imageUploads.storageKey, keys)),
    db.select({ storageKey: users.image }).from(users).where(inArray(users.image, keys)),
    // A pending identity request's document and selfie.
    db
      .select({ document: identityVerifications.documentImage, selfie: identityVerifications.selfieImage })
      .from(identityVerifications)
      .where(or(inArray(identityVerifications.documentImage, keys), inArray(identityVerifications.selfieImage, keys))),
  ]);
  return new Set([...shown, ...staged, ...profiles].flatMap((row) => row.storageKey ?? []).concat(identity.flatMap((row) => [row.document, row.selfie].flatMap((key) => key ?? []))));
}

/**
 * Handles listed deletions, oldest first (only the entries `ids` when given): removes every file
 * (all widths and formats; missing files are fine) of each key no row names any more, then the
 * entries. If the storage fails, the error is thrown and the entries stay for the next run. Two
 * runs handling the same entry at once are harmless: removing a file twice is not an error.
 * Returns the number of entries handled.
 */
export async function removeListedFiles(db: Db, storage: Storage, options: { ids?: readonly string[]; signal?: AbortSignal } = {}): Promise<number> {
  if (options.ids?.length === 0) return 0;
  let handled = 0;
  while (!options.signal?.aborted) {
    const batch = await db
      .select({ id: fileDeletions.id, storageKey: fileDeletions.storageKey })
      .from(fileDeletions)
      .where(options.ids ? inArray(fileDeletions.id, [...options.ids]) : undefined)
      .orderBy(asc(fileDeletions.createdAt))
      .limit(BATCH_SIZE);
    if (batch.length === 0) break;
    const keys = [...new Set(batch.map((entry) => entry.storageKey))];
    const named = await keysStillNamed(db, keys);
    const unnamed = keys.filter((key) => !named.has(key));
    await removeImageFiles(storage, unnamed);
    // The photos' perceptual hashes go with their files (fraud hashes stay: photo-fingerprints.ts).
    await removePhotoHashes(db, unnamed);
    await db.delete(fileDeletions).where(
      inArray(
        fileDeletions.id,
        batch.map((entry) => entry.id),
      ),
    );
    handled += batch.length;
  }
  return handled;
}

/**
 * Right after the deleting transaction commits: removes its files at once, so they do not outlive
 * the page that removed them. A failure (storage unreachable) only delays them: the entries stay
 * listed and the file-deletion job, which logs its failures, removes them later.
 */
export async function removeListedFilesNow(db: Db, storage: Storage, ids: readonly string[]): Promise<void> {
  await removeListedFiles(db, storage, { ids }).catch(() => {});
}
