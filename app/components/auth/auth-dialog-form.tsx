import { useEffect, useState } from "react";
import { Link, useFetcher, useLocation, useNavigate } from "react-router";
import { notify } from "~/components/ui/toasts";
import { LIMITS } from "@common/limits";
import type { Refused } from "@common/refusal";
import { USER_TYPES } from "@common/user-types";
import { loadedSignUpCheck } from "~/components/auth/auth-dialog";
import { PhoneField } from "~/components/auth/phone-field";
import { FormAlert, PasswordField, TextField } from "~/components/ui/field";
import { primaryButton } from "~/components/ui/button-class";
import { inputClass } from "~/components/ui/input-class";
import { formFields } from "~/lib/form";
import { forgotPasswordPath } from "~/lib/redirects";
import { SIGNED_IN } from "~/lib/toast";

export type Mode = "login" | "signup";

/** `next`: the password was right and the account asks for its second factor on that page. */
type ActionResult = { ok: true; next?: string } | Refused;

/** The sign-in or sign-up form inside the auth dialog (auth-dialog.tsx). */
export function DialogForm({ mode, onSuccess, onLeave }: { mode: Mode; onSuccess: () => void; onLeave: () => void }) {
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
      if (mode === "login") notify.success(SIGNED_IN.title, { description: SIGNED_IN.description });
      else notify.success("Cadastro realizado com sucesso!", { description: "Verifique seu email para confirmar a conta." });
      onSuccess();
    } else if (mode === "signup") {
      notify.error("Erro no cadastro", { description: result.title });
    }
    // onSuccess is stable for the life of this form (it is remounted on every open)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, mode]);

  function submit(event: React.FormEvent<HTMLFormElement>) {
    const validateSignUp = mode === "signup" ? loadedSignUpCheck() : null;
    if (!validateSignUp) return;
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
