import { Icon } from "~/components/ui/icons";
import { useEffect, useSyncExternalStore, type ComponentType } from "react";
import type { ToasterProps } from "sonner";
import type { Theme } from "~/lib/theme";
import type { Toast } from "~/lib/toast";

/*
 * Messages in a toast. sonner (~9 KB gzip with its styles) loads with the first message, not with
 * every page: <Toasts> in the root mounts its Toaster then, and each message waits until the Toaster
 * (its live region) is on the page, so screen readers announce the first one too. When sonner cannot
 * be fetched (the connection dropped, often what the message is about), the message is shown in a
 * plain alert instead of being lost, and the next message tries sonner again.
 */

type Variant = "success" | "error" | "message";
export interface ToastOptions {
  description?: string;
  action?: { label: string; onClick: () => void };
}
interface PlainMessage extends ToastOptions {
  id: number;
  title: string;
}

let state: { wanted: boolean; Toaster: ComponentType<ToasterProps> | null; plain: PlainMessage[] } = { wanted: false, Toaster: null, plain: [] };
const listeners = new Set<() => void>();
function update(next: Partial<typeof state>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

let sonner: Promise<typeof import("sonner")> | null = null;
const loadSonner = () =>
  (sonner ??= import("sonner").then(
    (module) => {
      update({ Toaster: module.Toaster });
      return module;
    },
    (error: unknown) => {
      sonner = null;
      throw error;
    },
  ));

let markMounted: () => void;
const mounted = new Promise<void>((resolve) => (markMounted = resolve));
let plainIds = 0;

async function show(variant: Variant, title: string, options: ToastOptions = {}) {
  if (!state.wanted) update({ wanted: true });
  let toast: (typeof import("sonner"))["toast"];
  try {
    ({ toast } = await loadSonner());
  } catch {
    update({ plain: [...state.plain, { id: ++plainIds, title, ...options }] });
    return;
  }
  await mounted;
  if (variant === "message") toast(title, options);
  else toast[variant](title, options);
}

export const notify = {
  success: (title: string, options?: ToastOptions) => void show("success", title, options),
  error: (title: string, options?: ToastOptions) => void show("error", title, options),
  /** Neither a success nor an error: why a press did nothing. */
  message: (title: string, options?: ToastOptions) => void show("message", title, options),
  /** A message from the server (app/lib/toast.server.ts), after a redirect. */
  toast: (t: Toast) => void show(t.variant === "success" || t.variant === "error" ? t.variant : "message", t.title, { description: t.description }),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const serverState = { ...state };

function Mounted() {
  useEffect(() => {
    // One frame with the live region on the page before its first message.
    requestAnimationFrame(() => markMounted());
  }, []);
  return null;
}

export function Toasts({ theme }: { theme: Theme }) {
  const { wanted, Toaster, plain } = useSyncExternalStore(subscribe, () => state, () => serverState);
  if (!wanted) return null;
  return (
    <>
      {Toaster ? (
        <>
          <Toaster closeButton position="top-center" theme={theme} containerAriaLabel="Notificações" toastOptions={{ classNames: { description: "text-stone-700! dark:text-stone-300!" } }} />
          <Mounted />
        </>
      ) : null}
      {plain.length ? <PlainToasts messages={plain} /> : null}
    </>
  );
}

const dismiss = (id: number) => update({ plain: state.plain.filter((m) => m.id !== id) });

function PlainToasts({ messages }: { messages: PlainMessage[] }) {
  return (
    <div className="fixed top-4 left-1/2 z-[60] w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 space-y-2">
      {messages.map((m) => (
        <div key={m.id} role="alert" className="flex items-start gap-3 rounded-lg border border-stone-200 bg-white p-4 text-sm text-stone-900 shadow-lg dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100">
          <div className="flex-1">
            <p className="font-semibold">{m.title}</p>
            {m.description ? <p className="mt-1 text-stone-700 dark:text-stone-300">{m.description}</p> : null}
            {m.action ? (
              <button
                type="button"
                onClick={() => {
                  dismiss(m.id);
                  m.action!.onClick();
                }}
                className="mt-2 font-semibold text-brand-700 underline dark:text-brand-300">
                {m.action.label}
              </button>
            ) : null}
          </div>
          <button type="button" aria-label="Fechar notificação" onClick={() => dismiss(m.id)} className="rounded-full p-1 text-stone-600 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800">
            <Icon name="x" aria-hidden className="size-4" />
          </button>
        </div>
      ))}
    </div>
  );
}
