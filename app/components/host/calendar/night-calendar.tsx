import { createContext, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { DayButton, DayPicker, type DayButtonProps } from "react-day-picker";
import { ptBR } from "react-day-picker/locale/pt-BR";
import "react-day-picker/style.css";
import "./night-calendar.css";
import { addNights, dateOnly, formatNight, nightsFrom, type Night, localDateOf } from "@common/nights";
import { notify } from "~/components/ui/toasts";
import { useCalendarAction } from "./use-calendar-action";

interface Holiday {
  date: Night;
  name: string;
}
interface LongWeekend {
  first: Night;
  last: Night;
  holidays: string[];
}

interface Props {
  today: Night;
  last: Night;
  taken: { night: Night; by: string[] }[];
  feeds: { id: string; name: string }[];
  holidays: Holiday[];
  longWeekends: LongWeekend[];
}

/** A feed's colour on the calendar and in its legend, in the order the feeds were connected. */
const FEED_COLOURS = ["bg-sky-600", "bg-violet-600", "bg-amber-600", "bg-pink-600", "bg-teal-600"];
const feedColour = (index: number) => FEED_COLOURS[index % FEED_COLOURS.length]!;

const wideQuery = "(min-width: 1024px)";
const subscribeWide = (change: () => void) => {
  const media = window.matchMedia(wideQuery);
  media.addEventListener("change", change);
  return () => media.removeEventListener("change", change);
};
/** Two months side by side from 1024 px; one on the server and while hydrating. */
function useTwoMonths(): boolean {
  return useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(wideQuery).matches,
    () => false,
  );
}

const dayName = new Intl.DateTimeFormat("pt-BR", { weekday: "long", day: "numeric", month: "long", year: "numeric" });

interface NightInfo {
  byHand: boolean;
  /** The feeds (their index in `feeds`) that take it. */
  feeds: number[];
  holidays: string[];
  longWeekend: boolean;
  dragged: boolean;
}
const NightInfoContext = createContext<(night: Night) => NightInfo>(() => ({ byHand: false, feeds: [], holidays: [], longWeekend: false, dragged: false }));
const DragContext = createContext<{ start(night: Night): void }>({ start: () => {} });

/**
 * The host's nights, month by month: closed and opened by hand (a click, Shift-click or a drag for a
 * range, Enter/Space and Shift+Enter by keyboard), each showing what took it (the host, or which
 * connected calendar), the holidays and the feriados prolongados. Changes show at once and are sent
 * one batch at a time: those made while one is being saved go in the next.
 */
