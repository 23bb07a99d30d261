import { MIN_CITY_QUERY_LENGTH } from "./limits";
/** City options for the "Onde"/location fields (isomorphic: the browser filters the list itself). */
import { cleanLine } from "./text";

export interface BrazilianCities {
  estados: { id: number; estado: string; nome: string }[];
  cidades: { cidade: string; estadoId: number }[];
}

export interface CityOption {
  city: string;
  state: string;
  /** "City - UF", as shown and as stored in location fields. */
  label: string;
}

export const MAX_SUGGESTIONS = 10;

/** Lowercase, without accents or extra spaces: "São  João" -> "sao joao". */
export function normalizeText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

export function cityOptions(data: BrazilianCities): CityOption[] {
  const uf = new Map(data.estados.map((e) => [e.id, e.estado]));
  return data.cidades.flatMap((c) => {
    const state = uf.get(c.estadoId);
    return state ? [{ city: c.cidade, state, label: `${c.cidade} - ${state}` }] : [];
  });
}

/** The 20 largest cities: used when the full list cannot be loaded. */
export const FALLBACK_CITIES: CityOption[] = [
  ["São Paulo", "SP"],
  ["Rio de Janeiro", "RJ"],
  ["Brasília", "DF"],
  ["Fortaleza", "CE"],
  ["Salvador", "BA"],
  ["Belo Horizonte", "MG"],
  ["Manaus", "AM"],
  ["Curitiba", "PR"],
  ["Recife", "PE"],
  ["Goiânia", "GO"],
  ["Porto Alegre", "RS"],
  ["Belém", "PA"],
  ["Guarulhos", "SP"],
  ["Campinas", "SP"],
  ["São Luís", "MA"],
  ["Maceió", "AL"],
  ["Campo Grande", "MS"],
  ["São Gonçalo", "RJ"],
  ["Teresina", "PI"],
  ["João Pessoa", "PB"],
].map(([city, state]) => ({ city: city!, state: state!, label: `${city} - ${state}` }));

/**
 * Where guests of nature stays most often look (capitals aside): ranked before other cities that
 * match equally well, so "sao jo" shows São João del Rei before the many small São Josés.
 * Once listings exist, cities with properties can join this signal.
 */
const DESTINATIONS = new Set([
  "São João del Rei - MG", "Tiradentes - MG", "Ouro Preto - MG", "Diamantina - MG", "Capitólio - MG", "São Thomé das Letras - MG",
  "Carrancas - MG", "Aiuruoca - MG", "Gonçalves - MG", "Campos do Jordão - SP", "São Bento do Sapucaí - SP",
  "Santo Antônio do Pinhal - SP", "Cunha - SP", "São Luiz do Paraitinga - SP", "Ilhabela - SP", "Ubatuba - SP", "Brotas - SP",
  "Socorro - SP", "Paraty - RJ", "Petrópolis - RJ", "Teresópolis - RJ", "Nova Friburgo - RJ", "Armação dos Búzios - RJ",
  "Itatiaia - RJ", "Gramado - RS", "Canela - RS", "Cambará do Sul - RS", "Bento Gonçalves - RS", "Nova Petrópolis - RS",
  "Urubici - SC", "Garopaba - SC", "Bombinhas - SC", "São Joaquim - SC", "Morretes - PR", "Foz do Iguaçu - PR",
  "Bonito - MS", "Chapada dos Guimarães - MT", "Pirenópolis - GO", "Alto Paraíso de Goiás - GO", "Lençóis - BA",
  "Itacaré - BA", "Porto Seguro - BA", "Jijoca de Jericoacoara - CE", "Barreirinhas - MA", "Fernando de Noronha - PE",
  "Domingos Martins - ES",
]);

const CAPITALS = new Set(
  [
    "Rio Branco - AC", "Maceió - AL", "Macapá - AP", "Manaus - AM", "Salvador - BA", "Fortaleza - CE", "Brasília - DF",
    "Vitória - ES", "Goiânia - GO", "São Luís - MA", "Cuiabá - MT", "Campo Grande - MS", "Belo Horizonte - MG", "Belém - PA",
    "João Pessoa - PB", "Curitiba - PR", "Recife - PE", "Teresina - PI", "Rio de Janeiro - RJ", "Natal - RN",
    "Porto Alegre - RS", "Porto Velho - RO", "Boa Vista - RR", "Florianópolis - SC", "São Paulo - SP", "Aracaju - SE",
    "Palmas - TO",
  ],
);

/** Capitals and the destinations of nature stays: the places a guest most often means. */
export const isProminent = (label: string) => DESTINATIONS.has(label) || CAPITALS.has(label);

interface Indexed {
  option: CityOption;
  name: string;
  label: string;
  /** 0 for capitals and destinations, 1 otherwise. */
  prominence: number;
}

