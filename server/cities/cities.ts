import estadosCsv from "./ibge/estados.csv?raw";
import municipiosCsv from "./ibge/municipios.csv?raw";
import { cityOptions, type BrazilianCities } from "../../common/cities";
import { parseBrazilianCities } from "./ibge";

let cached: BrazilianCities | undefined;

/** All states and municipalities in the shape of /brazilian-cities.json (spec §7); IBGE data (MIT, see ./ibge/LICENSE), bundled into the server build and parsed once. */
export function brazilianCities(): BrazilianCities {
  cached ??= parseBrazilianCities(estadosCsv, municipiosCsv);
  return cached;
}

/** Every municipality as "City - UF" (the bulk seed places listings in them). */
export function municipalityLabels(): string[] {
  return cityOptions(brazilianCities()).map((c) => c.label);
}
