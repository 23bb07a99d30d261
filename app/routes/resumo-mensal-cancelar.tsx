import { data, Link } from "react-router";
import type { Route } from "./+types/resumo-mensal-cancelar";
import { optOutState } from "@server/insights/summary-opt-out";
import { primaryButton } from "~/components/ui/button-class";

export const meta: Route.MetaFunction = () => [{ title: "Resumo mensal de desempenho | Recanto" }, { name: "robots", content: "noindex" }];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * The link in each monthly summary email. Opening it changes nothing (mail scanners open every link
 * in a message): the button posts to this address, which server/http/summary-opt-out.ts handles, the
 * same request a mail client's one-click "cancelar inscrição" sends.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, config } = context.services;
  const state = await optOutState(database.db, config.authSecret, new URL(request.url).searchParams.get("token") ?? "");
  return data({ state }, { status: state === "invalid" ? 400 : 200, headers: { "Cache-Control": "no-store" } });
}

export default function MonthlySummaryOptOut({ loaderData }: Route.ComponentProps) {
  const { state } = loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      {state === "invalid" ? (
        <>
          <h1 className="text-2xl font-bold">Link inválido</h1>
          <p className="mt-4">
            Este link para cancelar o resumo mensal não é válido, por isso nada foi alterado. Confira se ele foi copiado inteiro do email, ou entre na sua conta e desmarque a opção em Meu Perfil.
          </p>
        </>
      ) : state === "off" ? (
        <>
          <h1 className="text-2xl font-bold">Resumo mensal cancelado</h1>
          <p role="status" className="mt-4">
            Você não vai mais receber o resumo mensal de desempenho dos seus anúncios. Se mudar de ideia, marque a opção em Meu Perfil.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold">Cancelar o resumo mensal?</h1>
          <p className="mt-4">No começo de cada mês enviamos por email as visualizações, os favoritos e os contatos que seus anúncios receberam no mês anterior.</p>
          <form method="post" className="mx-auto mt-8 max-w-xs">
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <button type="submit" className={primaryButton}>
              Não quero mais receber
            </button>
          </form>
        </>
      )}
      <Link to="/perfil" className="mt-8 inline-block font-semibold text-brand-700 underline dark:text-brand-300">
        Ir para Meu Perfil
      </Link>
    </div>
  );
}
