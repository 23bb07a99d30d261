import { isAPIError } from "better-auth/api";
import { and, eq, like } from "drizzle-orm";
import { accepted, refused, type Result } from "../../common/refusal";
import type { SignUpData } from "../../common/validation/accounts";
import { grantPromotion } from "../billing/promotion";
import type { Mailer } from "../adapters/email";
import type { Background } from "../background";
import { DependencyUnavailable, rethrowUnavailable } from "../unavailable";
import { isUniqueViolation, type Db } from "../db/client";
import { users, verifications } from "../db/schema";
import type { Logger } from "../logger";
import type { Auth } from "./auth";
import { passwordChangedEmail } from "./emails";
import { findUserByEmail } from "./users";

/** What the account flows use (the process's services satisfy it). Rate limits are the caller's: one check per action, at the HTTP edge. */
export interface AccountDeps {
  auth: Auth;
  database: { db: Db };
  mailer: Mailer;
  logger: Logger;
  background: Background;
  config: { BASE_URL: string };
}

/** The cookies to send back (a new session, or its end). */
export type FlowResult = Result<Headers>;

export const EMAIL_CONFIRMED_CALLBACK = "/email-confirmado";
export const RESET_PASSWORD_PAGE = "/redefinir-senha";

function errorCode(err: unknown): string | undefined {
  return isAPIError(err) ? (err.body as { code?: string } | undefined)?.code : undefined;
}

/** Login rotates the browser's previous session away once the new one exists. */
async function revokeSession(services: AccountDeps, headers: Headers, token: string | null) {
  if (token) await services.auth.api.revokeSession({ headers, body: { token } }).catch(() => {});
}

/** `previousToken`: the session the browser already had, if any (revoked only on success). */
export async function signUp(services: AccountDeps, input: SignUpData, headers: Headers, previousToken: string | null): Promise<FlowResult> {
  try {
    const { headers: out, response } = await services.auth.api.signUpEmail({
      body: {
        name: input.name,
        email: input.email,
        password: input.password,
        userType: input.userType,
        phone: input.phone,
        callbackURL: EMAIL_CONFIRMED_CALLBACK,
      },
      headers,
      returnHeaders: true,
    });
    await revokeSession(services, headers, previousToken);
    if (input.userType === "host") await welcomeHost(services, response.user.id);
    return accepted(out);
  } catch (err) {
    rethrowUnavailable(err);
    const code = errorCode(err);
    if (code === "FAILED_TO_CREATE_USER") {
      // better-auth reports only that the write failed: a sign-up that lost a race for the same email
      // (on PostgreSQL), or else a database that did not take it (a query timed out, say), which it
      // does not pass on as the cause.
      if ((await findUserByEmail(services.database.db, input.email)) !== null) return refused(409, "Este email já está cadastrado", { field: "email" });
      throw new DependencyUnavailable("database", err);
    }
    if (code?.startsWith("USER_ALREADY_EXISTS") || isUniqueViolation(err)) return refused(409, "Este email já está cadastrado", { field: "email" });
    if (code === "PASSWORD_TOO_SHORT") return refused(400, "A senha deve ter pelo menos 6 caracteres.", { field: "password" });
    services.logger.error({ err }, "sign-up failed");
    return refused(500, "Erro ao criar conta. Tente novamente.");
  }
}

/** A new host takes one of the promotion's free slots while any is left; the account stands either way. */
async function welcomeHost(services: AccountDeps, userId: string) {
  try {
    await grantPromotion(services.database.db, userId, new Date());
  } catch (err) {
    services.logger.error({ err, userId }, "promotion grant failed");
  }
}

/**
 * The password step. With the second factor on, better-auth issues no session yet, only the cookie
 * of a challenge the code step answers (`secondFactor`), keeping "Lembrar de mim" for the session it makes then.
 */
export async function signIn(
  services: AccountDeps,
  input: { email: string; password: string; remember: boolean },
  headers: Headers,
  previousToken: string | null,
): Promise<Result<{ headers: Headers; secondFactor: boolean }>> {
  try {
    const { headers: out, response } = await services.auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: input.remember },
      headers,
      returnHeaders: true,
    });
    await revokeSession(services, headers, previousToken);
    return accepted({ headers: out, secondFactor: "twoFactorRedirect" in response && response.twoFactorRedirect === true });
  } catch (err) {
    rethrowUnavailable(err);
    if (errorCode(err) === "INVALID_EMAIL_OR_PASSWORD" || (isAPIError(err) && err.statusCode === 401)) return refused(401, "Email ou senha incorretos");
    services.logger.error({ err }, "sign-in failed");
    return refused(500, "Erro ao fazer login. Tente novamente.");
  }
}

export async function signOut(services: AccountDeps, headers: Headers, everywhere = false): Promise<Headers> {
  if (everywhere) await services.auth.api.revokeSessions({ headers }).catch(() => {});
  try {
    const { headers: out } = await services.auth.api.signOut({ headers, returnHeaders: true });
    return out;
  } catch {
    return new Headers();
  }
}

export const RESET_REQUESTED_MESSAGE =
  "Se houver uma conta com este email, você vai receber um link para criar uma nova senha em alguns minutos.";

/**
 * Same answer, after the same work, whether or not the account exists: looking the account up,
 * making the link and sending the email happen after the answer, since their time would tell
 * who has an account.
 */
export function requestPasswordReset(services: AccountDeps, email: string): void {
  services.background.run("password reset request", () =>
    services.auth.api.requestPasswordReset({ body: { email, redirectTo: RESET_PASSWORD_PAGE } }),
  );
}

/** better-auth keeps each reset link as a verification named after its token, holding the user's id. */
const RESET_LINK = "reset-password:";

export async function resetPassword(services: AccountDeps, token: string, newPassword: string): Promise<Result<null>> {
  const { db } = services.database;
  const [link] = await db.select({ userId: verifications.value }).from(verifications).where(eq(verifications.identifier, `${RESET_LINK}${token}`));
  try {
    await services.auth.api.resetPassword({ body: { token, newPassword } });
    if (link) await afterPasswordReset(services, link.userId);
    return accepted(null);
  } catch (err) {
    rethrowUnavailable(err);
    if (errorCode(err) === "INVALID_TOKEN" || (isAPIError(err) && err.statusCode === 400)) {
      return refused(400, "Este link é inválido ou expirou. Peça um novo em “Esqueci minha senha”.");
    }
    services.logger.error({ err }, "password reset failed");
    return refused(500, "Não foi possível redefinir a senha. Tente novamente.");
  }
}

/** The account's other reset links die with the old password, and its owner hears of the change. */
async function afterPasswordReset(services: AccountDeps, userId: string) {
  const { db } = services.database;
  await db.delete(verifications).where(and(eq(verifications.value, userId), like(verifications.identifier, `${RESET_LINK}%`)));
  const [user] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  if (!user) return;
  const resetAgain = new URL(`/esqueci-senha?email=${encodeURIComponent(user.email)}`, services.config.BASE_URL).href;
  await services.mailer.send(passwordChangedEmail(user.email, user.name, resetAgain)).catch((err: unknown) => services.logger.error({ err }, "could not send the password-changed email"));
}

export async function resendVerification(services: AccountDeps, email: string): Promise<void> {
  await services.auth.api.sendVerificationEmail({ body: { email, callbackURL: EMAIL_CONFIRMED_CALLBACK } });
}
