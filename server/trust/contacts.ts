import { and, count, desc, eq, gt, isNotNull, isNull, lte, sql, type SQL } from "drizzle-orm";
import { RESPONSE_ANSWERS, RESPONSE_ASK_AFTER_HOURS, RESPONSE_WINDOW_DAYS, responsivenessBadge, type ResponseAnswer, type ResponseCounts } from "../../common/reviews";
import type { Night } from "../../common/nights";
import type { Db } from "../db/client";
import { contacts, properties, reviews, stays, users } from "../db/schema";
import { isUuid } from "../properties/properties";

/**
 * Contacts (issue 45): every "Contatar via WhatsApp" of a signed-in guest, kept so the host sees who
 * asked, a stay can follow, and the guest can say whether the host answered.
 */

/** A second contact of the same listing within this time is the same conversation: the first one, with the latest stay chosen. */
const SAME_CONTACT_MS = 24 * 60 * 60 * 1000;

export const CONTACTS_PAGE_SIZE = 20;

/** The stay chosen in the listing's form, when one was (common/whatsapp.ts parseStay). */
export interface ContactStay {
  checkIn?: Night;
  checkOut?: Night;
  guests?: number;
}

/** Notes a guest's contact of a public listing (the host's own contacts are not counted). */
export async function recordContact(db: Db, guestId: string, listing: { id: string; hostId: string }, stay: ContactStay, now: Date): Promise<void> {
  if (guestId === listing.hostId) return;
  const dated = Boolean(stay.checkIn && stay.checkOut);
  const values = { checkIn: dated ? stay.checkIn! : null, checkOut: dated ? stay.checkOut! : null, guests: stay.guests ?? null };
  await db.transaction(async (tx) => {
    // Serialises one guest's contacts of one listing (two tabs at once make one contact).
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`contact:${guestId}:${listing.id}`}, 0))`);
    const [recent] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.guestId, guestId), eq(contacts.propertyId, listing.id), gt(contacts.createdAt, new Date(now.getTime() - SAME_CONTACT_MS))))
      .orderBy(desc(contacts.createdAt))
      .limit(1);
    if (recent) {
      // What this contact chose replaces what the first one chose; what it left out stays.
      const chosen = { ...(dated ? { checkIn: values.checkIn, checkOut: values.checkOut } : {}), ...(values.guests ? { guests: values.guests } : {}) };
      if (Object.keys(chosen).length > 0) await tx.update(contacts).set(chosen).where(eq(contacts.id, recent.id));
      return;
    }
    await tx.insert(contacts).values({ guestId, propertyId: listing.id, hostId: listing.hostId, createdAt: now, ...values });
  });
}

const contactColumns = {
  id: contacts.id,
  createdAt: contacts.createdAt,
  checkIn: contacts.checkIn,
  checkOut: contacts.checkOut,
  guests: contacts.guests,
  propertyId: contacts.propertyId,
  listingTitle: properties.title,
  listingSlug: properties.slug,
  stayId: stays.id,
  stayCheckIn: stays.checkIn,
  stayCheckOut: stays.checkOut,
  stayStatedBy: stays.statedBy,
  hostConfirmedAt: stays.hostConfirmedAt,
  guestConfirmedAt: stays.guestConfirmedAt,
  reviewId: reviews.id,
  reviewRating: reviews.rating,
  reviewText: reviews.text,
  reviewStatus: reviews.status,
  reviewCreatedAt: reviews.createdAt,
  hostReply: reviews.hostReply,
};

/** A page of contacts, newest first, each with its stay and review, and the other side's name. */
async function contactPage(db: Db, where: SQL | undefined, requestedPage: number, otherSide: "guest" | "host") {
  const [counted] = await db.select({ n: count() }).from(contacts).where(where);
  const total = counted?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / CONTACTS_PAGE_SIZE));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const items = await db
    .select({ ...contactColumns, personName: users.name })
    .from(contacts)
    .innerJoin(properties, eq(properties.id, contacts.propertyId))
    .innerJoin(users, eq(users.id, otherSide === "guest" ? contacts.guestId : contacts.hostId))
    .leftJoin(stays, eq(stays.contactId, contacts.id))
    .leftJoin(reviews, eq(reviews.stayId, stays.id))
    .where(where)
    .orderBy(desc(contacts.createdAt), desc(contacts.id))
    .limit(CONTACTS_PAGE_SIZE)
    .offset((page - 1) * CONTACTS_PAGE_SIZE);
  return { items, total, page, pageCount };
}

/** "Contatos recebidos": a host's contacts, of one of their listings or of all, with the guest's name (which WhatsApp shows the host anyway). */
export function receivedContacts(db: Db, hostId: string, options: { propertyId: string | null; page: number }) {
  const oneListing = options.propertyId !== null && isUuid(options.propertyId) ? eq(contacts.propertyId, options.propertyId) : undefined;
  return contactPage(db, and(eq(contacts.hostId, hostId), oneListing), options.page, "guest");
}

/** "Meus contatos": a guest's contacts, with the host's name. */
export function ownContacts(db: Db, guestId: string, page: number) {
  return contactPage(db, eq(contacts.guestId, guestId), page, "host");
}

export type ContactItem = Awaited<ReturnType<typeof ownContacts>>["items"][number];

/** The guest's answer to "O anfitrião respondeu?", once, on their own contact, while the question is open. */
export async function answerResponse(db: Db, guestId: string, contactId: string, answer: string, now: Date): Promise<"answered" | "already" | "closed" | "not-found" | "invalid"> {
  if (!RESPONSE_ANSWERS.includes(answer as ResponseAnswer)) return "invalid";
  if (!isUuid(contactId)) return "not-found";
  const updated = await db
    .update(contacts)
    .set({ response: answer as ResponseAnswer, respondedAt: now })
    .where(and(eq(contacts.id, contactId), eq(contacts.guestId, guestId), isNull(contacts.response), questionOpen(now)))
    .returning({ id: contacts.id });
  if (updated.length > 0) return "answered";
  const [mine] = await db.select({ response: contacts.response }).from(contacts).where(and(eq(contacts.id, contactId), eq(contacts.guestId, guestId)));
  if (!mine) return "not-found";
  return mine.response ? "already" : "closed";
}

/**
 * The answers about a host within the last RESPONSE_WINDOW_DAYS, one per guest (their latest): a
 * guest who contacts a host every day counts once, for or against.
 */
export async function responseCounts(db: Db, hostId: string, now: Date): Promise<ResponseCounts> {
  const latest = db
    .selectDistinctOn([contacts.guestId], { response: contacts.response })
    .from(contacts)
    .where(and(eq(contacts.hostId, hostId), isNotNull(contacts.response), gt(contacts.respondedAt, new Date(now.getTime() - RESPONSE_WINDOW_DAYS * 86_400_000))))
    .orderBy(contacts.guestId, desc(contacts.respondedAt))
    .as("latest");
  const rows = await db.select({ response: latest.response, n: count() }).from(latest).groupBy(latest.response);
  const counts = { hora: 0, dia: 0, depois: 0, nao: 0 } satisfies ResponseCounts;
  for (const row of rows) if (row.response) counts[row.response] = row.n;
  return counts;
}

export async function responsivenessOf(db: Db, hostId: string, now: Date): Promise<string | null> {
  return responsivenessBadge(await responseCounts(db, hostId, now));
}

/** Contacts older than this are no longer asked about: the guest would not remember. */
const ASK_WITHIN_DAYS = 30;

/** "O anfitrião respondeu?" is open from RESPONSE_ASK_AFTER_HOURS after the contact to ASK_WITHIN_DAYS after it. */
export const questionOpen = (now: Date) =>
  and(lte(contacts.createdAt, new Date(now.getTime() - RESPONSE_ASK_AFTER_HOURS * 3_600_000)), gt(contacts.createdAt, new Date(now.getTime() - ASK_WITHIN_DAYS * 86_400_000)));

/** "O anfitrião respondeu?" still to answer: the guest's contacts of a day ago or more (and at most a month). */
export async function openResponseQuestions(db: Db, guestId: string, now: Date) {
  return db
    .select({ id: contacts.id, createdAt: contacts.createdAt, listingTitle: properties.title, hostName: users.name })
    .from(contacts)
    .innerJoin(properties, eq(properties.id, contacts.propertyId))
    .innerJoin(users, eq(users.id, contacts.hostId))
    .where(
      and(
        eq(contacts.guestId, guestId),
        isNull(contacts.response),
        questionOpen(now),
      ),
    )
    .orderBy(desc(contacts.createdAt))
    .limit(5);
}

/** The host's listings that received contacts, by title: the choices of "Contatos recebidos"' filter. */
export async function contactedListings(db: Db, hostId: string) {
  return db
    .selectDistinct({ id: properties.id, title: properties.title })
    .from(contacts)
    .innerJoin(properties, eq(properties.id, contacts.propertyId))
    .where(eq(contacts.hostId, hostId))
    .orderBy(properties.title, properties.id);
}
