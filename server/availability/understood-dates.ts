/**
 * The dates a Brazilian writes in a search ("chalé no carnaval", "cabana de 10 a 15 de janeiro",
 * "fim de semana que vem", "no feriado de Tiradentes") as a stay, and the words left for the rest
 * of the search.
 *
 * A stay named by days off (a weekend, Carnaval, a holiday) runs from the evening before the first
 * day off to the last one: a weekend is Friday to Sunday; a Friday holiday, Thursday to Sunday; a
 * Thursday holiday bridged to the weekend ("ponte"), Wednesday to Sunday; Carnaval, Friday to its
 * Tuesday; a holiday in mid-week, its eve to the day itself. Dates without a year are the next time
 * they come.
 */
import { normalizeText } from "../../common/cities";
import { addNights, weekdayOf, type Night } from "../../common/nights";
import { type Stay } from "../../common/stays";
import { holidaysBetween, longWeekendsBetween } from "./holidays";

export interface UnderstoodDates {
  stay: Stay | null;
  /** The words that were not about dates, as typed. */
  rest: string;
}

const MONTHS = ["janeiro", "fevereiro", "marco", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"];
const MONTH = `(${MONTHS.map((name) => `${name}|${name.slice(0, 3)}`).join("|")})`;
const monthNumber = (word: string) => MONTHS.findIndex((name) => name.startsWith(word.slice(0, 3))) + 1;

/** Holidays by the words people use for them (accents and case aside), matched to the library's names. */
const HOLIDAY_WORDS: [words: string, name: RegExp][] = [
  ["tiradentes", /^Tiradentes$/],
  ["(?:dia da )?independencia|7 de setembro|sete de setembro", /^Independência/],
  ["(?:nossa senhora )?aparecida|(?:dia das )?criancas|12 de outubro", /^Nossa Senhora Aparecida$/],
  ["finados|dia de finados", /^Finados$/],
  ["(?:da )?proclamacao(?: da republica)?|15 de novembro", /^Proclamação/],
  ["(?:da )?consciencia negra|20 de novembro", /^Dia da Consciência Negra$/],
  ["corpus christi", /^Corpus Christi$/],
  ["(?:dia do )?trabalh(?:o|ador)|1 de maio|primeiro de maio", /^Dia do trabalhador$/],
  ["(?:da )?(?:sexta-feira santa|semana santa|pascoa)", /^Sexta-feira Santa$/],
  ["(?:do )?natal", /^Natal$/],
  ["(?:do )?ano novo|(?:do )?reveillon|(?:da )?virada", /^Ano novo$/],
];

const PREPOSITION = "(?:(?:no|na|em|para o|para a|pro|pra|durante o|durante a) )?";

/** The stay over days off from `first` to `last`. */
const overDaysOff = (first: Night, last: Night): Stay => ({ checkIn: addNights(first, -1), checkOut: last });

/** The weekend from `today` on: this one (still to come or under way), or the one after. */
function weekend(today: Night, next: boolean): Stay {
  const day = weekdayOf(today);
  // Friday to Sunday; on a Sunday this weekend is over.
  const friday = day === 5 ? today : day === 6 ? addNights(today, -1) : addNights(today, (5 - day + 7) % 7 || 7);
  const checkIn = next ? addNights(friday, 7) : friday < today ? today : friday;
  return { checkIn, checkOut: addNights(friday, next ? 9 : 2) };
}

/** The days off around the next time a holiday comes (named by `name`), within two years. */
function holidayStay(today: Night, name: RegExp, uf: string | null): Stay | null {
  const until = addNights(today, 730);
  const holiday = holidaysBetween(addNights(today, 1), until, uf).find((h) => name.test(h.name));
  if (!holiday) return null;
  const around = longWeekendsBetween(holiday.date, holiday.date, uf).find((w) => w.first <= holiday.date && holiday.date <= w.last);
  return around ? overDaysOff(around.first, around.last) : overDaysOff(holiday.date, holiday.date);
}

function carnaval(today: Night, uf: string | null): Stay | null {
  const tuesday = holidaysBetween(today, addNights(today, 400), uf).find((h) => h.name === "Carnaval (terça-feira)");
  return tuesday ? overDaysOff(addNights(tuesday.date, -3), tuesday.date) : null;
}

/** The next date (from today) with this day and month: this year's, or next year's once passed. */
function nextDate(today: Night, day: number, month: number, year?: number): Night | null {
  const thisYear = Number(today.slice(0, 4));
  for (const candidate of year ? [year] : [thisYear, thisYear + 1]) {
    const date = `${candidate}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
    // Out-of-range days (31 de fevereiro) would roll into the next month.
    if (addNights(date, 0) !== date) return null;
    if (year || date >= today) return date;
  }
  return null;
}

/** "10 a 15 de janeiro", "de 28 de dezembro a 3 de janeiro", "10/01 a 15/01/2027". */
function range(match: RegExpExecArray, today: Night): Stay | null {
  const g = match.groups!;
  const year = (text?: string) => (text ? Number(text.length === 2 ? `20${text}` : text) : undefined);
  const [from, to] = g.fromDay
    ? [
        { day: Number(g.fromDay), month: monthNumber(g.fromMonth ?? g.toMonth!) },
        { day: Number(g.toDay), month: monthNumber(g.toMonth!) },
      ]
    : [
        { day: Number(g.d1), month: Number(g.m1), year: year(g.y1) },
        { day: Number(g.d2), month: Number(g.m2), year: year(g.y2) },
      ];
  // Within one month, the days go forward: "15 a 10 de janeiro" is no stay.
  if (from.month === to.month && to.day <= from.day && from.year === to.year) return null;
  const checkIn = nextDate(today, from.day, from.month, from.year);
  const checkOut = checkIn && nextDate(checkIn, to.day, to.month, to.year);
  return checkIn && checkOut && checkOut > checkIn ? { checkIn, checkOut } : null;
}

type Reader = { pattern: RegExp; stay: (match: RegExpExecArray, today: Night, uf: string | null) => Stay | null };

const READERS: Reader[] = [
  {
    pattern: new RegExp(`${PREPOSITION}(?:proximo fim de semana|fim de semana que vem|fds que vem|proximo fds)`),
    stay: (_, today) => weekend(today, true),
  },
  { pattern: new RegExp(`${PREPOSITION}(?:(?:neste|nesse|este|esse) )?(?:fim de semana|fds)`), stay: (_, today) => weekend(today, false) },
  { pattern: new RegExp(`${PREPOSITION}carnaval`), stay: (_, today, uf) => carnaval(today, uf) },
  ...HOLIDAY_WORDS.map(
    ([words, name]): Reader => ({ pattern: new RegExp(`${PREPOSITION}feriado (?:de |da |do )?(?:${words})`), stay: (_, today, uf) => holidayStay(today, name, uf) }),
  ),
  {
    pattern: new RegExp(`(?:de |entre )?(?<fromDay>\\d{1,2})(?: de (?<fromMonth>${MONTH}))? (?:a|ate|e) (?<toDay>\\d{1,2}) de (?<toMonth>${MONTH})`),
    stay: range,
  },
  {
    pattern: /(?:de |entre )?(?<d1>\d{1,2})\/(?<m1>\d{1,2})(?:\/(?<y1>\d{4}|\d{2}))? (?:a|ate|e) (?<d2>\d{1,2})\/(?<m2>\d{1,2})(?:\/(?<y2>\d{4}|\d{2}))?/,
    stay: range,
  },
];

/**
 * The stay `text` names, from `today` (the listing's state, `uf`, adds its own holidays), and the
 * rest of the text as typed. Words are matched whole; only the first phrase about dates is read.
 */
export function understandDates(text: string, today: Night, uf: string | null = null): UnderstoodDates {
  const words = text.split(/\s+/).filter(Boolean);
  const normalized = words.map((word) => normalizeText(word).replace(/[,.;!?]+$/, ""));
  const joined = normalized.join(" ");
  for (const reader of READERS) {
    const match = new RegExp(`(?<![\\p{L}\\p{N}])(?:${reader.pattern.source})(?![\\p{L}\\p{N}])`, "u").exec(joined);
    if (!match) continue;
    const stay = reader.stay(match, today, uf);
    if (!stay) continue;
    // The words the phrase covers: those starting within it.
    const first = joined.slice(0, match.index).split(" ").length - 1;
    const count = match[0].trim().split(" ").length;
    return { stay, rest: [...words.slice(0, first), ...words.slice(first + count)].join(" ") };
  }
  return { stay: null, rest: text.trim() };
}
