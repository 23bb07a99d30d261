import { Slider } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { formatBRL } from "@common/format";
import { PRICE_MAX, PRICE_STEP } from "@common/property-query";

const COMMIT_DELAY_MS = 500;

const thumb =
  "block size-5 rounded-full border-2 border-brand-700 bg-white shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:bg-stone-900 dark:border-brand-300";

/**
 * Two-thumb price slider, 0 to 1.000 reais in steps of 50 (1.000 means no upper bound). Its values go
 * out as minPrice/maxPrice, and only when they differ from the defaults.
 */
export function PriceRange({ min, max, onCommit }: { min: number; max: number; onCommit?: () => void }) {
  const [value, setValue] = useState([min, max]);
  const commitTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(commitTimer.current), []);
  const [low, high] = value as [number, number];
  const label = high >= PRICE_MAX ? `${formatBRL(low * 100)} – ${formatBRL(PRICE_MAX * 100)}+` : `${formatBRL(low * 100)} – ${formatBRL(high * 100)}`;
  return (
    <fieldset>
      <legend className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200">Preço por noite</legend>
      <p className="mb-3 text-sm text-stone-600 dark:text-stone-400">
        {label}
      </p>
      <Slider.Root
        className="relative flex h-5 touch-none items-center select-none"
        min={0}
        max={PRICE_MAX}
        step={PRICE_STEP}
        minStepsBetweenThumbs={1}
        value={value}
        onValueChange={setValue}
        // Keyboard users commit on every arrow press: wait until they pause, so one search runs, not ten.
        onValueCommit={() => {
          clearTimeout(commitTimer.current);
          commitTimer.current = setTimeout(() => onCommit?.(), COMMIT_DELAY_MS);
        }}
      >
        <Slider.Track className="relative h-1.5 grow rounded-full bg-stone-200 dark:bg-stone-700">
          <Slider.Range className="absolute h-full rounded-full bg-brand-600" />
        </Slider.Track>
        <Slider.Thumb className={thumb} aria-label="Preço mínimo" aria-valuetext={formatBRL(low * 100)} />
        <Slider.Thumb className={thumb} aria-label="Preço máximo" aria-valuetext={high >= PRICE_MAX ? "Sem limite" : formatBRL(high * 100)} />
      </Slider.Root>
      {low > 0 ? <input type="hidden" name="minPrice" value={low} /> : null}
      {high < PRICE_MAX ? <input type="hidden" name="maxPrice" value={high} /> : null}
    </fieldset>
  );
}
