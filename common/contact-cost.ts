import { formatBRL, formatCount, formatDate } from "./format";

/**
 * "Custo por contato": the plan's price over a month's contacts (all the host's listings: the plan
 * pays for all). Free (the first-100 promotion): nothing paid, said so rather than a made-up cost.
 */
export type CostPerContact =
  | { kind: "free"; until: string }
  | { kind: "no-plan" }
  | { kind: "no-contacts"; priceCents: number }
  | { kind: "paid"; priceCents: number; contacts: number; centsPerContact: number };

/**
 * The cost as shown, with the sentence that explains it. `month` says which month in words ("neste
 * mês", "em novembro de 2026"); `ended` tells a month gone by from the one under way.
 */
export function costText(cost: CostPerContact, month: { words: string; ended: boolean }): { value: string; note: string } {
  switch (cost.kind) {
    case "free":
      return {
        value: formatBRL(0),
        note: month.ended
          ? `Seu Premium estava no período grátis ${month.words}: nada foi pago por estes contatos.`
          : `Você está no período grátis do Premium até ${formatDate(cost.until)}: nada foi pago por estes contatos.`,
      };
    case "no-plan":
      return { value: "—", note: `Sem plano ativo ${month.words}, não há custo a dividir pelos contatos.` };
    case "no-contacts":
      return {
        value: "—",
        note: month.ended
          ? `Nenhum contato ${month.words}, então não há custo por contato a calcular.`
          : `Nenhum contato ${month.words} ainda: o plano de ${formatBRL(cost.priceCents)} será dividido pelos contatos do mês.`,
      };
    case "paid":
      return {
        value: formatBRL(cost.centsPerContact),
        note: `${formatBRL(cost.priceCents)} do plano ÷ ${formatCount(cost.contacts)} ${cost.contacts === 1 ? "contato" : "contatos"} ${month.words}, em todos os anúncios.`,
      };
  }
}
