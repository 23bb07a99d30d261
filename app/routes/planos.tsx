import { Icon, type IconName } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/planos";
import { canonical } from "~/lib/seo";
import { formatBRL, formatDate } from "@common/format";
import { isPremium, planFor, PREMIUM_PRICE_CENTS, type Plan } from "@server/billing/status";
import { Notice } from "~/components/billing/notice";
import { PlanCards } from "~/components/billing/plan-cards";
import { linkButton } from "~/components/layout/page-message";
import { AccessRestricted } from "~/components/layout/access-restricted";
import { getViewer } from "~/lib/auth.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  canonical(matches, "/planos"),
  { title: "Planos | Recanto" },
  { name: "description", content: "Os planos mensais para anunciar sua hospedagem no Recanto, sem comissão sobre as reservas." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(context);
  if (!viewer) return { view: "logged-out" as const };
  if (viewer.userType !== "host") return { view: "guest" as const };
  const plan = await planFor(context.services.database.db, viewer);
  return {
    view: "host" as const,
    plan: hostPlan(plan),
    premiumPriceCents: PREMIUM_PRICE_CENTS,
    checkoutCancelled: new URL(request.url).searchParams.get("checkout") === "cancelado",
  };
}

/** What the page says about the host's plan, dates already as dd/mm/aaaa (Brasília). */
function hostPlan(plan: Plan) {
  const premium = isPremium(plan.status);
  const { paid } = plan;
  return {
    premium,
    inPromotion: plan.status.is_free_tier,
    // promotionEndsAt is 00:00 of the day after the last free day: one millisecond earlier is that day.
    promotionLastDay: plan.promotionEndsAt ? formatDate(new Date(Date.parse(plan.promotionEndsAt) - 1)) : null,
    // A checkout during the promotion starts the paid plan the day after it, charging nothing before.
    promotionFirstPaidDay: plan.promotionEndsAt ? formatDate(plan.promotionEndsAt) : null,
    canManage: plan.canManage,
    cancelling: Boolean(paid?.givesPremium && paid.cancelAtPeriodEnd),
    periodEnd: paid?.currentPeriodEnd ? formatDate(paid.currentPeriodEnd) : null,
    // Stripe is retrying a failed charge: still Premium, but the card needs fixing in the portal.
    paymentProblem: plan.canManage && paid?.status === "past_due",
  };
}

export default function Planos({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === "logged-out") {
    return <AccessRestricted returnTo="/planos">Faça login para ver os planos do Recanto.</AccessRestricted>;
  }
  if (loaderData.view === "guest") return <GuestWelcome />;
  return <HostPlans {...loaderData} />;
}

const GUEST_FEATURES = [
  { icon: "search", title: "Buscar hospedagens", text: "Encontre cabanas, chalés, glampings e muito mais, com filtros de local, preço e hóspedes." },
  { icon: "heart", title: "Favoritar", text: "Guarde as propriedades de que você mais gostar para ver depois." },
  { icon: "eye", title: "Ver todos os detalhes", text: "Fotos, comodidades, itens de segurança e localização de cada propriedade." },
  { icon: "message-circle", title: "Falar com os anfitriões", text: "Combine sua estadia direto com o anfitrião pelo WhatsApp." },
] satisfies { icon: IconName; title: string; text: string }[];

