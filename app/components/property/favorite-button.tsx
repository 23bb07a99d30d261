import { Icon } from "~/components/ui/icons";
import { useEffect, useRef } from "react";
import { useFetcher, useRouteLoaderData } from "react-router";
import { notify } from "~/components/ui/toasts";
import type { action as favoriteAction } from "~/routes/api-favoritos";
import type { loader as rootLoader } from "~/root";
import { useAuthDialog } from "~/components/auth/auth-dialog";

/**
 * The heart on cards and on the detail page: a real favourite. Its state comes from the root
 * loader (right on the first render), flips at once while saving, and is disabled until the server
 * answers. Logged out it explains why and offers to log in.
 */
export function FavoriteButton({ propertyId, title, className = "" }: { propertyId: string; title: string; className?: string }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { openAuthDialog, preloadProps } = useAuthDialog();
  const fetcher = useFetcher<typeof favoriteAction>();
  const pending = fetcher.state !== "idle";
  const saved = root?.favorites.includes(propertyId) ?? false;
  const favorite = pending && fetcher.formData ? fetcher.formData.get("favorite") === "true" : saved;

  const answered = useRef<unknown>(null);
  const wanted = useRef(false);
  useEffect(() => {
    const result = fetcher.data;
    // Answer once the server has (already while the page revalidates): on /favoritos a removed card
    // unmounts with that revalidation, before this button would ever see the fetcher idle again.
    if (!result || fetcher.state === "submitting" || answered.current === result) return;
    answered.current = result;
    if (result.ok) notify.success(result.favorite ? "Adicionado aos favoritos" : "Removido dos favoritos");
    else {
      const title = wanted.current ? "Não foi possível adicionar aos favoritos. Tente novamente." : "Não foi possível remover dos favoritos. Tente novamente.";
      notify.error(title, { description: result.message });
    }
  }, [fetcher.data, fetcher.state]);

  function onClick(event: React.MouseEvent) {
    event.preventDefault();
    event.stopPropagation();
    if (pending) return;
    if (!root?.viewer) {
      notify.error("Login necessário", {
        description: "Você precisa estar logado para favoritar propriedades.",
        action: { label: "Entrar", onClick: () => openAuthDialog({ mode: "login" }) },
      });
      return;
    }
    wanted.current = !favorite;
    void fetcher.submit({ propertyId, favorite: String(!favorite) }, { method: "post", action: "/api/favoritos" });
  }

  return (
    <button
      type="button"
      onClick={onClick}
      // aria-disabled, not disabled: a disabled button loses keyboard focus, so Enter then Space would not toggle back.
      aria-disabled={pending || undefined}
      aria-pressed={favorite}
      aria-label={`Favoritar ${title}`}
      className={`heart-button ${className}`}
      // Logged out, the press offers the sign-in dialog: its code starts coming now.
      {...(root?.viewer ? {} : preloadProps)}
    >
      <Icon name="heart" aria-hidden className={favorite ? "size-5 fill-red-600 text-red-600" : "size-5"} />
    </button>
  );
}
