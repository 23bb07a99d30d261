import type { Route } from "./+types/api-municipio";
import { municipalityByLabel } from "@server/cities/places";

const CACHE = { "Cache-Control": "public, max-age=86400" };

/** GET /api/municipio?local=Cidade - UF: the municipality's IBGE point `{ lat, lng }` (the host form's map starts there). */
export function loader({ request }: Route.LoaderArgs) {
  const label = new URL(request.url).searchParams.get("local") ?? "";
  const municipality = municipalityByLabel(label.trim());
  if (!municipality) return Response.json({ error: "Município não encontrado." }, { status: 404, headers: CACHE });
  return Response.json({ lat: municipality.lat, lng: municipality.lng }, { headers: CACHE });
}
