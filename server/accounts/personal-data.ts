import { and, asc, count, desc, eq, getTableColumns, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { imageUrl, LARGEST_IMAGE_WIDTH } from "../../common/media";
import { RESPONSE_ANSWERS, RESPONSE_LABELS, RESPONSE_WINDOW_DAYS, responsivenessBadge } from "../../common/reviews";
import type { Storage } from "../adapters/storage";
import type { Db } from "../db/client";
import { planFor } from "../billing/status";
import { billingCustomers, calendarFeeds, contacts, favorites, footprints, hostBlockedNights, identityVerifications, imageUploads, reports, minStayPeriods, monthlySummaries, newsletterSubscribers, properties, propertyImages, reviews, sessions, stays, subscriptions, users, verifications } from "../db/schema";
import { listFilesForDeletion, removeListedFilesNow } from "../media/file-deletions";
import { responseCounts } from "../trust/contacts";
import { FOOTPRINT_DAYS } from "../trust/footprints";
import { reviewContent } from "../trust/reviews";

/** Everything stored about one person (LGPD art. 18), for "Baixar meus dados". */
export async function exportPersonalData(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      userType: users.userType,
      role: users.role,
      phone: users.phone,
      location: users.location,
      bio: users.bio,
      languages: users.languages,
      monthlySummaryEmail: users.monthlySummaryEmail,
      image: users.image,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  const { image, ...fields } = row;
  const account = { ...fields, profilePhoto: image ? imageUrl(image, 256, "jpeg") : null };
  const activeSessions = await db
    .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, ipAddress: sessions.ipAddress, userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  const [newsletter] = await db
    .select({ subscribedAt: newsletterSubscribers.createdAt, confirmedAt: newsletterSubscribers.confirmedAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, account.email));
  const savedFavorites = await db
    .select({ propertyId: favorites.propertyId, title: properties.title, slug: properties.slug, savedAt: favorites.createdAt })
    .from(favorites)
    .innerJoin(properties, eq(properties.id, favorites.propertyId))
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt));
  return {
    exportedAt: new Date().toISOString(),
    account,
    sessions: activeSessions,
    newsletter: newsletter ?? null,
    favorites: savedFavorites,
    properties: await ownProperties(db, userId),
    identityVerification: await ownVerifications(db, userId),
    reportsMade: await ownReports(db, userId),
    contactsMade: await contactsMade(db, userId),
    contactsReceived: await contactsReceived(db, userId),
    ...(account.userType === "host" && {
      responsiveness: await ownResponsiveness(db, userId),
      monthlySummariesSent: await db.select({ month: monthlySummaries.month, sentAt: monthlySummaries.sentAt }).from(monthlySummaries).where(eq(monthlySummaries.hostId, userId)).orderBy(desc(monthlySummaries.month)),
    }),
    reviewsWritten: await reviewsWritten(db, userId),
    reviewRepliesWritten: await repliesWritten(db, userId),
    securityFootprints: await ownFootprints(db, userId),
    billing: await ownBilling(db, { id: userId, userType: account.userType }),
  };
}

/** Every identity verification request and its decision; never the images (deleted once decided), nor who decided. */
async function ownVerifications(db: Db, userId: string) {
  const v = identityVerifications;
  const rows = await db
    .select({
      documentKind: v.documentKind,
      document: v.document,
      legalName: v.legalName,
      cadastur: v.cadastur,
      cadasturChecked: v.cadasturChecked,
      status: v.status,
      refusalReason: v.refusalReason,
      sentAt: v.createdAt,
      decidedAt: v.decidedAt,
      imagesKept: sql<boolean>`${v.documentImage} IS NOT NULL`,
    })
    .from(v)
    .where(eq(v.userId, userId))
    .orderBy(desc(v.createdAt));
  return rows.map(({ imagesKept, ...row }) => ({ ...row, images: imagesKept ? "Guardadas até a decisão; apagadas quando o pedido for analisado." : "Apagadas." }));
}

/** The reports this person sent: what they named, why, and whether an operator has decided. */
async function ownReports(db: Db, userId: string) {
  return db
    .select({
      listing: properties.title,
      hostId: reports.hostId,
      reason: reports.reason,
      details: reports.details,
      sentAt: reports.createdAt,
      decidedAt: reports.resolvedAt,
    })
    .from(reports)
    .leftJoin(properties, eq(properties.id, reports.propertyId))
    .where(eq(reports.reporterId, userId))
    .orderBy(desc(reports.createdAt));
}

