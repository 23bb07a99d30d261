import { Readable } from "node:stream";
import { data } from "react-router";
import type { Route } from "./+types/moderacao-verificacao-imagem";
import { requireOperator } from "@server/accounts/guards";
import { pendingImageKey } from "@server/trust/identity";
import { guardPage } from "~/lib/auth.server";

/**
 * A waiting identity request's document photo or selfie, /moderacao/verificacoes/{id}/{documento|selfie}:
 * read from private storage for operators only (anyone else gets the page-not-found answer, a
 * signed-out visitor the sign-in page), never kept by any cache. Gone once the request is decided.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await guardPage(request, context, requireOperator);
  const which = params.imagem;
  const key = which === "documento" || which === "selfie" ? await pendingImageKey(context.services.database.db, params.id, which) : null;
  const file = key ? await context.services.storage.get(key) : null;
  if (!file) throw data(null, { status: 404 });
  return new Response(Readable.toWeb(file.body) as ReadableStream, {
    headers: {
      "Content-Type": "image/webp",
      ...(file.size !== undefined && { "Content-Length": String(file.size) }),
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
      "Content-Disposition": "inline",
    },
  });
}
