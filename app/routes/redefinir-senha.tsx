import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/redefinir-senha";
import { LIMITS } from "@common/limits";
import { fieldRefusal } from "@common/refusal";
import { validateNewPassword } from "@common/validation/accounts";
import { resetPassword } from "@server/accounts/flows";
import { AuthCard } from "~/components/auth/auth-card";
import { FormAlert, PasswordField } from "~/components/ui/field";
import { primaryButton } from "~/components/ui/button-class";
import { readForm } from "~/lib/form";
import { refusalData } from "~/lib/refusal.server";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Criar nova senha | Recanto" }];

/** better-auth checks the emailed link and lands here with ?token=… or ?error=INVALID_TOKEN. */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get("token");
  return { token: token && !params.has("error") ? token.slice(0, 200) : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readForm(request);
  const password = validateNewPassword(fields);
  if (!password.ok) return refusalData(fieldRefusal(password));
  const result = await resetPassword(context.services, fields.token ?? "", password.data);
  if (!result.ok) return refusalData(result);
  return redirectWithToast("/login", { title: "Senha alterada!", description: "Entre com a sua nova senha.", variant: "success" });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  if (!loaderData.token) {
    return (
      <AuthCard title="Link inválido ou expirado" subtitle="Este link de redefinição não vale mais. Peça um novo para continuar.">
        <Link to="/esqueci-senha" className={primaryButton}>
          Pedir novo link
        </Link>
      </AuthCard>
    );
  }
  const fieldError = (name: string) => (actionData?.field === name ? actionData.title : undefined);
  return (
    <AuthCard title="Criar nova senha" subtitle="Escolha uma senha com pelo menos 6 caracteres.">
      <Form method="post" className="space-y-5" noValidate>
        <input type="hidden" name="token" value={loaderData.token} />
        <FormAlert>{actionData && !actionData.field ? actionData.title : null}</FormAlert>
        <PasswordField label="Nova senha" name="password" autoComplete="new-password" required maxLength={LIMITS.password} error={fieldError("password")} />
        <PasswordField label="Confirmar nova senha" name="confirmPassword" autoComplete="new-password" required maxLength={LIMITS.password} error={fieldError("confirmPassword")} />
        <button type="submit" className={primaryButton} disabled={pending}>
          {pending ? "Salvando..." : "Salvar nova senha"}
        </button>
      </Form>
    </AuthCard>
  );
}
