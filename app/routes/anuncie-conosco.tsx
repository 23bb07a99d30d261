import { Link } from "react-router";
import { Icon } from "~/components/ui/icons";
import type { Route } from "./+types/anuncie-conosco";
import { canonical } from "~/lib/seo";
import { sharedPageHeaders } from "@server/http/cache-policy";
import { FaqList } from "~/components/layout/faq-list";
import { StaticPage } from "~/components/layout/static-page";
import { formatBRL } from "@common/format";

/** The same for every anonymous visitor: shared caches may keep it (server/http/cache-policy.ts). */
export const headers: Route.HeadersFunction = sharedPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => [
  canonical(matches, "/anuncie-conosco"),
  { title: "Anuncie conosco | Recanto" },
  {
    name: "description",
    content:
      "Anuncie sua hospedagem na natureza no Recanto: sem comissão, contato direto com hóspedes pelo WhatsApp e 6 meses de Premium grátis para os 100 primeiros anfitriões.",
  },
];

const PREMIUM_MONTHLY_CENTAVOS = 3990;

const primaryButton =
  "inline-flex items-center justify-center rounded-lg bg-brand-700 px-5 py-3 font-semibold! text-white! no-underline! hover:bg-brand-800";
const secondaryButton =
  "inline-flex items-center justify-center rounded-lg border border-stone-300 px-5 py-3 font-semibold! text-stone-900! no-underline! hover:bg-stone-100 dark:border-stone-600 dark:text-stone-50! dark:hover:bg-stone-800";

const propertyTypes = [
  "Cabanas e chalés",
  "Hotéis fazenda",
  "Glamping",
  "Casas rurais",
  "Fazendas",
  "Pousadas rurais",
  "Eco resorts",
  "Casas na árvore",
  "Refúgios na montanha",
];

const steps = [
  { title: "Crie sua conta", text: "Cadastre-se como anfitrião com seu nome, e-mail e WhatsApp." },
  { title: "Monte seu anúncio", text: "Envie fotos reais, descrição, localização e as regras da casa, e escolha a sua política de cancelamento." },
  { title: "Passe pela análise", text: "Nossa equipe revisa o anúncio e, depois de aprovado, ele fica visível nas buscas." },
  { title: "Receba contatos", text: "Hóspedes interessados chamam você direto no WhatsApp para combinar a estadia." },
];

const benefits = [
  { title: "Zero comissão", text: "Você recebe 100% do valor das hospedagens. O Recanto não cobra porcentagem sobre as reservas." },
  { title: "Contato direto", text: "Sem intermediários: você conversa com os hóspedes pelo WhatsApp e negocia do seu jeito." },
  { title: "Você no controle", text: "Preços, formas de pagamento, regras da casa e política de cancelamento são definidos por você." },
  { title: "Vitrine especializada", text: "Uma plataforma dedicada a quem procura descanso na natureza e no campo." },
];

const faq = [
  {
    q: "O Recanto cobra comissão sobre as reservas?",
    a: "Não. O anfitrião paga apenas o plano escolhido, se for o Premium. Todo o valor das hospedagens fica com você.",
  },
  {
    q: "Quem recebe o pagamento dos hóspedes?",
    a: "Você. O Recanto não processa reservas nem pagamentos de hospedagem: tudo é combinado diretamente entre você e o hóspede.",
  },
  {
    q: "Como funciona a promoção dos 100 primeiros anfitriões?",
    a: "Os 100 primeiros anfitriões cadastrados ganham 6 meses de plano Premium sem custo. Antes do fim do período avisaremos por e-mail, e a cobrança só começa se você mantiver o Premium.",
  },
  {
    q: "Posso cancelar o plano Premium?",
    a: "Sim, a qualquer momento. O cancelamento vale a partir do próximo ciclo de cobrança, conforme os Termos de Uso.",
  },
  {
    q: "Por que meu anúncio precisa ser aprovado?",
    a: "Revisamos cada propriedade nova antes de publicá-la para manter os anúncios fiéis à realidade e proteger hóspedes e anfitriões.",
  },
];

