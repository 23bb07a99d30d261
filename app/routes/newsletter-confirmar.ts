import { redirect } from "react-router";
import type { Route } from "./+types/newsletter-confirmar";
import { confirmSubscription } from "@server/newsletter/newsletter";
import { setToast } from "~/lib/toast.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const confirmed = await confirmSubscription(context.services.database.db, token);
  const headers = new Headers();
  await setToast(
    headers,
    confirmed
      ? { title: "Inscrição confirmada!", description: "Você vai receber as novidades do Recanto.", variant: "success" }
      : { title: "Link inválido ou já utilizado", description: "Inscreva-se de novo pelo rodapé, se precisar.", variant: "error" },
  );
  return redirect("/", { headers });
}
