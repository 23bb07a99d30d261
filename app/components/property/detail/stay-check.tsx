import type { ListingAvailability } from "@server/availability/listing-availability";
import { minimumStayFor, stayHasTakenNight } from "@common/listing-calendar";
import type { Stay } from "@common/stays";
import { nightsBetween } from "@common/nights";

/** Why a stay is asked about only after the guest confirms: a taken night, or fewer nights than the host's minimum. */
export function stayWarning(stay: Stay, availability: ListingAvailability): string | null {
  if (stayHasTakenNight(stay, availability.taken)) return "Estas datas incluem noites já ocupadas no calendário do anfitrião.";
  const minimum = minimumStayFor(stay.checkIn, availability.minNights, availability.periods);
  if (nightsBetween(stay.checkIn, stay.checkOut) < minimum) return `O anfitrião pede no mínimo ${minimum} noites para este check-in.`;
  return null;
}

/** Asks before a stay the host's calendar refuses is sent: "Perguntar mesmo assim" or "Escolher outras datas". */
export function StayConfirmation({ message, onConfirm, onChoose }: { message: string; onConfirm: () => void; onChoose: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-stone-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-stone-50">
      <p>{`${message} Quer perguntar ao anfitrião mesmo assim?`}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className="rounded-lg bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-800" onClick={onConfirm}>
          Perguntar mesmo assim
        </button>
        <button
          type="button"
          className="rounded-lg border border-stone-300 px-3 py-1.5 font-semibold hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800"
          onClick={onChoose}
        >
          Escolher outras datas
        </button>
      </div>
    </div>
  );
}
