import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router";
import type { Mode } from "./auth-dialog-form";

// The form (with the sign-up's checks: zod and the phone library, ~50 KiB gzip) loads when the
// dialog first opens, not with every page.
const loadForm = () => import("./auth-dialog-form");
const DialogForm = lazy(() => loadForm().then((m) => ({ default: m.DialogForm })));
interface OpenOptions {
  mode?: Mode;
  onSuccess?: () => void;
}
interface AuthDialogApi {
  openAuthDialog(options?: OpenOptions): void;
}

const AuthDialogContext = createContext<AuthDialogApi>({ openAuthDialog: () => {} });

export function useAuthDialog() {
  return useContext(AuthDialogContext);
}

/** The sign-in/sign-up modal used wherever an action needs an account (favourite, contact, …). */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<Mode>("login");
  // A new key empties every field: on each opening and on each toggle.
  const [formKey, setFormKey] = useState(0);
  const onSuccess = useRef<(() => void) | undefined>(undefined);
  // Opened from code, not from a Dialog.Trigger: remember where focus was to give it back on close.
  const returnFocusTo = useRef<HTMLElement | null>(null);

  const openAuthDialog = useCallback((options: OpenOptions = {}) => {
    void loadForm();
    onSuccess.current = options.onSuccess;
    returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setMode(options.mode ?? "login");
    setFormKey((k) => k + 1);
    setOpen(true);
  }, []);
  const api = useMemo(() => ({ openAuthDialog }), [openAuthDialog]);

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
      <Dialog.Root open={open} onOpenChange={close}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
          <Dialog.Content
            onCloseAutoFocus={(event) => {
              if (returnFocusTo.current?.isConnected) {
                event.preventDefault();
                returnFocusTo.current.focus();
              }
            }}
            className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl dark:bg-stone-900">
            <Dialog.Title className="text-2xl font-bold">{mode === "login" ? "Entrar no Recanto" : "Criar conta no Recanto"}</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-stone-600 dark:text-stone-300">
              {mode === "login" ? "Entre para favoritar e falar com anfitriões." : "Crie sua conta gratuita em menos de um minuto."}
            </Dialog.Description>
            <Suspense
              fallback={
                <p role="status" className="mt-6 py-10 text-center text-sm text-stone-600 dark:text-stone-300">
                  Carregando...
                </p>
              }
            >
              <DialogForm key={`${mode}-${formKey}`} mode={mode} onSuccess={succeeded} onLeave={() => close(false)} />
            </Suspense>
            <p className="mt-5 text-center text-sm text-stone-700 dark:text-stone-300">
              {mode === "login" ? "Não tem uma conta? " : "Já tem uma conta? "}
              <button type="button" onClick={toggle} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
                {mode === "login" ? "Cadastre-se" : "Fazer login"}
              </button>
            </p>
            <p className="mt-4 text-center text-xs text-stone-600 dark:text-stone-400">
              Ao continuar, você concorda com os{" "}
              <Link to="/termos" className="underline" onClick={() => close(false)}>
                Termos de Uso
              </Link>{" "}
              e a{" "}
              <Link to="/privacidade" className="underline" onClick={() => close(false)}>
                Política de Privacidade
              </Link>
              .
            </p>
            <Dialog.Close
              aria-label="Fechar"
              className="absolute top-4 right-4 rounded-full p-1.5 text-stone-600 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800"
            >
              <X aria-hidden className="h-5 w-5" />
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </AuthDialogContext.Provider>
  );
}

