import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Mailer } from "../adapters/email";
import type { Db } from "../db/client";
import * as schema from "../db/schema";
import type { Logger } from "../logger";
import { passwordResetEmail, verificationEmail } from "./emails";

const DAY = 60 * 60 * 24;
const COOKIE_PREFIX = "recanto";
/** The session cookie, plain or with the __Secure- prefix better-auth gives it on https. */
const SESSION_COOKIE = new RegExp(`(^|;\\s*)(__Secure-)?${COOKIE_PREFIX}\\.session_token=`);

/** Whether a request carries a session cookie (valid or not): its pages may be personal. */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && SESSION_COOKIE.test(cookieHeader);
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
      schema: { user: schema.users, session: schema.sessions, account: schema.accounts, verification: schema.verifications },
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
    // Limits are applied by our own per-IP and per-email limiter in front of every auth action.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // better-auth's own messages ("Invalid password", …) join our JSON logs instead of the console.
    logger: {
      level: "warn",
      log: (level, message, ...args) => logger[level]({ source: "better-auth", args }, message),
    },
    advanced: {
      useSecureCookies: secureCookies,
      cookiePrefix: COOKIE_PREFIX,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
