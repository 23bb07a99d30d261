import { formatBRL, formatDate } from "./format";

const HOUR_MS = 3_600_000;

/**
 * What a guest is told of a listing's calendar: "Calendário atualizado há 3 horas" (or the date,
 * after a day), or "Disponibilidade a confirmar" when it keeps none. Written on the server, at the
 * time of the page.
 */
export function calendarNote(checkedAt: Date | null, now: Date): string {
  if (!checkedAt) return "Disponibilidade a confirmar";
  const hours = Math.floor((now.getTime() - checkedAt.getTime()) / HOUR_MS);
  if (hours < 1) return "Calendário atualizado há menos de 1 hora";
  if (hours < 24) return `Calendário atualizado há ${hours} ${hours === 1 ? "hora" : "horas"}`;
  return `Calendário atualizado em ${formatDate(checkedAt)}`;
}

/** "R$ 310,00 × 3 noites = R$ 930,00". */
export function stayTotal(priceCents: number, nights: number): string {
  return `${formatBRL(priceCents)} × ${nights} ${nights === 1 ? "noite" : "noites"} = ${formatBRL(priceCents * nights)}`;
}
