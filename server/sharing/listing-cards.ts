import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { formatBRL } from "../../common/format";
import { LARGEST_IMAGE_WIDTH, variantKey } from "../../common/media";
import { readStoredFile, type Storage } from "../adapters/storage";
import type { Db } from "../db/client";
import { fileDeletions, listingCards, listingCardsDue, properties, propertyImages, publicProperty } from "../db/schema";
import type { JobContext } from "../jobs/runner";
import { listFilesForDeletion } from "../media/file-deletions";
import { drawListingCard, type ListingCardFacts } from "./listing-card";

/**
 * Every public listing's link preview (og:image), drawn by a job and kept in storage like a photo:
 * a card is stored as the 1200-wide JPEG variant of the key `og/{listing}/{hash}.{nonce}`, so the
 * file-deletion job removes it like one. Triggers (migration 0032) mark a listing due when it
 * becomes public or its title, place, price or photos change, and list a card for deletion when
 * another replaces it or its listing goes. A page links its card by the hash of what it shows
 * (listingCardPath), so no page changes when a card is drawn. See docs/decisions/031-link-previews.md.
 */

/** Marks read per round trip. */
const BATCH = 20;
/**
 * A run stops drawing after this long (the next run, a minute later, goes on): a first run over a
 * large catalogue would otherwise keep a core busy for hours beside the pages being served.
 */
const RUN_BUDGET_MS = 20_000;

export const listingCardFile = (storageKey: string) => variantKey(storageKey, LARGEST_IMAGE_WIDTH, "jpeg");

/** What a card shows: its title, its place ("Gramado - RS"), its price per night and its cover photo's key. */
export interface CardSubject {
  id: string;
  title: string;
  location: string;
  priceCents: number;
  coverKey: string | null;
}

/** A hash of what the card shows: a card is drawn again only when it changes, and a page links the card of what it shows. */
export function cardFactsHash({ title, location, priceCents, coverKey }: CardSubject): string {
  return createHash("sha256").update(JSON.stringify([title, location, priceCents, coverKey])).digest("hex").slice(0, 16);
}

/** The address a listing's page gives as its og:image (server/http/listing-card-files.ts serves it). */
export const listingCardPath = (subject: CardSubject) => `/og/${subject.id}/${cardFactsHash(subject)}.jpg`;

interface DueCard extends CardSubject {
  /** The mark as stored (text keeps the microseconds a Date would lose): cleared only if unchanged. */
  dueAt: string;
  drawnHash: string | null;
}

/** The key of the listing's cover (its first photo), as a column of a query on `properties`. */
const coverKeyOf = (db: Db) =>
  sql<string | null>`(${db.select({ key: propertyImages.storageKey }).from(propertyImages).where(eq(propertyImages.propertyId, properties.id)).orderBy(asc(propertyImages.position)).limit(1)})`;

function dueCards(db: Db): Promise<DueCard[]> {
  return db
    .select({
      id: properties.id,
      title: properties.title,
      location: properties.location,
      priceCents: properties.priceCents,
      coverKey: coverKeyOf(db),
      dueAt: sql<string>`${listingCardsDue.dueAt}::text`,
      drawnHash: listingCards.factsHash,
    })
    .from(listingCardsDue)
    .innerJoin(properties, eq(properties.id, listingCardsDue.propertyId))
    .leftJoin(listingCards, eq(listingCards.propertyId, listingCardsDue.propertyId))
    .where(publicProperty)
    .orderBy(asc(listingCardsDue.dueAt))
    .limit(BATCH);
}

/** Clears a mark this run read, unless the listing was marked again since. */
const clearMark = (db: Db, card: DueCard) =>
  db.delete(listingCardsDue).where(and(eq(listingCardsDue.propertyId, card.id), sql`${listingCardsDue.dueAt} = ${card.dueAt}::timestamptz`));

async function cardFacts(storage: Storage, card: DueCard): Promise<ListingCardFacts> {
  const cover = card.coverKey ? await readStoredFile(storage, variantKey(card.coverKey, LARGEST_IMAGE_WIDTH, "jpeg")) : null;
  return { title: card.title, place: card.location, price: formatBRL(card.priceCents), cover };
}

/**
 * Draws one listing's card and makes it the listing's. Its key is listed for deletion before its
 * file is written and unlisted in the transaction that names it: a process killed in between leaves
 * a file the file-deletion job removes, never one nothing names. The replaced card is listed by a trigger.
 */
async function drawCard(db: Db, storage: Storage, card: DueCard, factsHash: string): Promise<void> {
  const storageKey = `og/${card.id}/${factsHash}.${randomBytes(4).toString("hex")}`;
  const [entry] = await listFilesForDeletion(db, [storageKey]);
  const facts = await cardFacts(storage, card);
  // Our own pipeline stored the cover, so it decodes; if it ever did not, the card goes without it
  // rather than holding up every listing due after this one.
  const jpeg = await drawListingCard(facts).catch(() => drawListingCard({ ...facts, cover: null }));
  await storage.put(listingCardFile(storageKey), jpeg, "image/jpeg");
  await db.transaction(async (tx) => {
    await tx
      .insert(listingCards)
      .values({ propertyId: card.id, storageKey, factsHash })
      .onConflictDoUpdate({ target: listingCards.propertyId, set: { storageKey, factsHash, drawnAt: sql`now()` } });
    await tx.delete(fileDeletions).where(eq(fileDeletions.id, entry!));
    await clearMark(tx, card);
  });
}

/**
 * The listing-cards job: draws the cards of the public listings marked due, oldest mark first, one
 * at a time (the layout runs on this thread for a few tens of milliseconds; sharp does the rest in
 * its own threads), for at most RUN_BUDGET_MS. Marks of listings no longer public are dropped (a
 * listing is marked again when it is public again). Returns how many cards it drew.
 */
export async function drawDueListingCards({ db, storage, signal }: Pick<JobContext, "db" | "storage" | "signal">): Promise<number> {
  const started = Date.now();
  const inBudget = () => !signal.aborted && Date.now() - started < RUN_BUDGET_MS;
  await db.execute(sql`DELETE FROM ${listingCardsDue} d USING ${properties} p WHERE p.id = d.property_id AND NOT (p.status = 'approved' AND p.is_active)`);
  let drawn = 0;
  while (inBudget()) {
    const batch = await dueCards(db);
    if (batch.length === 0) break;
    for (const card of batch) {
      if (!inBudget()) break;
      const factsHash = cardFactsHash(card);
      if (card.drawnHash === factsHash) await clearMark(db, card);
      else {
        await drawCard(db, storage, card, factsHash);
        drawn++;
      }
    }
  }
  return drawn;
}

/** A public listing's card (null before its first is drawn) and its cover's key; null when the listing is not public. */
export async function publicListingCard(db: Db, listingId: string) {
  const [row] = await db
    .select({ storageKey: listingCards.storageKey, factsHash: listingCards.factsHash, coverKey: coverKeyOf(db) })
    .from(properties)
    .leftJoin(listingCards, eq(listingCards.propertyId, properties.id))
    .where(and(eq(properties.id, listingId), publicProperty));
  return row ?? null;
}
