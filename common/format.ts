const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const date = new Intl.DateTimeFormat("pt-BR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: "America/Sao_Paulo",
});

/** Money is stored in integer centavos. */
export function formatBRL(centavos: number): string {
  return brl.format(centavos / 100);
}

/** dd/mm/aaaa in Brasília time. */
export function formatDate(value: Date | string): string {
  return date.format(typeof value === "string" ? new Date(value) : value);
}

const kilometres = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 0 });

/** "a 12 km de Gramado", "a menos de 1 km de Paraty", "a 3 km de você". */
export function formatDistance(km: number, from: string): string {
  return km < 1 ? `a menos de 1 km de ${from}` : `a ${kilometres.format(Math.round(km))} km de ${from}`;
}