const indexCache = new WeakMap<CityOption[], Indexed[]>();

function indexed(options: CityOption[]): Indexed[] {
  let index = indexCache.get(options);
  if (!index) {
    index = options.map((option) => ({
      option,
      name: normalizeText(option.city),
      label: normalizeText(option.label),
      prominence: isProminent(option.label) ? 0 : 1,
    }));
    indexCache.set(options, index);
  }
  return index;
}

/**
 * At most 10 cities matching the text without regard to accents or case, best first:
 * exact name, then names starting with the text, then a word starting with it, then anywhere;
 * "City - UF" text matches the label too. Within a rank: capitals and destinations, then shorter
 * names, then alphabetical.
 */
export function suggestCities(options: CityOption[], text: string, limit = MAX_SUGGESTIONS): CityOption[] {
  const q = normalizeText(text);
  if (q.length < MIN_CITY_QUERY_LENGTH) return [];
  const ranked: { rank: number; entry: Indexed }[] = [];
  for (const entry of indexed(options)) {
    let rank: number;
    if (entry.name === q || entry.label === q) rank = 0;
    else if (entry.name.startsWith(q) || entry.label.startsWith(q)) rank = 1;
    else if (entry.name.includes(` ${q}`)) rank = 2;
    else if (entry.label.includes(q)) rank = 3;
    else continue;
    ranked.push({ rank, entry });
  }
  ranked.sort(
    (a, b) =>
      a.rank - b.rank ||
      a.entry.prominence - b.entry.prominence ||
      a.entry.name.length - b.entry.name.length ||
      a.entry.option.label.localeCompare(b.entry.option.label, "pt-BR"),
  );
  return ranked.slice(0, limit).map((r) => r.entry.option);
}

export const LOCATION_MESSAGES = {
  required: "Informe a localização no formato “Cidade - UF”, por exemplo “Gramado - RS”.",
  noState: "Informe também a UF, no formato “Cidade - UF”, por exemplo “Gramado - RS”.",
  unknownState: (uf: string) => `“${uf}” não é uma UF do Brasil. Use o formato “Cidade - UF”, por exemplo “Gramado - RS”.`,
  unknownCity: (city: string, uf: string) => `Não encontramos o município “${city}” em ${uf}. Escolha uma cidade da lista, no formato “Cidade - UF”.`,
} as const;

export type LocationResult = { ok: true; label: string } | { ok: false; message: string };
/** Checks a location field's text: the canonical "City - UF" to store, or what is wrong. */
export type LocationCheck = (text: string) => LocationResult;

/** "sao paulo - sp", "São Paulo/SP", "são paulo, sp" and "São  Paulo SP" all name São Paulo - SP. */
const CITY_AND_STATE = /^(.+?)(?:\s*[-–—/,]\s*|\s+)([a-z]{2})$/;
const cityKey = (text: string) => normalizeText(text).replace(/[’‘`´]/g, "'");

const labelIndex = new WeakMap<CityOption[], Map<string, CityOption>>();

/** The municipality `text` names (without regard to accents, case or the separator), or what is wrong with it. */
export function checkMunicipality(options: CityOption[], text: string): LocationResult {
  let index = labelIndex.get(options);
  if (!index) {
    index = new Map(options.map((option) => [`${cityKey(option.city)}|${option.state.toLowerCase()}`, option]));
    labelIndex.set(options, index);
  }
  const typed = text.replace(/\s+/g, " ").trim();
  if (!typed) return { ok: false, message: LOCATION_MESSAGES.required };
  const match = CITY_AND_STATE.exec(cityKey(typed));
  if (!match) return { ok: false, message: LOCATION_MESSAGES.noState };
  const [, city = "", uf = ""] = match;
  const found = index.get(`${city}|${uf}`);
  if (found) return { ok: true, label: found.label };
  const states = new Set(options.map((option) => option.state.toLowerCase()));
  if (!states.has(uf)) return { ok: false, message: LOCATION_MESSAGES.unknownState(typed.slice(-2).toUpperCase()) };
  const typedCity = typed.slice(0, -2).replace(/(?:\s*[-–—/,]\s*|\s+)$/, "");
  return { ok: false, message: LOCATION_MESSAGES.unknownCity(typedCity, uf.toUpperCase()) };
}

/**
 * A location field's check: a municipality from `options` (null while the browser has not loaded
 * the list: the server decides then), or the value stored before, unchanged: rows older than the
 * rule still save as they are until their location is edited.
 */
export function locationCheck(options: CityOption[] | null, stored = ""): LocationCheck {
  return (text) => {
    if (stored && text === cleanLine(stored)) return { ok: true, label: text };
    return options ? checkMunicipality(options, text) : { ok: true, label: text };
  };
}
