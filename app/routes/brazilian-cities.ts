import { createHash } from "node:crypto";
import type { Route } from "./+types/brazilian-cities";
import { brazilianCities } from "@server/cities/cities";

let body: { json: string; etag: string } | undefined;

/** GET /brazilian-cities.json: every state and municipality (spec §7), cached by browsers for a day. */
export function loader({ request }: Route.LoaderArgs) {
  body ??= (() => {
    const json = JSON.stringify(brazilianCities());
    return { json, etag: `"${createHash("sha1").update(json).digest("base64url")}"` };
  })();
  const headers = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=86400", ETag: body.etag };
  if (request.headers.get("if-none-match") === body.etag) return new Response(null, { status: 304, headers });
  return new Response(body.json, { headers });
}