const listingOf = (row: { listingTitle: string; listingSlug: string }) => ({ title: row.listingTitle, link: `/accommodation/${row.listingSlug}` });

/** The stay that followed a contact, when one was stated: its dates, who stated it and each side's confirmation. */
const stayColumns = {
  stayCheckIn: stays.checkIn,
  stayCheckOut: stays.checkOut,
  statedBy: stays.statedBy,
  statedAt: stays.createdAt,
  hostConfirmedAt: stays.hostConfirmedAt,
  guestConfirmedAt: stays.guestConfirmedAt,
};

function stayFrom(row: { stayCheckIn: string | null; stayCheckOut: string | null; statedBy: "host" | "guest" | null; statedAt: Date | null; hostConfirmedAt: Date | null; guestConfirmedAt: Date | null }) {
  const { stayCheckIn, stayCheckOut, statedBy, statedAt, hostConfirmedAt, guestConfirmedAt } = row;
  return stayCheckIn && stayCheckOut && statedBy ? { checkIn: stayCheckIn, checkOut: stayCheckOut, statedBy, statedAt, hostConfirmedAt, guestConfirmedAt } : null;
}

/** "Meus contatos": each listing this person contacted, the stay they chose, their answer to "O anfitrião respondeu?" and the stay that followed. */
async function contactsMade(db: Db, userId: string) {
  const rows = await db
    .select({
      listingTitle: properties.title,
      listingSlug: properties.slug,
      contactedAt: contacts.createdAt,
      checkIn: contacts.checkIn,
      checkOut: contacts.checkOut,
      guests: contacts.guests,
      questionSentAt: contacts.responseAskedAt,
      response: contacts.response,
      respondedAt: contacts.respondedAt,
      ...stayColumns,
      reviewInvitationSentAt: stays.reviewInvitedAt,
    })
    .from(contacts)
    .innerJoin(properties, eq(properties.id, contacts.propertyId))
    .leftJoin(stays, eq(stays.contactId, contacts.id))
    .where(eq(contacts.guestId, userId))
    .orderBy(desc(contacts.createdAt));
  return rows.map((row) => {
    const stay = stayFrom(row);
    return {
      listing: listingOf(row),
      contactedAt: row.contactedAt,
      chosen: { checkIn: row.checkIn, checkOut: row.checkOut, guests: row.guests },
      hostResponded: { questionEmailedAt: row.questionSentAt, answer: row.response ? RESPONSE_LABELS[row.response] : null, answeredAt: row.respondedAt },
      stay: stay && { ...stay, reviewInvitationEmailedAt: row.reviewInvitationSentAt },
    };
  });
}

/**
 * "Contatos recebidos": the contacts of this host's listings and the stays that followed. The guest
 * is another person: the host gets only what that page already shows them (the guest's name, as
 * WhatsApp shows it too, and the stay they chose), never the guest's account, email or their own
 * answer to "O anfitrião respondeu?", which reaches the host only counted (see ownResponsiveness).
 */
async function contactsReceived(db: Db, userId: string) {
  const rows = await db
    .select({
      listingTitle: properties.title,
      listingSlug: properties.slug,
      guest: users.name,
      contactedAt: contacts.createdAt,
      checkIn: contacts.checkIn,
      checkOut: contacts.checkOut,
      guests: contacts.guests,
      ...stayColumns,
    })
    .from(contacts)
    .innerJoin(properties, eq(properties.id, contacts.propertyId))
    .innerJoin(users, eq(users.id, contacts.guestId))
    .leftJoin(stays, eq(stays.contactId, contacts.id))
    .where(eq(contacts.hostId, userId))
    .orderBy(desc(contacts.createdAt));
  return rows.map((row) => ({
    listing: listingOf(row),
    guest: row.guest,
    contactedAt: row.contactedAt,
    chosen: { checkIn: row.checkIn, checkOut: row.checkOut, guests: row.guests },
    stay: stayFrom(row),
  }));
}

