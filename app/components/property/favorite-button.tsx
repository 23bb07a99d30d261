import { Heart } from "lucide-react";
import { useRouteLoaderData } from "react-router";
import { toast } from "sonner";
import type { loader as rootLoader } from "~/root";

/**
 * The heart on cards and the detail page. Logged out it says why it cannot favourite (spec text);
 * saving favourites arrives with the favourites feature, and until then it says so plainly.
 */
export function FavoriteButton({ title, className = "" }: { title: string; className?: string }) {
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer;
  function onClick(event: React.MouseEvent) {
    event.preventDefault();
    event.stopPropagation();
    if (!viewer) {
      toast.error("Login necessário", { description: "Você precisa estar logado para favoritar propriedades." });
      return;
    }
    toast.info("Favoritos em breve", { description: "Salvar propriedades nos favoritos estará disponível em breve." });
  }
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={`Favoritar ${title}`}
      className={`inline-flex size-9 items-center justify-center rounded-full bg-white/90 text-stone-800 shadow hover:bg-white hover:text-red-600 dark:bg-stone-900/90 dark:text-stone-100 ${className}`}
    >
      <Heart aria-hidden className="size-5" />
    </button>
  );
}
