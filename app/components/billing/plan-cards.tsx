import { Icon } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { formatBRL } from "@common/format";
import { BillingButton } from "./billing-button";

const FREE_FEATURES = ["Perfil de anfitrião", "Buscar e favoritar hospedagens", "Acesso à Central de Ajuda"];
const PREMIUM_FEATURES = ["Todos os recursos do plano gratuito", "Cadastrar propriedades", "Gerenciar suas propriedades", "Receber contatos de hóspedes"];

/**
 * The host's two plans side by side (stacked on phones), the current one marked 'Seu Plano'.
 * `checkoutLabel` words the checkout button where 'Assinar Agora' would say more than it does (in the promotion, nothing is charged now).
 */
export function PlanCards({
  premium,
  inPromotion,
  canManage,
  premiumPriceCents,
  checkoutLabel,
}: {
  premium: boolean;
  inPromotion: boolean;
  canManage: boolean;
  premiumPriceCents: number;
  checkoutLabel?: string;
}) {
  return (
    <div className="grid gap-8 md:grid-cols-2">
      <PlanCard
        id="plano-gratuito"
        name="Gratuito"
        description="Para conhecer o Recanto."
        priceCents={0}
        features={FREE_FEATURES}
        badges={premium ? null : <Badge>Seu Plano</Badge>}
        action={
          <button type="button" disabled className="w-full cursor-not-allowed rounded-lg border border-stone-300 px-5 py-3 font-semibold text-stone-500 dark:border-stone-700 dark:text-stone-400">
            {premium ? "Plano básico" : "Plano atual"}
          </button>
        }
      />
      <PlanCard
        id="plano-premium"
        name="Premium"
        description="Para anunciar e receber hóspedes."
        priceCents={premiumPriceCents}
        features={PREMIUM_FEATURES}
        highlighted
        badges={
          <>
            {premium ? <Badge>Seu Plano</Badge> : null}
            {inPromotion ? (
              <Badge tone="gift">
                <Icon name="gift" aria-hidden className="size-3.5" /> 6 Meses Grátis
              </Badge>
            ) : null}
          </>
        }
        action={canManage ? <BillingButton kind="portal" /> : <BillingButton kind="checkout" label={checkoutLabel} />}
      />
    </div>
  );
}

function PlanCard(props: {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  features: string[];
  badges: ReactNode;
  action: ReactNode;
  highlighted?: boolean;
}) {
  const border = props.highlighted
    ? "border-brand-600 ring-1 ring-brand-600 dark:border-brand-400 dark:ring-brand-400"
    : "border-stone-200 dark:border-stone-800";
  return (
    <section aria-labelledby={props.id} className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm sm:p-8 dark:bg-stone-900 ${border}`}>
      <h2 id={props.id} className="text-xl font-semibold">
        {props.name}
      </h2>
      {/* On the card's top edge, so both cards keep their contents level whatever badges they carry. */}
      <div className="absolute -top-3.5 left-6 flex gap-2 sm:left-8">{props.badges}</div>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">{props.description}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight">{formatBRL(props.priceCents)}</span>
        <span className="text-stone-600 dark:text-stone-300">/mês</span>
      </p>
      <ul className="mt-6 flex-1 space-y-3">
        {props.features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <Icon name="check" aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300" />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-8">{props.action}</div>
    </section>
  );
}

function Badge({ children, tone = "plan" }: { children: ReactNode; tone?: "plan" | "gift" }) {
  const colours =
    tone === "gift"
      ? "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-50"
      : "bg-brand-700 text-white dark:bg-brand-300 dark:text-brand-900";
  return <span className={`inline-flex items-center gap-1 rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap ${colours}`}>{children}</span>;
}
