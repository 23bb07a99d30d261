import { DayPicker, type DateRange } from "react-day-picker";
import { ptBR } from "react-day-picker/locale/pt-BR";
import "react-day-picker/style.css";
import "./stay-picker.css";
import { dateOnly, type Night, localDateOf } from "@common/nights";
import type { NightRun } from "@common/listing-calendar";

/**
 * The listing's nights as a range picker (loaded when the guest opens it: ~25 KB gzip that most
 * visits never need). Taken nights are greyed and struck through: no stay may sleep one, but the
 * first of a run is still a check-out (the guest leaves that morning). Past nights and those past
 * the calendar cannot be chosen. Picking sets the card's two date fields.
 */
export function StayPicker({
  today,
  lastNight,
  taken,
  checkIn,
  checkOut,
  onPick,
}: {
  today: Night;
  lastNight: Night;
  taken: readonly NightRun[];
  checkIn: Night | null;
  checkOut: Night | null;
  onPick: (checkIn: Night, checkOut: Night | null) => void;
}) {
  const selected: DateRange | undefined = checkIn ? { from: localDateOf(checkIn), to: checkOut ? localDateOf(checkOut) : undefined } : undefined;
  const takenDays = taken.map((run) => ({ from: localDateOf(run.first), to: localDateOf(run.last) }));
  const isTaken = (night: Night) => taken.some((run) => night >= run.first && night <= run.last);
  // Choosing a check-out: the first taken night after the check-in is the last day the stay may end on.
  const choosingCheckOut = checkIn !== null && checkOut === null;
  const lastCheckOut = choosingCheckOut ? (taken.find((run) => run.first > checkIn)?.first ?? null) : null;
  const unavailable = (date: Date) => {
    const night = dateOnly(date);
    if (night < today) return true;
    if (choosingCheckOut && night > checkIn) return lastCheckOut !== null && night > lastCheckOut;
    return isTaken(night);
  };
  return (
    <DayPicker
      mode="range"
      locale={ptBR}
      today={localDateOf(today)}
      startMonth={localDateOf(today)}
      endMonth={localDateOf(lastNight)}
      defaultMonth={selected?.from ?? localDateOf(today)}
      selected={selected}
      disabled={unavailable}
      modifiers={{ taken: takenDays }}
      modifiersClassNames={{ taken: "stay-taken" }}
      onSelect={(range) => {
        if (!range?.from) return;
        const from = dateOnly(range.from);
        const to = range.to ? dateOnly(range.to) : null;
        onPick(from, to && to > from ? to : null);
      }}
      labels={{ labelDayButton: (date, modifiers) => `${new Intl.DateTimeFormat("pt-BR", { dateStyle: "full" }).format(date)}${modifiers.taken ? ", indisponível" : ""}${modifiers.selected ? ", selecionado" : ""}` }}
      className="stay-picker"
      footer={<p className="mt-2 text-xs text-stone-600 dark:text-stone-400">Noites riscadas já estão ocupadas no calendário do anfitrião.</p>}
    />
  );
}
