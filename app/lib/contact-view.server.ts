import { addNights, formatNight, nightOf } from "@common/nights";
import { formatDate } from "@common/format";
import { REVIEW_WINDOW_DAYS, type StaySide } from "@common/reviews";
import { firstName } from "@common/text";
import type { ContactItem } from "@server/trust/contacts";
import { editableUntil } from "@server/trust/reviews";

/** A contact as its card draws it, for one side: every date already written dd/mm/aaaa, every action already decided. */
export interface ContactView {
  id: string;
  person: string;
  listingTitle: string;
  listingPath: string;
  contactedOn: string;
  chosen: string | null;
  /** The dates the stay form starts with: the contact's, when chosen. */
  prefill: { checkin: string; checkout: string };
  stay: {
    id: string;
    dates: string;
    /** confirmed: both sides; mine: stated by this side, waiting for the other; theirs: stated by the other side, waiting for this one. */
    state: "confirmed" | "mine" | "theirs";
    canWithdraw: boolean;
  } | null;
  review: { id: string; rating: number; text: string; status: string; reply: string | null } | null;
  /** Guest side: where to write or edit the review, when it can be. */
  reviewLink: { path: string; label: string } | null;
}

export function contactView(item: ContactItem, side: StaySide, now: Date): ContactView {
  const today = nightOf(now);
  const guests = item.guests ? ` · ${item.guests} ${item.guests === 1 ? "hóspede" : "hóspedes"}` : "";
  const chosen = item.checkIn && item.checkOut ? `${formatNight(item.checkIn)} a ${formatNight(item.checkOut)}${guests}` : guests ? guests.slice(3) : null;
  const stay =
    item.stayId && item.stayCheckIn && item.stayCheckOut && item.stayStatedBy
      ? {
          id: item.stayId,
          dates: `${formatNight(item.stayCheckIn)} a ${formatNight(item.stayCheckOut)}`,
          state: item.hostConfirmedAt && item.guestConfirmedAt ? ("confirmed" as const) : item.stayStatedBy === side ? ("mine" as const) : ("theirs" as const),
          canWithdraw: today < item.stayCheckOut,
        }
      : null;
  let reviewLink: ContactView["reviewLink"] = null;
  if (side === "guest" && stay?.state === "confirmed" && item.stayCheckOut && today >= item.stayCheckOut) {
    if (!item.reviewId && today <= addNights(item.stayCheckOut, REVIEW_WINDOW_DAYS)) reviewLink = { path: `/avaliar/${stay.id}`, label: "Avaliar a hospedagem" };
    else if (item.reviewId && item.reviewCreatedAt && now <= editableUntil(item.reviewCreatedAt) && item.reviewStatus !== "hidden") reviewLink = { path: `/avaliar/${stay.id}`, label: "Editar a avaliação" };
  }
  return {
    id: item.id,
    person: side === "host" ? item.personName : firstName(item.personName),
    listingTitle: item.listingTitle,
    listingPath: `/accommodation/${item.listingSlug}`,
    contactedOn: formatDate(item.createdAt),
    chosen,
    prefill: { checkin: item.checkIn ?? "", checkout: item.checkOut ?? "" },
    stay,
    review:
      item.reviewId && item.reviewRating && item.reviewText && item.reviewStatus
        ? { id: item.reviewId, rating: item.reviewRating, text: item.reviewText, status: item.reviewStatus, reply: item.hostReply }
        : null,
    reviewLink,
  };
}
