import { formatCount } from "@common/format";
import type { Night } from "@common/nights";

/** "28/11" from "2026-11-28". */
export const dayMonth = (day: Night) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

const WIDTH = 640;
const HEIGHT = 180;
const LEFT = 36;
const BOTTOM = 22;
const TOP = 8;

/**
 * One number per day as bars, drawn on the server as SVG (no chart library in the browser), in the
 * text's colour so it follows the theme; the table under it says the same for screen readers and
 * anyone who prefers numbers.
 */
export function DayChart({ title, days }: { title: string; days: readonly { day: Night; value: number }[] }) {
  const total = days.reduce((sum, d) => sum + d.value, 0);
  const peak = days.reduce((best, d) => (d.value > best.value ? d : best), days[0] ?? { day: "", value: 0 });
  const max = Math.max(1, peak.value);
  const plotWidth = WIDTH - LEFT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = plotWidth / Math.max(1, days.length);
  const labelEvery = Math.ceil(days.length / 7);
  const summary =
    total === 0
      ? `${title}: nenhum no período.`
      : `${title}: ${formatCount(total)} no período, no máximo ${formatCount(peak.value)} em ${dayMonth(peak.day)}.`;
  return (
    <figure className="mt-3">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} className="h-auto w-full text-brand-700 dark:text-brand-300">
        <g className="text-stone-600 dark:text-stone-400" fill="currentColor" fontSize="11">
          <text x={LEFT - 6} y={TOP + 4} textAnchor="end">
            {formatCount(max)}
          </text>
          <text x={LEFT - 6} y={TOP + plotHeight} textAnchor="end">
            0
          </text>
          <line x1={LEFT} x2={WIDTH} y1={TOP + plotHeight + 0.5} y2={TOP + plotHeight + 0.5} stroke="currentColor" strokeWidth="1" />
          {days.map((d, i) =>
            i % labelEvery === 0 || i === days.length - 1 ? (
              <text key={d.day} x={LEFT + slot * (i + 0.5)} y={HEIGHT - 6} textAnchor="middle">
                {dayMonth(d.day)}
              </text>
            ) : null,
          )}
        </g>
        <g fill="currentColor">
          {days.map((d, i) => {
            const height = (d.value / max) * plotHeight;
            return d.value > 0 ? <rect key={d.day} x={LEFT + slot * i + slot * 0.15} y={TOP + plotHeight - height} width={slot * 0.7} height={height} rx="1" /> : null;
          })}
        </g>
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-brand-800 underline underline-offset-2 dark:text-brand-300">Ver em tabela</summary>
        <table className="mt-2 w-full max-w-xs text-left">
          <caption className="sr-only">{title} por dia</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 font-semibold">
                Dia
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                {title}
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day} className="border-t border-stone-200 dark:border-stone-800">
                <td className="py-1">{dayMonth(d.day)}</td>
                <td className="py-1 text-right tabular-nums">{formatCount(d.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
