import { Link } from "react-router";
import type { Route } from "./+types/termos-uso";
import { canonical } from "~/lib/seo";
import { sharedPageHeaders } from "@server/http/cache-policy";
import { ContactEmail } from "~/components/layout/contact-email";
import { StaticPage } from "~/components/layout/static-page";

export function loader({ context }: Route.LoaderArgs) {
  return { contact: context.services.config.contact };
}

/** The same for every anonymous visitor: shared caches may keep it (server/http/cache-policy.ts). */
export const headers: Route.HeadersFunction = sharedPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => [
  canonical(matches, "/termos-uso"),
  { title: "Termos de Uso | Recanto" },
  {
    name: "description",
    content:
      "Termos de Uso do Recanto: regras para hóspedes e anfitriões, planos de anúncio, moderação, responsabilidades e privacidade.",
  },
];

export default function TermosUso({ loaderData: { contact } }: Route.ComponentProps) {
  return (
    <StaticPage
      title="Termos de Uso"
      intro={
        <>
          Estes Termos regulam o uso do Recanto por hóspedes e anfitriões. Leia com atenção: ao criar uma conta ou usar a
          plataforma, você concorda com eles. Última atualização: <time dateTime="2026-11-21">21/11/2026</time>.
        </>
      }
    >
      <h2>1. Objeto</h2>
      <p>
        O Recanto é uma plataforma on-line de divulgação de hospedagens em meio à natureza e no campo, como cabanas,
        chalés, casas na árvore, glamping, hotéis fazenda, casas flutuantes e contêineres. Anfitriões publicam anúncios
        de suas propriedades e hóspedes podem pesquisá-los, salvá-los como favoritos e entrar em contato com os
        anfitriões pelo WhatsApp.
      </p>
      <p>
        O Recanto apenas divulga os anúncios e aproxima as partes. Não somos agência de turismo, imobiliária nem
        prestador de serviços de hospedagem.
      </p>

      <h2>2. Cadastro e conta</h2>
      <ul>
        <li>Para criar uma conta, você precisa ter 18 anos ou mais e capacidade civil plena.</li>
        <li>
          Você deve informar dados verdadeiros, completos e atualizados e escolher o tipo de conta adequado (hóspede ou
          anfitrião).
        </li>
        <li>
          A conta é pessoal e intransferível. Você é responsável por manter sua senha em sigilo e por toda atividade
          realizada com ela. Avise-nos imediatamente se suspeitar de uso indevido.
        </li>
        <li>Podemos solicitar a confirmação do seu e-mail ou de outros dados para manter a segurança da plataforma.</li>
      </ul>

      <h2>3. Obrigações dos anfitriões</h2>
      <p>Ao anunciar no Recanto, o anfitrião declara e se compromete a:</p>
      <ul>
        <li>ser proprietário da propriedade anunciada ou estar legalmente autorizado a oferecê-la para hospedagem;</li>
        <li>
          manter o anúncio fiel à realidade, com fotos atuais da própria propriedade, preços, comodidades, regras e
          localização corretos;
        </li>
        <li>
          cumprir a legislação aplicável, incluindo normas de consumo, tributárias, sanitárias, ambientais, de segurança,
          condominiais e municipais, bem como obter as licenças e os cadastros exigidos para a atividade;
        </li>
        <li>informar com clareza, antes de qualquer pagamento, sua política de cancelamento e reembolso;</li>
        <li>manter atualizado o número de WhatsApp usado para receber contatos e tratar os hóspedes com respeito;</li>
        <li>
          usar os dados pessoais dos hóspedes apenas para tratar da hospedagem, em conformidade com a Lei Geral de
          Proteção de Dados Pessoais.
        </li>
      </ul>

      <h2>4. Regras de conteúdo</h2>
      <p>É proibido publicar ou enviar pela plataforma conteúdo que:</p>
      <ul>
        <li>seja falso, enganoso ou anuncie propriedade inexistente ou indisponível;</li>
        <li>viole direitos de terceiros, como direitos autorais sobre fotos e textos, imagem ou privacidade;</li>
        <li>seja discriminatório, ofensivo, violento, sexualmente explícito ou ilegal;</li>
        <li>contenha spam, vírus, links maliciosos ou tentativas de golpe;</li>
        <li>tenha como objetivo desviar pagamentos, obter dados de terceiros ou burlar a moderação.</li>
      </ul>
      <p>
        Ao publicar fotos e textos, você mantém a titularidade sobre eles e concede ao Recanto uma licença gratuita, não
        exclusiva e válida enquanto o anúncio estiver ativo para exibi-los na plataforma e em divulgações do próprio
        Recanto. A marca, o layout e o software do Recanto pertencem a nós e não podem ser copiados sem autorização.
      </p>

      <h2>5. Moderação</h2>
      <p>
        Toda propriedade nova só fica pública após análise e aprovação da nossa equipe. Podemos pedir ajustes, recusar,
        ocultar, suspender ou remover anúncios e conteúdos que descumpram estes Termos ou a lei, inclusive a partir de
        denúncias de usuários. A aprovação de um anúncio não significa que verificamos pessoalmente a propriedade nem que
        garantimos as informações prestadas pelo anfitrião.
      </p>

      <h2>6. Planos e cobrança do anfitrião</h2>
      <p>
        Anunciar no Recanto pode ser feito pelo plano Gratuito (R$ 0) ou pelo plano Premium, no valor de R$ 39,90 por mês.
        Os recursos de cada plano são informados antes da contratação. O Recanto não cobra comissão sobre as hospedagens.
      </p>
      <ul>
        <li>
          O plano Premium é cobrado mensalmente, de forma recorrente, pela forma de pagamento cadastrada, por meio de um
          prestador de pagamentos parceiro, até que seja cancelado.
        </li>
        <li>
          Os 100 primeiros anfitriões cadastrados recebem 6 meses de Premium grátis. Antes do fim do período promocional
          avisaremos por e-mail; a cobrança só começa se o anfitrião mantiver o plano Premium.
        </li>
        <li>
          O cancelamento pode ser feito a qualquer momento e vale a partir do próximo ciclo de cobrança. Não há reembolso
          proporcional do mês em curso, ressalvado o direito de arrependimento previsto no art. 49 do Código de Defesa do
          Consumidor, quando aplicável.
        </li>
        <li>Mudanças de preço serão comunicadas com pelo menos 30 dias de antecedência.</li>
        <li>Em caso de falta de pagamento, a conta pode passar para o plano Gratuito.</li>
      </ul>

      <h2>7. Ausência de intermediação</h2>
      <p>
        O Recanto não participa das negociações entre hóspedes e anfitriões. Não processamos reservas, não recebemos nem
        repassamos pagamentos de hospedagem e não realizamos reembolsos. Preços, formas de pagamento, datas, regras da
        casa e políticas de cancelamento são definidos pelo anfitrião e acordados diretamente com o hóspede. Veja também a
        nossa <Link to="/politica-cancelamento">Política de cancelamento</Link>.
      </p>

      <h2>8. Responsabilidades</h2>
      <p>
        Cada anfitrião é o único responsável pelos seus anúncios, pela propriedade e pela prestação da hospedagem. Cada
        hóspede é responsável por avaliar as ofertas, pelas condições que aceita e pela sua conduta durante a estadia.
      </p>
      <p>
        Na extensão permitida pela lei, o Recanto não responde por danos decorrentes de acordos, pagamentos, cancelamentos,
        atos ou omissões de hóspedes e anfitriões, nem pela veracidade das informações fornecidas por eles. Trabalhamos
        para manter a plataforma disponível e segura, mas ela pode passar por interrupções para manutenção ou por falhas
        alheias ao nosso controle. Nada nestes Termos afasta direitos que a lei garante ao consumidor.
      </p>

      <h2>9. Suspensão e encerramento</h2>
      <p>
        Você pode encerrar sua conta a qualquer momento pela opção “Excluir minha conta” no seu{" "}
        <Link to="/perfil">perfil</Link>. Ao excluir a conta, seus anúncios deixam de ser exibidos e a assinatura do plano
        Premium, se houver, é cancelada.
      </p>
      <p>
        Podemos suspender ou encerrar contas que violem estes Termos ou a lei, que apresentem indícios de fraude ou que
        coloquem outros usuários em risco. Sempre que possível e quando não houver risco para terceiros, informaremos o
        motivo e você poderá apresentar esclarecimentos pelo e-mail{" "}
        <ContactEmail email={contact.email} />.
      </p>

      <h2>10. Privacidade e proteção de dados</h2>
      <p>
        O tratamento de dados pessoais no Recanto segue a Lei Geral de Proteção de Dados Pessoais (Lei 13.709/2018) e está
        descrito na nossa <Link to="/privacidade">Política de Privacidade</Link>, que faz parte destes Termos.
      </p>

      <h2>11. Alterações destes Termos</h2>
      <p>
        Podemos atualizar estes Termos para refletir mudanças na plataforma ou na legislação. Alterações relevantes serão
        comunicadas com antecedência pelo site ou por e-mail. O uso continuado após a entrada em vigor da nova versão
        significa concordância com ela.
      </p>

      <h2>12. Lei aplicável e foro</h2>
      <p>
        Estes Termos são regidos pelas leis da República Federativa do Brasil. Quando você for consumidor, fica
        assegurado o foro do seu domicílio para resolver eventuais conflitos, conforme o Código de Defesa do Consumidor.
      </p>

      <h2>13. Contato</h2>
      <p>
        Dúvidas sobre estes Termos podem ser enviadas para{" "}
        <ContactEmail email={contact.email} /> ou pelo WhatsApp{" "}
        <a href="https://wa.me/551140001234" target="_blank" rel="noopener noreferrer">
          +55 (11) 4000-1234<span className="sr-only"> (abre em nova aba)</span>
        </a>
        .
      </p>
      <p>
        Última atualização: <time dateTime="2026-11-21">21/11/2026</time>.
      </p>
    </StaticPage>
  );
}
