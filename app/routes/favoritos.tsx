import { Heart } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/favoritos";
import { useAuthDialog } from "~/components/auth/auth-dialog";
import { linkButton, PageMessage, secondaryLinkButton } from "~/components/layout/page-message";
import { getViewer } from "~/lib/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Meus Favoritos | Recanto" }];

export async function loader({ context }: Route.LoaderArgs) {
  return { loggedIn: (await getViewer(context)) !== null };
}

export default function Favoritos({ loaderData }: Route.ComponentProps) {
  const { openAuthDialog } = useAuthDialog();
  if (!loaderData.loggedIn) {
    return (
      <PageMessage
        icon={<Heart aria-hidden className="h-12 w-12" />}
        title="Meus Favoritos"
        actions={
          <>
            <button type="button" className={linkButton} onClick={() => openAuthDialog({ mode: "login" })}>
              Entrar
            </button>
            <Link to="/cadastro" className={secondaryLinkButton}>
              Criar conta
            </Link>
          </>
        }
      >
        <p>Faça login para ver seus favoritos</p>
      </PageMessage>
    );
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">Meus Favoritos</h1>
      <p className="mt-2 text-stone-600 dark:text-stone-300">Nenhuma propriedade favoritada ainda</p>
      <div className="mt-12 flex flex-col items-center rounded-2xl border border-dashed border-stone-300 px-4 py-16 text-center dark:border-stone-700">
        <Heart aria-hidden className="h-10 w-10 text-stone-400" />
        <h2 className="mt-4 text-xl font-semibold">Nenhum favorito ainda</h2>
        <p className="mt-2 text-stone-600 dark:text-stone-300">Explore as hospedagens e toque no coração para guardar as que você mais gostar.</p>
        <Link to="/" className={`${linkButton} mt-6`}>
          Explorar hospedagens
        </Link>
      </div>
    </div>
  );
}
