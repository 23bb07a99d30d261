import { eq } from "drizzle-orm";
import { formatDate } from "../../common/format";
import { firstName } from "../../common/text";
import type { Db } from "../db/client";
import { properties, users } from "../db/schema";

/** What anyone may see of a listing's host: the first name (never the full name), the profile photo, the year they joined. */
export interface PublicHost {
  firstName: string;
  /** The profile photo's storage key, or null (pages then show the initial). */
  photoKey: string | null;
  /** The year of sign-up, in Brasília time. */
  memberSince: string;
}

/** The host of this listing as the public sees them; null for a listing that does not exist. Callers check that the listing is public. */
export async function publicHostOf(db: Db, propertyId: string): Promise<PublicHost | null> {
  const [row] = await db
    .select({ name: users.name, photoKey: users.image, createdAt: users.createdAt })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.hostId))
    .where(eq(properties.id, propertyId));
  if (!row) return null;
  return { firstName: firstName(row.name), photoKey: row.photoKey, memberSince: formatDate(row.createdAt).slice(-4) };
}
