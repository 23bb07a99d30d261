import type { Route } from "./+types/brazilian-cities";
import { brazilianCities } from "@server/cities/cities";
import { precompress, precompressedResponse, type Precompressed } from "@server/http/precompressed";

let body: Promise<Precompressed> | undefined;

/** GET /brazilian-cities.json: every state and municipality (spec §7), cached by browsers for a day, compressed once. */
export async function loader({ request }: Route.LoaderArgs) {
  body ??= precompress(JSON.stringify(brazilianCities()));
  return precompressedResponse(request, await body, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=86400" });
}
