import { refused, type Refusal } from "../../common/refusal";
import { isPremium, subscriptionStatus } from "../billing/status";
import type { Db } from "../db/client";
import type { CurrentSession } from "../request-context";

/** What the app may know about the signed-in user; never more. */
export interface Viewer {
  id: string;
  name: string;
  email: string;
  userType: "guest" | "host";
  role: "user" | "admin";
  emailVerified: boolean;
  /** Signed in with an authenticator code too (better-auth issues no session before it). */
  twoFactorEnabled: boolean;
  /** The profile photo's storage key (users.image), or null. */
  avatarKey: string | null;
}

/** The session's user in our terms (better-auth types our extra columns as plain strings). */
export function viewerOf(session: CurrentSession | null): Viewer | null {
  if (!session) return null;
  const u = session.user as typeof session.user & { userType: string; role: string; twoFactorEnabled?: boolean | null };
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    userType: u.userType === "host" ? "host" : "guest",
    role: u.role === "admin" ? "admin" : "user",
    emailVerified: u.emailVerified,
    twoFactorEnabled: u.twoFactorEnabled === true,
    avatarKey: u.image ?? null,
  };
}

/** A guard said no; each transport turns it into its own answer (a login redirect, a 403 page, JSON). */
export class AccessDenied extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.title);
    this.name = "AccessDenied";
  }
}

/** An operator whose account has no second factor yet: pages send them to set it up. */
export class SecondFactorRequired extends AccessDenied {
  constructor() {
    super({
      status: 403,
      title: "Verificação em duas etapas necessária",
      description: "Ative a verificação em duas etapas na sua conta para acessar a moderação.",
    });
    this.name = "SecondFactorRequired";
  }
}

type Words = Pick<Refusal, "title" | "description">;

/** How a guarded action words its refusals (the spec words them per action); defaults below. */
export interface GuardTexts {
  loggedOut?: Words;
  notHost?: Words;
  notPremium?: Words;
}

const DEFAULT_TEXTS: Required<GuardTexts> = {
  loggedOut: { title: "Erro de autenticação", description: "Você precisa estar logado para continuar." },
  notHost: { title: "Acesso negado", description: "Apenas anfitriões podem gerenciar propriedades." },
  notPremium: { title: "Plano Premium necessário", description: "Assine o plano Premium para anunciar propriedades." },
};

function deny(status: number, words: Words): never {
  const { ok: _ok, ...refusal } = refused(status, words.title, { description: words.description });
  throw new AccessDenied(refusal);
}

/** Signed in (401 otherwise). */
export function requireUser(viewer: Viewer | null, texts: GuardTexts = {}): Viewer {
  return viewer ?? deny(401, texts.loggedOut ?? DEFAULT_TEXTS.loggedOut);
}

/** A host (403 for guests). */
export function requireHost(viewer: Viewer | null, texts: GuardTexts = {}): Viewer {
  const user = requireUser(viewer, texts);
  return user.userType === "host" ? user : deny(403, texts.notHost ?? DEFAULT_TEXTS.notHost);
}

/** A host with Premium now (the promotion or a paid subscription; 403 otherwise). */
export async function requirePremiumHost(db: Db, viewer: Viewer | null, texts: GuardTexts = {}): Promise<Viewer> {
  const host = requireHost(viewer, texts);
  if (isPremium(await subscriptionStatus(db, host))) return host;
  return deny(403, texts.notPremium ?? DEFAULT_TEXTS.notPremium);
}

/** An operator who signed in with a second factor, so a stolen password alone unpublishes nothing (decision 015). */
export function isOperator(viewer: Viewer | null): boolean {
  return viewer?.role === "admin" && viewer.twoFactorEnabled;
}

/**
 * An operator with the second factor on. Anyone else gets 404, so the operators' pages do not
 * reveal that they exist; an operator without one is sent to set it up (SecondFactorRequired).
 */
export function requireOperator(viewer: Viewer | null): Viewer {
  const user = requireUser(viewer);
  if (user.role !== "admin") return deny(404, { title: "Página não encontrada" });
  if (!user.twoFactorEnabled) throw new SecondFactorRequired();
  return user;
}
