/**
 * A listing's house rules and cancellation policy as the host states them: each one optional, as
 * stored (one column each) and as the form's rules check them (common/property-form.ts). Null is
 * "not stated": the listing does not show it.
 */
import type { StayFeature } from "./catalog";

/**
 * Yes-or-no house rules: the form's question and what the listing says for each answer. A rule the
 * host left unstated is not shown. Pets are a stay feature (STAY_FEATURES.petsAllowed), which
 * guests also filter by.
 */
export const HOUSE_RULES = {
  smokingAllowed: { question: "Fumar", yes: "Permitido fumar", no: "Proibido fumar" },
  partiesAllowed: { question: "Festas e eventos", yes: "Festas e eventos permitidos", no: "Festas e eventos não são permitidos" },
} as const;
export type YesNoRule = keyof typeof HOUSE_RULES;
/** The form's answers to a yes-or-no rule, as posted. */
export const RULE_ANSWERS = { sim: "Permitido", nao: "Não permitido", "": "Não informar" } as const;

/**
 * The cancellation policies a host chooses from (spec §2: owners set their own), with the one line
 * the listing shows. Refunds are paid by the host: Recanto takes no payment (/politica-cancelamento).
 */
export const CANCELLATION_POLICIES = {
  flexivel: { label: "Flexível", summary: "Reembolso integral se o cancelamento for feito até 24 horas antes do check-in." },
  moderada: { label: "Moderada", summary: "Reembolso integral se o cancelamento for feito até 5 dias antes do check-in." },
  rigida: { label: "Rígida", summary: "Reembolso de 50% se o cancelamento for feito até 7 dias antes do check-in; depois disso, sem reembolso." },
  combinar: { label: "Combinar com o anfitrião", summary: "Prazos e reembolsos são combinados com o anfitrião antes de reservar." },
} as const;
export type CancellationPolicy = keyof typeof CANCELLATION_POLICIES;

export interface HouseRules {
  /** "HH:MM", from TIME_OPTIONS. */
  checkInFrom: string | null;
  checkOutUntil: string | null;
  /** "22:00-08:00": when guests keep quiet, from and until. */
  quietHours: string | null;
  smokingAllowed: boolean | null;
  partiesAllowed: boolean | null;
  /** Anything else, in the host's words. */
  otherRules: string | null;
  cancellationPolicy: CancellationPolicy | null;
  /** The policy's details in the host's words (rescheduling, rain, a deposit …). */
  cancellationNotes: string | null;
}

export const NO_HOUSE_RULES: HouseRules = {
  checkInFrom: null,
  checkOutUntil: null,
  quietHours: null,
  smokingAllowed: null,
  partiesAllowed: null,
  otherRules: null,
  cancellationPolicy: null,
  cancellationNotes: null,
};

/** Pets are a house rule in the form and on the listing, stored as the stay feature guests filter by (common/stay-attributes.ts). */
export const PETS_FEATURE = "petsAllowed" satisfies StayFeature;

/** Only the house rules of a row that has more. */
export const houseRulesOf = (row: HouseRules): HouseRules => ({
  checkInFrom: row.checkInFrom,
  checkOutUntil: row.checkOutUntil,
  quietHours: row.quietHours,
  smokingAllowed: row.smokingAllowed,
  partiesAllowed: row.partiesAllowed,
  otherRules: row.otherRules,
  cancellationPolicy: row.cancellationPolicy,
  cancellationNotes: row.cancellationNotes,
});

/** The times a host chooses from, every half hour: "00:00" … "23:30". */
export const TIME_OPTIONS = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`);

export const CANCELLATION_KEYS = Object.keys(CANCELLATION_POLICIES) as [CancellationPolicy, ...CancellationPolicy[]];

/** The form's two quiet-hour fields as one value; null when both are empty. */
export const joinQuietHours = (from: string, until: string) => (from || until ? `${from}-${until}` : null);

/** "22:00-08:00" -> { from: "22:00", until: "08:00" }; empty parts for anything else. */
export function splitQuietHours(value: string | null): { from: string; until: string } {
  const [from = "", until = "", ...rest] = (value ?? "").split("-");
  return rest.length ? { from: "", until: "" } : { from, until };
}

/** Posted "sim" / "nao" / "" -> true / false / null; anything else is kept, for the rules to refuse. */
export function yesNo(answer: string): boolean | null | string {
  return answer === "sim" ? true : answer === "nao" ? false : answer === "" ? null : answer;
}

/** What the form's radio shows checked for a stored answer. */
export const answerOf = (value: boolean | null) => (value === null ? "" : value ? "sim" : "nao");

/** Whether the host stated any house rule (pets come from the stay's features). */
export const statesHouseRules = (r: HouseRules, petsAllowed: boolean) =>
  petsAllowed || r.checkInFrom !== null || r.checkOutUntil !== null || r.quietHours !== null || r.smokingAllowed !== null || r.partiesAllowed !== null || r.otherRules !== null;

export const statesCancellation = (r: HouseRules) => r.cancellationPolicy !== null || r.cancellationNotes !== null;
