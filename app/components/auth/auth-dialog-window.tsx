import { Icon } from "~/components/ui/icons";
import { Dialog } from "radix-ui";
import type { RefObject } from "react";
import { Link } from "react-router";
import { DialogForm, type Mode } from "./auth-dialog-form";

/** The sign-in/sign-up window, loaded when the dialog first opens (auth-dialog.tsx holds its state). */
export function AuthDialogWindow({
  open,
  mode,
  formKey,
  returnFocusTo,
  close,
  toggle,
  succeeded,
}: {
  open: boolean;
  mode: Mode;
  formKey: number;
  /** Opened from code, not from a Dialog.Trigger: where focus was, to give it back on close. */
  returnFocusTo: RefObject<HTMLElement | null>;
  close: (open: boolean) => void;
  toggle: () => void;
  succeeded: () => void;
}) {
  return (
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
            <Icon name="x" aria-hidden className="h-5 w-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
