/**
 * Each formatter is made on its first use: making one loads its locale (and the date's time zone)
 * data, tens of milliseconds on a phone, paid at start by every page that imports this module
 * whether it shows a price, a date, a count or none.
 */
function formatter<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const brl = formatter(() => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }));
const date = formatter(
  () =>
    new Intl.DateTimeFormat("pt-BR", {
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      timeZone: "America/Sao_Paulo",
    }),
);
const integer = formatter(() => new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 0 }));
const monthYear = formatter(() => new Intl.DateTimeFormat("pt-BR", { month: "long", year: "numeric", timeZone: "America/Sao_Paulo" }));

/** Money is stored in integer centavos. */
export function formatBRL(centavos: number): string {
  return brl().format(centavos / 100);
}

/** dd/mm/aaaa in Brasília time. */
export function formatDate(value: Date | string): string {
  return date().format(typeof value === "string" ? new Date(value) : value);
}

/** "março de 2027" in Brasília time; a date-only "2027-03-13" is that day. */
export function formatMonthYear(value: Date | string): string {
  return monthYear().format(typeof value === "string" ? new Date(`${value}T12:00:00-03:00`) : value);
}

/** "1.234": a whole number with pt-BR's thousands separator. */
export function formatCount(n: number): string {
  return integer().format(n);
}

/** "1 propriedade encontrada", "12 propriedades encontradas", "Mais de 1.000 propriedades encontradas". */
export function formatResultsCount(total: number, capped: boolean): string {
  if (capped) return `Mais de ${formatCount(total)} propriedades encontradas`;
  return total === 1 ? "1 propriedade encontrada" : `${formatCount(total)} propriedades encontradas`;
}

/** "a 12 km de Gramado", "a menos de 1 km de Paraty", "a 3 km de você". */
export function formatDistance(km: number, from: string): string {
  return km < 1 ? `a menos de 1 km de ${from}` : `a ${formatCount(Math.round(km))} km de ${from}`;
}
