import type { Route } from "./+types/newsletter-confirmar";
import { confirmSubscription } from "@server/newsletter/newsletter";
import { redirectWithToast } from "~/lib/toast.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const confirmed = await confirmSubscription(context.services.database.db, token);
  return redirectWithToast(
    "/",
    confirmed
      ? { title: "Inscrição confirmada!", description: "Você vai receber as novidades do Recanto.", variant: "success" }
      : { title: "Link inválido ou já utilizado", description: "Inscreva-se de novo pelo rodapé, se precisar.", variant: "error" },
  );
}
