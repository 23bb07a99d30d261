import { useRef, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { LIMITS } from "@common/limits";
import { fieldRefusal, type Refusal } from "@common/refusal";
import { validateLogin } from "@common/validation/accounts";
import { signIn } from "@server/accounts/flows";
import { AuthCard, SignedInNotice } from "~/components/auth/auth-card";
import { FormAlert, PasswordField, TextField } from "~/components/ui/field";
import { primaryButton } from "~/components/ui/button-class";
import { currentSessionToken, getViewer } from "~/lib/auth.server";
import { readForm, sentFields, typedFields } from "~/lib/form";
import { overLimit } from "~/lib/rate-limit.server";
import { refusalData } from "~/lib/refusal.server";
import { forgotPasswordPath, safeRedirect, secondFactorStepPath } from "~/lib/redirects";
import { SIGNED_IN } from "~/lib/toast";
import { useTypedBeforeHydration } from "~/lib/typed-before-hydration";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: Route.MetaFunction = () => [
  { title: "Entrar | Recanto" },
  { name: "description", content: "Entre no Recanto para favoritar hospedagens na natureza e falar direto com os anfitriões." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  // No redirect for signed-in visitors: after a failed POST the loaders run again and a redirect
  // would hide the error. They see who they are, and logging in again switches accounts.
  return { redirectTo, signedInAs: (await getViewer(context))?.name ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readForm(request);
  const dialog = fields.mode === "dialog";
  const refuse = (refusal: Refusal) => refusalData(refusal, sentFields(fields, ["email", "remember"]));
  const input = validateLogin(fields);
  if (!input.ok) return refuse(fieldRefusal(input));
  const limited = await overLimit(context, "login", input.data.email);
  if (limited) return refuse(limited);
  const result = await signIn(context.services, input.data, request.headers, await currentSessionToken(context));
  if (!result.ok) return refuse(result);
  // A guesser is held back per email and network; the owner who gets in starts that count afresh.
  await context.services.limiter.reset("login", { ip: context.clientIp, email: input.data.email });
  const { headers, secondFactor } = result.value;
  const redirectTo = safeRedirect(fields.redirectTo);
  if (secondFactor) {
    // No session yet: the code step finishes the sign-in, then goes on to where the visitor was going.
    const next = secondFactorStepPath(redirectTo);
    return dialog ? data({ ok: true as const, next }, { headers }) : redirect(next, { headers });
  }
  if (dialog) return data({ ok: true as const }, { headers });
  return redirectWithToast(redirectTo, SIGNED_IN, headers);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  const error = actionData && !actionData.ok ? actionData : null;
  const typed = typedFields(actionData);
  // Only for the link to the password reset, which carries the email.
  const [email, setEmail] = useState(typed.email ?? "");
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(() => form.current?.elements.namedItem("email") as HTMLInputElement | null, email, setEmail);
  const signUpHref = loaderData.redirectTo === "/" ? "/cadastro" : `/cadastro?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`;
  return (
    <AuthCard title="Entrar no Recanto" subtitle="Acesse sua conta para favoritar e falar com anfitriões.">
      <Form ref={form} method="post" className="space-y-5" noValidate>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        {loaderData.signedInAs ? <SignedInNotice name={loaderData.signedInAs} /> : null}
        <FormAlert>{error && !error.field ? error.title : null}</FormAlert>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={LIMITS.email}
          defaultValue={typed.email}
          onChange={(e) => setEmail(e.target.value)}
          error={error?.field === "email" ? error.title : undefined}
        />
        <PasswordField
          label="Senha"
          name="password"
          autoComplete="current-password"
          required
          maxLength={LIMITS.password}
          error={error?.field === "password" ? error.title : undefined}
        />
        <div className="flex items-center justify-between gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="checkbox" name="remember" defaultChecked={typed.remember === "on"} className="h-4 w-4 accent-brand-700" />
            Lembrar de mim
          </label>
          <Link
            to={forgotPasswordPath(email, loaderData.redirectTo)}
            className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
          >
            Esqueci minha senha
          </Link>
        </div>
        <button type="submit" className={primaryButton} disabled={pending}>
          {pending ? "Entrando..." : "Entrar"}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm text-stone-700 dark:text-stone-300">
        Não tem uma conta?{" "}
        <Link to={signUpHref} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
          Cadastre-se
        </Link>
      </p>
    </AuthCard>
  );
}
