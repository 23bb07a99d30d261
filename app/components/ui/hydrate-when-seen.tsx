import { Suspense, type ReactNode } from "react";

const ATTRIBUTE = "data-hydrate-when-seen";
/** Events that show someone is about to use a part: it hydrates at once, before the click that follows. */
const INTENT = ["pointerdown", "focusin"] as const;

/** True in the browser until the page's first hydration has run, parts taking turns included (see `pageHydrated`). */
let firstHydration = typeof document !== "undefined";
let pageDone = false;

/** Called once the page has hydrated: what renders after that (a client navigation) waits for nothing. */
export function pageHydrated() {
  pageDone = true;
  if (!turnsRunning) firstHydration = false;
}

/** A part kept as the server drew it until its turn. */
interface Part {
  /** Its markup: the wrapper the server drew. */
  element: Element;
  /** Resolves when it hydrates. */
  seen: Promise<void>;
  isSeen: boolean;
  /** The page rendered it again while it waited: what it shows may have changed since the server drew it. */
  stale: boolean;
  release: () => void;
}
/** The parts not drawn by the browser yet, by name. */
const parts = new Map<string, Part>();

/**
 * Parts due to hydrate, in order: one per task, so that hydrating the page is a few short tasks a tap
 * can come between rather than one long one.
 */
const turns: Part[] = [];
let turnsRunning = false;
function takeTurn(part: Part) {
  if (turns.includes(part)) return;
  turns.push(part);
  if (turnsRunning) return;
  turnsRunning = true;
  setTimeout(nextTurn, 0);
}
function nextTurn() {
  const part = turns.shift();
  if (part) {
    // It hydrates within this task, and may queue parts of its own (a row inside the page).
    part.release();
    setTimeout(nextTurn, 0);
    return;
  }
  turnsRunning = false;
  if (pageDone) firstHydration = false;
}

/**
 * Starts watching the part named `name`. It takes its turn when it comes near the screen, or at once
 * after the page if `soon`; it hydrates without waiting for its turn when pointed at or focused.
 */
function watch(name: string, soon: boolean): Part | undefined {
  const element = document.querySelector(`[${ATTRIBUTE}="${CSS.escape(name)}"]`);
  if (!element) return undefined;
  let resolve!: () => void;
  const observer = soon ? null : new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && takeTurn(part), { rootMargin: "50% 0px" });
  const part: Part = {
    element,
    seen: new Promise<void>((done) => (resolve = done)),
    isSeen: false,
    stale: false,
    release() {
      if (part.isSeen) return;
      observer?.disconnect();
      for (const type of INTENT) element.removeEventListener(type, part.release, true);
      part.isSeen = true;
      resolve();
    },
  };
  if (observer) observer.observe(element);
  else takeTurn(part);
  for (const type of INTENT) element.addEventListener(type, part.release, { capture: true, passive: true });
  parts.set(name, part);
  return part;
}

interface GateProps {
  name: string;
  className?: string;
  soon?: boolean;
  children: ReactNode;
}

function Gate({ name, className, soon = false, children }: GateProps) {
  let part = parts.get(name);
  if (!part && firstHydration) part = watch(name, soon);
  // Preact keeps the server's markup of a part that suspends while the page hydrates, and hydrates it
  // when the promise resolves. Once the page has left (a client navigation) the markup is gone, and
  // the part renders as any other.
  if (part?.element.isConnected && !part.isSeen) {
    if (!firstHydration) part.stale = true;
    throw part.seen;
  }
  parts.delete(name);
  // Hydrating keeps the markup's attributes as the server wrote them (a heart pressed since then
  // would look unpressed): a part the page rendered again while it waited is drawn anew.
  if (part?.stale) part.element.replaceChildren();
  return (
    <div className={className} {...{ [ATTRIBUTE]: name }}>
      {children}
    </div>
  );
}

/**
 * A part of a server-rendered page that hydrates when it comes near the screen rather than with the
 * rest of the page. Hydrating is one long task that grows with what the page shows, and a phone
 * cannot answer a tap while it runs; the home page's rows below the first screen were most of it.
 * Until then the part is the server's markup: its links work as plain links. `name` must be unique
 * on the page; `className` styles the element that wraps the part.
 */
export function HydrateWhenSeen(props: Omit<GateProps, "soon">) {
  return (
    <Suspense fallback={null}>
      <Gate {...props} />
    </Suspense>
  );
}

/**
 * A part that hydrates in a task of its own right after the rest of the page (the header, the
 * footer), whether seen or not, in the order the page draws such parts. Its wrapper is
 * `display: contents`: the part is laid out as if it were not wrapped (the header stays sticky).
 */
export function HydrateInTurn({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate name={name} className="contents" soon>
        {children}
      </Gate>
    </Suspense>
  );
}
