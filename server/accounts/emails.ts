import type { EmailMessage } from "../adapters/email";

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A table of labelled numbers (the monthly summary's), with an optional sentence under it. */
export interface EmailTable {
  caption: string;
  rows: readonly (readonly [label: string, value: string])[];
  note?: string;
}

/** What some emails add to the paragraphs and the button: tables after the paragraphs, a closing note with a link, headers. */
interface EmailExtras {
  tables?: readonly EmailTable[];
  closing?: { text: string; link: { label: string; url: string } };
  headers?: Record<string, string>;
}

const CELL = "padding:6px 0;border-bottom:1px solid #dfe5dc";
const SMALL = "font-size:12px;color:#555";

function tableHtml(table: EmailTable) {
  const rows = table.rows.map(([label, value]) => `<tr><td style="${CELL}">${escapeHtml(label)}</td><td style="${CELL};text-align:right;font-weight:bold">${escapeHtml(value)}</td></tr>`).join("");
  const note = table.note ? `<p style="margin:0 0 16px;${SMALL}">${escapeHtml(table.note)}</p>` : "";
  return `<table style="width:100%;border-collapse:collapse;margin:0 0 ${table.note ? 8 : 20}px"><caption style="text-align:left;font-weight:bold;padding:0 0 4px">${escapeHtml(table.caption)}</caption>${rows}</table>${note}`;
}

const tableText = (table: EmailTable) => [table.caption, ...table.rows.map(([label, value]) => `  ${label}: ${value}`), ...(table.note ? [`  ${table.note}`] : [])].join("\n");

function layout(title: string, paragraphs: string[], action: { label: string; url: string }, extras: EmailExtras) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;white-space:pre-line">${escapeHtml(p)}</p>`).join("");
  const tables = (extras.tables ?? []).map(tableHtml).join("");
  const closing = extras.closing
    ? `<p style="${SMALL}">${escapeHtml(extras.closing.text)}<br><a href="${escapeHtml(extras.closing.link.url)}" style="color:#2f5d3a">${escapeHtml(extras.closing.link.label)}</a></p>`
    : "";
  return `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2a1f;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#2f5d3a">${escapeHtml(title)}</h1>${body}${tables}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#2f5d3a;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="${SMALL}">Se o botão não funcionar, copie este endereço no navegador:<br>${escapeHtml(action.url)}</p>
<p style="${SMALL}">Recanto — hospedagens na natureza</p>${closing}</body></html>`;
}

function message(to: string, subject: string, paragraphs: string[], action: { label: string; url: string }, extras: EmailExtras = {}): EmailMessage {
  const tables = (extras.tables ?? []).map((table) => `\n\n${tableText(table)}`).join("");
  const closing = extras.closing ? `\n\n${extras.closing.text}\n${extras.closing.link.label}: ${extras.closing.link.url}` : "";
  const text = `${paragraphs.join("\n\n")}${tables}\n\n${action.label}: ${action.url}\n\nRecanto — hospedagens na natureza${closing}`;
  return { to, subject, text, html: layout(subject, paragraphs, action, extras), ...(extras.headers && { headers: extras.headers }) };
}

export function verificationEmail(to: string, name: string, url: string): EmailMessage {
  return message(
    to,
    "Confirme seu email no Recanto",
    [`Olá, ${name}!`, "Falta pouco: confirme seu email para ativar sua conta no Recanto.", "Se você não criou esta conta, ignore esta mensagem."],
    { label: "Confirmar email", url },
  );
}

export function passwordResetEmail(to: string, name: string, url: string): EmailMessage {
  return message(
    to,
    "Redefinição de senha do Recanto",
    [`Olá, ${name}!`, "Recebemos um pedido para redefinir a senha da sua conta. O link vale por 1 hora.", "Se não foi você, ignore esta mensagem: sua senha continua a mesma."],
    { label: "Criar nova senha", url },
  );
}

/** After a reset: the owner learns of it, and what to do if it was not them. */
export function passwordChangedEmail(to: string, name: string, resetUrl: string): EmailMessage {
  return message(
    to,
    "Sua senha do Recanto foi alterada",
    [
      `Olá, ${name}!`,
      "A senha da sua conta acabou de ser alterada, e os outros links de redefinição que pedimos para ela deixaram de valer.",
      "Se não foi você, crie uma nova senha agora e fale com a gente pela Central de Ajuda.",
    ],
    { label: "Criar nova senha", url: resetUrl },
  );
}

