import { data, redirect } from "react-router";
import type { Route } from "./+types/tema";
import { isTheme } from "~/lib/theme";
import { serializeTheme } from "~/lib/theme.server";
import { safeRedirect } from "~/lib/redirects";

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const theme = form.get("theme");
  if (!isTheme(theme)) return data({ error: "Tema inválido." }, { status: 400 });
  const headers = { "Set-Cookie": await serializeTheme(theme) };
  // Without JavaScript the form posts here directly: send the visitor back where they were.
  if (form.get("redirectTo")) return redirect(safeRedirect(form.get("redirectTo")), { headers });
  return data({ theme }, { headers });
}

export function loader() {
  return redirect("/");
}
