import estadosCsv from "./ibge/estados.csv?raw";
import municipiosCsv from "./ibge/municipios.csv?raw";
import type { BrazilianCities } from "../../common/cities";

/** IBGE data (MIT, see ./ibge/LICENSE), bundled into the server build and parsed once. */
function rows(csv: string): string[][] {
  return csv
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.trim())
    .map((line) => line.split(","));
}

let cached: BrazilianCities | undefined;

/** All states and municipalities in the shape of /brazilian-cities.json (spec §7). */
export function brazilianCities(): BrazilianCities {
  if (cached) return cached;
  const estados = rows(estadosCsv)
    .map(([codigo, uf, nome]) => ({ id: Number(codigo), estado: uf!, nome: nome! }))
    .sort((a, b) => a.estado.localeCompare(b.estado));
  const cidades = rows(municipiosCsv)
    .map(([, nome, , , , codigoUf]) => ({ cidade: nome!, estadoId: Number(codigoUf) }))
    .sort((a, b) => a.cidade.localeCompare(b.cidade, "pt-BR"));
  cached = { estados, cidades };
  return cached;
}
