import { isValidCnpj, isValidCpf } from "@brazilian-utils/brazilian-utils";
import { IDENTITY_UPLOAD_MESSAGES } from "./image-upload";
import { cleanLine, hasLetter, hasMarkup } from "./text";
import { isUuid } from "./uuid";

/** A host's request to be verified, as the form on /perfil sends it (server/trust/identity.ts). */
export interface IdentityRequest {
  documentKind: "cpf" | "cnpj";
  /** Without punctuation, letters in upper case (the alphanumeric CNPJ, in force from July 2026). */
  document: string;
  legalName: string;
  cadastur: string | null;
  documentUpload: string;
  selfieUpload: string;
}

export const LEGAL_NAME_MAX = 150;

export const IDENTITY_MESSAGES = {
  kind: "Escolha se o documento é um CPF (pessoa física) ou um CNPJ (empresa).",
  cpf: "CPF inválido: confira os 11 dígitos.",
  cnpj: "CNPJ inválido: confira os números e letras (14 caracteres).",
  legalNameRequired: "Informe o nome completo (ou a razão social, para CNPJ) como está no documento.",
  legalNameFull: "Informe o nome completo, com sobrenome, como está no documento.",
  legalNameLong: `O nome deve ter no máximo ${LEGAL_NAME_MAX} caracteres.`,
  legalNameMarkup: "O nome não pode ter HTML: escreva só o texto.",
  cadastur: "Número do Cadastur inválido: use só números, pontos, barras e hífens, como no certificado.",
  documentImage: "Envie a foto do documento.",
  selfieImage: "Envie uma selfie segurando o documento.",
  pending: "Seu pedido de verificação já está em análise.",
  approved: "Sua identidade já está verificada.",
  documentTaken: "Este documento já verificou outra conta do Recanto. Cada documento verifica uma só conta: se ele é seu, fale com a gente.",
  uploadsGone: "As fotos enviadas não estão mais disponíveis. Envie-as novamente.",
  // Defined with the image uploads' texts, which must not import this module (and @brazilian-utils with it).
  notHost: IDENTITY_UPLOAD_MESSAGES.notHost,
  notFound: "Pedido não encontrado.",
  ownRequest: "Outra pessoa da equipe precisa analisar um pedido seu.",
  decided: "Este pedido já foi analisado.",
  takenMeanwhile: "Este documento verificou outra conta enquanto você analisava: recuse este pedido.",
} as const;

export type IdentityField = "documentKind" | "document" | "legalName" | "cadastur" | "documentUpload" | "selfieUpload";

/** "123.456.789-09" → "12345678909"; letters of a CNPJ in upper case. */
export const documentDigits = (raw: string) => raw.replace(/[\s./-]/g, "").toUpperCase();

/** What an operator or the host sees of a document number: only its last digits ("•••.•••.789-09"). */
export function maskedDocument(kind: "cpf" | "cnpj", document: string): string {
  return kind === "cpf" ? `•••.•••.${document.slice(6, 9)}-${document.slice(9)}` : `••.•••.•••/${document.slice(8, 12)}-${document.slice(12)}`;
}

/** "12345678909" → "123.456.789-09"; a CNPJ as "12.ABC.345/01DE-35". */
export function formattedDocument(kind: "cpf" | "cnpj", d: string): string {
  return kind === "cpf" ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}` : `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}

const text = (v: unknown) => (typeof v === "string" ? v : "");

export type IdentityCheck = { ok: true; data: IdentityRequest } | { ok: false; field: IdentityField; message: string };

/** The request as it will be stored, or the first problem with the field it belongs to. */
export function checkIdentityRequest(fields: Record<string, unknown>): IdentityCheck {
  const fail = (field: IdentityField, message: string): IdentityCheck => ({ ok: false, field, message });
  const documentKind = fields.documentKind;
  if (documentKind !== "cpf" && documentKind !== "cnpj") return fail("documentKind", IDENTITY_MESSAGES.kind);
  const document = documentDigits(text(fields.document).slice(0, 40));
  if (documentKind === "cpf" ? !/^\d{11}$/.test(document) || !isValidCpf(document) : !/^[0-9A-Z]{12}\d{2}$/.test(document) || !isValidCnpj(document, { version: 2 })) {
    return fail("document", documentKind === "cpf" ? IDENTITY_MESSAGES.cpf : IDENTITY_MESSAGES.cnpj);
  }
  const legalName = cleanLine(fields.legalName);
  if (!legalName || !hasLetter(legalName)) return fail("legalName", IDENTITY_MESSAGES.legalNameRequired);
  if (Array.from(legalName).length > LEGAL_NAME_MAX) return fail("legalName", IDENTITY_MESSAGES.legalNameLong);
  if (hasMarkup(legalName)) return fail("legalName", IDENTITY_MESSAGES.legalNameMarkup);
  // A person's name has a surname; a company's may be one word ("Pousadinha Ltda" has two, "Acme" one).
  if (documentKind === "cpf" && legalName.split(" ").length < 2) return fail("legalName", IDENTITY_MESSAGES.legalNameFull);
  const cadastur = cleanLine(fields.cadastur);
  if (cadastur && !/^[0-9][0-9./ -]{5,28}[0-9]$/.test(cadastur)) return fail("cadastur", IDENTITY_MESSAGES.cadastur);
  const documentUpload = text(fields.documentUpload);
  if (!isUuid(documentUpload)) return fail("documentUpload", IDENTITY_MESSAGES.documentImage);
  const selfieUpload = text(fields.selfieUpload);
  if (!isUuid(selfieUpload)) return fail("selfieUpload", IDENTITY_MESSAGES.selfieImage);
  return { ok: true, data: { documentKind, document, legalName, cadastur: cadastur || null, documentUpload, selfieUpload } };
}
