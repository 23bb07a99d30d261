import type { BrazilianCities } from "../../common/cities";
import type { Municipality, State } from "../../common/places";

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

/** The states of estados.csv (code, UF, name), by UF. */
export function parseStates(estadosCsv: string): State[] {
  return rows(estadosCsv)
    .map(([codigo, uf, nome]) => ({ code: Number(codigo), uf: uf!, name: nome! }))
    .sort((a, b) => a.uf.localeCompare(b.uf));
}

/** The municipalities of municipios.csv with their point and "City - UF" label, by name. */
export function parseMunicipalities(municipiosCsv: string, states: State[]): Municipality[] {
  const uf = new Map(states.map((s) => [s.code, s.uf]));
  return rows(municipiosCsv)
    .map(([codigo, nome, latitude, longitude, , codigoUf]) => {
      const state = uf.get(Number(codigoUf))!;
      return { code: Number(codigo), city: nome!, uf: state, label: `${nome} - ${state}`, lat: Number(latitude), lng: Number(longitude) };
    })
    .sort((a, b) => a.city.localeCompare(b.city, "pt-BR"));
}