/** The second factor was turned on: an owner who did not do it learns that someone has their password. */
export function secondFactorOnEmail(to: string, name: string, resetUrl: string): EmailMessage {
  return message(
    to,
    "Verificação em duas etapas ativada no Recanto",
    [
      `Olá, ${name}!`,
      "A verificação em duas etapas acabou de ser ativada na sua conta: a partir de agora, o login pede também o código do aplicativo autenticador.",
      "Se não foi você, alguém conhece sua senha: crie uma nova agora e fale com a gente pela Central de Ajuda.",
    ],
    { label: "Criar nova senha", url: resetUrl },
  );
}

export function newsletterConfirmationEmail(to: string, url: string): EmailMessage {
  return message(
    to,
    "Confirme sua inscrição na newsletter do Recanto",
    ["Obrigado pelo interesse! Confirme sua inscrição para receber novidades e refúgios na natureza.", "Se não foi você, ignore esta mensagem: nada será enviado."],
    { label: "Confirmar inscrição", url },
  );
}

/** A repeat sign-up of a confirmed address: its owner hears that nothing more is needed (the form answered as for a first one). */
export function newsletterAlreadySubscribedEmail(to: string, siteUrl: string): EmailMessage {
  return message(
    to,
    "Você já está inscrito na newsletter do Recanto",
    [
      "Recebemos um novo pedido de inscrição para este email, mas ele já está inscrito na nossa newsletter: não é preciso fazer nada.",
      "Se não foi você, ignore esta mensagem.",
    ],
    { label: "Visitar o Recanto", url: siteUrl },
  );
}

/** Moderation: the property is public now (or will be once the host activates it). */
export function propertyApprovedEmail(to: string, name: string, property: { title: string; isActive: boolean }, url: string): EmailMessage {
  return message(
    to,
    "Sua propriedade foi aprovada",
    [
      `Olá, ${name}!`,
      property.isActive
        ? `Boas notícias: “${property.title}” foi aprovada pela nossa equipe e já aparece nas buscas do Recanto.`
        : `Boas notícias: “${property.title}” foi aprovada pela nossa equipe. Ela está desativada: ative-a em Minhas Propriedades para que apareça nas buscas do Recanto.`,
    ],
    { label: property.isActive ? "Ver minha propriedade" : "Abrir Minhas Propriedades", url },
  );
}

/** Moderation: a new property was refused, or a published one was taken down, with the operator's reason. */
export function propertyNeedsChangesEmail(
  to: string,
  name: string,
  property: { title: string; wasPublished: boolean },
  reason: string,
  url: string,
): EmailMessage {
  return message(
    to,
    "Sua propriedade precisa de ajustes",
    [
      `Olá, ${name}!`,
      property.wasPublished
        ? `Nossa equipe retirou “${property.title}” das buscas do Recanto até que ela seja ajustada. O motivo:`
        : `Nossa equipe analisou “${property.title}” e ela ainda não pode ser publicada. O motivo:`,
      reason,
      "Depois de fazer os ajustes, salve a propriedade: ela volta para a fila de análise.",
    ],
    { label: "Editar propriedade", url },
  );
}

export function identityVerifiedEmail(to: string, name: string, url: string): EmailMessage {
  return message(
    to,
    "Sua identidade foi verificada",
    [
      `Olá, ${name}!`,
      "Nossa equipe conferiu seus documentos: seus anúncios e sua página de anfitrião agora mostram o selo “Identidade verificada”.",
      "Apagamos as fotos do documento e a selfie que você enviou. Guardamos só o número do documento, o nome completo e a decisão.",
    ],
    { label: "Ver meu perfil", url },
  );
}

export function identityRefusedEmail(to: string, name: string, reason: string, url: string): EmailMessage {
  return message(
    to,
    "Não foi possível verificar sua identidade",
    [
      `Olá, ${name}!`,
      "Nossa equipe analisou seu pedido de verificação e não pôde aprová-lo. O motivo:",
      reason,
      "Apagamos as fotos que você enviou. Você pode enviar um novo pedido pelo seu perfil.",
    ],
    { label: "Enviar novo pedido", url },
  );
}

