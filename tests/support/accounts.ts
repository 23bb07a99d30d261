import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { generateRandomString, symmetricEncrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { newRecoveryCodes } from "../../server/accounts/auth";
import { createAccount } from "../../server/accounts/users";
import { grantPromotion } from "../../server/billing/promotion";
import { twoFactors, users } from "../../server/db/schema";
import type { TestApp } from "./app";
import { Client } from "./http";

/** The password of every account the tests make (the demo seed's accounts have DEMO_PASSWORD). */
export const TEST_PASSWORD = "segredo123";

/**
 * The kinds of account the tests need: a guest; a host with no promotion slot (accounts made
 * directly, like those after the first 100 sign-ups, get none), so on the free plan; a host given a
 * promotion slot now (Premium for six months); an operator (role admin, a guest otherwise), who
 * has the second factor on unless `secondFactor: false` (decision 015).
 */
export type AccountKind = "guest" | "host" | "premium-host" | "operator";

const DEFAULT_NAMES: Record<AccountKind, string> = {
  guest: "Hóspede de Teste",
  host: "Anfitriã de Teste",
  "premium-host": "Anfitriã Premium",
  operator: "Operadora de Teste",
};

/** Left out: a name for the kind, an email unique in the test file (`host-3@example.com`), TEST_PASSWORD, no phone. */
export interface AccountOptions {
  email?: string;
  name?: string;
  password?: string;
  phone?: string;
  /** An authenticator set up as the set-up page does (default: on for operators only). */
  secondFactor?: boolean;
}

/** The authenticator of an account made with the second factor on: its TOTP secret and recovery codes. */
export interface TestAuthenticator {
  secret: string;
  recoveryCodes: string[];
}

/** The 6-digit code the authenticator app shows now (better-auth's own OTP utility, 30-second steps). */
export function authenticatorCode(authenticator: TestAuthenticator): Promise<string> {
  return createOTP(authenticator.secret, { digits: 6, period: 30 }).totp();
}

/** The authenticator a person makes by typing the key the set-up page shows (base32, in groups of four). */
export function authenticatorFromKey(key: string): TestAuthenticator {
  return { secret: new TextDecoder().decode(base32.decode(key.replace(/\s/g, ""))), recoveryCodes: [] };
}

/** Sets up an authenticator the way the set-up page ends (what better-auth stores once a first code confirmed it). */
export async function enrollAuthenticator(app: TestApp, userId: string): Promise<TestAuthenticator> {
  const { secretConfig } = await app.services.auth.$context;
  const secret = generateRandomString(32);
  const recoveryCodes = newRecoveryCodes();
  const { db } = app.database;
  await db.insert(twoFactors).values({
    id: generateRandomString(32),
    userId,
    secret: await symmetricEncrypt({ key: secretConfig, data: secret }),
    backupCodes: await symmetricEncrypt({ key: secretConfig, data: JSON.stringify(recoveryCodes) }),
    verified: true,
  });
  await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, userId));
  return { secret, recoveryCodes };
}

let made = 0;

/** Creates an account of that kind directly: no sign-up form, so no rate limit and no email. */
export async function createTestAccount(app: TestApp, kind: AccountKind, options: AccountOptions = {}) {
  made += 1;
  const user = await createAccount(app.services.auth, {
    name: options.name ?? DEFAULT_NAMES[kind],
    email: options.email ?? `${kind}-${made}@example.com`,
    password: options.password ?? TEST_PASSWORD,
    phone: options.phone,
    userType: kind === "host" || kind === "premium-host" ? "host" : "guest",
    role: kind === "operator" ? "admin" : "user",
  });
  if (kind === "premium-host") await grantPromotion(app.database.db, user.id, new Date());
  const authenticator = (options.secondFactor ?? kind === "operator") ? await enrollAuthenticator(app, user.id) : null;
  return { id: user.id, email: user.email, name: user.name, authenticator };
}

/**
 * Logs in through the real /login form (and its code step, with the authenticator's current code,
 * for an account with the second factor on) and returns the client holding the session cookie.
 */
export async function signIn(app: TestApp, email: string, password = TEST_PASSWORD, authenticator: TestAuthenticator | null = null) {
  const client = new Client(app.url);
  const res = await client.post("/login", { email, password });
  expect(res.status).toBe(302);
  if (authenticator) {
    expect(res.headers.get("location")).toBe("/login/verificacao");
    expect((await client.post("/login/verificacao", { method: "totp", code: await authenticatorCode(authenticator) })).status).toBe(302);
  }
  return client;
}

/** A new account of that kind (see createTestAccount), signed in over HTTP. */
export async function signedInAs(app: TestApp, kind: AccountKind, options: AccountOptions = {}) {
  const account = await createTestAccount(app, kind, options);
  return { ...account, client: await signIn(app, account.email, options.password, account.authenticator) };
}

/** Signs up through the real /cadastro form (password TEST_PASSWORD) and returns the signed-in client. */
export async function signUpViaForm(url: string, email: string, userType: "guest" | "host", name = `Pessoa ${email.split("@")[0]}`) {
  const client = new Client(url);
  const res = await client.post("/cadastro", {
    name,
    email,
    phone: "(48) 99123-4567",
    userType,
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    terms: "on",
  });
  expect(res.status).toBe(302);
  return client;
}
