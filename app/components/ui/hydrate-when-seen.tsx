import { isValidElement, memo, Suspense, type ReactNode } from "react";

const ATTRIBUTE = "data-hydrate-when-seen";
/** Events that show someone is about to use a part: it hydrates at once, before the click that follows. */
const INTENT = ["pointerdown", "focusin"] as const;

/** True in the browser until the first client navigation: until then a part may be the server's markup. */
let serverPage = typeof document !== "undefined";

/** A part of the server's markup, kept as drawn until it is seen. */
interface Part {
  /** Resolves when it may hydrate. */
  seen: Promise<void>;
  isSeen: boolean;
  release: () => void;
}
/** The parts found in the server's markup, by name: seen or still waiting. */
const parts = new Map<string, Part>();

/** Whether what renders now may be the server's markup being hydrated (no client navigation yet). */
export const onServerPage = () => serverPage;

/** Called when the router has moved to another page: what renders from then on waits for nothing. */
export function clientNavigated() {
  serverPage = false;
  for (const part of parts.values()) part.release();
  parts.clear();
}

/** Starts watching the server's markup of the part named `name`, if the page has it. */
function watch(name: string): Part | undefined {
  const element = document.querySelector(`[${ATTRIBUTE}="${CSS.escape(name)}"]`);
  if (!element) return undefined;
  let resolve!: () => void;
  const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && part.release(), { rootMargin: "50% 0px" });
  const part: Part = {
    seen: new Promise<void>((done) => (resolve = done)),
    isSeen: false,
    release() {
      if (part.isSeen) return;
      observer.disconnect();
      for (const type of INTENT) element.removeEventListener(type, part.release, true);
      part.isSeen = true;
      resolve();
    },
  };
  observer.observe(element);
  for (const type of INTENT) element.addEventListener(type, part.release, { capture: true, passive: true });
  parts.set(name, part);
  return part;
}

interface GateProps {
  name: string;
  className?: string;
  children: ReactNode;
}

function Gate({ name, className, children }: GateProps) {
  const part = parts.get(name);
  if (!part) {
    // A part that suspends while React hydrates it keeps the server's markup, and hydrates when the promise resolves.
    const found = serverPage ? watch(name) : undefined;
    if (found) throw found.seen;
  } else {
    // Rendered again before it was seen: the page changed around it (a heart pressed elsewhere
    // revalidated the page). It hydrates now, on the data it was drawn with, and then takes the change.
    // Once seen, the part stays known, so that it is never watched (and held back) again.
    part.release();
  }
  return (
    <div className={className} {...{ [ATTRIBUTE]: name }}>
      {children}
    </div>
  );
}

/** Whether two elements draw the same: the same component, with the very same props. */
function sameElement(a: ReactNode, b: ReactNode): boolean {
  if (!isValidElement(a) || !isValidElement(b)) return Object.is(a, b);
  if (a.type !== b.type || a.key !== b.key) return false;
  const [before, after] = [a.props as Record<string, unknown>, b.props as Record<string, unknown>];
  const keys = Object.keys(before);
  return keys.length === Object.keys(after).length && keys.every((key) => Object.is(before[key], after[key]));
}

/**
 * A part of a server-rendered page that hydrates when it comes near the screen rather than with the
 * rest of the page. Hydrating grows with what the page shows, and a phone cannot answer a tap while
 * it runs; the home page's rows below the first screen were most of it. Until then the part is the
 * server's markup: its links work as plain links. `name` must be unique on the page; `className`
 * styles the element that wraps the part.
 *
 * A render of the page that draws the part with the same props (another part of the page changed)
 * stops here: reaching a waiting part would hydrate it.
 */
export const HydrateWhenSeen = memo(function HydrateWhenSeen(props: GateProps) {
  return (
    <Suspense fallback={null}>
      <Gate {...props} />
    </Suspense>
  );
}, (before, after) => before.name === after.name && before.className === after.className && sameElement(before.children, after.children));

/**
 * A part that React hydrates after the rest of the page, on its own (the route's content, the home
 * search form): the page's first hydration is the router's start and the site's frame, and a tap on
 * a part is answered by hydrating that part first.
 */
export function HydrateInTurn({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
