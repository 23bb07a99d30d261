import type { Route } from "./+types/perfil-dados";
import { exportPersonalData } from "@server/accounts/personal-data";
import { requireUser } from "@server/accounts/guards";
import { guardPage } from "~/lib/auth.server";

/** "Baixar meus dados": a JSON file with everything stored about the signed-in user, and nobody else. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await guardPage(request, context, requireUser);
  const data = await exportPersonalData(context.services.database.db, viewer.id);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="recanto-meus-dados-${day}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