/** A host's answers to "O anfitrião respondeu?" as "Contatos recebidos" shows them: counted over the window, and the badge they make. */
async function ownResponsiveness(db: Db, userId: string) {
  const counts = await responseCounts(db, userId, new Date());
  return {
    windowDays: RESPONSE_WINDOW_DAYS,
    answers: Object.fromEntries(RESPONSE_ANSWERS.map((answer) => [RESPONSE_LABELS[answer], counts[answer]])),
    badge: responsivenessBadge(counts),
  };
}

/**
 * The reviews this person wrote, with their state and the host's public reply. Not why a review
 * was held (which of the fraud checks caught it would teach how to get past them), nor which
 * operator decided.
 */
async function reviewsWritten(db: Db, userId: string) {
  const rows = await db
    .select({
      listingTitle: properties.title,
      listingSlug: properties.slug,
      stayedUntil: reviews.stayedUntil,
      ...reviewContent,
      status: reviews.status,
      hiddenReason: reviews.hiddenReason,
      decidedAt: reviews.decidedAt,
      writtenAt: reviews.createdAt,
      editedAt: reviews.updatedAt,
      hostReply: reviews.hostReply,
      hostRepliedAt: reviews.hostRepliedAt,
    })
    .from(reviews)
    .innerJoin(properties, eq(properties.id, reviews.propertyId))
    .where(eq(reviews.authorId, userId))
    .orderBy(desc(reviews.createdAt));
  return rows.map(({ listingTitle, listingSlug, ...review }) => ({ listing: listingOf({ listingTitle, listingSlug }), ...review }));
}

/** A host's public replies. The review replied to is its author's: only which listing and when it was written. */
async function repliesWritten(db: Db, userId: string) {
  const rows = await db
    .select({ listingTitle: properties.title, listingSlug: properties.slug, reviewWrittenAt: reviews.createdAt, reply: reviews.hostReply, repliedAt: reviews.hostRepliedAt })
    .from(reviews)
    .innerJoin(properties, eq(properties.id, reviews.propertyId))
    .where(and(eq(properties.hostId, userId), isNotNull(reviews.hostReply)))
    .orderBy(desc(reviews.hostRepliedAt));
  return rows.map(({ listingTitle, listingSlug, ...reply }) => ({ listing: listingOf({ listingTitle, listingSlug }), ...reply }));
}

/** Footprints are counted, not copied: keyed hashes, from which neither the address nor the browser can be read back. */
async function ownFootprints(db: Db, userId: string) {
  const [row] = await db.select({ n: count() }).from(footprints).where(eq(footprints.userId, userId));
  return {
    kept: row?.n ?? 0,
    about: `Assinaturas (hashes) do endereço IP e do navegador usados ao informar ou confirmar hospedagens e ao enviar avaliações, guardadas por ${FOOTPRINT_DAYS} dias para detectar quem avalia o próprio anúncio por uma segunda conta. Não permitem recuperar o endereço nem o navegador, por isso não vêm neste arquivo.`,
  };
}

/** The plan as the site sees it, the billing account and every subscription record. */
async function ownBilling(db: Db, user: { id: string; userType: "guest" | "host" }) {
  const [customer] = await db
    .select({ provider: billingCustomers.provider, customerId: billingCustomers.customerId, createdAt: billingCustomers.createdAt })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, user.id));
  const { userId: _userId, ...stored } = getTableColumns(subscriptions);
  return {
    plan: (await planFor(db, user)).status,
    customer: customer ?? null,
    subscriptions: await db.select(stored).from(subscriptions).where(eq(subscriptions.userId, user.id)).orderBy(desc(subscriptions.updatedAt)),
  };
}

