import { Link } from "react-router";
import type { Route } from "./+types/politica-cancelamento";
import { canonical } from "~/lib/seo";
import { sharedPageHeaders } from "@server/http/cache-policy";
import { CANCELLATION_POLICIES } from "@common/house-rules";
import { StaticPage } from "~/components/layout/static-page";

/** The same for every anonymous visitor: shared caches may keep it (server/http/cache-policy.ts). */
export const headers: Route.HeadersFunction = sharedPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => [
  canonical(matches, "/politica-cancelamento"),
  { title: "Política de cancelamento | Recanto" },
  {
    name: "description",
    content:
      "No Recanto, cada anfitrião define a própria política de cancelamento. Veja o que combinar por escrito antes de pagar e por que o Recanto não faz reembolsos.",
  },
];

export default function PoliticaCancelamento() {
  return (
    <StaticPage
      title="Política de cancelamento"
      intro="No Recanto, quem define as regras de cancelamento e reembolso é o anfitrião de cada propriedade. Aqui explicamos como isso funciona e o que você deve combinar antes de fechar a sua estadia."
    >
      <h2>Cada anfitrião define a sua política</h2>
      <p>
        O Recanto é uma plataforma de divulgação: mostramos as hospedagens e colocamos hóspedes e anfitriões em contato
        pelo WhatsApp. A reserva, o pagamento e as condições de cancelamento são negociados diretamente entre as partes.
      </p>
      <p>
        Por isso, não existe uma política de cancelamento única do Recanto. Cada anfitrião estabelece as próprias regras,
        como prazos para cancelar sem custo, percentuais de reembolso, possibilidade de remarcar datas e o que acontece em
        caso de imprevistos. Cada anúncio mostra, na seção “Política de cancelamento”, a política que o anfitrião
        escolheu e os detalhes que ele acrescentou. Mesmo assim, confirme as condições por escrito com o anfitrião antes
        de pagar.
      </p>

      <h2>As políticas que aparecem nos anúncios</h2>
      <p>O anfitrião escolhe uma destas opções e pode detalhá-la com as próprias palavras:</p>
      <ul>
        {Object.values(CANCELLATION_POLICIES).map(({ label, summary }) => (
          <li key={label}>
            <strong>{label}:</strong> {summary}
          </li>
        ))}
      </ul>
      <p>Em todas elas, quem devolve os valores é o anfitrião, que recebeu o pagamento.</p>

      <h2>O que combinar por escrito com o anfitrião</h2>
      <p>Antes de fazer qualquer pagamento, peça ao anfitrião que confirme por escrito, pelo WhatsApp ou por e-mail:</p>
      <ul>
        <li>as datas e horários de entrada e saída, o número de hóspedes e o valor total da estadia;</li>
        <li>o valor do sinal, se houver, e quando o restante deve ser pago;</li>
        <li>até quando você pode cancelar com reembolso integral e quanto será devolvido depois desse prazo;</li>
        <li>se é possível remarcar as datas em vez de cancelar, e em quais condições;</li>
        <li>o prazo e a forma de devolução dos valores em caso de cancelamento;</li>
        <li>o que acontece se o próprio anfitrião precisar cancelar;</li>
        <li>
          como ficam situações fora do controle de ambos, como chuvas fortes, estradas interditadas ou falta de energia;
        </li>
        <li>regras da casa que possam gerar cobranças extras, como animais de estimação, visitantes ou danos.</li>
      </ul>
      <p>
        Guarde as conversas, a confirmação da reserva e os comprovantes de pagamento. Eles são a sua principal garantia
        caso surja alguma divergência.
      </p>

      <h2>O Recanto não faz reembolsos</h2>
      <p>
        Como o Recanto não processa reservas nem recebe pagamentos de hospedagem, não temos como reter, estornar ou
        devolver valores pagos ao anfitrião. Pedidos de cancelamento e de reembolso devem ser feitos diretamente a ele,
        seguindo o que foi combinado.
      </p>
      <p>
        Se não houver acordo, você pode buscar os canais de defesa do consumidor, como o Procon do seu estado ou a
        plataforma{" "}
        <a href="https://www.consumidor.gov.br" target="_blank" rel="noopener noreferrer">
          consumidor.gov.br<span className="sr-only"> (abre em nova aba)</span>
        </a>
        , ou ainda o Poder Judiciário. As regras do Código de Defesa do Consumidor (Lei
        8.078/1990) continuam valendo na relação entre você e o anfitrião, quando aplicáveis.
      </p>

      <h2>Dicas para anfitriões</h2>
      <ul>
        <li>
          Escolha sua política de cancelamento no formulário do anúncio e use os detalhes para o que for só seu, como
          sinal, remarcação ou chuvas.
        </li>
        <li>Envie a política por escrito a cada hóspede antes de receber qualquer pagamento.</li>
        <li>Informe prazos e formas de devolução de valores e cumpra o que foi combinado.</li>
        <li>Se precisar cancelar, avise o hóspede o quanto antes e devolva os valores recebidos.</li>
      </ul>

      <h2>Como o Recanto pode ajudar</h2>
      <p>
        Não participamos das negociações, mas levamos a sério a conduta dos anfitriões. Se você identificar um anúncio
        enganoso ou um anfitrião que descumpra os nossos <Link to="/termos-uso">Termos de Uso</Link>, avise a gente pela{" "}
        <Link to="/central-ajuda">Central de Ajuda</Link>. Podemos revisar, suspender ou remover anúncios que violem as
        regras da plataforma.
      </p>
    </StaticPage>
  );
}
