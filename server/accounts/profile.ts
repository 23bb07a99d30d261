import { eq } from "drizzle-orm";
import type { ProfileData } from "../../common/validation/accounts";
import type { Db } from "../db/client";
import { users } from "../db/schema";

export interface Profile {
  name: string;
  email: string;
  emailVerified: boolean;
  userType: "guest" | "host";
  phone: string;
  location: string;
  bio: string;
  languages: string[];
  /** The profile photo's storage key, or null. */
  photoKey: string | null;
  /** Whether the monthly summary email is sent (hosts; decision 034). */
  monthlySummaryEmail: boolean;
  createdAt: Date;
}

export async function getProfile(db: Db, userId: string): Promise<Profile | null> {
  const [row] = await db
    .select({
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      userType: users.userType,
      phone: users.phone,
      location: users.location,
      bio: users.bio,
      languages: users.languages,
      photoKey: users.image,
      monthlySummaryEmail: users.monthlySummaryEmail,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function updateProfile(db: Db, userId: string, data: ProfileData): Promise<void> {
  await db.update(users).set({ ...data, updatedAt: new Date() }).where(eq(users.id, userId));
}
