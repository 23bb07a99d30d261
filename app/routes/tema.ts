import { data, redirect } from "react-router";
import type { Route } from "./+types/tema";
import { isTheme } from "~/lib/theme";
import { serializeTheme } from "~/lib/theme.server";
import { readForm } from "~/lib/form";

export async function action({ request }: Route.ActionArgs) {
  const { theme } = await readForm(request);
  if (!isTheme(theme)) return data({ error: "Tema inválido." }, { status: 400 });
  return data({ theme }, { headers: { "Set-Cookie": await serializeTheme(theme) } });
}

export function loader() {
  return redirect("/");
}
