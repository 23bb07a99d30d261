/**
 * When Brazilians travel: national holidays, a state's own, Carnaval, and the "feriados
 * prolongados" they make with a weekend, for the host's calendar.
 *
 * The holidays are @brazilian-utils/brazilian-utils' (laws and Easter arithmetic kept there). It
 * lists Carnaval's Tuesday only: its Monday and Ash Wednesday (a half day off, to 14h) are added
 * here, from that Tuesday.
 */
import { getHolidays, type StateCode } from "@brazilian-utils/brazilian-utils";
import { addNights, dateOnly, weekdayOf, type Night } from "../../common/nights";

export interface Holiday {
  date: Night;
  name: string;
  /** "national" and "state" are feriados; "optional" a ponto facultativo most people take (Carnaval, Corpus Christi). */
  kind: "national" | "state" | "optional";
}

/** A weekend that a holiday makes longer, bridged by one working day at most: its days off, first to last. */
export interface LongWeekend {
  first: Night;
  last: Night;
  /** The holidays in it, by name. */
  holidays: string[];
}

const isWeekend = (date: Night) => weekdayOf(date) === 0 || weekdayOf(date) === 6;

/** One year's holidays, with the state's when `uf` names one (the library ignores a code it does not know). */
function holidaysOf(year: number, uf: string | null): Holiday[] {
  const listed = getHolidays({ year, stateCode: (uf ?? undefined) as StateCode | undefined });
  const found: Holiday[] = [];
  for (const holiday of listed) {
    // Easter is a Sunday, and "religious" days are no days off.
    if (holiday.type === "religious") continue;
    const date = dateOnly(holiday.date);
    if (holiday.name.startsWith("Carnaval")) {
      found.push({ date: addNights(date, -1), name: "Carnaval (segunda-feira)", kind: "optional" });
      found.push({ date, name: "Carnaval (terça-feira)", kind: "optional" });
      found.push({ date: addNights(date, 1), name: "Quarta-feira de Cinzas", kind: "optional" });
      continue;
    }
    found.push({ date, name: holiday.name, kind: holiday.type === "national" || holiday.type === "state" ? holiday.type : "optional" });
  }
  return found;
}

/** The holidays from `first` to `last` (dates), with the state's (`uf`, "SP"), sorted by date. */
export function holidaysBetween(first: Night, last: Night, uf: string | null): Holiday[] {
  const years = [];
  for (let year = Number(first.slice(0, 4)); year <= Number(last.slice(0, 4)); year++) years.push(year);
  return years
    .flatMap((year) => holidaysOf(year, uf))
    .filter((holiday) => holiday.date >= first && holiday.date <= last)
    .sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * The feriados prolongados from `first` to `last`: a holiday on a weekday next to a weekend, or one
 * working day away from it (the "ponte": a Thursday's Friday, a Tuesday's Monday), with the days off
 * around it. Ash Wednesday's half day is no day off.
 */
export function longWeekendsBetween(first: Night, last: Night, uf: string | null): LongWeekend[] {
  const holidays = holidaysBetween(addNights(first, -7), addNights(last, 7), uf).filter((h) => h.name !== "Quarta-feira de Cinzas");
  const names = new Map<Night, string[]>();
  for (const holiday of holidays) names.set(holiday.date, [...(names.get(holiday.date) ?? []), holiday.name]);
  const off = (date: Night) => isWeekend(date) || names.has(date);
  // A working day between a holiday and a weekend is bridged.
  const bridged = new Set<Night>();
  for (const date of names.keys()) {
    if (weekdayOf(date) === 4 && !off(addNights(date, 1))) bridged.add(addNights(date, 1));
    if (weekdayOf(date) === 2 && !off(addNights(date, -1))) bridged.add(addNights(date, -1));
  }
  const free = (date: Night) => off(date) || bridged.has(date);

  const found: LongWeekend[] = [];
  for (const date of [...names.keys()].sort()) {
    if (isWeekend(date) || found.some((w) => date >= w.first && date <= w.last)) continue;
    let start = date;
    while (free(addNights(start, -1))) start = addNights(start, -1);
    let end = date;
    while (free(addNights(end, 1))) end = addNights(end, 1);
    const touchesWeekend = [...span(start, end)].some(isWeekend);
    if (!touchesWeekend || end < first || start > last) continue;
    found.push({ first: start, last: end, holidays: [...span(start, end)].flatMap((day) => names.get(day) ?? []) });
  }
  return found;
}

function* span(first: Night, last: Night) {
  for (let date = first; date <= last; date = addNights(date, 1)) yield date;
}
