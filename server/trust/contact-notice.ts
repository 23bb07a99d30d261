import { and, eq } from "drizzle-orm";
import { firstName } from "../../common/text";
import type { Db } from "../db/client";
import { contactNotices, properties, users } from "../db/schema";
import { verifiedLegalName } from "./identity";

/**
 * The safety notice before WhatsApp opens (issue 44): shown once per listing to each guest, naming
 * the verified host's legal name (the name their Pix key must show) or saying the identity was not
 * verified.
 */

export async function hasSeenNotice(db: Db, userId: string, propertyId: string): Promise<boolean> {
  const [row] = await db
    .select({ seenAt: contactNotices.seenAt })
    .from(contactNotices)
    .where(and(eq(contactNotices.userId, userId), eq(contactNotices.propertyId, propertyId)));
  return Boolean(row);
}

export async function noteNoticeSeen(db: Db, userId: string, propertyId: string): Promise<void> {
  await db.insert(contactNotices).values({ userId, propertyId }).onConflictDoNothing();
}

/** What the notice says of a public listing's host: their first name, and the verified legal name or null. */
export async function noticeAbout(db: Db, propertyId: string): Promise<{ hostFirstName: string; legalName: string | null }> {
  const [host] = await db
    .select({ id: users.id, name: users.name })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.hostId))
    .where(eq(properties.id, propertyId));
  return { hostFirstName: firstName(host?.name ?? ""), legalName: host ? await verifiedLegalName(db, host.id) : null };
}
