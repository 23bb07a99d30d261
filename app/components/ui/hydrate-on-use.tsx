import { createElement, memo, Suspense, useEffect, useState, type ComponentType, type ReactNode } from "react";
import { onServerPage } from "./hydrate-when-seen";

const ATTRIBUTE = "data-hydrate-on-use";
/** Events that show someone reaching for a part (pointing at it, a touch, or focus): its code starts to load. */
const INTENT = ["pointerover", "focusin"] as const;

type Load = () => Promise<unknown>;
/** Each part's module once it has come, by the function that loads it. */
const loaded = new Map<Load, unknown>();

/** A part of the server's markup whose code has not come yet. */
interface Waiting {
  /** Resolves once the code is here. */
  ready: Promise<void>;
  /** Loads the code now, if it is not loading already. */
  start: () => void;
  /**
   * What the person did on the markup meanwhile, to do again once it is hydrated: React drops a
   * click on a part it cannot hydrate yet, and hears no choice made in a select before then.
   */
  replays: (() => void)[];
}
const waiting = new Map<string, Waiting>();

/**
 * A control that the server draws otherwise than the browser (a <details> section's summary, which
 * becomes a dialog's button once JavaScript runs) names its counterpart with this attribute: a click
 * on it before the code has come is not acted on as HTML would, but done again on the counterpart.
 */
export const REPLAY_AS = "data-replay-as";

function watch(load: Load, element: Element): Waiting {
  let resolve!: () => void;
  let loading = false;
  const part: Waiting = { ready: new Promise<void>((done) => (resolve = done)), start, replays: [] };
  const replayLater = (replay: () => void) => part.replays.push(replay);
  const onClick = (event: Event) => {
    const control = event.target instanceof Element ? event.target.closest("button, summary") : null;
    if (!control || !element.contains(control)) return;
    const counterpart = control.getAttribute(REPLAY_AS);
    if (counterpart) {
      event.preventDefault();
      replayLater(() => element.querySelector<HTMLElement>(`[${REPLAY_AS}="${CSS.escape(counterpart)}"]`)?.click());
    } else if (control instanceof HTMLButtonElement && control.type === "button") {
      // A submit button is left to submit the form, as HTML does.
      replayLater(() => control.isConnected && control.click());
    }
  };
  const onChange = (event: Event) => {
    const select = event.target;
    if (select instanceof HTMLSelectElement && element.contains(select)) replayLater(() => select.isConnected && select.dispatchEvent(new Event("change", { bubbles: true })));
  };
  const intent = (on: boolean) => {
    for (const type of INTENT) (on ? element.addEventListener : element.removeEventListener).call(element, type, start, { capture: true });
  };
  // On the window, in the capture phase: before React's own listener, which stops a click it cannot hand to a part.
  const record = (on: boolean) => {
    (on ? window.addEventListener : window.removeEventListener).call(window, "click", onClick, true);
    (on ? window.addEventListener : window.removeEventListener).call(window, "change", onChange, true);
  };
  function start() {
    if (loading) return;
    loading = true;
    intent(false);
    record(true);
    load().then(
      (module) => {
        loaded.set(load, module);
        record(false);
        resolve();
      },
      () => {
        // The markup works on as the server drew it (a GET form), and the next reach tries again.
        loading = false;
        record(false);
        part.replays = [];
        intent(true);
      },
    );
  }
  // Already in use as the page hydrates (a field focused, or under the pointer, while the page's code came).
  if (element.contains(document.activeElement) || element.matches(":hover")) start();
  else intent(true);
  return part;
}

const loadingNow = new Map<Load, Promise<void>>();
/** The code for a part the browser draws itself (after a client navigation). */
function loadNow(load: Load): Promise<void> {
  let promise = loadingNow.get(load);
  if (!promise) {
    promise = load().then(
      (module) => void loaded.set(load, module),
      () => {
        // As React Router does when a page's own code fails to come (often a new release): the
        // server's page, which works without it.
        window.location.reload();
        return new Promise<void>(() => {});
      },
    );
    loadingNow.set(load, promise);
  }
  return promise;
}

function pending(name: string, load: Load): Promise<void> {
  const part = waiting.get(name);
  if (part) {
    // Rendered again before it was reached: the page changed around it. Its code comes now; a
    // navigation keeps the page shown until then.
    part.start();
    return part.ready;
  }
  const element = onServerPage() ? document.querySelector(`[${ATTRIBUTE}="${CSS.escape(name)}"]`) : null;
  if (!element) return loadNow(load);
  const watched = watch(load, element);
  waiting.set(name, watched);
  return watched.ready;
}

interface PartProps<M, P extends object> {
  /** Unique on the page. */
  name: string;
  /** The part's module, in the browser. */
  load: () => Promise<M>;
  /** The same module on the server, which draws the page whole: `import.meta.env.SSR ? await import(…) : null`. */
  server: M | null;
  pick: (module: M) => ComponentType<P>;
  props: P;
  /** Remounts the part when it changes (React's key). */
  partKey?: string | number;
  className?: string;
}

function Part<M, P extends object>({ name, load, server, pick, props, partKey, className }: PartProps<M, P>) {
  const module = (server ?? loaded.get(load)) as M | undefined;
  useEffect(() => {
    const part = waiting.get(name);
    if (!part) return;
    waiting.delete(name);
    // After React's renders that follow hydration (a <details> section becoming a dialog's button).
    setTimeout(() => part.replays.forEach((replay) => replay()));
  }, [name]);
  if (module === undefined) throw pending(name, load);
  return (
    <div className={className} {...{ [ATTRIBUTE]: name }}>
      {createElement(pick(module), { key: partKey, ...props })}
    </div>
  );
}

function HydrateOnUseImpl<M, P extends object>(props: PartProps<M, P>) {
  // Drawn by the server (and hydrated from its markup), the part waits in a boundary of its own;
  // drawn by the browser, it has none, so that a navigation keeps the page shown until its code has come.
  const [fromServer] = useState(() => typeof document === "undefined" || onServerPage());
  return fromServer ? (
    <Suspense fallback={null}>
      <Part {...props} />
    </Suspense>
  ) : (
    <Part {...props} />
  );
}

/** The same data: functions (event handlers) aside, which a part waiting for its code does not use. */
function sameData(before: object, after: object): boolean {
  const [a, b] = [before as Record<string, unknown>, after as Record<string, unknown>];
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]) || (typeof a[key] === "function" && typeof b[key] === "function"));
}

/**
 * A part of a server-rendered page whose code loads when someone first reaches for it (points at it,
 * touches or focuses it), not with the page: a filter form most visits never use. Until then it is
 * the server's markup, which works as HTML does without JavaScript (links, a GET form); what is
 * clicked or chosen in it before the code comes is done again once it has hydrated. Drawn by the
 * browser (after a client navigation), it waits for its code like the page's own.
 *
 * While the part waits, a render of the page that gives it the same data stops here: reaching it
 * would load its code. New data (the filters changed by a link) loads it at once.
 */
export const HydrateOnUse = memo(
  HydrateOnUseImpl,
  (before, after) => waiting.has(after.name) && before.name === after.name && before.partKey === after.partKey && before.className === after.className && sameData(before.props, after.props),
) as <M, P extends object>(props: PartProps<M, P>) => ReactNode;
