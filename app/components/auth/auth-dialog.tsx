import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Link, useFetcher, useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { LIMITS } from "@common/limits";
import type { Refused } from "@common/refusal";
import { USER_TYPES, validateSignUp } from "@common/validation/accounts";
import { PhoneField } from "~/components/auth/phone-field";
import { FormAlert, inputClass, PasswordField, primaryButton, TextField } from "~/components/ui/field";
import { formFields } from "~/lib/form";
import { forgotPasswordPath } from "~/lib/redirects";
import { SIGNED_IN } from "~/lib/toast";

type Mode = "login" | "signup";
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
            <DialogForm key={`${mode}-${formKey}`} mode={mode} onSuccess={succeeded} onLeave={() => close(false)} />
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

/** `next`: the password was right and the account asks for its second factor on that page. */
type ActionResult = { ok: true; next?: string } | Refused;

function DialogForm({ mode, onSuccess, onLeave }: { mode: Mode; onSuccess: () => void; onLeave: () => void }) {
  const fetcher = useFetcher<ActionResult>();
  const navigate = useNavigate();
  const location = useLocation();
  const [clientError, setClientError] = useState<string | null>(null);
  const [email, setEmail] = useState("");
  const pending = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;

  useEffect(() => {
    if (!result) return;
    if (result.ok && result.next) {
      // The code step finishes the sign-in and brings the visitor back to this page.
      onLeave();
      void navigate(result.next);
    } else if (result.ok) {
      if (mode === "login") toast.success(SIGNED_IN.title, { description: SIGNED_IN.description });
      else toast.success("Cadastro realizado com sucesso!", { description: "Verifique seu email para confirmar a conta." });
      onSuccess();
    } else if (mode === "signup") {
      toast.error("Erro no cadastro", { description: result.title });
    }
    // onSuccess is stable for the life of this form (it is remounted on every open)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, mode]);

  function submit(event: React.FormEvent<HTMLFormElement>) {
    if (mode !== "signup") return;
    const check = validateSignUp(formFields(new FormData(event.currentTarget)), { requireConfirmation: false });
    if (!check.ok) {
      event.preventDefault();
      setClientError(check.message);
    } else setClientError(null);
  }

  const serverError = result && !result.ok ? result.title : null;
  return (
    <fetcher.Form method="post" action={mode === "login" ? "/login" : "/cadastro"} onSubmit={submit} className="mt-6 space-y-4">
      <input type="hidden" name="mode" value="dialog" />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <FormAlert>{clientError ?? serverError}</FormAlert>
      {mode === "signup" ? (
        <>
          <TextField label="Nome completo" name="name" autoComplete="name" required maxLength={LIMITS.name} />
          <PhoneField id="dialog-phone" />
          <div>
            <label htmlFor="dialog-user-type" className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200">
              Tipo de usuário
            </label>
            <select id="dialog-user-type" name="userType" defaultValue="" className={inputClass}>
              <option value="" disabled>
                Selecione
              </option>
              {USER_TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </div>
        </>
      ) : null}
      <TextField label="Email" name="email" type="email" autoComplete="email" required maxLength={LIMITS.email} onChange={(e) => setEmail(e.target.value)} />
      <PasswordField
        label="Senha"
        name="password"
        autoComplete={mode === "login" ? "current-password" : "new-password"}
        required
        maxLength={LIMITS.password}
      />
      {mode === "login" ? (
        <p className="text-right text-sm">
          <Link
            to={forgotPasswordPath(email, location.pathname + location.search)}
            onClick={onLeave}
            className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
          >
            Esqueci minha senha
          </Link>
        </p>
      ) : null}
      <button type="submit" className={primaryButton} disabled={pending}>
        {mode === "login" ? (pending ? "Entrando..." : "Entrar") : pending ? "Criando conta..." : "Criar conta"}
      </button>
    </fetcher.Form>
  );
}
