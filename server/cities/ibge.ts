import type { BrazilianCities } from "../../common/cities";

/** IBGE CSV text (header line, comma-separated, optional BOM) -> data rows. */
function rows(csv: string): string[][] {
  return csv
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.trim())
    .map((line) => line.split(","));
}

/**
 * The IBGE files (./ibge/estados.csv, ./ibge/municipios.csv) in the shape of /brazilian-cities.json.
 * Pure: the server bundles the files with Vite, scripts read them from disk.
 */
export function parseBrazilianCities(estadosCsv: string, municipiosCsv: string): BrazilianCities {
  const estados = rows(estadosCsv)
    .map(([codigo, uf, nome]) => ({ id: Number(codigo), estado: uf!, nome: nome! }))
    .sort((a, b) => a.estado.localeCompare(b.estado));
  const cidades = rows(municipiosCsv)
    .map(([, nome, , , , codigoUf]) => ({ cidade: nome!, estadoId: Number(codigoUf) }))
    .sort((a, b) => a.cidade.localeCompare(b.cidade, "pt-BR"));
  return { estados, cidades };
}
