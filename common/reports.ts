import { cleanParagraphs, hasMarkup } from "./text";

/** Why someone reports a listing or a host, in the order the form offers them. */
export const REPORT_REASON_LABELS = {
  golpe: "Golpe ou pedido de Pix suspeito",
  fotos: "Fotos de outro lugar",
  falso: "Anúncio falso",
  improprio: "Conteúdo impróprio",
  outro: "Outro",
} as const;

export type ReportReason = keyof typeof REPORT_REASON_LABELS;

export const REPORT_DETAILS_MIN = 10;
export const REPORT_DETAILS_MAX = 1000;

export const REPORT_MESSAGES = {
  reason: "Escolha o motivo da denúncia.",
  detailsShort: `Conte o que aconteceu com pelo menos ${REPORT_DETAILS_MIN} caracteres.`,
  detailsLong: `O relato deve ter no máximo ${REPORT_DETAILS_MAX} caracteres.`,
  detailsMarkup: "O relato não pode ter HTML: escreva só o texto.",
  ownListing: "Você não pode denunciar o seu próprio anúncio.",
  ownself: "Você não pode denunciar a si mesmo.",
  already: "Você já enviou uma denúncia sobre isto. Nossa equipe vai analisá-la.",
  unconfirmed: "Confirme seu email para enviar denúncias: o link está na mensagem que enviamos quando você criou a conta.",
  notFound: "Não encontramos o que você quer denunciar: o anúncio ou o anfitrião não existe ou foi removido.",
  aboutYou: "Outra pessoa da equipe precisa analisar denúncias sobre você.",
  decided: "Não há denúncias abertas sobre isto: outra pessoa da equipe já decidiu.",
} as const;

export type ReportCheck = { ok: true; data: { reason: ReportReason; details: string } } | { ok: false; field: "reason" | "details"; message: string };

export function checkReport(fields: Record<string, unknown>): ReportCheck {
  const reason = fields.reason;
  if (typeof reason !== "string" || !Object.hasOwn(REPORT_REASON_LABELS, reason)) return { ok: false, field: "reason", message: REPORT_MESSAGES.reason };
  const details = cleanParagraphs(fields.details);
  const length = Array.from(details).length;
  if (length < REPORT_DETAILS_MIN) return { ok: false, field: "details", message: REPORT_MESSAGES.detailsShort };
  if (length > REPORT_DETAILS_MAX) return { ok: false, field: "details", message: REPORT_MESSAGES.detailsLong };
  if (hasMarkup(details)) return { ok: false, field: "details", message: REPORT_MESSAGES.detailsMarkup };
  return { ok: true, data: { reason: reason as ReportReason, details } };
}