export default function AnuncieConosco() {
  return (
    <StaticPage
      title="Anuncie conosco"
      intro="Tem uma cabana, um chalé, uma fazenda ou outro refúgio na natureza? Divulgue sua propriedade no Recanto e receba contatos de hóspedes direto no seu WhatsApp."
    >
      <section
        aria-labelledby="anuncie-hero"
        className="rounded-2xl border border-brand-200 bg-brand-50 p-6 sm:p-8 dark:border-brand-800 dark:bg-brand-900/40"
      >
        <h2 id="anuncie-hero" className="mt-0!">
          Mostre seu refúgio para quem procura natureza
        </h2>
        <p>
          Sem comissão sobre as hospedagens e com 6 meses de Premium grátis para os 100 primeiros anfitriões. Crie sua
          conta, cadastre sua propriedade e comece a receber contatos após a aprovação.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/cadastro" className={primaryButton}>
            Quero anunciar
          </Link>
          <Link to="/como-funciona" className={secondaryButton}>
            Como funciona
          </Link>
        </div>
      </section>

      <h2>Como anunciar</h2>
      <ol className="mt-4 grid list-none! gap-4 pl-0! sm:grid-cols-2">
        {steps.map((step, index) => (
          <li key={step.title} className="rounded-xl border border-stone-200 p-6 dark:border-stone-800">
            <span className="text-sm font-semibold text-brand-700 dark:text-brand-300">Passo {index + 1}</span>
            <h3 className="mt-1! mb-1!">{step.title}</h3>
            <p className="my-0!">{step.text}</p>
          </li>
        ))}
      </ol>

      <h2>Por que anunciar no Recanto</h2>
      <ul className="mt-4 grid list-none! gap-4 pl-0! sm:grid-cols-2">
        {benefits.map((benefit) => (
          <li key={benefit.title} className="rounded-xl border border-stone-200 p-6 dark:border-stone-800">
            <h3 className="mt-0! mb-1!">{benefit.title}</h3>
            <p className="my-0!">{benefit.text}</p>
          </li>
        ))}
      </ul>

      <h2>Tipos de propriedade</h2>
      <p>Aceitamos hospedagens em meio à natureza e no campo, como:</p>
      <ul className="mt-4 grid list-none! gap-2! pl-0! sm:grid-cols-3">
        {propertyTypes.map((type) => (
          <li key={type} className="flex items-center gap-2 rounded-lg border border-stone-200 px-4 py-3 dark:border-stone-800">
            <Icon name="check" aria-hidden="true" className="size-4 shrink-0 text-brand-700 dark:text-brand-300" />
            {type}
          </li>
        ))}
      </ul>

      <h2>Planos</h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="rounded-xl border border-stone-200 p-6 dark:border-stone-800">
          <h3 className="mt-0!">Gratuito</h3>
          <p className="text-3xl font-bold text-stone-900 dark:text-stone-50">{formatBRL(0)}</p>
          <p>Para criar a conta de anfitrião e conhecer a plataforma. Para publicar anúncios, assine o Premium.</p>
        </div>
        <div className="rounded-xl border-2 border-brand-700 p-6 dark:border-brand-300">
          <h3 className="mt-0!">Premium</h3>
          <p className="text-3xl font-bold text-stone-900 dark:text-stone-50">
            {formatBRL(PREMIUM_MONTHLY_CENTAVOS)}
            <span className="text-base font-medium text-stone-700 dark:text-stone-300"> por mês</span>
          </p>
          <p className="inline-block rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-900 dark:bg-brand-900 dark:text-brand-100">
            6 meses grátis para os 100 primeiros anfitriões
          </p>
          <p>Cobrança mensal, sem fidelidade: cancele quando quiser.</p>
        </div>
      </div>
      <p>
        Em nenhum plano cobramos comissão sobre as hospedagens. Os recursos de cada plano são apresentados antes da
        contratação, e as regras de cobrança estão nos <Link to="/termos-uso">Termos de Uso</Link>.
      </p>

      <h2>Perguntas frequentes</h2>
      <FaqList items={faq} />
      <p>
        Mais dúvidas? Visite a <Link to="/central-ajuda">Central de Ajuda</Link>.
      </p>

      <section
        aria-labelledby="anuncie-cta"
        className="mt-10 rounded-2xl border border-stone-200 p-6 text-center sm:p-8 dark:border-stone-800"
      >
        <h2 id="anuncie-cta" className="mt-0!">
          Pronto para receber hóspedes?
        </h2>
        <p>Crie sua conta de anfitrião e envie sua propriedade para análise.</p>
        <Link to="/cadastro" className={`mt-4 ${primaryButton}`}>
          Criar conta de anfitrião
        </Link>
      </section>
    </StaticPage>
  );
}
