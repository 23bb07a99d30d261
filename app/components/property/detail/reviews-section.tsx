import { Link } from "react-router";
import { pageWindow } from "@common/property-query";
import { HostReply } from "~/components/contacts/host-reply";
import { Stars } from "~/components/contacts/stars";
import { Icon } from "~/components/ui/icons";
import { Pagination } from "~/components/ui/pagination";

/** A listing's reviews as the page shows them, every number and date already written (app/lib/listing-reviews.server.ts). */
export interface ReviewsView {
  total: number;
  /** "4,8" and "12 avaliações". */
  average: string;
  countLabel: string;
  subRatings: { label: string; value: string; share: number }[];
  items: { id: string; author: string; stayedIn: string; rating: number; text: string; reply: string | null }[];
  page: number;
  pageCount: number;
}

/**
 * "Avaliações": the average, the sub-ratings' averages, then the reviews newest first, a page at a
 * time (links: it works without JavaScript), each with the host's reply and "Denunciar".
 */
export function ReviewsSection({ reviews, pageHref }: { reviews: ReviewsView | null; pageHref: (page: number) => string }) {
  return (
    <section id="avaliacoes" aria-labelledby="avaliacoes-titulo" className="scroll-mt-24 border-t border-stone-200 py-8 dark:border-stone-800">
      <h2 id="avaliacoes-titulo" className="text-xl font-semibold">
        Avaliações
      </h2>
      {!reviews ? (
        <p className="mt-3 text-stone-700 dark:text-stone-300">Ainda sem avaliações. Só avalia quem se hospedou: a hospedagem é confirmada pelo hóspede e pelo anfitrião.</p>
      ) : (
        <>
          <p className="mt-3 flex items-center gap-2 text-lg font-semibold">
            <Icon name="star" aria-hidden className="size-5 fill-current text-amber-600 dark:text-amber-400" />
            <span>
              <span className="sr-only">Nota média </span>
              {reviews.average}
              <span className="sr-only"> de 5</span>
              {` · ${reviews.countLabel}`}
            </span>
          </p>
          <dl className="mt-4 grid gap-x-8 gap-y-3 sm:grid-cols-2">
            {reviews.subRatings.map((sub) => (
              <div key={sub.label} className="flex items-center gap-3">
                <dt className="w-36 shrink-0 text-sm">{sub.label}</dt>
                <dd className="flex flex-1 items-center gap-2">
                  <span aria-hidden className="h-1.5 flex-1 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-700">
                    <span className="block h-full rounded-full bg-stone-800 dark:bg-stone-200" style={{ width: `${sub.share}%` }} />
                  </span>
                  <span className="w-8 text-right text-sm font-semibold">{sub.value}</span>
                </dd>
              </div>
            ))}
          </dl>
          <ul className="mt-6 space-y-6">
            {reviews.items.map((review) => (
              <li key={review.id}>
                <article aria-label={`Avaliação de ${review.author}`}>
                  <p className="font-semibold">{review.author}</p>
                  <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700 dark:text-stone-300">
                    <Stars value={review.rating} />
                    {`Hospedou-se em ${review.stayedIn}`}
                  </p>
                  <p className="mt-2 whitespace-pre-line">{review.text}</p>
                  {review.reply ? (
                    <HostReply text={review.reply} />
                  ) : null}
                  <Link to={`/denunciar/avaliacao/${review.id}`} rel="nofollow" className="mt-2 inline-flex items-center gap-1 text-sm text-stone-700 underline underline-offset-2 dark:text-stone-300">
                    <Icon name="siren" aria-hidden className="size-3.5" /> Denunciar avaliação<span className="sr-only">{` de ${review.author}`}</span>
                  </Link>
                </article>
              </li>
            ))}
          </ul>
          <Pagination page={reviews.page} pageCount={reviews.pageCount} pages={pageWindow(reviews.page, reviews.pageCount)} href={pageHref} />
        </>
      )}
    </section>
  );
}