function GuestWelcome() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <div className="text-center">
        <h1 className="text-3xl font-bold sm:text-4xl">Boas-vindas ao Recanto!</h1>
        <p className="mt-4 text-lg text-stone-700 dark:text-stone-300">Usuários guest têm acesso livre a todas as funcionalidades.</p>
        <p className="mt-2 text-stone-600 dark:text-stone-300">Para você tudo é gratuito: não há plano nem assinatura.</p>
      </div>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2">
        {GUEST_FEATURES.map(({ icon, title, text }) => (
          <li key={title} className="flex gap-4 rounded-2xl border border-stone-200 p-5 dark:border-stone-800">
            <Icon name={icon} aria-hidden className="mt-0.5 size-6 shrink-0 text-brand-700 dark:text-brand-300" />
            <div>
              <h2 className="font-semibold">{title}</h2>
              <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">{text}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-10 text-center">
        <Link to="/" className={linkButton}>
          Explorar hospedagens
        </Link>
      </div>
    </div>
  );
}

type HostData = Extract<Route.ComponentProps["loaderData"], { view: "host" }>;

function HostPlans({ plan, premiumPriceCents, checkoutCancelled }: HostData) {
  const price = `${formatBRL(premiumPriceCents)}/mês`;
  const notices: ReactNode[] = [];
  if (checkoutCancelled) {
    notices.push(
      <Notice key="cancelado" tone="info" icon={<Icon name="info" aria-hidden className="size-5" />} title="Pagamento cancelado">
        Nenhuma cobrança foi feita. Você pode assinar o Premium quando quiser.
      </Notice>,
    );
  }
  if (plan.inPromotion) {
    notices.push(
      <Notice key="promocao" tone="success" icon={<Icon name="party-popper" aria-hidden className="size-5" />} title={`Seu plano: Premium grátis até ${plan.promotionLastDay}`}>
        Parabéns! Você está entre os 100 primeiros anfitriões do Recanto.{" "}
        {!plan.canManage
          ? `Depois dessa data, você passa para o plano Gratuito, a menos que assine o Premium por ${price}.`
          : plan.cancelling
            ? null
            : `Depois dessa data, começa a sua assinatura de ${price}, sem interrupção.`}
      </Notice>,
    );
  } else if (plan.promotionLastDay && !plan.premium) {
    notices.push(
      <Notice key="fim-promocao" tone="warning" icon={<Icon name="circle-exclamation-point" aria-hidden className="size-5" />} title="Seu período gratuito terminou">
        Seus 6 meses de Premium grátis terminaram em {plan.promotionLastDay}. Assine o Premium para voltar a cadastrar e gerenciar suas propriedades.
      </Notice>,
    );
  }
  if (plan.cancelling) {
    notices.push(
      <Notice key="cancelamento" tone="info" icon={<Icon name="info" aria-hidden className="size-5" />} title="Assinatura cancelada">
        Seu Premium termina {plan.periodEnd ? `em ${plan.periodEnd}` : "ao fim do período atual"}. Até lá, você continua com todos os recursos do
        Premium.
      </Notice>,
    );
  }
  if (plan.paymentProblem) {
    notices.push(
      <Notice key="pagamento" tone="warning" icon={<Icon name="circle-exclamation-point" aria-hidden className="size-5" />} title="Problema no pagamento">
        Não conseguimos cobrar a sua assinatura. Atualize a forma de pagamento em Gerenciar Assinatura para continuar com o Premium.
      </Notice>,
    );
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
      <div className="text-center">
        <h1 className="text-3xl font-bold sm:text-4xl">Planos</h1>
        <p className="mt-3 text-lg text-stone-700 dark:text-stone-300">Anuncie suas propriedades sem comissão: o valor das hospedagens é todo seu.</p>
      </div>
      {notices.length ? <div className="mt-8 space-y-4">{notices}</div> : null}
      <div className="mt-8">
        <PlanCards
          premium={plan.premium}
          inPromotion={plan.inPromotion}
          canManage={plan.canManage}
          premiumPriceCents={premiumPriceCents}
          checkoutLabel={plan.inPromotion ? `Assinar a partir de ${plan.promotionFirstPaidDay}` : undefined}
        />
      </div>
      {plan.premium ? null : (
        <div className="mt-8">
          <Notice tone="info" icon={<Icon name="sparkles" aria-hidden className="size-5 text-brand-700 dark:text-brand-300" />} title="Dica">
            Com o Premium você cadastra propriedades ilimitadas e recebe contatos de hóspedes direto no WhatsApp.
          </Notice>
        </div>
      )}
    </div>
  );
}
