/** The 6 digits of an authenticator app, typed with or without the space some apps show in the middle. */
export function authenticatorCode(raw: string | undefined): string | null {
  const code = (raw ?? "").replace(/[\s-]/g, "");
  return /^\d{6}$/.test(code) ? code : null;
}

/** A recovery code as shown (`abcde-23456`), typed with or without its hyphen and spaces, in either case. */
export function recoveryCode(raw: string | undefined): string | null {
  const code = (raw ?? "").replace(/[\s-]/g, "").toLowerCase();
  return /^[a-z0-9]{10}$/.test(code) ? `${code.slice(0, 5)}-${code.slice(5)}` : null;
}

export const AUTHENTICATOR_CODE_INVALID = "Digite os 6 números do aplicativo autenticador.";
export const RECOVERY_CODE_INVALID = "Digite um código de recuperação, no formato abcde-23456.";
