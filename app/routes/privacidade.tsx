import { Link } from "react-router";
import type { Route } from "./+types/privacidade";
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
  canonical(matches, "/privacidade"),
  { title: "Política de Privacidade | Recanto" },
  {
    name: "description",
    content:
      "Saiba quais dados pessoais o Recanto coleta, para que os usa, com quem compartilha e como exercer seus direitos previstos na LGPD.",
  },
];

export default function Privacidade({ loaderData: { contact } }: Route.ComponentProps) {
  return (
    <StaticPage
      title="Política de Privacidade"
      intro={
        <>
          Esta Política explica como o Recanto trata os seus dados pessoais, em conformidade com a Lei Geral de Proteção
          de Dados Pessoais (LGPD, Lei 13.709/2018). Última atualização:{" "}
          <time dateTime="2026-11-29">29/11/2026</time>.
        </>
      }
    >
      <h2>Quem é o controlador</h2>
      <p>
        O Recanto é o controlador dos dados pessoais tratados na plataforma, ou seja, é quem decide como e para que eles
        são usados. Em caso de dúvida, fale com o nosso encarregado pelo tratamento de dados pessoais (veja o contato ao
        final desta página).
      </p>

      <h2>Dados que coletamos</h2>
      <h3>Dados que você nos fornece</h3>
      <ul>
        <li>
          dados de cadastro: nome, e-mail, senha (guardada apenas em forma de hash, nunca em texto puro) e tipo de usuário
          (hóspede ou anfitrião);
        </li>
        <li>dados de perfil: telefone/WhatsApp, localização, biografia e idiomas que você fala;</li>
        <li>
          no caso de anfitriões que pedem a verificação de identidade: número do CPF ou CNPJ, nome completo como no
          documento, número do Cadastur (se informado), uma foto do documento e uma selfie segurando o documento;
        </li>
        <li>denúncias que você envia sobre anúncios ou anfitriões (motivo e relato);</li>
        <li>
          contatos que você faz pelo botão “Contatar via WhatsApp” com a sessão iniciada: o anúncio, a data e as datas e o
          número de hóspedes escolhidos no anúncio (a conversa acontece no WhatsApp e não passa pelo Recanto);
        </li>
        <li>
          hospedagens informadas por você ou pelo anfitrião depois de um contato: datas de entrada e saída, quem informou
          e quando cada lado confirmou;
        </li>
        <li>
          avaliações que você escreve (nota geral, notas de limpeza, localização, comunicação, custo-benefício e
          fidelidade ao anúncio, e o texto) e, no caso de anfitriões, as respostas às avaliações dos seus anúncios;
        </li>
        <li>suas respostas à pergunta “O anfitrião respondeu?”, que fazemos um dia depois de cada contato;</li>
        <li>
          no caso de anfitriões: informações das propriedades anunciadas, como descrição, endereço ou localização, preços,
          regras e fotos, além do histórico de assinatura e pagamento do plano;
        </li>
        <li>propriedades que você salva como favoritas;</li>
        <li>e-mail informado para receber a newsletter, se você se inscrever;</li>
        <li>mensagens que você nos envia pelos canais de atendimento.</li>
      </ul>
      <h3>Dados coletados automaticamente</h3>
      <ul>
        <li>
          registros técnicos de acesso e de segurança, como endereço IP, data e hora, navegador e dispositivo (user agent)
          e páginas acessadas;
        </li>
        <li>
          ao informar ou confirmar uma hospedagem e ao enviar uma avaliação: assinaturas numéricas (hashes) do endereço IP
          e do navegador usados. Guardamos só as assinaturas, que não permitem recuperar o endereço nem o navegador, mas
          mostram quando duas contas agiram do mesmo lugar: é assim que percebemos um anfitrião avaliando o próprio
          anúncio por uma segunda conta.
        </li>
      </ul>

      <h2>Para que usamos os dados e com qual base legal</h2>
      <ul>
        <li>
          <strong>Criar e manter sua conta, exibir anúncios e favoritos e permitir o contato com anfitriões</strong>:
          execução do contrato firmado com você pelos <Link to="/termos-uso">Termos de Uso</Link> (art. 7º, V, da LGPD).
        </li>
        <li>
          <strong>Analisar e moderar anúncios, prevenir fraudes e proteger a segurança da plataforma</strong>: legítimo
          interesse do Recanto e dos usuários (art. 7º, IX).
        </li>
        <li>
          <strong>Verificar a identidade de anfitriões e proteger hóspedes de golpes</strong> (o aviso antes do WhatsApp
          mostra ao hóspede o nome completo do anfitrião verificado, que é o nome que a chave Pix deve exibir; as denúncias
          podem tirar um anúncio das buscas até a análise da equipe): legítimo interesse dos usuários e do Recanto na
          prevenção à fraude (art. 7º, IX, e art. 11, II, "g", da LGPD, para a selfie).
        </li>
        <li>
          <strong>Mostrar avaliações e a rapidez de resposta dos anfitriões, e impedir avaliações falsas</strong> (só
          avalia quem teve a hospedagem confirmada pelos dois lados; a avaliação de uma conta que usou o mesmo endereço
          ou navegador que o anfitrião, como uma segunda conta criada por ele para avaliar o próprio anúncio, ou de várias
          contas novas no mesmo anúncio em pouco tempo, espera a revisão da equipe antes de ser publicada): legítimo
          interesse dos usuários e do Recanto (art. 7º, IX).
        </li>
        <li>
          <strong>Cobrar o plano do anfitrião e emitir documentos fiscais</strong>: execução do contrato e cumprimento de
          obrigação legal ou regulatória (art. 7º, V e II).
        </li>
        <li>
          <strong>Guardar registros de acesso</strong>: cumprimento de obrigação legal prevista no Marco Civil da Internet
          (Lei 12.965/2014, art. 15).
        </li>
        <li>
          <strong>Enviar comunicações sobre a conta e responder ao atendimento</strong>: execução do contrato e legítimo
          interesse.
        </li>
        <li>
          <strong>Enviar a newsletter</strong>: consentimento (art. 7º, I), confirmado por e-mail e revogável a qualquer
          momento mediante pedido pelo nosso e-mail de contato.
        </li>
        <li>
          <strong>Exercer direitos em processos judiciais, administrativos ou arbitrais</strong>: art. 7º, VI, da LGPD.
        </li>
      </ul>
      <p>Não vendemos dados pessoais e não os usamos para publicidade direcionada.</p>

      <h2>Compartilhamento de dados</h2>
      <ul>
        <li>
          <strong>Entre usuários</strong>: o anúncio de um anfitrião é público. O WhatsApp do anfitrião é exibido apenas a
          usuários com sessão iniciada que escolhem entrar em contato. A conversa acontece no WhatsApp, serviço de
          terceiros com política de privacidade própria.
        </li>
        <li>
          <strong>Contatos, hospedagens e avaliações</strong>: quando você usa “Contatar via WhatsApp”, o anfitrião vê em
          “Contatos recebidos” o seu nome, a data do contato, as datas e o número de hóspedes escolhidos, a hospedagem
          informada e a avaliação dela. As avaliações publicadas são públicas, no anúncio, com o primeiro nome de quem
          avaliou, o mês da hospedagem, a nota geral, o texto e a resposta do anfitrião (as notas de cada aspecto entram
          só nas médias do anúncio). As respostas a “O anfitrião respondeu?” nunca aparecem uma a uma: apenas contam,
          com as dos últimos 90 dias, para o selo do anfitrião (“Costuma responder em até 1 hora” ou “no mesmo dia”), e
          o anfitrião vê só os totais.
        </li>
        <li>
          <strong>Prestadores de serviço</strong>: empresas que nos ajudam a operar a plataforma, como provedores de
          hospedagem e infraestrutura, de envio de e-mails e de processamento dos pagamentos do plano do anfitrião. Eles
          tratam os dados apenas conforme nossas instruções e para essas finalidades. Os dados completos de cartão são
          tratados pelo prestador de pagamentos e não ficam armazenados no Recanto.
        </li>
        <li>
          <strong>Autoridades</strong>: quando houver obrigação legal, ordem judicial ou requisição de autoridade
          competente.
        </li>
      </ul>
      <p>
        Alguns prestadores podem armazenar dados fora do Brasil. Nesses casos, a transferência internacional segue as
        hipóteses previstas no art. 33 da LGPD.
      </p>

      <h2>Por quanto tempo guardamos os dados</h2>
      <ul>
        <li>dados da conta, perfil, anúncios e favoritos: enquanto a conta estiver ativa;</li>
        <li>
          registros de acesso: 6 meses, como exige o Marco Civil da Internet, ou por mais tempo se houver requisição de
          autoridade competente;
        </li>
        <li>
          fotos do documento e selfie da verificação de identidade: só até a equipe decidir o pedido, quando são apagadas
          (fotos enviadas e não usadas em um pedido são apagadas em até 12 horas). Ficam guardadas em área privada, fora
          dos endereços públicos do site, e só a equipe de moderação as vê;
        </li>
        <li>
          da verificação de identidade, guardamos a decisão, quem decidiu e quando, o número do CPF ou CNPJ (para que um
          documento verifique uma só conta) e o nome completo, enquanto a conta estiver ativa;
        </li>
        <li>denúncias que você enviou: enquanto a sua conta estiver ativa;</li>
        <li>
          contatos, hospedagens, avaliações e respostas a “O anfitrião respondeu?”: enquanto a conta estiver ativa (veja
          abaixo o que acontece com as avaliações publicadas quando ela é excluída);
        </li>
        <li>
          assinaturas (hashes) do endereço IP e do navegador: 90 dias, depois dos quais são apagadas automaticamente;
        </li>
        <li>
          assinaturas numéricas (hashes) das fotos de anúncios removidos por fraude: guardadas mesmo depois da exclusão do
          anúncio, para que as mesmas fotos não sejam usadas de novo em outro anúncio. Não permitem refazer a foto;
        </li>
        <li>e-mail da newsletter: até você cancelar a inscrição;</li>
        <li>dados de cobrança do plano: pelo prazo exigido pela legislação fiscal e contábil.</li>
      </ul>
      <p>
        Ao excluir sua conta, apagamos ou anonimizamos seus dados, exceto aqueles que precisamos manter para cumprir
        obrigações legais ou exercer direitos, pelo prazo necessário para isso.
      </p>
      <p>
        Seus contatos, hospedagens, respostas a “O anfitrião respondeu?” e assinaturas de endereço e navegador são
        apagados com a conta, assim como as suas avaliações ainda não publicadas (em revisão ou ocultadas pela equipe).
        As avaliações já publicadas continuam no anúncio, sem o seu nome: aparecem como “Hóspede do Recanto”, com as
        notas, o texto, o mês da hospedagem e a resposta do anfitrião, porque fazem parte do histórico que outros
        hóspedes consultam, e deixam de estar ligadas a você. Se preferir que uma avaliação sua saia do anúncio, peça pelo
        nosso e-mail de contato antes de excluir a conta. Quando um anfitrião exclui a conta, os anúncios dele saem do
        site com as avaliações que receberam.
      </p>

      <h2>Seus direitos</h2>
      <p>Conforme o art. 18 da LGPD, você pode solicitar a qualquer momento:</p>
      <ul>
        <li>confirmação de que tratamos seus dados e acesso a eles;</li>
        <li>correção de dados incompletos, inexatos ou desatualizados;</li>
        <li>anonimização, bloqueio ou eliminação de dados desnecessários, excessivos ou tratados em desconformidade com a lei;</li>
        <li>portabilidade dos dados a outro fornecedor de serviço ou produto;</li>
        <li>eliminação dos dados tratados com base no seu consentimento;</li>
        <li>informação sobre as entidades com as quais compartilhamos seus dados;</li>
        <li>informação sobre a possibilidade de não fornecer consentimento e sobre as consequências da negativa;</li>
        <li>revogação do consentimento.</li>
      </ul>
      <p>
        Você também pode se opor a tratamentos realizados com base em outras hipóteses legais, em caso de descumprimento
        da LGPD, e apresentar reclamação à Autoridade Nacional de Proteção de Dados (ANPD).
      </p>

      <h2>Como exercer seus direitos</h2>
      <p>
        Na página do seu <Link to="/perfil">perfil</Link>, você pode corrigir seus dados e usar as opções “Baixar meus
        dados”, para receber uma cópia das informações da sua conta (com seus contatos, hospedagens, avaliações, respostas
        e, das assinaturas de endereço e navegador, só quantas existem, já que elas não permitem recuperar o dado
        original), e “Excluir minha conta”, para encerrar a conta e solicitar a eliminação dos seus dados. Se preferir,
        envie o pedido para{" "}
        <ContactEmail email={contact.email} />. Para sua segurança, podemos pedir a confirmação da
        sua identidade antes de atender à solicitação.
      </p>

      <h2>Cookies</h2>
      <p>Usamos apenas cookies necessários para o funcionamento do site:</p>
      <ul>
        <li>
          <strong>Cookie de sessão</strong>: estritamente necessário para manter você conectado com segurança. É marcado
          como HttpOnly, o que impede seu acesso por scripts na página.
        </li>
        <li>
          <strong>Cookie de tema</strong>: guarda a sua preferência entre tema claro e escuro.
        </li>
      </ul>
      <p>Não usamos cookies de publicidade nem de rastreamento.</p>

      <h2>Menores de idade</h2>
      <p>
        O Recanto é destinado exclusivamente a maiores de 18 anos. Não permitimos o cadastro de menores. Se soubermos que
        uma conta pertence a alguém com menos de 18 anos, ela será excluída.
      </p>

      <h2>Segurança</h2>
      <p>
        Adotamos medidas técnicas e administrativas para proteger os dados, como conexão criptografada, armazenamento de
        senhas com algoritmos de hash, controle de acesso restrito e limites contra tentativas abusivas de acesso.
        Nenhum sistema é totalmente imune a incidentes; caso ocorra algum que possa causar risco ou dano relevante,
        comunicaremos os titulares afetados e a ANPD, conforme a lei.
      </p>

      <h2>Encarregado pelo tratamento de dados (DPO)</h2>
      <p>
        Para falar com o nosso encarregado sobre esta Política ou sobre seus dados pessoais, escreva para{" "}
        <ContactEmail email={contact.email} subject="LGPD - Encarregado" /> com o assunto
        “LGPD – Encarregado”.
      </p>

      <h2>Alterações desta Política</h2>
      <p>
        Podemos atualizar esta Política para refletir mudanças na plataforma ou na legislação. Alterações relevantes serão
        comunicadas pelo site ou por e-mail. Última atualização: <time dateTime="2026-11-29">29/11/2026</time>.
      </p>
    </StaticPage>
  );
}
