import { signUpPath } from "~/lib/redirects";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icons";
import type { Route } from "./+types/central-ajuda";
import { canonical } from "~/lib/seo";
import { sharedPageHeaders } from "@server/http/cache-policy";
import { FaqList, type Question } from "~/components/layout/faq-list";
import { StaticPage } from "~/components/layout/static-page";
import { ContactEmail } from "~/components/layout/contact-email";
import { formatInternationalPhone } from "@common/phone";

export function loader({ context }: Route.LoaderArgs) {
  const { email, whatsapp } = context.services.config.contact;
  // Formatted here: the phone library stays out of the page's JavaScript.
  return { contact: { email, whatsapp: whatsapp ? { digits: whatsapp, shown: formatInternationalPhone(whatsapp) } : null } };
}

/** The same for every anonymous visitor: shared caches may keep it (server/http/cache-policy.ts). */
export const headers: Route.HeadersFunction = sharedPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => [
  canonical(matches, "/central-ajuda"),
  { title: "Central de Ajuda | Recanto" },
  {
    name: "description",
    content:
      "Tire suas dúvidas sobre o Recanto: como encontrar hospedagens na natureza, falar com anfitriões pelo WhatsApp, anunciar sua propriedade e cuidar da sua conta.",
  },
];


const guestQuestions: Question[] = [
  {
    q: "Como faço uma reserva pelo Recanto?",
    a: (
      <>
        O Recanto não faz reservas nem recebe pagamentos de hospedagem. Você encontra a propriedade, fala direto com o
        anfitrião pelo WhatsApp e combina com ele datas, valores, forma de pagamento e regras da estadia.
      </>
    ),
  },
  {
    q: "Preciso criar uma conta para usar o site?",
    a: (
      <>
        Para buscar e ver os anúncios, não. A conta gratuita é necessária para salvar favoritos e para ver o WhatsApp do
        anfitrião quando você quiser entrar em contato. <Link to={signUpPath("/central-ajuda")}>Crie sua conta</Link> em poucos minutos; é
        preciso ter 18 anos ou mais.
      </>
    ),
  },
  {
    q: "O Recanto cobra alguma taxa dos hóspedes?",
    a: (
      <>
        Não. Usar o Recanto é gratuito para hóspedes e não cobramos comissão sobre as hospedagens. O valor da estadia é
        definido e cobrado pelo próprio anfitrião.
      </>
    ),
  },
  {
    q: "Como pago a hospedagem com segurança?",
    a: (
      <>
        O pagamento é combinado diretamente com o anfitrião. Peça a confirmação da reserva por escrito, confira se o nome
        de quem recebe o pagamento corresponde ao do anfitrião, guarde comprovantes e desconfie de pressa, preços muito
        abaixo do normal ou pedidos para pagar a terceiros.
      </>
    ),
  },
  {
    q: "E se eu precisar cancelar?",
    a: (
      <>
        Cada anfitrião define a própria política de cancelamento. Combine as condições por escrito antes de pagar. Veja
        as orientações na nossa <Link to="/politica-cancelamento">política de cancelamento</Link>.
      </>
    ),
  },
  {
    q: "Encontrei um anúncio suspeito. O que faço?",
    a: (
      <>
        Não faça pagamentos e nos avise por e-mail ou WhatsApp informando o endereço do anúncio e o que chamou sua
        atenção. Nossa equipe analisa cada denúncia e pode suspender anúncios que descumpram os{" "}
        <Link to="/termos-uso">Termos de Uso</Link>.
      </>
    ),
  },
];

const hostQuestions: Question[] = [
  {
    q: "Como anuncio minha propriedade?",
    a: (
      <>
        Crie uma conta como anfitrião, cadastre sua propriedade com fotos, descrição, localização e regras e envie para
        análise. Saiba mais em <Link to="/anuncie-conosco">Anuncie conosco</Link>.
      </>
    ),
  },
  {
    q: "Por que meu anúncio ainda não aparece nas buscas?",
    a: (
      <>
        Todo anúncio novo passa pela análise da nossa equipe antes de ficar público. Se precisarmos de algum ajuste, vamos
        avisar você. Anúncios com informações incompletas ou que descumpram os Termos de Uso não são aprovados.
      </>
    ),
  },
  {
    q: "Quanto custa anunciar?",
    a: (
      <>
        Existe um plano Gratuito (R$ 0) e o plano Premium, de R$ 39,90 por mês. Os 100 primeiros anfitriões ganham 6
        meses de Premium grátis. Não cobramos comissão sobre as hospedagens.
      </>
    ),
  },
  {
    q: "Como os hóspedes entram em contato comigo?",
    a: (
      <>
        Pelo WhatsApp informado no seu cadastro. O número é exibido apenas para usuários com sessão iniciada que clicam
        para falar com você. Mantenha o número sempre atualizado no seu <Link to="/perfil">perfil</Link>.
      </>
    ),
  },
  {
    q: "Quem define a política de cancelamento e os pagamentos?",
    a: (
      <>
        Você. O anfitrião define preços, formas de pagamento e política de cancelamento, e deve informá-los de forma clara
        aos hóspedes, de preferência por escrito.
      </>
    ),
  },
];

const accountQuestions: Question[] = [
  {
    q: "Esqueci minha senha. Como recupero o acesso?",
    a: (
      <>
        Acesse <Link to="/esqueci-senha">Esqueci minha senha</Link> e informe o e-mail da sua conta. Enviaremos um link
        para você criar uma nova senha.
      </>
    ),
  },
  {
    q: "Como baixo meus dados ou excluo minha conta?",
    a: (
      <>
        No seu <Link to="/perfil">perfil</Link>, use as opções “Baixar meus dados” e “Excluir minha conta”. Você também
        pode fazer o pedido por e-mail. Mais detalhes na <Link to="/privacidade">Política de Privacidade</Link>.
      </>
    ),
  },
];


export default function CentralAjuda({ loaderData: { contact } }: Route.ComponentProps) {
  return (
    <StaticPage
      title="Central de Ajuda"
      intro="Respostas rápidas para hóspedes e anfitriões. Se não encontrar o que procura, fale com a gente por e-mail ou WhatsApp."
    >
      <h2>Para hóspedes</h2>
      <FaqList items={guestQuestions} />

      <h2>Para anfitriões</h2>
      <FaqList items={hostQuestions} />

      <h2>Sua conta e seus dados</h2>
      <FaqList items={accountQuestions} />

      <h2>Fale com a gente</h2>
      <p>
        Para agilizar o atendimento, conte com detalhes o que aconteceu e, se for o caso, informe o endereço do anúncio.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="rounded-xl border border-stone-200 p-6 dark:border-stone-800">
          <h3 className="mt-0! flex items-center gap-2">
            <Icon name="mail" aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
            E-mail
          </h3>
          <p>
            <ContactEmail email={contact.email} />
          </p>
        </div>
        {contact.whatsapp ? (
          <div className="rounded-xl border border-stone-200 p-6 dark:border-stone-800">
            <h3 className="mt-0! flex items-center gap-2">
              <Icon name="message-circle" aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
              WhatsApp
            </h3>
            <p>
              <a href={`https://wa.me/${contact.whatsapp.digits}`} target="_blank" rel="noopener noreferrer">
                {contact.whatsapp.shown}
                <span className="sr-only"> (abre em nova aba)</span>
              </a>
            </p>
          </div>
        ) : null}
      </div>
      <p>
        Dúvidas sobre negociações com um anfitrião, como valores, pagamentos ou reembolsos, devem ser tratadas
        diretamente com ele: o Recanto não participa desses acordos.
      </p>
    </StaticPage>
  );
}
