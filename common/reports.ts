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

/**
 * Why someone reports a review: stored under the same keys (the database allows only those), with
 * labels that suit a review. Personal data in a review is inappropriate content.
 */
export const REVIEW_REPORT_REASON_LABELS: Partial<Record<ReportReason, string>> = {
  falso: "Avaliação falsa: a pessoa não se hospedou aqui ou é ligada ao anfitrião",
  improprio: "Ofensas, preconceito ou dados pessoais de alguém",
  golpe: "Propaganda ou golpe: links, pedidos de contato ou de pagamento",
  outro: "Outro",
};

/** What a report can name: a listing, a host or a review (the last part of /denunciar/{tipo}/{id}). */
export type ReportKind = "anuncio" | "anfitriao" | "avaliacao";

/** The reasons offered (and accepted) for a kind of report, in the form's order. */
export const reportReasonLabels = (kind: ReportKind): Partial<Record<ReportReason, string>> => (kind === "avaliacao" ? REVIEW_REPORT_REASON_LABELS : REPORT_REASON_LABELS);

/** Why a review waits for an operator before it is published (reviews.held_for, server/trust/reviews.ts). */
export const REVIEW_HOLD_LABELS = {
  "same-network": "A conta do autor usou a mesma rede ou navegador que o anfitrião",
  "new-accounts": "Várias contas novas avaliaram este anúncio em um dia",
} as const;

export const REPORT_DETAILS_MIN = 10;
export const REPORT_DETAILS_MAX = 1000;

export const REPORT_MESSAGES = {
  reason: "Escolha o motivo da denúncia.",
  detailsShort: `Conte o que aconteceu com pelo menos ${REPORT_DETAILS_MIN} caracteres.`,
  detailsLong: `O relato deve ter no máximo ${REPORT_DETAILS_MAX} caracteres.`,
  detailsMarkup: "O relato não pode ter HTML: escreva só o texto.",
  ownListing: "Você não pode denunciar o seu próprio anúncio.",
  ownself: "Você não pode denunciar a si mesmo.",
  ownReview: "Você não pode denunciar a sua própria avaliação.",
  reviewOfYourListing: "Você não pode denunciar uma avaliação de um anúncio seu. Se quiser, responda publicamente em Contatos recebidos.",
  reviewNotPublished: "Só avaliações publicadas podem ser denunciadas: esta está em análise pela nossa equipe ou foi ocultada.",
  already: "Você já enviou uma denúncia sobre isto. Nossa equipe vai analisá-la.",
  unconfirmed: "Confirme seu email para enviar denúncias: o link está na mensagem que enviamos quando você criou a conta.",
  notFound: "Não encontramos o que você quer denunciar: pode ter sido removido ou não existir mais.",
  aboutYou: "Outra pessoa da equipe precisa analisar denúncias sobre você.",
  reviewAboutYou: "Outra pessoa da equipe precisa analisar esta avaliação: ela é sua ou de um anúncio seu.",
  decided: "Não há denúncias abertas sobre isto: outra pessoa da equipe já decidiu.",
  reviewDecided: "Esta avaliação já foi analisada por outra pessoa da equipe.",
} as const;

export type ReportCheck = { ok: true; data: { reason: ReportReason; details: string } } | { ok: false; field: "reason" | "details"; message: string };

/** A report's fields; the reason must be one offered for that kind of report. */
export function checkReport(fields: Record<string, unknown>, kind: ReportKind): ReportCheck {
  const reason = fields.reason;
  if (typeof reason !== "string" || !Object.hasOwn(reportReasonLabels(kind), reason)) return { ok: false, field: "reason", message: REPORT_MESSAGES.reason };
  const details = cleanParagraphs(fields.details);
  const length = Array.from(details).length;
  if (length < REPORT_DETAILS_MIN) return { ok: false, field: "details", message: REPORT_MESSAGES.detailsShort };
  if (length > REPORT_DETAILS_MAX) return { ok: false, field: "details", message: REPORT_MESSAGES.detailsLong };
  if (hasMarkup(details)) return { ok: false, field: "details", message: REPORT_MESSAGES.detailsMarkup };
  return { ok: true, data: { reason: reason as ReportReason, details } };
}
