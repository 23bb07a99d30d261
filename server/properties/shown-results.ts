import { calendarNote, stayTotal } from "../../common/availability-texts";
import { formatBRL, formatDistance, formatResultsCount } from "../../common/format";
import { nightsBetween } from "../../common/nights";
import { PRICE_MAX, PRICE_STEP, type PropertyQuery } from "../../common/property-query";
import { calendarCheckedAt } from "../availability/calendar-status";
import type { Db } from "../db/client";
import type { SearchResult } from "./search";

/**
 * A page of results with its texts as the results page shows them: how many were found and each
 * card's distance from the place searched around. Written on the server, like the cards' prices
 * (PropertyCardData.price): the first number format on a phone loads the locale's data in the middle
 * of the page's hydration.
 */
export type ShownResults = Omit<SearchResult, "items"> & {
  countText: string;
  items: (SearchResult["items"][number] & { distance: string | null; stay: CardStay | null })[];
};

/** A card in dated results: the stay's total, and whether its availability is still to be confirmed with the host. */
export interface CardStay {
  total: string;
  /** "Disponibilidade a confirmar" for a listing that keeps no calendar; null when its calendar was read. */
  unconfirmed: string | null;
}

/**
 * `centerName`: the place the search is around ("Gramado", "você"), or null. With dates, each card
 * gets its stay (read per request: how current a calendar is changes without the catalogue).
 */
export async function resultsAsShown(db: Db, result: SearchResult, centerName: string | null, query: Pick<PropertyQuery, "checkIn" | "checkOut">): Promise<ShownResults> {
  const nights = query.checkIn && query.checkOut ? nightsBetween(query.checkIn, query.checkOut) : 0;
  const checkedAt = nights > 0 ? await calendarCheckedAt(db, result.items.map((item) => item.id)) : null;
  const now = new Date();
  return {
    ...result,
    countText: formatResultsCount(result.total, result.totalIsCapped),
    items: result.items.map((item) => ({
      ...item,
      distance: centerName !== null && item.distanceKm !== null ? formatDistance(item.distanceKm, centerName) : null,
      stay: checkedAt ? { total: stayTotal(item.priceCents, nights), unconfirmed: checkedAt.get(item.id) ? null : calendarNote(null, now) } : null,
    })),
  };
}

/** Every step of the price filter (0 to PRICE_MAX reais) as shown, for the same reason: the same for every page, formatted once. */
export const PRICE_STEP_TEXTS: readonly string[] = Array.from({ length: PRICE_MAX / PRICE_STEP + 1 }, (_, i) => formatBRL(i * PRICE_STEP * 100));
