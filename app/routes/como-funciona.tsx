import { Link } from "react-router";
import { Icon, type IconName } from "~/components/ui/icons";
import type { Route } from "./+types/como-funciona";
import { canonical } from "~/lib/seo";
import { sharedPageHeaders } from "@server/http/cache-policy";
import { StaticPage } from "~/components/layout/static-page";

/** The same for every anonymous visitor: shared caches may keep it (server/http/cache-policy.ts). */
export const headers: Route.HeadersFunction = sharedPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => [
  canonical(matches, "/como-funciona"),
  { title: "Como funciona | Recanto" },
  {
    name: "description",
    content:
      "Entenda como o Recanto conecta hóspedes e anfitriões de hospedagens na natureza: busque, favorite e converse direto pelo WhatsApp, sem comissão.",
  },
];

type Step = { title: string; text: string };

const guestSteps: Step[] = [
  {
    title: "Busque seu refúgio",
    text: "Explore as hospedagens anunciadas: cabanas, chalés, casas na árvore, glamping, hotéis fazenda, casas flutuantes, contêineres e muito mais.",
  },
  {
    title: "Salve os favoritos",
    text: "Com uma conta gratuita, guarde as propriedades que mais gostou para comparar com calma.",
  },
  {
    title: "Fale com o anfitrião",
    text: "Com a sessão iniciada, toque no botão de WhatsApp do anúncio: a conversa abre em uma nova aba, direto com o anfitrião.",
  },
  {
    title: "Combine tudo por escrito",
    text: "Confira no anúncio as regras da casa e a política de cancelamento. Datas, valor e forma de pagamento são acertados entre você e o anfitrião: confirme tudo por escrito e guarde as mensagens e os comprovantes.",
  },
];

const hostSteps: Step[] = [
  {
    title: "Crie sua conta de anfitrião",
    text: "Cadastre-se informando nome, e-mail e um WhatsApp para receber os contatos dos hóspedes.",
  },
  {
    title: "Cadastre sua propriedade",
    text: "Adicione fotos reais, descrição, localização, comodidades e as regras da casa (horários, silêncio, pets, fumo, festas), e escolha a sua política de cancelamento.",
  },
  {
    title: "Aguarde a aprovação",
    text: "Nossa equipe revisa cada anúncio novo antes de ele ficar público, para manter a qualidade e a segurança do Recanto.",
  },
  {
    title: "Receba contatos no WhatsApp",
    text: "Os hóspedes interessados falam direto com você. Você negocia, recebe os pagamentos e fica com 100% do valor da hospedagem.",
  },
];

const highlights = [
  {
    icon: "badge-percent",
    title: "Sem comissão",
    text: "O Recanto não cobra comissão sobre as hospedagens. Anfitriões escolhem entre o plano Gratuito e o Premium.",
  },
  {
    icon: "message-circle",
    title: "Contato direto",
    text: "Hóspede e anfitrião conversam sem intermediários, pelo aplicativo que já usam todos os dias.",
  },
  {
    icon: "shield-check",
    title: "Anúncios revisados",
    text: "Toda propriedade nova passa pela análise da nossa equipe antes de aparecer nas buscas.",
  },
  {
    icon: "leaf",
    title: "Foco na natureza",
    text: "Só hospedagens em meio à natureza e no campo: do chalé na serra à casa flutuante.",
  },
] satisfies { icon: IconName; title: string; text: string }[];

function StepList({ steps }: { steps: Step[] }) {
  return (
    <ol className="mt-4 list-none! space-y-4! pl-0!">
      {steps.map((step, index) => (
        <li key={step.title} className="flex gap-4 rounded-xl border border-stone-200 p-5 dark:border-stone-800">
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white"
          >
            {index + 1}
          </span>
          <div>
            <h3 className="mt-0! mb-1!">
              <span className="sr-only">Passo {index + 1}: </span>
              {step.title}
            </h3>
            <p className="my-0!">{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

export default function ComoFunciona() {
  return (
    <StaticPage
      title="Como funciona"
      intro="O Recanto é uma vitrine de hospedagens na natureza. Nós divulgamos as propriedades e aproximamos você do anfitrião; a reserva e o pagamento são combinados diretamente entre vocês."
    >
      <h2>Para hóspedes</h2>
      <p>Encontrar um lugar tranquilo para descansar leva poucos passos:</p>
      <StepList steps={guestSteps} />
      <p>
        Antes de pagar, leia as orientações da nossa <Link to="/politica-cancelamento">política de cancelamento</Link> e
        confirme as condições com o anfitrião.
      </p>

      <h2>Para anunciantes</h2>
      <p>Tem uma propriedade rural ou na natureza? Veja como começar a receber hóspedes:</p>
      <StepList steps={hostSteps} />
      <p>
        Conheça os planos e as vantagens para anfitriões em <Link to="/anuncie-conosco">Anuncie conosco</Link>.
      </p>

      <h2>Destaques do Recanto</h2>
      <ul className="mt-4 grid list-none! gap-4 pl-0! sm:grid-cols-2">
        {highlights.map(({ icon, title, text }) => (
          <li key={title} className="rounded-xl border border-stone-200 p-6 dark:border-stone-800">
            <Icon name={icon} aria-hidden="true" className="size-6 text-brand-700 dark:text-brand-300" />
            <h3 className="mt-3! mb-1!">{title}</h3>
            <p className="my-0!">{text}</p>
          </li>
        ))}
      </ul>

      <h2>O que o Recanto não faz</h2>
      <ul>
        <li>Não processa reservas nem pagamentos de hospedagens.</li>
        <li>Não cobra comissão de hóspedes nem de anfitriões.</li>
        <li>Não define preços nem políticas de cancelamento: quem decide é o anfitrião.</li>
        <li>Não faz reembolsos, pois nunca recebe o valor das estadias.</li>
      </ul>
      <p>
        Ficou com alguma dúvida? Visite a <Link to="/central-ajuda">Central de Ajuda</Link>.
      </p>
    </StaticPage>
  );
}
