import { stayNotice } from "@common/property-query";
import { redirectWithToast } from "./toast.server";

/**
 * Dates a search cannot use (check-out before check-in, in the past, over a year, not dates) are
 * dropped from its URL, and the guest is told why on the list without them.
 */
export async function refuseUnusableStay(url: URL, canonical: string): Promise<void> {
  const notice = stayNotice(url.searchParams);
  if (notice) throw await redirectWithToast(canonical, { title: "As datas não foram usadas na busca", description: notice, variant: "error" });
}
