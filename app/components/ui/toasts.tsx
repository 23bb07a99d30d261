import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import type { ExternalToast } from "sonner";
import type { Theme } from "~/lib/theme";
import type { Toast } from "~/lib/toast";

/*
 * Messages in a toast. sonner (~9 KB gzip with its styles) loads with the first message, not with
 * every page: <Toasts> in the root mounts its Toaster then, and each message waits until the Toaster
 * (its live region) is on the page, so screen readers announce the first one too.
 */
const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void;
const mounted = new Promise<void>((resolve) => (markMounted = resolve));

async function show(variant: "success" | "error" | "message", title: string, options?: ExternalToast) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  const [{ toast }] = await Promise.all([import("sonner"), mounted]);
  if (variant === "message") toast(title, options);
  else toast[variant](title, options);
}

export const notify = {
  success: (title: string, options?: ExternalToast) => void show("success", title, options),
  error: (title: string, options?: ExternalToast) => void show("error", title, options),
  /** A message from the server (app/lib/toast.server.ts), after a redirect. */
  toast: (t: Toast) => void show(t.variant === "success" || t.variant === "error" ? t.variant : "message", t.title, { description: t.description }),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function Mounted() {
  useEffect(() => {
    // One frame with the live region on the page before its first message.
    requestAnimationFrame(() => markMounted());
  }, []);
  return null;
}

export function Toasts({ theme }: { theme: Theme }) {
  const show = useSyncExternalStore(subscribe, () => wanted, () => false);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <Toaster closeButton position="top-center" theme={theme} containerAriaLabel="Notificações" toastOptions={{ classNames: { description: "text-stone-700! dark:text-stone-300!" } }} />
      <Mounted />
    </Suspense>
  );
}
