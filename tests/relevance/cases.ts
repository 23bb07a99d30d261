/**
 * The relevance test set: what Brazilians type, what the search must understand of it, and which
 * demo listings it must return. `expect` is an oracle written in plain code over the demo
 * catalogue (server/seed/demo-catalog.ts): the results must be exactly the listings it accepts.
 */
import type { Amenity, PropertyType } from "../../common/catalog";
import { CATEGORIES } from "../../common/catalog";
import { normalizeText } from "../../common/cities";
import type { PropertyQuery } from "../../common/property-query";
import type { StayAttributes } from "../../common/stay-attributes";

export interface DemoListing {
  title: string;
  description: string;
  propertyType: PropertyType;
  location: string;
  uf: string;
  priceCents: number;
  maxGuests: number;
  amenities: readonly Amenity[];
  attributes: StayAttributes;
}

export interface RelevanceCase {
  /** What is typed in the search box. */
  q: string;
  /** The filters the words must become (checked field by field). */
  understood?: Partial<PropertyQuery>;
  /** The types a collection word names. */
  types?: readonly PropertyType[];
  /** The listings the results must be, exactly. */
  expect?: (p: DemoListing) => boolean;
  /** Around a place: the listing location that must come first; the rest by distance. */
  first?: string;
  /** The other places of the same name the page must offer ("Você quis dizer"). */
  namesakes?: string[];
}

const type = (t: PropertyType) => (p: DemoListing) => p.propertyType === t;
const amenity = (a: Amenity) => (p: DemoListing) => p.amenities.includes(a);
const inState = (uf: string) => (p: DemoListing) => p.uf === uf;
const words = (p: DemoListing) => normalizeText(`${p.title} ${p.propertyType} ${p.location} ${p.description}`);
const glamping = CATEGORIES.find((c) => c.slug === "glamping")!.types;

