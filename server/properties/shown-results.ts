import { formatBRL, formatDistance, formatResultsCount } from "../../common/format";
import { PRICE_MAX, PRICE_STEP } from "../../common/property-query";
import type { SearchResult } from "./search";

/**
 * A page of results with its texts as the results page shows them: how many were found and each
 * card's distance from the place searched around. Written on the server, like the cards' prices
 * (PropertyCardData.price): the first number format on a phone loads the locale's data in the middle
 * of the page's hydration.
 */
export type ShownResults = Omit<SearchResult, "items"> & {
  countText: string;
  items: (SearchResult["items"][number] & { distance: string | null })[];
};

/** `centerName`: the place the search is around ("Gramado", "você"), or null. */
export function resultsAsShown(result: SearchResult, centerName: string | null): ShownResults {
  return {
    ...result,
    countText: formatResultsCount(result.total, result.totalIsCapped),
    items: result.items.map((item) => ({
      ...item,
      distance: centerName !== null && item.distanceKm !== null ? formatDistance(item.distanceKm, centerName) : null,
    })),
  };
}

/** Every step of the price filter (0 to PRICE_MAX reais) as shown, for the same reason: the same for every page, formatted once. */
export const PRICE_STEP_TEXTS: readonly string[] = Array.from({ length: PRICE_MAX / PRICE_STEP + 1 }, (_, i) => formatBRL(i * PRICE_STEP * 100));
