import { and, count, desc, eq, sql } from "drizzle-orm";
import { formatMonthYear } from "../../common/format";
import { firstName } from "../../common/text";
import type { PropertyCardData } from "../../common/property-card";
import type { Db } from "../db/client";
import { identityVerifications, properties, publicProperty, users } from "../db/schema";
import { cardColumns, toCards } from "../properties/search";

/**
 * What anyone may see of a listing's host: the first name (never the full name), the profile
 * photo, when they joined. Never the email, phone, legal name or documents: the queries below
 * select nothing else.
 */
export interface PublicHost {
  /** The account's id: the host page's address, /anfitriao/{id}. */
  id: string;
  firstName: string;
  /** The profile photo's storage key, or null (pages then show the initial). */
  photoKey: string | null;
  /** "novembro de 2026": the month of sign-up, in Brasília time. */
  memberSince: string;
  /** An operator checked their identity document (server/trust/identity.ts); `cadastur`, their Cadastur registration too. */
  verified: boolean;
  cadastur: boolean;
}


/** The account's approved verification, left joined (at most one per account: identity_verifications_user_open_idx). */
const approvedVerification = and(eq(identityVerifications.userId, users.id), eq(identityVerifications.status, "approved"));
const publicHostColumns = {
  id: users.id,
  name: users.name,
  photoKey: users.image,
  createdAt: users.createdAt,
  verified: sql<boolean>`${identityVerifications.id} IS NOT NULL`,
  cadastur: sql<boolean>`coalesce(${identityVerifications.cadasturChecked}, false)`,
};

function toPublicHost({ name, createdAt, ...row }: { id: string; name: string; photoKey: string | null; createdAt: Date; verified: boolean; cadastur: boolean }): PublicHost {
  return { ...row, firstName: firstName(name), memberSince: formatMonthYear(createdAt) };
}

/** The host of this listing as the public sees them; null for a listing that does not exist. Callers check that the listing is public. */
export async function publicHostOf(db: Db, propertyId: string): Promise<PublicHost | null> {
  const [row] = await db
    .select(publicHostColumns)
    .from(properties)
    .innerJoin(users, eq(users.id, properties.hostId))
    .leftJoin(identityVerifications, approvedVerification)
    .where(eq(properties.id, propertyId));
  return row ? toPublicHost(row) : null;
}

export const HOST_PAGE_SIZE = 12;

export interface HostPage {
  host: PublicHost & { bio: string; languages: string[] };
  listings: PropertyCardData[];
  total: number;
  page: number;
  pageCount: number;
}

/**
 * A host's public page: their public profile and their public listings, newest first, a page at a
 * time (a page past the end shows the last one). Null when the id is no host with a public listing:
 * a guest, or a host with nothing published, has no public page.
 */
export async function hostPage(db: Db, hostId: string, requestedPage: number): Promise<HostPage | null> {
  if (hostId.length > 100) return null;
  const [row] = await db
    .select({ ...publicHostColumns, bio: users.bio, languages: users.languages })
    .from(users)
    .leftJoin(identityVerifications, approvedVerification)
    .where(and(eq(users.id, hostId), eq(users.userType, "host")));
  if (!row) return null;
  const [counted] = await db.select({ n: count() }).from(properties).where(and(eq(properties.hostId, hostId), publicProperty));
  const total = counted?.n ?? 0;
  if (total === 0) return null;
  const pageCount = Math.ceil(total / HOST_PAGE_SIZE);
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const rows = await db
    .select(cardColumns)
    .from(properties)
    .where(and(eq(properties.hostId, hostId), publicProperty))
    .orderBy(desc(properties.createdAt), desc(properties.id))
    .limit(HOST_PAGE_SIZE)
    .offset((page - 1) * HOST_PAGE_SIZE);
  return { host: { ...toPublicHost(row), bio: row.bio, languages: row.languages }, listings: await toCards(db, rows), total, page, pageCount };
}
