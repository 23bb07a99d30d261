import { redirect } from "react-router";
import type { Route } from "./+types/sair";
import { signOut } from "@server/accounts/flows";

export async function action({ request, context }: Route.ActionArgs) {
  const headers = await signOut(context.services, request.headers);
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
