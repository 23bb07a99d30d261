import { nightOf } from "@common/nights";
import { stayProblem } from "@common/stays";
import { redirectWithToast } from "./toast.server";

/** Why the URL's dates cannot be searched, in Portuguese; null when there were none or they can. */
export function stayNotice(params: URLSearchParams): string | null {
  const checkIn = params.get("checkIn")?.trim() ?? "";
  const checkOut = params.get("checkOut")?.trim() ?? "";
  if (!checkIn && !checkOut) return null;
  if (!checkIn || !checkOut) return "Informe a data de check-in e a de check-out.";
  return stayProblem({ checkIn, checkOut }, nightOf(new Date()));
}

/**
 * Dates a search cannot use (check-out before check-in, in the past, over a year, not dates) are
 * dropped from its URL, and the guest is told why on the list without them (`canonical`: the
 * list's address without dates).
 */
export async function refuseUnusableStay(url: URL, canonical: string): Promise<void> {
  const notice = stayNotice(url.searchParams);
  if (notice) throw await redirectWithToast(canonical, { title: "As datas não foram usadas na busca", description: notice, variant: "error" });
}
