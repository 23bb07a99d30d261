import { isAPIError } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, ne } from "drizzle-orm";
import { createOTP } from "@better-auth/utils/otp";
import { accepted, refused, type Refused, type Result } from "../../common/refusal";
import { sessions, twoFactors, users } from "../db/schema";
import { secondFactorOnEmail } from "./emails";
import type { AccountDeps } from "./flows";

/**
 * The second factor (decision 015), on better-auth's two-factor plugin: an authenticator app's
 * 6-digit code (TOTP) and 10 single-use recovery codes. Every call goes through better-auth's own
 * endpoints; this module words their answers in Portuguese. Rate limits are the caller's.
 */

export type SignInCodeKind = "totp" | "recovery";

function errorCode(err: unknown): string | undefined {
  return isAPIError(err) ? (err.body as { code?: string } | undefined)?.code : undefined;
}

const WRONG_PASSWORD = refused(400, "Senha incorreta", { field: "password" });
const CHALLENGE_EXPIRED = "Sua verificação expirou. Entre com seu email e senha de novo.";

function codeRefusal(err: unknown, kind: SignInCodeKind): Refused | null {
  switch (errorCode(err)) {
    case "INVALID_CODE":
    case "INVALID_BACKUP_CODE":
      return refused(401, kind === "totp" ? "Código incorreto. Confira o aplicativo e tente de novo." : "Código de recuperação inválido ou já usado.", {
        field: "code",
      });
    case "INVALID_TWO_FACTOR_COOKIE":
    case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
      return refused(401, CHALLENGE_EXPIRED);
    case "ACCOUNT_TEMPORARILY_LOCKED":
      return refused(429, "Muitos códigos errados seguidos. Por segurança, tente de novo em 15 minutos.");
    default:
      return null;
  }
}

/**
 * The sign-in's second step: the code from the authenticator app or a recovery code (consumed).
 * `headers` carry the challenge cookie the password step left; on success, the session's cookies.
 */
export async function completeSignIn(services: AccountDeps, kind: SignInCodeKind, code: string, headers: Headers): Promise<Result<Headers>> {
  try {
    const { headers: out } =
      kind === "totp"
        ? await services.auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true })
        : await services.auth.api.verifyBackupCode({ body: { code }, headers, returnHeaders: true });
    return accepted(out);
  } catch (err) {
    const refusal = codeRefusal(err, kind);
    if (refusal) return refusal;
    services.logger.error({ err }, "second-factor sign-in failed");
    return refused(500, "Não foi possível verificar o código. Tente novamente.");
  }
}

/** The otpauth URI of an authenticator the account started to set up and has not confirmed yet. */
export async function pendingAuthenticator(services: AccountDeps, userId: string): Promise<string | null> {
  const [row] = await services.database.db
    .select({ secret: twoFactors.secret, email: users.email })
    .from(twoFactors)
    .innerJoin(users, eq(users.id, twoFactors.userId))
    .where(and(eq(twoFactors.userId, userId), eq(twoFactors.verified, false)));
  if (!row) return null;
  const { secretConfig } = await services.auth.$context;
  const secret = await symmetricDecrypt({ key: secretConfig, data: row.secret });
  // The same URI better-auth's enable endpoint answers (issuer "Recanto", 6 digits, 30 seconds).
  return createOTP(secret, { digits: 6, period: 30 }).url("Recanto", row.email);
}

/** Step 1 of setting up: the password again, then a new secret (any unconfirmed one is replaced). */
export async function startSetup(services: AccountDeps, password: string, headers: Headers): Promise<Result<null>> {
  try {
    await services.auth.api.enableTwoFactor({ body: { password }, headers });
    return accepted(null);
  } catch (err) {
    const code = errorCode(err);
    if (code === "INVALID_PASSWORD") return WRONG_PASSWORD;
    if (code === "TOTP_ALREADY_ENABLED") return refused(409, "A verificação em duas etapas já está ativada.");
    services.logger.error({ err }, "second-factor setup failed");
    return refused(500, "Não foi possível começar a configuração. Tente novamente.");
  }
}

/**
 * Step 2: the first code from the app turns the second factor on. better-auth rotates the session
 * (the new cookie is in `headers`) and we end the account's other sessions; the recovery codes are
 * read once here to be shown once.
 */
export async function confirmSetup(
  services: AccountDeps,
  user: { id: string; email: string; name: string },
  code: string,
  headers: Headers,
): Promise<Result<{ headers: Headers; recoveryCodes: string[] }>> {
  try {
    const { headers: out } = await services.auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true });
    // Sessions opened with the password alone (an attacker's, perhaps) must not become full ones now:
    // all but the new one better-auth just made end.
    const cookies = new Headers({ cookie: out.getSetCookie().map((c) => c.split(";")[0]).join("; ") });
    const current = await services.auth.api.getSession({ headers: cookies });
    if (current) await services.database.db.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.token, current.session.token)));
    const { backupCodes } = await services.auth.api.viewBackupCodes({ body: { userId: user.id } });
    await services.mailer
      .send(secondFactorOnEmail(user.email, user.name, new URL(`/esqueci-senha?email=${encodeURIComponent(user.email)}`, services.config.BASE_URL).href))
      .catch((err: unknown) => services.logger.error({ err }, "could not send the second-factor email"));
    return accepted({ headers: out, recoveryCodes: backupCodes });
  } catch (err) {
    const code = errorCode(err);
    if (code === "INVALID_CODE") return refused(400, "Código incorreto. Confira o aplicativo e tente de novo.", { field: "code" });
    if (code === "TOTP_NOT_ENABLED") return refused(409, "Comece a configuração de novo: confirme sua senha.");
    services.logger.error({ err }, "second-factor confirmation failed");
    return refused(500, "Não foi possível confirmar o código. Tente novamente.");
  }
}

/** New recovery codes (the old ones stop working), after the password again. */
export async function regenerateRecoveryCodes(services: AccountDeps, password: string, headers: Headers): Promise<Result<string[]>> {
  try {
    const { backupCodes } = await services.auth.api.generateBackupCodes({ body: { password }, headers });
    return accepted(backupCodes);
  } catch (err) {
    if (errorCode(err) === "INVALID_PASSWORD") return WRONG_PASSWORD;
    services.logger.error({ err }, "recovery code generation failed");
    return refused(500, "Não foi possível gerar novos códigos. Tente novamente.");
  }
}

/** Turns the second factor off (the caller has refused operators: for them it is mandatory). */
export async function turnOff(services: AccountDeps, password: string, headers: Headers): Promise<Result<Headers>> {
  try {
    const { headers: out } = await services.auth.api.disableTwoFactor({ body: { password }, headers, returnHeaders: true });
    return accepted(out);
  } catch (err) {
    if (errorCode(err) === "INVALID_PASSWORD") return WRONG_PASSWORD;
    services.logger.error({ err }, "second-factor removal failed");
    return refused(500, "Não foi possível desativar a verificação. Tente novamente.");
  }
}
