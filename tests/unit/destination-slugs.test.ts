import { describe, expect, it } from "vitest";
import { destinationPath, placeSlug } from "../../common/places";
import { municipalityPlaces } from "../../server/cities/places";

describe("destination addresses", () => {
  it("are ASCII, lowercase and hyphenated", () => {
    expect(placeSlug("Campos do Jordão")).toBe("campos-do-jordao");
    expect(placeSlug("Olhos-d'Água")).toBe("olhos-d-agua");
    expect(placeSlug("São Thomé das Letras")).toBe("sao-thome-das-letras");
    expect(destinationPath({ uf: "SP", city: "Campos do Jordão" })).toBe("/destinos/sp/campos-do-jordao");
    for (const m of municipalityPlaces()) expect(placeSlug(m.city), m.label).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("tell every municipality of a state apart (homonyms live in different states: /destinos/{uf} tells them apart)", () => {
    const seen = new Map<string, string>();
    for (const m of municipalityPlaces()) {
      const key = destinationPath(m);
      expect(seen.get(key), `${m.label} and ${seen.get(key)}`).toBeUndefined();
      seen.set(key, m.label);
    }
    expect(municipalityPlaces().filter((m) => m.city === "Bom Jesus").length).toBeGreaterThan(1);
  });
});
