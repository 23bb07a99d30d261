import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { useModuleOnDemand } from "~/components/ui/on-demand";
import type { Mode } from "./auth-dialog-form";

// The window (Radix's dialog and both forms) loads when the dialog is first wanted, not with every page.
const loadWindow = () => import("./auth-dialog-window");

type SignUpCheck = Awaited<typeof import("./sign-up-check")>["validateSignUp"];
let signUpCheck: SignUpCheck | null = null;
/**
 * The sign-up's checks (zod and the phone library, ~50 KiB gzip) come after the window and never hold
 * it: until they are there, the server's same checks answer in the dialog.
 */
export const loadedSignUpCheck = () => signUpCheck;

/** Fetches the window and the sign-up's checks: on pointing at or focusing a button that opens the dialog, and on opening it. */
function preloadAuthDialog() {
  void loadWindow().catch(() => undefined); // told on the press, if it still fails then
  void import("./sign-up-check").then((m) => (signUpCheck = m.validateSignUp), () => undefined);
}

interface OpenOptions {
  mode?: Mode;
  onSuccess?: () => void;
}
interface AuthDialogApi {
  openAuthDialog(options?: OpenOptions): void;
  /** Spread on a button that opens the dialog: its code starts downloading before the press. */
  preloadProps: { onPointerEnter: () => void; onFocus: () => void };
}

const preloadProps = { onPointerEnter: preloadAuthDialog, onFocus: preloadAuthDialog };
const AuthDialogContext = createContext<AuthDialogApi>({ openAuthDialog: () => {}, preloadProps });

export function useAuthDialog() {
  return useContext(AuthDialogContext);
}

/** The sign-in/sign-up modal used wherever an action needs an account (favourite, contact, …). */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<Mode>("login");
  // A new key empties every field: on each opening and on each toggle.
  const [formKey, setFormKey] = useState(0);
  const dialogWindow = useModuleOnDemand(loadWindow);
  const onSuccess = useRef<(() => void) | undefined>(undefined);
  // Opened from code, not from a Dialog.Trigger: remember where focus was to give it back on close.
  const returnFocusTo = useRef<HTMLElement | null>(null);

  const requestWindow = dialogWindow.request;
  const openAuthDialog = useCallback(
    (options: OpenOptions = {}) => {
      preloadAuthDialog();
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      void requestWindow().then((loaded) => {
        if (!loaded) return;
        onSuccess.current = options.onSuccess;
        setMode(options.mode ?? "login");
        setFormKey((k) => k + 1);
        setOpen(true);
      });
    },
    [requestWindow],
  );
  const api = useMemo(() => ({ openAuthDialog, preloadProps }), [openAuthDialog]);

  function toggle() {
    setMode((m) => (m === "login" ? "signup" : "login"));
    setFormKey((k) => k + 1);
  }
  function close(next: boolean) {
    setOpen(next);
    if (!next) setFormKey((k) => k + 1);
  }
  function succeeded() {
    setOpen(false);
    setFormKey((k) => k + 1);
    onSuccess.current?.();
  }

  return (
    <AuthDialogContext.Provider value={api}>
      {children}
      {dialogWindow.module ? (
        <dialogWindow.module.AuthDialogWindow open={open} mode={mode} formKey={formKey} returnFocusTo={returnFocusTo} close={close} toggle={toggle} succeeded={succeeded} />
      ) : null}
    </AuthDialogContext.Provider>
  );
}

