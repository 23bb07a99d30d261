import { formatMonthYear } from "@common/format";
import { formatRating, reviewCountLabel, SUB_RATING_KEYS, SUB_RATINGS } from "@common/reviews";
import type { Db } from "@server/db/client";
import { listingReviews } from "@server/trust/reviews";
import type { ReviewsView } from "~/components/property/detail/reviews-section";

/** The name of a review whose author deleted their account (the review stays: /privacidade). */
export const FORMER_GUEST = "Hóspede do Recanto";

/** A public listing's reviews, page `page`, written out for the page (null before the first). */
export async function reviewsView(db: Db, propertyId: string, page: number): Promise<ReviewsView | null> {
  const found = await listingReviews(db, propertyId, page);
  if (found.total === 0 || found.average === null || !found.subRatings) return null;
  const subRatings = found.subRatings;
  return {
    total: found.total,
    average: formatRating(found.average),
    countLabel: reviewCountLabel(found.total),
    subRatings: SUB_RATING_KEYS.map((key) => ({ label: SUB_RATINGS[key], value: formatRating(subRatings[key]), share: Math.round((subRatings[key] / 5) * 100) })),
    items: found.items.map((item) => ({
      id: item.id,
      author: item.author ?? FORMER_GUEST,
      stayedIn: formatMonthYear(item.stayedUntil),
      rating: item.rating,
      text: item.text,
      reply: item.hostReply,
    })),
    page: found.page,
    pageCount: found.pageCount,
  };
}