export function NightCalendar({ today, last, taken, feeds, holidays, longWeekends }: Props) {
  // Each change shows on the grid itself: only a failure says so in a toast.
  const { fetcher } = useCalendarAction({ key: "noites", quietSuccess: true });
  const [queued, setQueued] = useState<ReadonlyMap<Night, boolean>>(new Map());
  const anchor = useRef<{ night: Night; block: boolean } | null>(null);
  const [drag, setDrag] = useState<{ from: Night; to: Night } | null>(null);
  const twoMonths = useTwoMonths();

  // What is being saved: the batch in flight.
  const sending = useMemo(() => {
    const sent = new Map<Night, boolean>();
    const form = fetcher.formData;
    if (!form) return sent;
    for (const night of String(form.get("bloquear") ?? "").split(",").filter(Boolean)) sent.set(night, true);
    for (const night of String(form.get("liberar") ?? "").split(",").filter(Boolean)) sent.set(night, false);
    return sent;
  }, [fetcher.formData]);

  // Changes wait in `queued` while a batch is in flight; the next batch is handed over (`outgoing`)
  // once it is answered and the page's data read again, and leaves with the effect below.
  const [outgoing, setOutgoing] = useState<ReadonlyMap<Night, boolean> | null>(null);
  if (fetcher.state === "idle" && outgoing === null && queued.size > 0) {
    setOutgoing(queued);
    setQueued(new Map());
  }
  if (fetcher.state !== "idle" && outgoing !== null) setOutgoing(null);
  useEffect(() => {
    if (!outgoing) return;
    const entries = [...outgoing];
    void fetcher.submit(
      { intent: "noites", bloquear: entries.filter(([, block]) => block).map(([n]) => n).join(","), liberar: entries.filter(([, block]) => !block).map(([n]) => n).join(",") },
      { method: "post" },
    );
  }, [fetcher, outgoing]);

  const byHand = useMemo(() => new Set(taken.filter((t) => t.by.includes("host")).map((t) => t.night)), [taken]);
  const byFeeds = useMemo(() => {
    const index = new Map(feeds.map((f, i) => [f.id, i]));
    return new Map(taken.map((t) => [t.night, t.by.flatMap((by) => (index.has(by) ? [index.get(by)!] : []))]));
  }, [taken, feeds]);
  const holidayNames = useMemo(() => {
    const names = new Map<Night, string[]>();
    for (const h of holidays) names.set(h.date, [...(names.get(h.date) ?? []), h.name]);
    return names;
  }, [holidays]);

  const handState = (night: Night) => queued.get(night) ?? outgoing?.get(night) ?? sending.get(night) ?? byHand.has(night);
  const within = (night: Night) => night >= today && night <= last;
  const draggedRange = drag ? [drag.from, drag.to].sort() : null;
  const infoOf = (night: Night): NightInfo => ({
    byHand: handState(night),
    feeds: byFeeds.get(night) ?? [],
    holidays: holidayNames.get(night) ?? [],
    longWeekend: longWeekends.some((w) => night >= w.first && night <= w.last),
    dragged: draggedRange !== null && night >= draggedRange[0]! && night <= draggedRange[1]!,
  });

  function change(nights: Night[], block: boolean) {
    setQueued((now) => {
      const next = new Map(now);
      for (const night of nights) if (within(night)) next.set(night, block);
      return next;
    });
  }

  function toggle(night: Night, range: boolean) {
    if (range && anchor.current) {
      const [first, end] = [anchor.current.night, night].sort() as [Night, Night];
      change(nightsFrom(first, addNights(end, 1)), anchor.current.block);
      return;
    }
    const feedNames = (byFeeds.get(night) ?? []).map((i) => feeds[i]!.name);
    if (!handState(night) && feedNames.length > 0) {
      notify.message(`Esta noite foi bloqueada pelo calendário ${feedNames.join(" e ")}.`, {
        description: "Para liberá-la, libere-a lá: a próxima sincronização a libera aqui também.",
      });
      return;
    }
    const block = !handState(night);
    anchor.current = { night, block };
    change([night], block);
  }

  // A drag: from the night pressed to the one under the pointer, applied on release (a press and a
  // release on the same night is a click, left to onDayClick).
  const dragging = useRef<{ from: Night; to: Night } | null>(null);
  const swallowClick = useRef(false);
  useEffect(() => {
    if (!drag) return;
    const move = (event: PointerEvent) => {
      const over = document.elementFromPoint(event.clientX, event.clientY)?.closest<HTMLElement>("[data-night]")?.dataset.night;
      if (over && dragging.current && over !== dragging.current.to) {
        dragging.current = { ...dragging.current, to: over };
        setDrag(dragging.current);
      }
    };
    const end = () => {
      const done = dragging.current;
      dragging.current = null;
      setDrag(null);
      if (!done || done.from === done.to) return;
      swallowClick.current = true;
      const block = !handState(done.from);
      anchor.current = { night: done.to, block };
      const [first, lastDragged] = [done.from, done.to].sort() as [Night, Night];
      change(nightsFrom(first, addNights(lastDragged, 1)), block);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", end, { once: true });
    window.addEventListener("pointercancel", end, { once: true });
    return () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", end);
      window.removeEventListener("pointercancel", end);
    };
  });
  const dragApi = useMemo(
    () => ({
      start(night: Night) {
        // A drag's release over another night clicks no night, so its click may still be waiting to be swallowed.
        swallowClick.current = false;
        dragging.current = { from: night, to: night };
        setDrag(dragging.current);
      },
    }),
    [],
  );

  const describe = (date: Date) => {
    const night = dateOnly(date);
    const info = infoOf(night);
    const parts = [dayName.format(date)];
    if (!within(night)) parts.push("indisponível para edição");
    else if (info.byHand) parts.push("bloqueada por você");
    for (const i of info.feeds) parts.push(`bloqueada pelo calendário ${feeds[i]!.name}`);
    if (within(night) && !info.byHand && info.feeds.length === 0) parts.push("livre");
    for (const name of info.holidays) parts.push(`feriado: ${name}`);
    if (info.longWeekend) parts.push("feriado prolongado");
    return parts.join(", ");
  };

  const visibleHolidays = holidays.filter((h) => h.date >= today);
  return (
    <div className="mt-4">
      <NightInfoContext.Provider value={infoOf}>
        <DragContext.Provider value={dragApi}>
          <DayPicker
            locale={ptBR}
            today={localDateOf(today)}
            numberOfMonths={twoMonths ? 2 : 1}
            startMonth={localDateOf(today)}
            endMonth={localDateOf(last)}
            disabled={[{ before: localDateOf(today) }, { after: localDateOf(last) }]}
            labels={{ labelDayButton: describe }}
            onDayClick={(date, modifiers, event) => {
              if (swallowClick.current) {
                swallowClick.current = false;
                return;
              }
              if (!modifiers.disabled) toggle(dateOnly(date), event.shiftKey);
            }}
            onDayKeyDown={(date, modifiers, event) => {
              if (event.key !== "Enter" && event.key !== " ") return;
              event.preventDefault();
              if (!modifiers.disabled) toggle(dateOnly(date), event.shiftKey);
            }}
            components={{ DayButton: NightButton }}
            className="night-calendar"
          />
        </DragContext.Provider>
      </NightInfoContext.Provider>
      <Legend feeds={feeds} />
      {visibleHolidays.length > 0 ? <HolidayList holidays={visibleHolidays.slice(0, 12)} longWeekends={longWeekends} /> : null}
    </div>
  );
}

