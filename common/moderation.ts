import { cleanParagraphs, hasMarkup } from "./text";

/** The operator's reason for refusing or unpublishing a property: the host reads it in an email. */
export const REASON_MIN = 10;
export const REASON_MAX = 1000;

export const MODERATION_MESSAGES = {
  reasonRequired: "Informe o motivo da recusa.",
  reasonShort: `Explique o motivo com pelo menos ${REASON_MIN} caracteres.`,
  reasonLong: `O motivo deve ter no máximo ${REASON_MAX} caracteres.`,
  reasonMarkup: "O motivo não pode ter HTML: escreva só o texto.",
  alreadyModerated: "Esta propriedade já foi moderada.",
  changedMeanwhile: "O anfitrião alterou esta propriedade enquanto você analisava. Confira a versão atual antes de decidir.",
} as const;

/** The free-text rule (common/text.ts); inner line breaks are kept for the email. */
export const cleanReason = cleanParagraphs;

/** The problem with a reason, or null when it can be sent. Counted in characters, not UTF-16 units. */
export function reasonError(raw: unknown): string | null {
  const reason = cleanReason(raw);
  const length = Array.from(reason).length;
  if (length === 0) return MODERATION_MESSAGES.reasonRequired;
  if (length < REASON_MIN) return MODERATION_MESSAGES.reasonShort;
  if (length > REASON_MAX) return MODERATION_MESSAGES.reasonLong;
  if (hasMarkup(reason)) return MODERATION_MESSAGES.reasonMarkup;
  return null;
}