export const RELEVANCE_CASES: RelevanceCase[] = [
  // Types, their plurals and synonyms.
  { q: "cabana", understood: { propertyType: "Cabana", search: "" }, expect: type("Cabana") },
  { q: "Cabanas", understood: { propertyType: "Cabana" }, expect: type("Cabana") },
  { q: "chalé", understood: { propertyType: "Chalé" }, expect: type("Chalé") },
  { q: "chales", understood: { propertyType: "Chalé" }, expect: type("Chalé") },
  { q: "casa na árvore", understood: { propertyType: "Casa na Árvore" }, expect: type("Casa na Árvore") },
  { q: "casas na arvore", understood: { propertyType: "Casa na Árvore" }, expect: type("Casa na Árvore") },
  { q: "pousada", understood: { propertyType: "Pousada" }, expect: type("Pousada") },
  { q: "hotel fazenda", understood: { propertyType: "Hotel Fazenda" }, expect: type("Hotel Fazenda") },
  { q: "hotéis fazenda", understood: { propertyType: "Hotel Fazenda" }, expect: type("Hotel Fazenda") },
  { q: "hotel", understood: { propertyType: "Hotel" }, expect: type("Hotel") },
  { q: "fazenda", understood: { propertyType: "Fazenda" }, expect: type("Fazenda") },
  { q: "microcasa", understood: { propertyType: "Microcasa" }, expect: type("Microcasa") },
  { q: "tiny house", understood: { propertyType: "Microcasa" }, expect: type("Microcasa") },
  { q: "container", understood: { propertyType: "Contêiner" }, expect: type("Contêiner") },
  { q: "casa barco", understood: { propertyType: "Casas Barco" }, expect: type("Casas Barco") },
  { q: "veleiro", understood: { propertyType: "Barco" }, expect: type("Barco") },
  { q: "motorhome", understood: { propertyType: "Trailer / Motorhome" }, expect: type("Trailer / Motorhome") },
  { q: "caverna", understood: { propertyType: "Gruta" }, expect: type("Gruta") },
  { q: "moinho", understood: { propertyType: "Moinho" }, expect: type("Moinho") },
  { q: "celeiro", understood: { propertyType: "Celeiro" }, expect: type("Celeiro") },
  { q: "casa ecológica", understood: { propertyType: "Casa Ecológica" }, expect: type("Casa Ecológica") },
  { q: "casa de praia", understood: { propertyType: "Casa na Praia" }, expect: type("Casa na Praia") },
  { q: "glamping", types: glamping },

  // Amenities in everyday words: the hero's own examples first.
  { q: "lareira", understood: { amenities: ["Lareira interna"], search: "" }, expect: amenity("Lareira interna") },
  { q: "lago", understood: { amenities: ["Acesso ao lago"] }, expect: amenity("Acesso ao lago") },
  { q: "acesso ao lago", understood: { amenities: ["Acesso ao lago"] }, expect: amenity("Acesso ao lago") },
  { q: "piscina", understood: { amenities: ["Piscina"] }, expect: amenity("Piscina") },
  { q: "wifi", understood: { amenities: ["Wi-Fi"] }, expect: amenity("Wi-Fi") },
  { q: "wi-fi", understood: { amenities: ["Wi-Fi"] }, expect: amenity("Wi-Fi") },
  { q: "internet", understood: { amenities: ["Wi-Fi"] }, expect: amenity("Wi-Fi") },
  { q: "cozinha", understood: { amenities: ["Cozinha"] }, expect: amenity("Cozinha") },
  { q: "churrasqueira", understood: { amenities: ["Churrasqueira"] }, expect: amenity("Churrasqueira") },
  { q: "ar condicionado", understood: { amenities: ["Ar condicionado"] }, expect: amenity("Ar condicionado") },
  { q: "praia", understood: { amenities: ["Acesso à praia"] }, expect: amenity("Acesso à praia") },
  { q: "fogueira", understood: { amenities: ["Fogueira"] }, expect: amenity("Fogueira") },
  { q: "sinuca", understood: { amenities: ["Mesa de bilhar"] }, expect: amenity("Mesa de bilhar") },
  { q: "estacionamento", understood: { amenities: ["Estacionamento"] }, expect: amenity("Estacionamento") },
  { q: "home office", understood: { amenities: ["Espaço de trabalho"] }, expect: amenity("Espaço de trabalho") },
  { q: "cabana, lago, lareira", understood: { propertyType: "Cabana", amenities: ["Acesso ao lago", "Lareira interna"] }, expect: (p) => type("Cabana")(p) && amenity("Acesso ao lago")(p) && amenity("Lareira interna")(p) },
  { q: "chalé com lareira e wifi", understood: { propertyType: "Chalé" }, expect: (p) => type("Chalé")(p) && amenity("Lareira interna")(p) && amenity("Wi-Fi")(p) },

  // The rural attributes.
  { q: "aceita pet", understood: { features: ["petsAllowed"] }, expect: (p) => p.attributes.features.includes("petsAllowed") },
  { q: "pet friendly", understood: { features: ["petsAllowed"] }, expect: (p) => p.attributes.features.includes("petsAllowed") },
  { q: "acessível", understood: { features: ["stepFree"] }, expect: (p) => p.attributes.features.includes("stepFree") },
  { q: "para crianças", understood: { features: ["childFriendly"] }, expect: (p) => p.attributes.features.includes("childFriendly") },
  { q: "estrada de terra", understood: { road: ["terra"] }, expect: (p) => p.attributes.road === "terra" },
  { q: "asfalto", understood: { road: ["asfalto"] }, expect: (p) => p.attributes.road === "asfalto" },
  { q: "sem sinal", understood: { signal: ["none"] }, expect: (p) => p.attributes.signal?.length === 0 },
  { q: "sinal vivo", understood: { signal: ["vivo"] }, expect: (p) => Boolean(p.attributes.signal?.includes("vivo")) },
  { q: "energia solar", understood: { power: ["solar"] }, expect: (p) => p.attributes.power.includes("solar") },
  { q: "fibra", understood: { internet: ["fibra"] }, expect: (p) => p.attributes.internet === "fibra" },

  // States, by name, informal name and UF: only listings in the state.
  { q: "Minas Gerais", understood: { state: "MG", search: "" }, expect: inState("MG") },
  { q: "minas", understood: { state: "MG" }, expect: inState("MG") },
  { q: "pousada em MG", understood: { state: "MG", propertyType: "Pousada" }, expect: (p) => inState("MG")(p) && type("Pousada")(p) },
  { q: "São Paulo", understood: { state: "SP" }, expect: inState("SP"), namesakes: ["a cidade de São Paulo - SP"] },
  { q: "Rio de Janeiro", understood: { state: "RJ" }, expect: inState("RJ"), namesakes: ["a cidade de Rio de Janeiro - RJ"] },
  { q: "Santa Catarina", understood: { state: "SC" }, expect: inState("SC") },
  { q: "bahia", understood: { state: "BA" }, expect: inState("BA") },
  { q: "pousada na bahia", understood: { state: "BA", propertyType: "Pousada" }, expect: (p) => inState("BA")(p) && type("Pousada")(p) },

  // Municipalities: the place first, then what is near it, by distance.
  { q: "Paraty", understood: { location: "Paraty - RJ", search: "" }, first: "Paraty - RJ" },
  { q: "gramado", understood: { location: "Gramado - RS" }, first: "Gramado - RS" },
  { q: "campos do jordão", understood: { location: "Campos do Jordão - SP" }, first: "Campos do Jordão - SP" },
  { q: "chalé em gramado", understood: { location: "Gramado - RS", propertyType: "Chalé" }, first: "Gramado - RS" },
  { q: "Bonito", understood: { location: "Bonito - MS" }, first: "Bonito - MS", namesakes: ["Bonito - BA", "Bonito - PA", "Bonito - PE"] },

  // Guests and prices.
  { q: "para 6 pessoas", understood: { minGuests: 6 }, expect: (p) => p.maxGuests >= 6 },
  { q: "8 hóspedes", understood: { minGuests: 8 }, expect: (p) => p.maxGuests >= 8 },
  { q: "até 300", understood: { maxPrice: 300 }, expect: (p) => p.priceCents <= 30000 },
  { q: "até R$ 250 reais", understood: { maxPrice: 250 }, expect: (p) => p.priceCents <= 25000 },
  { q: "a partir de 600", understood: { minPrice: 600 }, expect: (p) => p.priceCents >= 60000 },
  { q: "entre 200 e 400", understood: { minPrice: 200, maxPrice: 400 }, expect: (p) => p.priceCents >= 20000 && p.priceCents <= 40000 },

  // The sentence.
  {
    q: "cabana com lareira em minas para 6 pessoas até 400",
    understood: { propertyType: "Cabana", amenities: ["Lareira interna"], state: "MG", minGuests: 6, maxPrice: 400, search: "" },
    expect: (p) => type("Cabana")(p) && amenity("Lareira interna")(p) && inState("MG")(p) && p.maxGuests >= 6 && p.priceCents <= 40000,
  },
  {
    q: "casa na praia para 4 pessoas com churrasqueira",
    understood: { propertyType: "Casa na Praia", minGuests: 4, amenities: ["Churrasqueira"] },
    expect: (p) => type("Casa na Praia")(p) && p.maxGuests >= 4 && amenity("Churrasqueira")(p),
  },

  // Words nothing understands stay full text (whole words, by stem).
  { q: "cachoeiras", understood: { search: "cachoeiras" }, expect: (p) => /\bcachoeiras?\b/.test(words(p)) },
  { q: "araucárias", understood: { search: "araucárias" }, expect: (p) => /\baraucarias?\b/.test(words(p)) },
  { q: "cabana rústica", understood: { propertyType: "Cabana" }, expect: (p) => type("Cabana")(p) && /\brustica\b/.test(words(p)) },
  { q: "xyzzy", understood: { search: "xyzzy" }, expect: () => false },
  // Words only set aside as filler, nothing understood: searched as typed, never the whole catalogue.
  { q: "gerais", understood: { search: "gerais", state: null }, expect: (p) => /\bgera(is|l)\b/.test(words(p)) },
  { q: "de", understood: { search: "de" }, expect: () => false },
  { q: "em para com", understood: { search: "em para com" }, expect: () => false },
];
