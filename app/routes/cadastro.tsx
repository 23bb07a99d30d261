import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/cadastro";
import { LIMITS } from "@common/limits";
import { fieldRefusal, type Refusal } from "@common/refusal";
import { USER_TYPES } from "@common/user-types";
import { validateSignUp } from "@common/validation/accounts";
import { signUp } from "@server/accounts/flows";
import { AuthCard, SignedInNotice } from "~/components/auth/auth-card";
import { PhoneField } from "~/components/auth/phone-field";
import { FormAlert, PasswordField, TextField } from "~/components/ui/field";
import { primaryButton } from "~/components/ui/button-class";
import { FieldError } from "~/components/ui/field-error";
import { currentSessionToken, getViewer } from "~/lib/auth.server";
import { formFields, readForm, sentFields, typedFields } from "~/lib/form";
import { overLimit } from "~/lib/rate-limit.server";
import { refusalData } from "~/lib/refusal.server";
import { safeRedirect } from "~/lib/redirects";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: Route.MetaFunction = () => [
  { title: "Criar conta | Recanto" },
  { name: "description", content: "Crie sua conta no Recanto para favoritar hospedagens na natureza ou anunciar a sua." },
];

const WELCOME = {
  host: "Boas-vindas! Agora você pode anunciar suas propriedades no Recanto.",
  guest: "Boas-vindas! Agora você pode favoritar hospedagens e falar direto com os anfitriões.",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/perfil"),
    signedInAs: (await getViewer(context))?.name ?? null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readForm(request);
  const dialog = fields.mode === "dialog";
  const refuse = (refusal: Refusal) => refusalData(refusal, sentFields(fields, ["name", "email", "phone", "userType", "terms"]));
  const input = validateSignUp(fields, { requireConfirmation: !dialog });
  if (!input.ok) return refuse(fieldRefusal(input));
  const limited = await overLimit(context, "signup", input.data.email);
  if (limited) return refuse(limited);
  const result = await signUp(context.services, input.data, request.headers, await currentSessionToken(context));
  if (!result.ok) return refuse(result);
  if (dialog) return data({ ok: true as const }, { headers: result.value });
  return redirectWithToast(
    safeRedirect(fields.redirectTo, "/perfil"),
    { title: "Conta criada com sucesso!", description: WELCOME[input.data.userType], variant: "success" },
    result.value,
  );
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction?.startsWith("/cadastro") === true;
  const [clientError, setClientError] = useState<Pick<Refusal, "title" | "field"> | null>(null);
  const serverError = actionData && !actionData.ok ? actionData : null;
  const typed = typedFields(actionData);
  const error = clientError ?? serverError;
  const fieldError = (name: string) => (error?.field === name ? error.title : undefined);

  function validateBeforeSubmit(event: React.FormEvent<HTMLFormElement>) {
    const result = validateSignUp(formFields(new FormData(event.currentTarget)));
    if (!result.ok) {
      event.preventDefault();
      setClientError({ title: result.message, field: result.field });
      event.currentTarget.querySelector<HTMLElement>(`[name="${result.field}"]`)?.focus();
    } else setClientError(null);
  }

  return (
    <AuthCard title="Criar conta no Recanto" subtitle="Leva menos de um minuto.">
      <Form method="post" className="space-y-5" noValidate onSubmit={validateBeforeSubmit}>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        {loaderData.signedInAs ? <SignedInNotice name={loaderData.signedInAs} /> : null}
        <FormAlert>{error && !error.field ? error.title : null}</FormAlert>
        <TextField label="Nome completo" name="name" autoComplete="name" required maxLength={LIMITS.name} defaultValue={typed.name} error={fieldError("name")} />
        <TextField label="Email" name="email" type="email" autoComplete="email" required maxLength={LIMITS.email} defaultValue={typed.email} error={fieldError("email")} />
        <PhoneField defaultValue={typed.phone} error={fieldError("phone")} />
        <fieldset aria-describedby={fieldError("userType") ? "userType-error" : undefined}>
          <legend className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200">Tipo de usuário</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {USER_TYPES.map((t) => (
              <label
                key={t.value}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-stone-300 px-3 py-2.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-stone-600 dark:has-[:checked]:bg-brand-900/40"
              >
                <input type="radio" name="userType" value={t.value} defaultChecked={typed.userType === t.value} className="accent-brand-700" />
                {t.label}
              </label>
            ))}
          </div>
          {fieldError("userType") ? <FieldError id="userType-error">{fieldError("userType")}</FieldError> : null}
        </fieldset>
        <PasswordField
          label="Senha"
          name="password"
          autoComplete="new-password"
          required
          maxLength={LIMITS.password}
          hint="Pelo menos 6 caracteres."
          error={fieldError("password")}
        />
        <PasswordField label="Confirmar senha" name="confirmPassword" autoComplete="new-password" required maxLength={LIMITS.password} error={fieldError("confirmPassword")} />
        <div>
          <label className="flex items-start gap-2 text-sm text-stone-700 dark:text-stone-300">
            <input
              type="checkbox"
              name="terms"
              defaultChecked={typed.terms === "on"}
              className="mt-0.5 h-4 w-4 accent-brand-700"
              aria-invalid={fieldError("terms") ? true : undefined}
              aria-describedby={fieldError("terms") ? "terms-error" : undefined}
            />
            <span>
              Li e aceito os{" "}
              <Link to="/termos-uso" target="_blank" className="font-medium text-brand-700 underline dark:text-brand-300">
                Termos de Uso
              </Link>{" "}
              e a{" "}
              <Link to="/privacidade" target="_blank" className="font-medium text-brand-700 underline dark:text-brand-300">
                Política de Privacidade
              </Link>
              , e declaro ter 18 anos ou mais.
            </span>
          </label>
          {fieldError("terms") ? <FieldError id="terms-error">{fieldError("terms")}</FieldError> : null}
        </div>
        <button type="submit" className={primaryButton} disabled={pending}>
          {pending ? "Criando conta..." : "Criar conta"}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm text-stone-700 dark:text-stone-300">
        Já tem uma conta?{" "}
        <Link
          to={loaderData.redirectTo === "/perfil" ? "/login" : `/login?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`}
          className="font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          Fazer login
        </Link>
      </p>
    </AuthCard>
  );
}
