import { Icon } from "~/components/ui/icons";
import { useCallback, useEffect, useState, type ReactNode } from "react";

type Direction = -1 | 1;

/**
 * A row that scrolls sideways, driven by buttons as well as by touch and the trackpad: `ref` goes on
 * the scrolling element; `can` says which way there is more to see (both false before it is measured).
 */
export function useScrollRow() {
  const [row, setRow] = useState<HTMLElement | null>(null);
  const [can, setCan] = useState({ back: false, forward: false });

  useEffect(() => {
    if (!row) return;
    const measure = () => {
      // A pixel of slack: zoomed pages scroll to fractional positions.
      const back = row.scrollLeft > 1;
      const forward = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
      setCan((was) => (was.back === back && was.forward === forward ? was : { back, forward }));
    };
    row.addEventListener("scroll", measure, { passive: true });
    // It also measures once the row is first laid out: measuring here instead forced the page's
    // layout in the middle of hydration (the home page's 8 rows: ~50 ms of a phone's first second).
    const resized = new ResizeObserver(measure);
    resized.observe(row);
    return () => {
      row.removeEventListener("scroll", measure);
      resized.disconnect();
    };
  }, [row]);

  const scroll = useCallback(
    (direction: Direction) => {
      if (!row) return;
      const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      // Most of a screenful, so the card cut at the edge comes into full view.
      row.scrollBy({ left: direction * row.clientWidth * 0.9, behavior: smooth ? "smooth" : "auto" });
    },
    [row],
  );

  return { ref: setRow, can, scroll };
}

/**
 * "Anteriores" and "Próximos" for a row of `useScrollRow`, each disabled at its end of the row.
 * aria-disabled rather than disabled: a button pressed up to the end keeps the keyboard focus.
 */
export function ScrollButtons({ can, scroll, label, className = "" }: Pick<ReturnType<typeof useScrollRow>, "can" | "scroll"> & { label: string; className?: string }) {
  const button = (direction: Direction, name: string, enabled: boolean, icon: ReactNode) => (
    <button type="button" aria-label={name} aria-disabled={!enabled} onClick={() => enabled && scroll(direction)} className="scroll-button">
      {icon}
    </button>
  );
  return (
    <div role="group" aria-label={label} className={`gap-2 ${className}`}>
      {button(-1, "Anteriores", can.back, <Icon name="chevron-left" aria-hidden className="size-5" />)}
      {button(1, "Próximos", can.forward, <Icon name="chevron-right" aria-hidden className="size-5" />)}
    </div>
  );
}