export function listingHiddenByReportsEmail(to: string, name: string, title: string, reasons: string[], url: string): EmailMessage {
  return message(
    to,
    "Seu anúncio saiu das buscas após denúncias",
    [
      `Olá, ${name}!`,
      `Várias pessoas denunciaram “${title}”, por isso ele saiu das buscas do Recanto enquanto nossa equipe analisa. Motivos apontados: ${reasons.join("; ")}.`,
      "Não é preciso fazer nada agora: avisaremos por email quando a equipe decidir. Se quiser, ajuste o anúncio; ele continua fora das buscas até a análise.",
    ],
    { label: "Abrir Minhas Propriedades", url },
  );
}

export function listingBackAfterReportsEmail(to: string, name: string, title: string, url: string): EmailMessage {
  return message(
    to,
    "Seu anúncio voltou às buscas",
    [`Olá, ${name}!`, `Nossa equipe analisou as denúncias sobre “${title}” e não encontrou problema: ele voltou a aparecer nas buscas do Recanto.`],
    { label: "Ver meu anúncio", url },
  );
}

export function reviewInvitationEmail(to: string, name: string, stay: { title: string; until: string; lastDay: string }, url: string): EmailMessage {
  return message(
    to,
    `Como foi a sua hospedagem em “${stay.title}”?`,
    [
      `Olá, ${name}!`,
      `Sua hospedagem em “${stay.title}” terminou em ${stay.until}. Conte como foi: sua avaliação ajuda outros hóspedes a escolher com segurança e o anfitrião a melhorar.`,
      `Você pode avaliar até ${stay.lastDay}.`,
    ],
    { label: "Avaliar a hospedagem", url },
  );
}

export function responseQuestionEmail(to: string, name: string, contact: { title: string; host: string; on: string }, url: string): EmailMessage {
  return message(
    to,
    `${contact.host} respondeu sua mensagem?`,
    [
      `Olá, ${name}!`,
      `Em ${contact.on} você chamou ${contact.host} no WhatsApp sobre “${contact.title}”. O anfitrião respondeu? Responder leva um toque e ajuda outros hóspedes a saber quem costuma responder rápido.`,
    ],
    { label: "Responder", url },
  );
}

export function reviewHiddenEmail(to: string, name: string, title: string, reason: string, url: string): EmailMessage {
  return message(to, `Uma avaliação de “${title}” foi ocultada`, [`Olá, ${name}!`, `Nossa equipe ocultou uma avaliação de “${title}”. Motivo: ${reason}`], { label: "Ver o anúncio", url });
}

export function reviewHiddenForAuthorEmail(to: string, name: string, title: string, reason: string, url: string): EmailMessage {
  return message(
    to,
    `Sua avaliação de “${title}” foi ocultada`,
    [
      `Olá, ${name}!`,
      `Nossa equipe analisou sua avaliação de “${title}” e a ocultou: ela não aparece mais no anúncio nem conta na nota. O motivo:`,
      reason,
      "Se achar que foi um engano, fale com a gente pela Central de Ajuda.",
    ],
    { label: "Abrir a Central de Ajuda", url },
  );
}

/**
 * The monthly summary (server/insights/monthly-summary.ts): the month's numbers in tables, the way
 * to the insights page, and the way out, in the text and in the List-Unsubscribe headers (RFC 8058).
 */
export function monthlySummaryEmail(to: string, name: string, summary: { month: string; tables: readonly EmailTable[] }, urls: { insights: string; optOut: string }): EmailMessage {
  return message(
    to,
    `Seu resumo de ${summary.month} no Recanto`,
    [`Olá, ${name}!`, `Veja como foram seus anúncios em ${summary.month}. Cada pessoa conta uma vez por dia, e robôs não contam.`],
    { label: "Ver desempenho", url: urls.insights },
    {
      tables: summary.tables,
      closing: {
        text: "Você recebe este resumo todo mês porque tem anúncios publicados no Recanto. Para não receber mais, desmarque a opção em Meu Perfil ou use o link abaixo.",
        link: { label: "Cancelar o resumo mensal", url: urls.optOut },
      },
      headers: { "List-Unsubscribe": `<${urls.optOut}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    },
  );
}
