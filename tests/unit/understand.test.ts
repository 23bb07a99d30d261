import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CATEGORIES, type Amenity, type PropertyType } from "../../common/catalog";
import type { Municipality } from "../../common/places";
import { understand, type Gazetteer, type Understood } from "../../common/search/understand";
import { PLACE_NICKNAMES, WORDLIKE_PLACE_NAMES } from "../../common/search/vocabulary";
import { normalizeText } from "../../common/cities";
import { parseMunicipalities, parseStates } from "../../server/cities/ibge";

const states = parseStates(readFileSync("server/cities/ibge/estados.csv", "utf8"));
const municipalities = parseMunicipalities(readFileSync("server/cities/ibge/municipios.csv", "utf8"), states);

/** As the caller ranks: a few destinations above the capitals, everything else 0. */
const POPULAR = new Map<string, number>([
  ...["Bonito - MS", "Paraty - RJ", "Gramado - RS", "Campos do Jordão - SP", "São João del Rei - MG", "Tiradentes - MG"].map(
    (l) => [l, 10] as const,
  ),
  ...["São Paulo - SP", "Rio de Janeiro - RJ", "Boa Vista - RR", "Palmas - TO", "Natal - RN", "Vitória - ES", "Florianópolis - SC"].map(
    (l) => [l, 5] as const,
  ),
]);
const gazetteer: Gazetteer = { states, municipalities, popularity: (m: Municipality) => POPULAR.get(m.label) ?? 0 };

const glamping = CATEGORIES.find((c) => c.slug === "glamping")!.types;

/** What a case checks: every field, with the empty reading as default (so nothing extra sneaks in). */
interface Reading {
  types: readonly PropertyType[];
  amenities: readonly Amenity[];
  features: Understood["features"];
  road: Understood["road"];
  signal: Understood["signal"];
  internet: Understood["internet"];
  power: Understood["power"];
  state: string | null;
  place: string | null;
  alternatives: string[];
  stateOrCity: string | null;
  near: boolean;
  minGuests: number | null;
  minPrice: number | null;
  maxPrice: number | null;
  text: string;
}

const NOTHING: Reading = {
  types: [], amenities: [], features: [], road: [], signal: [], internet: [], power: [], state: null, place: null,
  alternatives: [], stateOrCity: null, near: false, minGuests: null, minPrice: null, maxPrice: null, text: "",
};

function read(input: string): Reading {
  const u = understand(input, gazetteer);
  return {
    types: u.types, amenities: u.amenities, features: u.features, road: u.road, signal: u.signal, internet: u.internet,
    power: u.power, state: u.state, place: u.place?.chosen.label ?? null, alternatives: u.place?.alternatives.map((m) => m.label) ?? [],
    stateOrCity: u.stateOrCity?.label ?? null, near: u.near, minGuests: u.minGuests, minPrice: u.minPrice, maxPrice: u.maxPrice,
    text: u.text,
  };
}

