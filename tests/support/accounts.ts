import { expect } from "vitest";
import { createAccount } from "../../server/accounts/users";
import { grantPromotion } from "../../server/billing/promotion";
import type { TestApp } from "./app";
import { Client } from "./http";

/** The password of every account the tests make (the demo seed's accounts have DEMO_PASSWORD). */
export const TEST_PASSWORD = "segredo123";

/**
 * The kinds of account the tests need: a guest; a host with no promotion slot (accounts made
 * directly, like those after the first 100 sign-ups, get none), so on the free plan; a host given a
 * promotion slot now (Premium for six months); an operator (role admin, a guest otherwise).
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
  return { id: user.id, email: user.email, name: user.name };
}

/** Logs in through the real /login form and returns the client holding the session cookie. */
export async function signIn(app: TestApp, email: string, password = TEST_PASSWORD) {
  const client = new Client(app.url);
  expect((await client.post("/login", { email, password })).status).toBe(302);
  return client;
}

/** A new account of that kind (see createTestAccount), signed in over HTTP. */
export async function signedInAs(app: TestApp, kind: AccountKind, options: AccountOptions = {}) {
  const account = await createTestAccount(app, kind, options);
  return { ...account, client: await signIn(app, account.email, options.password) };
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
