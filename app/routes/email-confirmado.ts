import type { Route } from "./+types/email-confirmado";
import { redirectWithToast } from "~/lib/toast.server";

/** better-auth sends the confirmation link here (with ?error=… when it failed); the visitor lands on the site root. */
export async function loader({ request }: Route.LoaderArgs) {
  const failed = new URL(request.url).searchParams.has("error");
  return redirectWithToast(
    "/",
    failed
      ? { title: "Link de confirmação inválido ou expirado", description: "Entre na sua conta e peça um novo link no seu perfil.", variant: "error" }
      : { title: "Email confirmado!", description: "Sua conta está ativa. Boas-vindas ao Recanto.", variant: "success" },
  );
}
