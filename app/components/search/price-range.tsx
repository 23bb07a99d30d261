import { useCallback, useEffect, useRef, useState, type PointerEvent } from "react";
import { formatBRL } from "@common/format";
import { PRICE_MAX, PRICE_STEP } from "@common/property-query";
import { useTypedBeforeHydration } from "~/lib/typed-before-hydration";

const COMMIT_DELAY_MS = 500;

/**
 * `stepTexts`: every step's price as shown, index = reais / PRICE_STEP (priceStepTexts, formatted by
 * the server: formatting here would load the locale's data while the page hydrates); a value off
 * the steps (a hand-written URL) is formatted here.
 *
 * Two-thumb price slider, 0 to 1.000 reais in steps of 50 (1.000 means no upper bound): two native
 * range inputs on one track, so the browser gives each thumb its keyboard, touch and screen-reader
 * behaviour, and the form submits minPrice/maxPrice without JavaScript too. The thumbs stay a step
 * apart; a press on the track moves the nearer one.
 */
export function PriceRange({ min, max, stepTexts, onCommit }: { min: number; max: number; stepTexts: readonly string[]; onCommit?: () => void }) {
  const [[low, high], setValue] = useState([min, max]);
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const commitTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // A native `change` marks a committed value (thumb released, or an arrow press). Keyboard users
  // commit on every press: wait until they pause, so one search runs, not ten.
  const latestOnCommit = useRef(onCommit);
  useEffect(() => {
    latestOnCommit.current = onCommit;
  });
  const scheduleCommit = useCallback(() => {
    clearTimeout(commitTimer.current);
    commitTimer.current = setTimeout(() => latestOnCommit.current?.(), COMMIT_DELAY_MS);
  }, []);
  useEffect(() => {
    const node = fieldset.current;
    node?.addEventListener("change", scheduleCommit);
    return () => {
      node?.removeEventListener("change", scheduleCommit);
      clearTimeout(commitTimer.current);
    };
  }, [scheduleCommit]);

  const setLow = (v: number) => setValue([Math.min(v, high - PRICE_STEP), high]);
  const setHigh = (v: number) => setValue([low, Math.max(v, low + PRICE_STEP)]);
  const lowInput = useRef<HTMLInputElement>(null);
  const highInput = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(() => lowInput.current, String(low), (moved) => setValue(([, h]) => [Math.min(Number(moved), h - PRICE_STEP), h]));
  useTypedBeforeHydration(() => highInput.current, String(high), (moved) => setValue(([l]) => [l, Math.max(Number(moved), l + PRICE_STEP)]));

  function pressTrack(e: PointerEvent<HTMLDivElement>) {
    const box = e.currentTarget.getBoundingClientRect();
    const ratio = Math.min(1, Math.max(0, (e.clientX - box.left) / box.width));
    const v = Math.round((ratio * PRICE_MAX) / PRICE_STEP) * PRICE_STEP;
    if (Math.abs(v - low) <= Math.abs(v - high)) setLow(v);
    else setHigh(v);
    scheduleCommit();
  }

  const shown = (reais: number) => (reais % PRICE_STEP === 0 ? stepTexts[reais / PRICE_STEP] : undefined) ?? formatBRL(reais * 100);
  const label = high >= PRICE_MAX ? `${shown(low)} – ${shown(PRICE_MAX)}+` : `${shown(low)} – ${shown(high)}`;
  const percent = (v: number) => `${(v / PRICE_MAX) * 100}%`;
  return (
    <fieldset ref={fieldset}>
      <legend className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200">Preço por noite</legend>
      <p className="mb-3 text-sm text-stone-600 dark:text-stone-400">{label}</p>
      {/* 24px tall, as the thumbs are wide: the smallest target WCAG 2.2 allows (2.5.8). The track runs between the thumbs' centres. */}
      <div className="relative h-6 touch-none select-none">
        <div className="absolute inset-x-3 top-2.25 h-1.5 cursor-pointer rounded-full bg-stone-200 dark:bg-stone-700" onPointerDown={pressTrack}>
          <div className="absolute h-full rounded-full bg-brand-600" style={{ left: percent(low), right: `calc(100% - ${percent(high)})` }} />
        </div>
        <input
          ref={lowInput}
          type="range"
          name="minPrice"
          className="range-thumb"
          // The lower thumb goes on top once it nears the end, where the upper one would cover it.
          style={{ zIndex: low > PRICE_MAX / 2 ? 2 : 1 }}
          min={0}
          max={PRICE_MAX}
          step={PRICE_STEP}
          value={low}
          onChange={(e) => setLow(Number(e.currentTarget.value))}
          aria-label="Preço mínimo"
          aria-valuetext={shown(low)}
        />
        <input
          ref={highInput}
          type="range"
          name="maxPrice"
          className="range-thumb"
          min={0}
          max={PRICE_MAX}
          step={PRICE_STEP}
          value={high}
          onChange={(e) => setHigh(Number(e.currentTarget.value))}
          aria-label="Preço máximo"
          aria-valuetext={high >= PRICE_MAX ? "Sem limite" : shown(high)}
        />
      </div>
    </fieldset>
  );
}
