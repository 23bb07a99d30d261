/** The trust badges a host earns (server/trust/identity.ts), in the words every page shows them. */
export const BADGE_TEXTS = { identity: "Identidade verificada", cadastur: "Cadastur" } as const;

/** "Identidade verificada · Cadastur" for a card's one line; null for a host without a badge. */
export function badgeLine(host: { verified: boolean; cadastur: boolean }): string | null {
  if (!host.verified) return null;
  return host.cadastur ? `${BADGE_TEXTS.identity} · ${BADGE_TEXTS.cadastur}` : BADGE_TEXTS.identity;
}
