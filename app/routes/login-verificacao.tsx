import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login-verificacao";
import { refused } from "@common/refusal";
import { AUTHENTICATOR_CODE_INVALID, authenticatorCode, RECOVERY_CODE_INVALID, recoveryCode } from "@common/validation/second-factor";
import { hasSecondFactorChallenge } from "@server/accounts/auth";
import { completeSignIn } from "@server/accounts/second-factor";
import { AuthCard } from "~/components/auth/auth-card";
import { AppCodeField } from "~/components/auth/app-code-field";
import { FormAlert, TextField } from "~/components/ui/field";
import { primaryButton } from "~/components/ui/button-class";
import { readForm } from "~/lib/form";
import { overLimit } from "~/lib/rate-limit.server";
import { refusalData } from "~/lib/refusal.server";
import { loginPath, safeRedirect, SECOND_FACTOR_STEP } from "~/lib/redirects";
import { SIGNED_IN } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Verificação em duas etapas | Recanto" }, { name: "robots", content: "noindex" }];

const RECOVERY = "recuperacao";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  // Only a sign-in that got past its password has a code to ask for.
  if (!hasSecondFactorChallenge(request.headers.get("cookie"))) throw redirect(loginPath(redirectTo));
  return { redirectTo, recovery: url.searchParams.get("metodo") === RECOVERY };
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readForm(request);
  const kind = fields.method === "recovery" ? "recovery" : "totp";
  const code = kind === "totp" ? authenticatorCode(fields.code) : recoveryCode(fields.code);
  if (!code) return refusalData(refused(400, kind === "totp" ? AUTHENTICATOR_CODE_INVALID : RECOVERY_CODE_INVALID, { field: "code" }));
  const limited = await overLimit(context, "secondFactor");
  if (limited) return refusalData(limited);
  const result = await completeSignIn(context.services, kind, code, request.headers);
  if (!result.ok) return refusalData(result);
  return redirectWithToast(safeRedirect(fields.redirectTo), SIGNED_IN, result.value);
}

function methodHref(redirectTo: string, recovery: boolean) {
  const query = new URLSearchParams();
  if (recovery) query.set("metodo", RECOVERY);
  if (redirectTo !== "/") query.set("redirectTo", redirectTo);
  const search = query.toString();
  return search ? `${SECOND_FACTOR_STEP}?${search}` : SECOND_FACTOR_STEP;
}

export default function LoginVerificacao({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, recovery } = loaderData;
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction?.startsWith(SECOND_FACTOR_STEP) === true;
  const error = actionData && !actionData.ok ? actionData : null;
  const link = "font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300";
  return (
    <AuthCard
      title="Verificação em duas etapas"
      subtitle={
        recovery
          ? "Digite um dos códigos de recuperação que você guardou ao ativar a verificação. Cada código funciona uma vez."
          : "Abra o aplicativo autenticador no celular e digite o código de 6 números do Recanto."
      }
    >
      {/* The key empties the field when switching between the app's code and a recovery code. */}
      <Form method="post" className="space-y-5" noValidate key={recovery ? "recovery" : "totp"}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <input type="hidden" name="method" value={recovery ? "recovery" : "totp"} />
        <FormAlert>{error && error.field !== "code" ? error.title : null}</FormAlert>
        {recovery ? (
          <TextField
            label="Código de recuperação"
            name="code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={20}
            placeholder="abcde-23456"
            error={error?.field === "code" ? error.title : undefined}
          />
        ) : (
          <AppCodeField error={error?.field === "code" ? error.title : undefined} />
        )}
        <button type="submit" className={primaryButton} disabled={pending}>
          {pending ? "Verificando..." : "Verificar"}
        </button>
      </Form>
      <div className="mt-6 space-y-3 text-center text-sm text-stone-700 dark:text-stone-300">
        <p>
          {recovery ? (
            <Link to={methodHref(redirectTo, false)} className={link}>
              Usar o código do aplicativo
            </Link>
          ) : (
            <>
              Sem acesso ao aplicativo?{" "}
              <Link to={methodHref(redirectTo, true)} className={link}>
                Usar um código de recuperação
              </Link>
            </>
          )}
        </p>
        <p>
          <Link to={loginPath(redirectTo)} className={link}>
            Voltar ao login
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
