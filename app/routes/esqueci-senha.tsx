import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/esqueci-senha";
import { LIMITS } from "@common/limits";
import { fieldRefusal } from "@common/refusal";
import { validateEmail } from "@common/validation/accounts";
import { requestPasswordReset, RESET_REQUESTED_MESSAGE } from "@server/accounts/flows";
import { AuthCard } from "~/components/auth/auth-card";
import { readForm, sentFields, typedFields } from "~/lib/form";
import { overLimit } from "~/lib/rate-limit.server";
import { loginPath } from "~/lib/redirects";
import { refusalData } from "~/lib/refusal.server";
import { FormAlert, TextField } from "~/components/ui/field";
import { primaryButton } from "~/components/ui/button-class";

export const meta: Route.MetaFunction = () => [
  { title: "Esqueci minha senha | Recanto" },
  { name: "description", content: "Receba por email um link para criar uma nova senha da sua conta no Recanto." },
];

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // Back to the sign-in, which then returns to the page the visitor was on.
  return { email: (params.get("email") ?? "").slice(0, LIMITS.email), loginHref: loginPath(params.get("redirectTo") ?? "/") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const typed = sentFields(form, ["email"]);
  const email = validateEmail(form.email);
  if (!email.ok) return refusalData(fieldRefusal(email), typed);
  const limited = await overLimit(context, "reset", email.data);
  if (limited) return refusalData(limited, typed);
  requestPasswordReset(context.services, email.data);
  return { ok: true as const, message: RESET_REQUESTED_MESSAGE };
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  return (
    <AuthCard title="Esqueci minha senha" subtitle="Informe o email da sua conta e enviaremos um link para criar uma nova senha.">
      {actionData?.ok ? (
        <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900 dark:bg-brand-900/40 dark:text-brand-100">
          {actionData.message}
        </p>
      ) : (
        <Form method="post" className="space-y-5" noValidate>
          <FormAlert>{actionData && !actionData.ok ? actionData.title : null}</FormAlert>
          <TextField label="Email" name="email" type="email" autoComplete="email" required maxLength={LIMITS.email} defaultValue={typedFields(actionData).email ?? loaderData.email} />
          <button type="submit" className={primaryButton} disabled={pending}>
            {pending ? "Enviando..." : "Enviar link"}
          </button>
        </Form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={loaderData.loginHref} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
          Voltar para o login
        </Link>
      </p>
    </AuthCard>
  );
}
