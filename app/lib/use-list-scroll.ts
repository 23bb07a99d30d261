import { useLayoutEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

const STORAGE_KEY = "recanto:list-scroll";
/** History entries remembered: enough for any way back a person takes, small enough to never matter. */
const KEPT = 30;

type Positions = Record<string, number>;

function readPositions(): Positions {
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}");
    return kept && typeof kept === "object" ? (kept as Positions) : {};
  } catch {
    return {};
  }
}

function keepPosition(entry: string, y: number) {
  const positions = readPositions();
  delete positions[entry];
  positions[entry] = y;
  const entries = Object.keys(positions);
  for (const old of entries.slice(0, Math.max(0, entries.length - KEPT))) delete positions[old];
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage full or refused (private mode): back lands where React Router alone puts it.
  }
}

/**
 * Back to a result list lands where the person was. React Router restores the scroll when the page's
 * shell renders, and a list whose results stream in after the shell is shorter then (skeletons), so
 * the position is cut to the skeletons' height. Called where the results are shown: it remembers the
 * list's position per history entry and, on a way back, scrolls there again once the results are in.
 */
export function useListScroll() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const url = location.pathname + location.search;
  // Every page loaded from the address bar shares React Router's key "default": the URL tells them apart.
  const entry = `${location.key} ${url}`;

  useLayoutEffect(() => {
    if (navigationType === "POP") {
      const kept = readPositions()[entry];
      if (kept !== undefined && Math.abs(window.scrollY - kept) > 1) window.scrollTo(0, kept);
    }
    // Scrolls made by the next page (its own restoration) are not this list's.
    const stillHere = () => window.location.pathname + window.location.search === url;
    // The list may have been scrolled before its scripts ran.
    keepPosition(entry, window.scrollY);
    let pending = 0;
    const remember = () => {
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(() => stillHere() && keepPosition(entry, window.scrollY));
    };
    window.addEventListener("scroll", remember, { passive: true });
    return () => {
      cancelAnimationFrame(pending);
      window.removeEventListener("scroll", remember);
    };
  }, [entry, url, navigationType]);
}
