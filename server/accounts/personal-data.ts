import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { newsletterSubscribers, sessions, users, verifications } from "../db/schema";

/** Everything stored about one person (LGPD art. 18), for "Baixar meus dados". */
export async function exportPersonalData(db: Db, userId: string) {
  const [account] = await db
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
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) return null;
  const activeSessions = await db
    .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, ipAddress: sessions.ipAddress, userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  const [newsletter] = await db
    .select({ subscribedAt: newsletterSubscribers.createdAt, confirmedAt: newsletterSubscribers.confirmedAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, account.email));
  return { exportedAt: new Date().toISOString(), account, sessions: activeSessions, newsletter: newsletter ?? null };
}

/** "Excluir minha conta": the account, its sessions, credentials, pending links and newsletter consent. */
export async function deleteAccount(db: Db, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) return false;
    await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, user.email));
    // Password-reset tokens store the user id as their value.
    await tx.delete(verifications).where(eq(verifications.value, userId));
    await tx.delete(users).where(eq(users.id, userId)); // sessions and accounts cascade
    return true;
  });
}