/** A host's listings as stored, with every image's public URL (largest size). */
async function ownProperties(db: Db, userId: string) {
  // Everything stored about the listing except the search machinery (derived from the text and
  // options), the owner id and the exported calendar's secret (a file someone downloads may travel).
  const { searchVector: _searchVector, locationFolded: _locationFolded, facetLanes: _facetLanes, hostId: _hostId, calendarToken: _calendarToken, ...stored } = getTableColumns(properties);
  const rows = await db
    .select(stored)
    .from(properties)
    .where(eq(properties.hostId, userId))
    .orderBy(desc(properties.createdAt));
  if (rows.length === 0) return [];
  const images = await db
    .select({ propertyId: propertyImages.propertyId, storageKey: propertyImages.storageKey, alt: propertyImages.alt })
    .from(propertyImages)
    .where(inArray(propertyImages.propertyId, rows.map((r) => r.id)))
    .orderBy(asc(propertyImages.position));
  const ids = rows.map((r) => r.id);
  const [byHand, periods, feeds] = await Promise.all([
    db.select().from(hostBlockedNights).where(inArray(hostBlockedNights.propertyId, ids)).orderBy(asc(hostBlockedNights.night)),
    db.select().from(minStayPeriods).where(inArray(minStayPeriods.propertyId, ids)).orderBy(asc(minStayPeriods.starts)),
    // Connected calendars without their addresses: a channel's address carries its own secret.
    db
      .select({ propertyId: calendarFeeds.propertyId, name: calendarFeeds.name, lastSyncedAt: calendarFeeds.lastSyncedAt, createdAt: calendarFeeds.createdAt })
      .from(calendarFeeds)
      .where(inArray(calendarFeeds.propertyId, ids))
      .orderBy(asc(calendarFeeds.createdAt)),
  ]);
  const of = <T extends { propertyId: string }>(list: T[], id: string) => list.filter((x) => x.propertyId === id).map(({ propertyId: _id, ...rest }) => rest);
  return rows.map((r) => ({
    ...r,
    images: images.filter((i) => i.propertyId === r.id).map((i) => ({ url: imageUrl(i.storageKey, LARGEST_IMAGE_WIDTH), alt: i.alt })),
    calendar: { nightsClosedByHand: of(byHand, r.id).map((n) => n.night), minStayPeriods: of(periods, r.id), connectedCalendars: of(feeds, r.id) },
  }));
}

/**
 * "Excluir minha conta": the account with its sessions, credentials, pending links, newsletter
 * consent, favourites and listings (by cascade), their photos, its profile photo, its staged
 * uploads, its identity verification (with a waiting request's images), its reviews not public
 * (held or hidden), and (by cascade) the reports it sent, the safety notices it saw, its contacts,
 * stays and footprints. Its published reviews stay, unsigned ("Hóspede do Recanto"). The images'
 * files are listed for deletion in the same transaction and removed once it commits (files another
 * listing still shows stay: see server/media/file-deletions.ts).
 */
export async function deleteAccount(db: Db, storage: Storage, userId: string): Promise<boolean> {
  const listed = await db.transaction(async (tx) => {
    // Locked first: until the account is gone no upload can be staged for it, and its listings
    // (locked next) can get no new photo, so every image row it had is deleted, and listed, here.
    const [user] = await tx.select({ email: users.email, image: users.image }).from(users).where(eq(users.id, userId)).for("update");
    if (!user) return null;
    const own = await tx.select({ id: properties.id }).from(properties).where(eq(properties.hostId, userId)).for("update");
    const photos =
      own.length === 0
        ? []
        : await tx
            .delete(propertyImages)
            .where(
              inArray(
                propertyImages.propertyId,
                own.map((p) => p.id),
              ),
            )
            .returning({ storageKey: propertyImages.storageKey });
    const staged = await tx.delete(imageUploads).where(eq(imageUploads.userId, userId)).returning({ storageKey: imageUploads.storageKey });
    // A request still waiting names its document and selfie: deleted here rather than by the cascade, so they are listed too.
    const identity = await tx
      .delete(identityVerifications)
      .where(eq(identityVerifications.userId, userId))
      .returning({ document: identityVerifications.documentImage, selfie: identityVerifications.selfieImage });
    await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, user.email));
    // The schema keeps a review without its author, for the published ones; one not public (held or
    // hidden) goes with it. Those are not counted on the listing: nothing to recount.
    await tx.delete(reviews).where(and(eq(reviews.authorId, userId), ne(reviews.status, "published")));
    // Password-reset tokens store the user id as their value.
    await tx.delete(verifications).where(eq(verifications.value, userId));
    await tx.delete(users).where(eq(users.id, userId)); // sessions, accounts, favourites and properties cascade
    return listFilesForDeletion(tx, [
      ...[...photos, ...staged].map((image) => image.storageKey),
      ...(user.image ? [user.image] : []),
      ...identity.flatMap((request) => [request.document, request.selfie].flatMap((key) => key ?? [])),
    ]);
  });
  if (!listed) return false;
  await removeListedFilesNow(db, storage, listed);
  return true;
}
