import { eq } from "drizzle-orm";
import type { Auth } from "./auth";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import type { UserType } from "../../common/user-types";

export interface NewAccount {
  name: string;
  email: string;
  password: string;
  userType: UserType;
  phone?: string;
  role?: "user" | "admin";
  emailVerified?: boolean;
}

/** Creates an account directly (seed and operator commands): no email is sent. */
export async function createAccount(auth: Auth, account: NewAccount) {
  const ctx = await auth.$context;
  const user = await ctx.internalAdapter.createUser({
    name: account.name,
    email: account.email.toLowerCase(),
    emailVerified: account.emailVerified ?? true,
    userType: account.userType,
    phone: account.phone ?? "",
    role: account.role ?? "user",
  }, { method: "admin" });
  try {
    await ctx.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: await ctx.password.hash(account.password),
    });
  } catch (err) {
    // Never leave an account without a password behind.
    await ctx.internalAdapter.deleteUser(user.id);
    throw err;
  }
  return user;
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, role: users.role, userType: users.userType })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  return row ?? null;
}

export async function setRole(db: Db, userId: string, role: "user" | "admin") {
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function hasUsers(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}
