import estadosCsv from "./ibge/estados.csv?raw";
import municipiosCsv from "./ibge/municipios.csv?raw";
import { cityOptions, type BrazilianCities, type CityOption } from "../../common/cities";
import { parseBrazilianCities } from "./ibge";

let cached: BrazilianCities | undefined;

/** All states and municipalities in the shape of /brazilian-cities.json (spec §7); IBGE data (MIT, see ./ibge/LICENSE), bundled into the server build and parsed once. */
export function brazilianCities(): BrazilianCities {
  cached ??= parseBrazilianCities(estadosCsv, municipiosCsv);
  return cached;
}

let options: CityOption[] | undefined;

/** Every municipality with its "City - UF" label: what location fields must name. */
export function municipalities(): CityOption[] {
  options ??= cityOptions(brazilianCities());
  return options;
}

/** Every municipality as "City - UF" (the bulk seed places listings in them). */
export function municipalityLabels(): string[] {
  return municipalities().map((c) => c.label);
}
