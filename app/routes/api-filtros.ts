import type { Route } from "./+types/api-filtros";
import { pageSearchInput } from "@server/properties/page-search";

/**
 * GET /api/filtros?<a results page's params>&tipo=<category slug, or empty for the home results>:
 * for each amenity and attribute option, how many listings that page would list with it ticked,
 * and how many it lists now. Public counts only; bad params are read as the pages read them. Kept per
 * catalogue version like the result lists (server/properties/kept-catalogue.ts): at 1M listings a
 * broad page's counts take 2–61 ms p95 (docs/decisions/003-search.md, "Filter counts").
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const facets = await context.catalogue.facets(pageSearchInput(params, params.get("tipo") ?? ""));
  return Response.json(facets, { headers: { "Cache-Control": "public, max-age=60" } });
}
