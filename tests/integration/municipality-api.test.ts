import { describe, expect, it } from "vitest";
import { municipalityByLabel } from "../../server/cities/places";
import { municipalityPointUrl } from "../../common/map";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";

describe(`GET /api/municipio (${engine})`, () => {
  const t = useTestApp();
  const get = (label: string) => fetch(`${t.app.url}${municipalityPointUrl(label)}`);

  it("answers a municipality's IBGE point, cacheable for a day", async () => {
    const res = await get("São Thomé das Letras - MG");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    const place = municipalityByLabel("São Thomé das Letras - MG")!;
    expect(await res.json()).toEqual({ lat: place.lat, lng: place.lng });
  });

  it("answers 404 with a message for anything that is not a municipality's label", async () => {
    for (const label of ["", "Gramado", "Gramado - SP", "x".repeat(500)]) {
      const res = await get(label);
      expect(res.status, label).toBe(404);
      expect(await res.json()).toEqual({ error: "Município não encontrado." });
    }
    expect((await fetch(`${t.app.url}/api/municipio`)).status).toBe(404);
  });
});
