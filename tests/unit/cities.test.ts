import { describe, expect, it } from "vitest";
import { cityOptions, FALLBACK_CITIES, normalizeText, suggestCities } from "../../common/cities";
import { brazilianCities } from "../../server/cities/cities";

const all = cityOptions(brazilianCities());
const labels = (text: string, options = all) => suggestCities(options, text).map((c) => c.label);

describe("cities", () => {
  it("ships every IBGE municipality and the 27 federative units", () => {
    const data = brazilianCities();
    expect(data.estados).toHaveLength(27);
    expect(data.cidades.length).toBeGreaterThanOrEqual(5570);
    expect(all).toHaveLength(data.cidades.length);
    expect(all).toContainEqual({ city: "São João del Rei", state: "MG", label: "São João del Rei - MG" });
  });

  it("ignores accents and case, and finds 'São João del Rei - MG' from 'sao jo'", () => {
    expect(normalizeText("  São  JOÃO ")).toBe("sao joao");
    expect(labels("sao jo")).toContain("São João del Rei - MG");
    expect(labels("SÃO JOÃO DEL")).toEqual(["São João del Rei - MG"]);
  });

  it("returns at most 10, best first: exact, then prefix, then word, then anywhere", () => {
    expect(labels("sa").length).toBe(10);
    expect(labels("paraty")[0]).toBe("Paraty - RJ");
    expect(labels("rio de janeiro")[0]).toBe("Rio de Janeiro - RJ");
    // Capitals and nature destinations come before other equally good matches.
    expect(labels("sao")[0]).toBe("São Luís - MA");
    expect(labels("sao").slice(0, 3)).toEqual(["São Luís - MA", "São Paulo - SP", "São Joaquim - SC"]);
    expect(labels("jordao")).toContain("Campos do Jordão - SP");
    expect(labels("campos do jordao - sp")).toEqual(["Campos do Jordão - SP"]);
  });

  it("needs two characters", () => {
    expect(labels("s")).toEqual([]);
    expect(labels("  ")).toEqual([]);
  });

  it("says nothing for text that is no city, and treats SQL-looking text as text", () => {
    expect(labels("xyzxyz")).toEqual([]);
    expect(labels("' OR 1=1 --")).toEqual([]);
  });

  it("has a reduced list of the 20 largest cities for when the full list cannot load", () => {
    expect(FALLBACK_CITIES).toHaveLength(20);
    expect(labels("sao", FALLBACK_CITIES)).toEqual(["São Luís - MA", "São Paulo - SP", "São Gonçalo - RJ"]);
  });
});
