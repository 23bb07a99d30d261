import { Suspense, use, type ReactNode } from "react";

const never = new Promise<never>(() => {});

function Withheld(): ReactNode {
  return use(never);
}

/**
 * Markup that only the server draws, for what works without JavaScript and is replaced once it runs
 * (a <details> section that becomes a dialog's button). The browser keeps it as the server sent it,
 * never hydrating it, until the caller draws something else in its place (right after hydration):
 * its code need not reach the browser. Pass `children` only on the server,
 * `{import.meta.env.SSR ? <Part /> : null}`, so that the client's bundle leaves the part out.
 */
export function ServerMarkup({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{import.meta.env.SSR ? children : <Withheld />}</Suspense>;
}
