import type { EmailMessage } from "../adapters/email";

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(title: string, paragraphs: string[], action: { label: string; url: string }) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");
  return `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2a1f;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#2f5d3a">${escapeHtml(title)}</h1>${body}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#2f5d3a;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#555">Se o botão não funcionar, copie este endereço no navegador:<br>${escapeHtml(action.url)}</p>
<p style="font-size:12px;color:#555">Recanto — hospedagens na natureza</p></body></html>`;
}

function message(to: string, subject: string, paragraphs: string[], action: { label: string; url: string }): EmailMessage {
  const text = `${paragraphs.join("\n\n")}\n\n${action.label}: ${action.url}\n\nRecanto — hospedagens na natureza`;
  return { to, subject, text, html: layout(subject, paragraphs, action) };
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

export function newsletterConfirmationEmail(to: string, url: string): EmailMessage {
  return message(
    to,
    "Confirme sua inscrição na newsletter do Recanto",
    ["Obrigado pelo interesse! Confirme sua inscrição para receber novidades e refúgios na natureza.", "Se não foi você, ignore esta mensagem: nada será enviado."],
    { label: "Confirmar inscrição", url },
  );
}
