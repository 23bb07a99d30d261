import { Link } from "react-router";
import type { PhotoMatch } from "@server/media/photo-fingerprints";
import { PropertyImage } from "~/components/property/property-image";
import { imageUrl, LARGEST_IMAGE_WIDTH } from "@common/media";
import { StatusBadge } from "./moderation-messages";

const HOW: Record<PhotoMatch["how"], string> = {
  igual: "a mesma foto, talvez redimensionada ou recomprimida",
  espelhada: "a mesma foto invertida da esquerda para a direita",
  recortada: "uma das fotos é um recorte do centro da outra",
};

const notAnalysed = (n: number) => (n === 1 ? "1 foto ainda não foi analisada." : `${n} fotos ainda não foram analisadas.`);

/**
 * Stolen photos (issue 44): for each photo of the listing under review, the close photos of other
 * hosts' listings, side by side with the listing each belongs to, how far apart their hashes are
 * and how they matched (server/media/photo-fingerprints.ts).
 */
export function PhotoMatches({ matches, unanalysed }: { matches: readonly PhotoMatch[]; unanalysed: number }) {
  return (
    <section aria-labelledby="fotos-parecidas-titulo" className="mt-8">
      <h2 id="fotos-parecidas-titulo" className="text-xl font-semibold">
        Fotos parecidas em outros anúncios
      </h2>
      {matches.length === 0 ? (
        <p className="mt-2 text-sm text-stone-700 dark:text-stone-300">
          Nenhuma foto parecida foi encontrada em anúncios de outros anfitriões.{unanalysed > 0 ? ` ${notAnalysed(unanalysed)}` : null}
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-stone-700 dark:text-stone-300">
            {matches.length === 1 ? "1 foto parecida" : `${matches.length} fotos parecidas`} em anúncios de outros anfitriões: confira se são do mesmo lugar.
            {unanalysed > 0 ? ` ${notAnalysed(unanalysed)}` : null}
          </p>
          <ul className="mt-4 space-y-4">
            {matches.map((match) => (
              <li
                key={`${match.photo.storageKey} ${match.other.storageKey} ${match.listing.id}`}
                className="rounded-2xl border border-amber-300 bg-amber-50/60 p-4 dark:border-amber-700 dark:bg-amber-950/30"
              >
                <div className="grid grid-cols-2 gap-3">
                  <figure>
                    {/* Whole (not cropped: the edges are what a crop changes), and opened full size in a new tab. */}
                    <a href={imageUrl(match.photo.storageKey, LARGEST_IMAGE_WIDTH, "jpeg")} target="_blank" rel="noreferrer" className="block rounded-lg bg-stone-100 dark:bg-stone-900">
                      <PropertyImage image={match.photo} alt="" sizes="(min-width: 1024px) 320px, 45vw" className="aspect-[4/3] w-full rounded-lg object-contain" />
                      <span className="sr-only">Ampliar esta foto</span>
                    </a>
                    <figcaption className="mt-1 text-xs text-stone-600 dark:text-stone-400">Esta foto</figcaption>
                  </figure>
                  <figure>
                    {/* Whole (not cropped: the edges are what a crop changes), and opened full size in a new tab. */}
                    <a href={imageUrl(match.other.storageKey, LARGEST_IMAGE_WIDTH, "jpeg")} target="_blank" rel="noreferrer" className="block rounded-lg bg-stone-100 dark:bg-stone-900">
                      <PropertyImage image={match.other} alt="" sizes="(min-width: 1024px) 320px, 45vw" className="aspect-[4/3] w-full rounded-lg object-contain" />
                      <span className="sr-only">Ampliar a foto do outro anúncio</span>
                    </a>
                    <figcaption className="mt-1 text-xs text-stone-600 dark:text-stone-400">Foto do outro anúncio</figcaption>
                  </figure>
                </div>
                <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
                  <dt className="text-stone-600 dark:text-stone-400">Anúncio</dt>
                  <dd className="break-words">
                    <Link to={`/moderacao/${match.listing.id}`} className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300">
                      {match.listing.title}
                    </Link>
                  </dd>
                  <dt className="text-stone-600 dark:text-stone-400">Anfitrião</dt>
                  <dd className="break-words">{match.listing.hostName}</dd>
                  <dt className="text-stone-600 dark:text-stone-400">Situação</dt>
                  <dd>
                    <StatusBadge status={match.listing.status} />
                  </dd>
                  <dt className="text-stone-600 dark:text-stone-400">Semelhança</dt>
                  <dd>
                    <span className="font-semibold">{match.how}</span>
                    {`: ${HOW[match.how]} (distância ${match.distance} de 64 bits)`}
                  </dd>
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