const CASES: [input: string, expected: Partial<Reading>][] = [
  // The sentence of the brief, and the hero's placeholder words.
  [
    "cabana com lareira em minas para 6 pessoas até 400",
    { types: ["Cabana"], amenities: ["Lareira interna"], state: "MG", minGuests: 6, maxPrice: 400 },
  ],
  ["cabana", { types: ["Cabana"] }],
  ["lago", { amenities: ["Acesso ao lago"] }],
  ["lareira", { amenities: ["Lareira interna"] }],
  ["piscina", { amenities: ["Piscina"] }],
  ["wifi", { amenities: ["Wi-Fi"] }],
  ["cozinha", { amenities: ["Cozinha"] }],
  ["acesso ao lago", { amenities: ["Acesso ao lago"] }],

  // Types: plurals, accents, synonyms; the longest phrase wins.
  ["CABANAS", { types: ["Cabana"] }],
  ["chales", { types: ["Chalé"] }],
  ["Chalé", { types: ["Chalé"] }], // a type, not the town of Chalé - MG
  ["casas na arvore", { types: ["Casa na Árvore"] }],
  ["treehouse", { types: ["Casa na Árvore"] }],
  ["glamping", { types: glamping }],
  ["pousadas", { types: ["Pousada"] }],
  ["hotel fazenda", { types: ["Hotel Fazenda"] }],
  ["Hotel-Fazenda", { types: ["Hotel Fazenda"] }],
  ["hotéis fazenda", { types: ["Hotel Fazenda"] }],
  ["hotel", { types: ["Hotel"] }],
  ["fazendas", { types: ["Fazenda"] }],
  ["sítio", { types: ["Fazenda"] }],
  ["tiny house", { types: ["Microcasa"] }],
  ["microcasas", { types: ["Microcasa"] }],
  ["moinhos", { types: ["Moinho"] }],
  ["caverna", { types: ["Gruta"] }],
  ["ecocasa", { types: ["Casa Ecológica"] }],
  ["casa ecológica", { types: ["Casa Ecológica"] }],
  ["houseboat", { types: ["Casas Barco"] }],
  ["casas barco", { types: ["Casas Barco"] }],
  ["veleiro", { types: ["Barco"] }],
  ["celeiros", { types: ["Celeiro"] }],
  ["motor home", { types: ["Trailer / Motorhome"] }],
  ["conteineres", { types: ["Contêiner"] }],
  ["container", { types: ["Contêiner"] }],
  ["casa de praia", { types: ["Casa na Praia"] }],
  ["casa na praia", { types: ["Casa na Praia"] }],
  ["cabana e chalé", { types: ["Cabana", "Chalé"] }],

  // Amenities.
  ["Wi-Fi", { amenities: ["Wi-Fi"] }],
  ["wi fi", { amenities: ["Wi-Fi"] }],
  ["internet", { amenities: ["Wi-Fi"] }],
  ["ar-condicionado", { amenities: ["Ar condicionado"] }],
  ["quarto climatizado", { amenities: ["Ar condicionado"], text: "quarto" }],
  ["garagem", { amenities: ["Estacionamento"] }],
  ["televisão", { amenities: ["TV"] }],
  ["home office", { amenities: ["Espaço de trabalho"] }],
  ["máquina de lavar", { amenities: ["Máquina de lavar"] }],
  ["lavanderia", { amenities: ["Máquina de lavar"] }],
  ["sinuca", { amenities: ["Mesa de bilhar"] }],
  ["fogo de chão", { amenities: ["Fogueira"] }],
  ["academia", { amenities: ["Equipamento ginástica"] }],
  ["ducha externa", { amenities: ["Chuveiro externo"] }],
  ["represa", { amenities: ["Acesso ao lago"] }],
  ["praia", { amenities: ["Acesso à praia"] }],
  ["pé na areia", { amenities: ["Acesso à praia"] }],
  ["acesso à praia", { amenities: ["Acesso à praia"] }],
  ["área de jantar externa", { amenities: ["Área de jantar externa"] }],
  ["churrasco, piscina e wi-fi", { amenities: ["Churrasqueira", "Piscina", "Wi-Fi"] }],
  ["sem ar condicionado", { text: "sem ar condicionado" }],
  ["sem 4×4", { text: "sem 4×4" }],

  // Features, road, signal, internet, power.
  ["aceita pets", { features: ["petsAllowed"] }],
  ["pet friendly", { features: ["petsAllowed"] }],
  ["chalé que aceita cachorro", { types: ["Chalé"], features: ["petsAllowed"] }],
  ["cadeirante", { features: ["stepFree"] }],
  ["sem degraus", { features: ["stepFree"] }],
  ["família com crianças", { features: ["childFriendly"] }],
  ["estrada de terra", { road: ["terra"] }],
  ["asfalto", { road: ["asfalto"] }],
  ["4×4", { road: ["4x4"] }],
  ["sinal vivo", { signal: ["vivo"] }],
  ["sinal da claro", { signal: ["claro"] }],
  ["celular TIM", { signal: ["tim"] }],
  ["sem sinal", { signal: ["none"] }],
  ["vivo", { text: "vivo" }],
  ["céu claro", { text: "céu claro" }],
  ["fibra", { internet: ["fibra"] }],
  ["internet via rádio", { internet: ["radio"] }],
  ["starlink", { internet: ["satelite"] }],
  ["sem internet", { internet: ["nenhuma"] }],
  ["energia solar", { power: ["solar"] }],
  ["gerador", { power: ["gerador"] }],
  ["off-grid", { power: ["solar"] }],

  // Guests.
  ["6 hóspedes", { minGuests: 6 }],
  ["p/ 6", { minGuests: 6 }],
  ["pra 6", { minGuests: 6 }],
  ["para 4", { minGuests: 4 }],
  ["casal", { minGuests: 2 }],
  ["chalé para um casal", { types: ["Chalé"], minGuests: 2 }],
  ["para duas pessoas", { minGuests: 2 }],
  ["para 300", { text: "para 300" }],
  ["para 100 pessoas", { text: "para 100 pessoas" }],
  ["entre 4 e 6 pessoas", { minGuests: 4 }],

  // Prices (reais per night). A lone R$ amount is a ceiling.
  ["até R$ 400", { maxPrice: 400 }],
  ["até 400 reais", { maxPrice: 400 }],
  ["no máximo 400", { maxPrice: 400 }],
  ["menos de 400 por noite", { maxPrice: 400 }],
  ["a partir de 200", { minPrice: 200 }],
  ["acima de 200", { minPrice: 200 }],
  ["mais de 200", { minPrice: 200 }],
  ["mínimo 200", { minPrice: 200 }],
  ["entre 200 e 400", { minPrice: 200, maxPrice: 400 }],
  ["de 200 a 400", { minPrice: 200, maxPrice: 400 }],
  ["R$ 300", { maxPrice: 300 }],
  ["R$300 a diária", { maxPrice: 300 }],
  ["R$ 1.500", { maxPrice: 1500 }],
  ["até 1500", { maxPrice: 1500 }],
  ["até 1,5 mil", { maxPrice: 1500 }],
  ["até R$1.500,00", { maxPrice: 1500 }],
  ["R$ 200 - R$ 400", { minPrice: 200, maxPrice: 400 }],
  ["a partir de 200 até 400", { minPrice: 200, maxPrice: 400 }],
  ["cabana para 6 até 400 reais por noite", { types: ["Cabana"], minGuests: 6, maxPrice: 400 }],
  ["cabana 2024", { types: ["Cabana"], text: "2024" }],

  // States.
  ["Minas Gerais", { state: "MG" }],
  ["bahia", { state: "BA" }],
  ["mato grosso do sul", { state: "MS" }],
  ["chalé em santa catarina", { types: ["Chalé"], state: "SC" }],
  ["sp", { state: "SP" }],
  ["pará", { state: "PA" }],
  ["pousada em SE", { types: ["Pousada"], state: "SE" }],
  ["pousada no es", { types: ["Pousada"], state: "ES" }],
  ["cabana MA", { types: ["Cabana"], state: "MA" }],
  ["to com fome", { text: "to com fome" }],
  ["chalé com pé de serra", { types: ["Chalé"], text: "com pé de serra" }],
  ["casa grande para 10 pessoas", { minGuests: 10, text: "casa grande" }],
  ["cabana se tiver lareira", { types: ["Cabana"], amenities: ["Lareira interna"], text: "se tiver" }],
  ["São Paulo", { state: "SP", stateOrCity: "São Paulo - SP" }],
  ["rio de janeiro", { state: "RJ", stateOrCity: "Rio de Janeiro - RJ" }],
  ["serra gaúcha", { state: "RS" }],

  // Municipalities.
  ["Paraty", { place: "Paraty - RJ" }],
  ["gramado", { place: "Gramado - RS" }],
  ["campos do jordão", { place: "Campos do Jordão - SP" }],
  ["sao joao del rei", { place: "São João del Rei - MG" }],
  ["são josé dos campos", { place: "São José dos Campos - SP" }],
  ["São Paulo - SP", { state: "SP", place: "São Paulo - SP" }],
  ["cabana em gramado rs", { types: ["Cabana"], state: "RS", place: "Gramado - RS" }],
  ["ubatuba, sp", { state: "SP", place: "Ubatuba - SP" }],
  ["Gramado/RS", { state: "RS", place: "Gramado - RS" }],
  ["cabana em gramado sc", { types: ["Cabana"], state: "SC", text: "em gramado" }],
  ["bonito", { place: "Bonito - MS", alternatives: ["Bonito - BA", "Bonito - PA", "Bonito - PE"] }],
  ["em bonito", { place: "Bonito - MS", alternatives: ["Bonito - BA", "Bonito - PA", "Bonito - PE"] }],
  ["bonito com piscina", { amenities: ["Piscina"], place: "Bonito - MS", alternatives: ["Bonito - BA", "Bonito - PA", "Bonito - PE"] }],
  ["bonito pe", { state: "PE", place: "Bonito - PE" }],
  ["pousada em bonito pernambuco", { types: ["Pousada"], state: "PE", place: "Bonito - PE" }],
  ["chalé bonito com lareira", { types: ["Chalé"], amenities: ["Lareira interna"], text: "bonito" }],
  ["bonito e aconchegante", { text: "bonito e aconchegante" }],
  ["cabana na serra", { types: ["Cabana"], text: "na serra" }],
  ["cabana em serra", { types: ["Cabana"], place: "Serra - ES" }],
  ["perto da cachoeira", { text: "perto da cachoeira" }],
  ["chalé com boa vista", { types: ["Chalé"], text: "com boa vista" }],
  ["boa vista", { place: "Boa Vista - RR", alternatives: ["Boa Vista - PB"] }],
  ["natal", { place: "Natal - RN" }],
  ["cabana no natal", { types: ["Cabana"], text: "no natal" }],
  ["búzios", { place: "Armação dos Búzios - RJ" }],
  ["parati", { place: "Paraty - RJ" }],
  ["lençóis maranhenses", { place: "Barreirinhas - MA" }],
  ["chalé em monte verde", { types: ["Chalé"], place: "Camanducaia - MG" }],
  ["pousada em arraial d'ajuda", { types: ["Pousada"], place: "Porto Seguro - BA" }],
  ["perto de mim", { near: true }],
  ["pousada próximo de mim com piscina", { types: ["Pousada"], amenities: ["Piscina"], near: true }],

  // Unknown words are never lost.
  ["cabana rústica com vista", { types: ["Cabana"], text: "rústica com vista" }],
  ["casa de pedra com lareira", { amenities: ["Lareira interna"], text: "casa de pedra" }],
  ["chalé com pé-direito alto", { types: ["Chalé"], text: "com pé-direito alto" }],
  ["xyzzy", { text: "xyzzy" }],
  ["", {}],
  ["  ,,, -- // ", {}],
];

