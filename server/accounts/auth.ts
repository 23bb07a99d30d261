import { randomInt } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins";
import type { Mailer } from "../adapters/email";
import type { Db } from "../db/client";
import * as schema from "../db/schema";
import type { Logger } from "../logger";
import { DependencyUnavailable, unavailableDependency } from "../unavailable";
import { passwordResetEmail, verificationEmail } from "./emails";

const DAY = 60 * 60 * 24;
const COOKIE_PREFIX = "recanto";
export const RECOVERY_CODE_COUNT = 10;
/** Lowercase letters and digits without the look-alikes (0/o, 1/l/i): read from paper and typed on a phone. */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** Ten recovery codes like `k7m2q-x9p4r` (about 50 bits each; single use, and limited like codes). */
export function newRecoveryCodes(): string[] {
  const code = () => Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const c = code();
    return `${c.slice(0, 5)}-${c.slice(5)}`;
  });
}
/** The session cookie, plain or with the __Secure- prefix better-auth gives it on https. */
const SESSION_COOKIE = new RegExp(`(^|;\\s*)(__Secure-)?${COOKIE_PREFIX}\\.session_token=`);

/** Whether a request carries a session cookie (valid or not): its pages may be personal. */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && SESSION_COOKIE.test(cookieHeader);
}

/** The cookie a sign-in leaves while it waits for the second factor (better-auth signs and checks it). */
const SECOND_FACTOR_COOKIE = new RegExp(`(^|;\\s*)(__Secure-)?${COOKIE_PREFIX}\\.two_factor=[^;]`);

/** Whether a request carries a pending second-factor challenge (valid or not: the code step checks). */
export function hasSecondFactorChallenge(cookieHeader: string | undefined | null): boolean {
  return !!cookieHeader && SECOND_FACTOR_COOKIE.test(cookieHeader);
}

/**
 * The request's session. better-auth turns any failure of its lookup (whose only I/O is the
 * database) into FAILED_TO_GET_SESSION, dropping the cause: it is told apart here as the outage it is.
 */
export async function readSession(auth: Auth, headers: Headers) {
  try {
    return await auth.api.getSession({ headers });
  } catch (err) {
    const e = err as { statusCode?: number; body?: { code?: string } };
    if (e.statusCode === 500 && e.body?.code === "FAILED_TO_GET_SESSION") throw new DependencyUnavailable("database", err);
    throw err;
  }
}

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  baseURL: string;
  secret: string;
  secureCookies: boolean;
}

export function createAuth({ db, mailer, logger, baseURL, secret, secureCookies }: AuthDeps) {
  const deliver = (send: Promise<void>) =>
    send.catch((err: unknown) => logger.error({ err }, "could not send account email"));
  return betterAuth({
    appName: "Recanto",
    baseURL,
    secret,
    trustedOrigins: [baseURL],
    database: drizzleAdapter(db, {
      provider: "pg",
      // Sign-up writes the user and its credential together or not at all.
      transaction: true,
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        twoFactor: schema.twoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await deliver(mailer.send(passwordResetEmail(user.email, user.name, url)));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Signing in by verification link would let a stranger log a victim into the stranger's account.
      autoSignInAfterVerification: false,
      expiresIn: 3 * DAY,
      sendVerificationEmail: async ({ user, url }) => {
        await deliver(mailer.send(verificationEmail(user.email, user.name, url)));
      },
    },
    user: {
      additionalFields: {
        userType: { type: "string", required: true, input: true },
        phone: { type: "string", required: false, defaultValue: "", input: true },
        location: { type: "string", required: false, defaultValue: "", input: false },
        bio: { type: "string", required: false, defaultValue: "", input: false },
        role: { type: "string", required: false, defaultValue: "user", input: false },
      },
    },
    session: {
      // "Lembrar de mim" gets 30 days; without it better-auth uses a browser-session cookie and a 1-day session.
      expiresIn: 30 * DAY,
      updateAge: DAY,
    },
    plugins: [
      // Authenticator codes (TOTP, 6 digits, 30 s) and 10 single-use recovery codes (decision 015).
      // A sign-in with the second factor on ends without a session and with a 10-minute challenge
      // cookie; at most 5 codes per challenge, and 10 wrong codes in a row lock the codes for 15 minutes.
      twoFactor({
        issuer: "Recanto",
        twoFactorCookieMaxAge: 10 * 60,
        backupCodeOptions: { customBackupCodesGenerate: newRecoveryCodes },
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
      }),
    ],
    // Limits are applied by our own per-IP and per-email limiter in front of every auth action.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // better-auth's own messages ("Invalid password", …) join our JSON logs instead of the console.
    logger: {
      level: "warn",
      // An outage of the database is logged once per request where it is answered (503), not here.
      log: (level, message, ...args) => {
        if (level === "error" && args.some((arg) => unavailableDependency(arg))) return;
        logger[level]({ source: "better-auth", args }, message);
      },
    },
    advanced: {
      useSecureCookies: secureCookies,
      cookiePrefix: COOKIE_PREFIX,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
