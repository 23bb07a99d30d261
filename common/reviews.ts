import { cleanParagraphs, hasMarkup } from "./text";

/**
 * Contacts, stays, reviews and responsiveness (issue 45): the rules both sides of a form share.
 * The server (server/trust/) applies them again; nothing here reads the database.
 */

/** Who states a stay: the other side confirms it. */
export const STAY_SIDES = ["host", "guest"] as const;
export type StaySide = (typeof STAY_SIDES)[number];

/**
 * The rating sort's Bayesian average (decision 029): every listing starts with RATING_PRIOR_WEIGHT
 * imaginary reviews of RATING_PRIOR_MEAN. One 5 scores 4.58; forty 4.8s score 4.77. Stored in
 * properties.rating_score (generated from these two numbers).
 */
export const RATING_PRIOR_MEAN = 4.5;
export const RATING_PRIOR_WEIGHT = 5;

export const bayesianScore = (ratingSum: number, reviewCount: number) =>
  (RATING_PRIOR_WEIGHT * RATING_PRIOR_MEAN + ratingSum) / (RATING_PRIOR_WEIGHT + reviewCount);

/** A listing's shown average: one decimal, with a comma ("4,8"). */
export const formatRating = (average: number) => average.toLocaleString("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** "1 avaliação", "12 avaliações". */
export const reviewCountLabel = (count: number) => `${count.toLocaleString("pt-BR")} ${count === 1 ? "avaliação" : "avaliações"}`;

/** The sub-ratings, in the form's order. */
export const SUB_RATINGS = {
  cleanliness: "Limpeza",
  location: "Localização",
  communication: "Comunicação",
  value: "Custo-benefício",
  accuracy: "Fiel ao anúncio",
} as const;
export type SubRating = keyof typeof SUB_RATINGS;
export const SUB_RATING_KEYS = Object.keys(SUB_RATINGS) as SubRating[];

export const RATING_WORDS = ["", "Péssimo", "Ruim", "Regular", "Bom", "Excelente"] as const;

export const REVIEW_TEXT_MIN = 30;
export const REVIEW_TEXT_MAX = 2000;
export const REPLY_TEXT_MAX = 1000;
/** A review is written within this many days of check-out. */
export const REVIEW_WINDOW_DAYS = 30;
/** And can be edited for this long after it was first sent. */
export const REVIEW_EDIT_HOURS = 48;
/** A stay is at most this long, and starts within a year of its contact. */
export const STAY_MAX_NIGHTS = 90;
export const STAY_START_WITHIN_DAYS = 365;

/** "O anfitrião respondeu?": the guest's answers, fastest first. */
export const RESPONSE_ANSWERS = ["hora", "dia", "depois", "nao"] as const;
export type ResponseAnswer = (typeof RESPONSE_ANSWERS)[number];
export const RESPONSE_LABELS: Record<ResponseAnswer, string> = {
  hora: "Em até 1 hora",
  dia: "No mesmo dia",
  depois: "Depois",
  nao: "Não respondeu",
};
/** A host's badge needs this many answers within RESPONSE_WINDOW_DAYS. */
export const RESPONSE_MIN_ANSWERS = 3;
export const RESPONSE_WINDOW_DAYS = 90;
/** The question comes this long after the contact. */
export const RESPONSE_ASK_AFTER_HOURS = 24;
export const RESPONSE_QUESTION_CLOSED = "Esta pergunta não está aberta: ela vale de um dia a um mês depois do contato.";

export type ResponseCounts = Record<ResponseAnswer, number>;

/**
 * How fast a host usually answers: the median answer of the last RESPONSE_WINDOW_DAYS, once there
 * are RESPONSE_MIN_ANSWERS. Only the two fast ones make a badge.
 */
export function responsivenessBadge(counts: ResponseCounts): string | null {
  const total = RESPONSE_ANSWERS.reduce((sum, answer) => sum + counts[answer], 0);
  if (total < RESPONSE_MIN_ANSWERS) return null;
  let seen = 0;
  for (const answer of RESPONSE_ANSWERS) {
    seen += counts[answer];
    if (seen * 2 >= total + 1) {
      if (answer === "hora") return "Costuma responder em até 1 hora";
      if (answer === "dia") return "Costuma responder no mesmo dia";
      return null;
    }
  }
  return null;
}

export const REVIEW_MESSAGES = {
  rating: "Dê uma nota de 1 a 5 estrelas para a hospedagem.",
  subRating: (label: string) => `Dê uma nota de 1 a 5 para ${label.toLocaleLowerCase("pt-BR")}.`,
  textShort: `Conte como foi a hospedagem com pelo menos ${REVIEW_TEXT_MIN} caracteres.`,
  textLong: `A avaliação deve ter no máximo ${REVIEW_TEXT_MAX.toLocaleString("pt-BR")} caracteres.`,
  markup: "A avaliação não pode ter HTML: escreva só o texto.",
  noStay: "Só quem se hospedou pode avaliar: a hospedagem precisa estar confirmada por você e pelo anfitrião.",
  notYet: "A avaliação abre depois da data de saída da hospedagem.",
  windowClosed: `O prazo para avaliar esta hospedagem terminou: as avaliações são escritas em até ${REVIEW_WINDOW_DAYS} dias depois da saída.`,
  already: "Você já avaliou esta hospedagem. Cada hospedagem tem uma avaliação.",
  editClosed: `A avaliação só pode ser editada nas primeiras ${REVIEW_EDIT_HOURS} horas depois do envio.`,
  ownListing: "Você não pode avaliar um anúncio seu.",
  replyShort: "Escreva a resposta antes de enviar.",
  replyLong: `A resposta deve ter no máximo ${REPLY_TEXT_MAX.toLocaleString("pt-BR")} caracteres.`,
  replyMarkup: "A resposta não pode ter HTML: escreva só o texto.",
  replied: "Você já respondeu esta avaliação. A resposta é uma só.",
  notYourReview: "Esta avaliação não é de um anúncio seu.",
  held: "Recebemos sua avaliação. Ela será publicada depois de uma revisão da nossa equipe.",
} as const;

export const STAY_MESSAGES = {
  dates: "Informe as datas de entrada e de saída da hospedagem.",
  order: "A data de saída deve ser depois da data de entrada.",
  tooLong: `Uma hospedagem tem no máximo ${STAY_MAX_NIGHTS} noites.`,
  beforeContact: "A entrada não pode ser antes do contato pelo Recanto.",
  tooFar: "A entrada deve ser em até um ano depois do contato.",
  notStayedYet: "Você só pode dizer que se hospedou a partir da data de entrada.",
  notYourContact: "Este contato não é seu.",
  already: "Já existe uma hospedagem para este contato.",
  ownConfirmation: "Quem confirma a hospedagem é a outra parte: você já a informou.",
  notFound: "Hospedagem não encontrada: ela foi retirada ou não existe.",
  checkedOut: "A hospedagem já terminou: depois da data de saída ela não pode mais ser retirada.",
  overlaps: "Já existe uma hospedagem deste hóspede neste anúncio nessas datas: uma visita é uma hospedagem só.",
} as const;

export type ReviewFields = { rating: number; text: string } & Record<SubRating, number>;
export type ReviewCheck = { ok: true; data: ReviewFields } | { ok: false; field: "rating" | SubRating | "text"; message: string };

const stars = (value: unknown): number | null => {
  const n = typeof value === "string" && /^[1-5]$/.test(value) ? Number(value) : null;
  return n;
};

export function checkReview(fields: Record<string, unknown>): ReviewCheck {
  const rating = stars(fields.rating);
  if (rating === null) return { ok: false, field: "rating", message: REVIEW_MESSAGES.rating };
  const subs = {} as Record<SubRating, number>;
  for (const key of SUB_RATING_KEYS) {
    const value = stars(fields[key]);
    if (value === null) return { ok: false, field: key, message: REVIEW_MESSAGES.subRating(SUB_RATINGS[key]) };
    subs[key] = value;
  }
  const text = cleanParagraphs(fields.text);
  const length = Array.from(text).length;
  if (length < REVIEW_TEXT_MIN) return { ok: false, field: "text", message: REVIEW_MESSAGES.textShort };
  if (length > REVIEW_TEXT_MAX) return { ok: false, field: "text", message: REVIEW_MESSAGES.textLong };
  if (hasMarkup(text)) return { ok: false, field: "text", message: REVIEW_MESSAGES.markup };
  return { ok: true, data: { rating, text, ...subs } };
}

export type ReplyCheck = { ok: true; reply: string } | { ok: false; message: string };

export function checkReply(value: unknown): ReplyCheck {
  const reply = cleanParagraphs(value);
  if (!reply) return { ok: false, message: REVIEW_MESSAGES.replyShort };
  if (Array.from(reply).length > REPLY_TEXT_MAX) return { ok: false, message: REVIEW_MESSAGES.replyLong };
  if (hasMarkup(reply)) return { ok: false, message: REVIEW_MESSAGES.replyMarkup };
  return { ok: true, reply };
}