describe("understand", () => {
  it.each(CASES)("%j", (input, expected) => {
    expect(read(input)).toEqual({ ...NOTHING, ...expected });
  });

  it("reads a full request with every kind of filter at once", () => {
    expect(read("chalé pet friendly com wi-fi e sinal vivo em campos do jordão sp para casal de R$ 300 a R$ 600 energia solar")).toEqual({
      ...NOTHING,
      types: ["Chalé"],
      amenities: ["Wi-Fi"],
      features: ["petsAllowed"],
      signal: ["vivo"],
      power: ["solar"],
      state: "SP",
      place: "Campos do Jordão - SP",
      minGuests: 2,
      minPrice: 300,
      maxPrice: 600,
    });
  });

  it("gives at most five alternatives, most popular first", () => {
    const santaRosas = states
      .slice(0, 8)
      .map((s, i) => ({ ...municipalities[0]!, code: i, city: "Santa Rosa", uf: s.uf, label: `Santa Rosa - ${s.uf}` }));
    const small: Gazetteer = { states, municipalities: santaRosas, popularity: (m) => m.code };
    const guess = understand("santa rosa", small).place!;
    expect(guess.chosen.label).toBe(santaRosas[7]!.label);
    expect(guess.alternatives.map((m) => m.code)).toEqual([6, 5, 4, 3, 2]);
    expect(understand("Bom Jesus", gazetteer).place!.alternatives).toHaveLength(4);
  });

  it("keeps its word-like place names and nicknames to real municipalities", () => {
    const names = new Set(municipalities.map((m) => normalizeText(m.city)));
    const labels = new Set(municipalities.map((m) => m.label));
    expect(WORDLIKE_PLACE_NAMES.filter((name) => !names.has(normalizeText(name)))).toEqual([]);
    expect(Object.keys(PLACE_NICKNAMES).filter((label) => !labels.has(label))).toEqual([]);
  });

  it("never throws and only gives back words that were typed", () => {
    const words = ["cabana", "em", "bonito", "até", "R$", "1.500", "-", "/", "sp", "SE", "para", "6", "pessoas", "com", "sem", "e"];
    words.push("de", "a", "mil", "sinal", "vivo", "ç", "🙂", "São", "José", ",", "pé-direito", "4×4", "wi-fi", "Pará", "casal");
    const sentence = fc.array(fc.constantFrom(...words), { maxLength: 20 }).map((w) => w.join(" ").slice(0, 120));
    const typed = fc.oneof(fc.string({ maxLength: 120 }), fc.string({ unit: "grapheme", maxLength: 120 }), sentence);
    fc.assert(
      fc.property(typed, (input) => {
        const { text } = understand(input, gazetteer);
        expect(text.split(/[\s-]+/).filter(Boolean).every((word) => input.includes(word))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("reads 1,000 varied queries well under a second once the gazetteer is indexed", () => {
    const parts = ["cabana", "chalé com lareira", "em minas", "são josé dos campos", "para 6 pessoas", "até R$ 400", "bonito"];
    parts.push("perto de mim", "sinal vivo", "casa de pedra rústica");
    const queries = Array.from({ length: 1000 }, (_, i) => [parts[i % 10], parts[(i * 7) % 10], parts[(i * 3) % 10], i].join(" "));
    understand("aquecimento", gazetteer);
    const start = performance.now();
    for (const query of queries) understand(query, gazetteer);
    expect(performance.now() - start).toBeLessThan(1000);
  });
});
