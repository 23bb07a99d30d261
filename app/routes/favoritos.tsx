import { signUpPath } from "~/lib/redirects";
import { Icon } from "~/components/ui/icons";
import { Suspense } from "react";
import { Await, Link } from "react-router";
import type { Route } from "./+types/favoritos";
import { favoriteCards } from "@server/favorites/favorites";
import { useAuthDialog } from "~/components/auth/auth-dialog";
import { linkButton, PageMessage, secondaryLinkButton } from "~/components/layout/page-message";
import { PropertyCard, PropertyCardSkeleton } from "~/components/property/property-card";
import { getViewer } from "~/lib/auth.server";
import { streamed } from "~/lib/streamed.server";

export const meta: Route.MetaFunction = () => [{ title: "Meus Favoritos | Recanto" }];

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await getViewer(context);
  if (!viewer) return { loggedIn: false as const };
  const cards = streamed(favoriteCards(context.services.database.db, viewer.id), context, "favourites");
  return { loggedIn: true as const, cards };
}

const GRID = "grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4";

export default function Favoritos({ loaderData }: Route.ComponentProps) {
  const { openAuthDialog, preloadProps } = useAuthDialog();
  if (!loaderData.loggedIn) {
    return (
      <PageMessage
        icon={<Icon name="heart" aria-hidden className="h-12 w-12" />}
        title="Meus Favoritos"
        actions={
          <>
            <button type="button" className={linkButton} {...preloadProps} onClick={() => openAuthDialog({ mode: "login" })}>
              Entrar
            </button>
            <Link to={signUpPath("/favoritos")} className={secondaryLinkButton}>
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
      <Suspense
        fallback={
          <div role="status" className="mt-6">
            <p className="mb-6 text-stone-600 dark:text-stone-300">Carregando favoritos...</p>
            <div aria-hidden className={GRID}>
              {Array.from({ length: 4 }, (_, i) => (
                <PropertyCardSkeleton key={i} />
              ))}
            </div>
          </div>
        }
      >
        <Await
          resolve={loaderData.cards}
          errorElement={
            <p role="alert" className="mt-6 text-stone-700 dark:text-stone-300">
              Não foi possível carregar seus favoritos. Tente recarregar a página.
            </p>
          }
        >
          {(cards) => (
            <>
              <p className="mt-2 text-stone-600 dark:text-stone-300">
                {cards.length === 0 ? "Nenhuma propriedade favoritada ainda" : cards.length === 1 ? "1 propriedade favorita" : `${cards.length} propriedades favoritas`}
              </p>
              {cards.length === 0 ? (
                <div className="mt-12 flex flex-col items-center rounded-2xl border border-dashed border-stone-300 px-4 py-16 text-center dark:border-stone-700">
                  <Icon name="heart" aria-hidden className="h-10 w-10 text-stone-400" />
                  <h2 className="mt-4 text-xl font-semibold">Nenhum favorito ainda</h2>
                  <p className="mt-2 text-stone-600 dark:text-stone-300">Explore as hospedagens e toque no coração para guardar as que você mais gostar.</p>
                  <Link to="/" className={`${linkButton} mt-6`}>
                    Explorar hospedagens
                  </Link>
                </div>
              ) : (
                <ul className={`mt-8 ${GRID}`}>
                  {cards.map((p) => (
                    <li key={p.id}>
                      <PropertyCard property={p} titleLevel={2} sizes="(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" />
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </Await>
      </Suspense>
    </div>
  );
}