function NightButton({ day, modifiers, children, className = "", ...button }: DayButtonProps) {
  const night = dateOnly(day.date);
  const info = useContext(NightInfoContext)(night);
  const drag = useContext(DragContext);
  const state = modifiers.disabled ? "night-past" : info.byHand ? "night-by-hand" : info.feeds.length > 0 ? "night-by-feed" : info.longWeekend ? "night-long-weekend" : "";
  return (
    // The library's own button keeps its focus handling (it focuses the day the arrows moved to).
    <DayButton
      {...button}
      day={day}
      modifiers={modifiers}
      data-night={night}
      aria-pressed={modifiers.disabled ? undefined : info.byHand || info.feeds.length > 0}
      className={`${className} night ${state} ${info.dragged ? "night-dragged" : ""}`}
      onPointerDown={(event) => {
        if (event.button === 0 && !modifiers.disabled && !event.shiftKey) drag.start(night);
      }}
    >
      <span>{children}</span>
      {info.holidays.length > 0 ? <span aria-hidden className="night-holiday" /> : null}
      {info.feeds.length > 0 ? (
        <span aria-hidden className="night-sources">
          {info.feeds.map((i) => (
            <span key={i} className={feedColour(i)} />
          ))}
        </span>
      ) : null}
    </DayButton>
  );
}

function Legend({ feeds }: { feeds: { id: string; name: string }[] }) {
  return (
    <ul aria-label="Legenda" className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm">
      <li className="flex items-center gap-2">
        <span aria-hidden className="legend-swatch" />
        Livre
      </li>
      <li className="flex items-center gap-2">
        <span aria-hidden className="legend-swatch night-by-hand" />
        Bloqueada por você
      </li>
      {feeds.map((feed, i) => (
        <li key={feed.id} className="flex items-center gap-2">
          <span aria-hidden className="legend-swatch night-by-feed">
            <span className={`legend-bar ${feedColour(i)}`} />
          </span>
          {`Bloqueada pelo calendário ${feed.name}`}
        </li>
      ))}
      <li className="flex items-center gap-2">
        <span aria-hidden className="legend-swatch">
          <span className="night-holiday" />
        </span>
        Feriado
      </li>
      <li className="flex items-center gap-2">
        <span aria-hidden className="legend-swatch night-long-weekend" />
        Feriado prolongado
      </li>
    </ul>
  );
}

const weekday = new Intl.DateTimeFormat("pt-BR", { weekday: "long" });

function HolidayList({ holidays, longWeekends }: { holidays: Holiday[]; longWeekends: LongWeekend[] }) {
  return (
    <details className="mt-4 text-sm">
      <summary className="cursor-pointer font-semibold">Próximos feriados</summary>
      <ul className="mt-2 space-y-1">
        {holidays.map((h) => {
          const long = longWeekends.find((w) => h.date >= w.first && h.date <= w.last);
          return (
            <li key={`${h.date}-${h.name}`}>
              {`${formatNight(h.date)} (${weekday.format(localDateOf(h.date))}): ${h.name}`}
              {long ? <span className="text-stone-600 dark:text-stone-400">{` · feriado prolongado de ${formatNight(long.first)} a ${formatNight(long.last)}`}</span> : null}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
