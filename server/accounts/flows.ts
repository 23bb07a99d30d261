import { isAPIError } from "better-auth/api";
import type { SignUpData } from "../../common/validation/accounts";
import { grantPromotion } from "../billing/promotion";
import { rateLimitMessage } from "../http/rate-limit";
import type { Services } from "../services";

export type FlowResult = { ok: true; headers: Headers } | { ok: false; status: number; message: string; field?: string };

export const EMAIL_CONFIRMED_CALLBACK = "/email-confirmado";
export const RESET_PASSWORD_PAGE = "/redefinir-senha";

function errorCode(err: unknown): string | undefined {
  return isAPIError(err) ? (err.body as { code?: string } | undefined)?.code : undefined;
}

function isUniqueViolation(err: unknown): boolean {
  const seen = new Set<unknown>();
  let e: unknown = err;
  while (e && typeof e === "object" && !seen.has(e)) {
    seen.add(e);
    if ((e as { code?: string }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Login rotates the browser's previous session away once the new one exists. */
async function revokeSession(services: Services, headers: Headers, token: string | null) {
  if (token) await services.auth.api.revokeSession({ headers, body: { token } }).catch(() => {});
}

/** `previousToken`: the session the browser already had, if any (revoked only on success). */
export async function signUp(
  services: Services,
  input: SignUpData,
  headers: Headers,
  ip: string,
  previousToken: string | null,
): Promise<FlowResult> {
  const wait = await services.limiter.consume("signup", { ip, email: input.email });
  if (wait) return { ok: false, status: 429, message: rateLimitMessage(wait) };
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
    return { ok: true, headers: out };
  } catch (err) {
    const code = errorCode(err);
    if (code?.startsWith("USER_ALREADY_EXISTS") || isUniqueViolation(err)) {
      return { ok: false, status: 409, field: "email", message: "Este email já está cadastrado" };
    }
    if (code === "PASSWORD_TOO_SHORT") return { ok: false, status: 400, field: "password", message: "A senha deve ter pelo menos 6 caracteres." };
    services.logger.error({ err }, "sign-up failed");
    return { ok: false, status: 500, message: "Erro ao criar conta. Tente novamente." };
  }
}

/** A new host takes one of the promotion's free slots while any is left; the account stands either way. */
async function welcomeHost(services: Services, userId: string) {
  try {
    await grantPromotion(services.database.db, userId, new Date());
  } catch (err) {
    services.logger.error({ err, userId }, "promotion grant failed");
  }
}

export async function signIn(
  services: Services,
  input: { email: string; password: string; remember: boolean },
  headers: Headers,
  ip: string,
  previousToken: string | null,
): Promise<FlowResult> {
  const wait = await services.limiter.consume("login", { ip, email: input.email });
  if (wait) return { ok: false, status: 429, message: rateLimitMessage(wait) };
  try {
    const { headers: out } = await services.auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: input.remember },
      headers,
      returnHeaders: true,
    });
    await services.limiter.reset("login", { ip, email: input.email });
    await revokeSession(services, headers, previousToken);
    return { ok: true, headers: out };
  } catch (err) {
    if (errorCode(err) === "INVALID_EMAIL_OR_PASSWORD" || (isAPIError(err) && err.statusCode === 401)) {
      return { ok: false, status: 401, message: "Email ou senha incorretos" };
    }
    services.logger.error({ err }, "sign-in failed");
    return { ok: false, status: 500, message: "Erro ao fazer login. Tente novamente." };
  }
}

export async function signOut(services: Services, headers: Headers, everywhere = false): Promise<Headers> {
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

/** Same answer whether or not the account exists, so the form does not reveal who has an account. */
export async function requestPasswordReset(services: Services, email: string, ip: string): Promise<FlowResult> {
  const wait = await services.limiter.consume("reset", { ip, email });
  if (wait) return { ok: false, status: 429, message: rateLimitMessage(wait) };
  try {
    await services.auth.api.requestPasswordReset({ body: { email, redirectTo: RESET_PASSWORD_PAGE } });
  } catch (err) {
    services.logger.error({ err }, "password reset request failed");
  }
  return { ok: true, headers: new Headers() };
}

export async function resetPassword(services: Services, token: string, newPassword: string): Promise<FlowResult> {
  try {
    await services.auth.api.resetPassword({ body: { token, newPassword } });
    return { ok: true, headers: new Headers() };
  } catch (err) {
    if (errorCode(err) === "INVALID_TOKEN" || (isAPIError(err) && err.statusCode === 400)) {
      return { ok: false, status: 400, message: "Este link é inválido ou expirou. Peça um novo em “Esqueci minha senha”." };
    }
    services.logger.error({ err }, "password reset failed");
    return { ok: false, status: 500, message: "Não foi possível redefinir a senha. Tente novamente." };
  }
}

export async function resendVerification(services: Services, email: string, ip: string): Promise<FlowResult> {
  const wait = await services.limiter.consume("verify", { ip, email });
  if (wait) return { ok: false, status: 429, message: rateLimitMessage(wait) };
  await services.auth.api.sendVerificationEmail({ body: { email, callbackURL: EMAIL_CONFIRMED_CALLBACK } });
  return { ok: true, headers: new Headers() };
}
