/** The catalogue of property types and the category pages built on them (isomorphic). */

export const PROPERTY_TYPES = [
  "Microcasa",
  "Casa na Árvore",
  "Moinho",
  "Pousada",
  "Cabana",
  "Casa na Praia",
  "Chalé",
  "Gruta",
  "Casa Ecológica",
  "Fazenda",
  "Hotel Fazenda",
  "Hotel",
  "Casas Barco",
  "Celeiro",
  "Barco",
  "Trailer / Motorhome",
  "Contêiner",
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const AMENITIES = [
  "Wi-Fi",
  "Estacionamento",
  "TV",
  "Cozinha",
  "Ar condicionado",
  "Piscina",
  "Espaço de trabalho",
  "Máquina de lavar",
  "Churrasqueira",
  "Mesa de bilhar",
  "Área de jantar externa",
  "Lareira interna",
  "Fogueira",
  "Equipamento ginástica",
  "Chuveiro externo",
  "Acesso ao lago",
  "Acesso à praia",
] as const;
export type Amenity = (typeof AMENITIES)[number];

/**
 * What a rural stay's guests ask before they go, beyond the amenities: each host states them in the
 * form and guests filter by them. A listing that has not stated one (older listings) matches no
 * filter on it.
 */
export const ROAD_ACCESS = { asfalto: "Asfalto", terra: "Estrada de terra", "4x4": "4×4 recomendado" } as const;
export type RoadAccess = keyof typeof ROAD_ACCESS;

/** Carriers with signal at the place; an empty list means no mobile signal at all. */
export const MOBILE_CARRIERS = { vivo: "Vivo", claro: "Claro", tim: "TIM" } as const;
export type MobileCarrier = keyof typeof MOBILE_CARRIERS;
export const NO_SIGNAL_LABEL = "Sem sinal de celular";

export const INTERNET_KINDS = { fibra: "Fibra", radio: "Rádio", satelite: "Satélite", nenhuma: "Sem internet" } as const;
export type InternetKind = keyof typeof INTERNET_KINDS;

export const POWER_SOURCES = { rede: "Rede elétrica", solar: "Energia solar", gerador: "Gerador" } as const;
export type PowerSource = keyof typeof POWER_SOURCES;

/** Yes-or-no features of a stay, as filters read them. */
export const STAY_FEATURES = {
  petsAllowed: "Aceita pets",
  stepFree: "Acessível: entrada sem degraus",
  childFriendly: "Bom para crianças",
} as const;
export type StayFeature = keyof typeof STAY_FEATURES;

export const SAFETY_ITEMS = [
  "Detector de fumaça",
  "Kit de primeiros socorros",
  "Extintor de incêndio",
  "Alarme de monóxido de carbono",
  "Câmera de segurança na parte externa",
] as const;
export type SafetyItem = (typeof SAFETY_ITEMS)[number];

export interface Category {
  /** ASCII slug used in URLs: /category/{slug}. */
  slug: string;
  name: string;
  tagline: string;
  /** Property types this page lists. */
  types: readonly PropertyType[];
  /** Collections also list properties of other types that have any of these amenities. */
  anyAmenities?: readonly Amenity[];
}

const typeCategory = (slug: string, type: PropertyType, name: string, tagline: string): Category => ({
  slug,
  name,
  tagline,
  types: [type],
});

/**
 * One page per property type (the spec's 15 plus Casa na Praia and Chalé), then the footer's
 * collections: Glamping (small structures in nature), Pé na areia (by the sea: beach houses, and
 * any stay with beach access; a houseboat on a river is not by the sea) and Lugares históricos
 * (old rural buildings and caves).
 */
export const CATEGORIES: readonly Category[] = [
  typeCategory("microcasas", "Microcasa", "Microcasas", "Vida minimalista e sustentável"),
  typeCategory("casas-na-arvore", "Casa na Árvore", "Casas na Árvore", "Experiência única nas alturas"),
  typeCategory("moinhos", "Moinho", "Moinhos", "Charme histórico e aconchego"),
  typeCategory("pousadas", "Pousada", "Pousadas", "Charme e hospitalidade"),
  typeCategory("cabanas", "Cabana", "Cabanas", "No coração da floresta"),
  typeCategory("casas-na-praia", "Casa na Praia", "Casas na Praia", "O mar como vizinho"),
  typeCategory("chales", "Chalé", "Chalés", "Aconchego nas montanhas"),
  typeCategory("grutas", "Gruta", "Grutas", "Aventura subterrânea"),
  typeCategory("casas-ecologicas", "Casa Ecológica", "Casas Ecológicas", "Sustentabilidade e natureza"),
  typeCategory("fazendas", "Fazenda", "Fazendas", "Vida no campo"),
  typeCategory("hoteis-fazenda", "Hotel Fazenda", "Hotéis Fazenda", "Experiência rural completa"),
  typeCategory("hoteis", "Hotel", "Hotéis", "Conforto e comodidade"),
  typeCategory("casas-barco", "Casas Barco", "Casas Barco", "Vida sobre as águas"),
  typeCategory("celeiros", "Celeiro", "Celeiros", "Rusticidade e autenticidade"),
  typeCategory("barcos", "Barco", "Barcos", "Navegando pela natureza"),
  typeCategory("trailers-motorhomes", "Trailer / Motorhome", "Trailers / Motorhomes", "Liberdade sobre rodas"),
  typeCategory("conteineres", "Contêiner", "Contêineres", "Design moderno e sustentável"),
  {
    slug: "glamping",
    name: "Glamping",
    tagline: "Acampar com conforto em meio à natureza",
    types: ["Microcasa", "Casa na Árvore", "Cabana", "Trailer / Motorhome", "Contêiner"],
  },
  {
    slug: "pe-na-areia",
    name: "Pé na areia",
    tagline: "Hospedagens a poucos passos do mar",
    types: ["Casa na Praia"],
    anyAmenities: ["Acesso à praia"],
  },
  {
    slug: "lugares-historicos",
    name: "Lugares históricos",
    tagline: "Durma onde a história aconteceu",
    types: ["Moinho", "Celeiro", "Fazenda", "Gruta"],
  },
];

/** The page of one property type; the others are collections (several types, or a type plus amenities). */
export const typeOfPage = (c: Category): PropertyType | null => (c.types.length === 1 && !c.anyAmenities ? c.types[0]! : null);

/** Accepts the slug or the stored type name (e.g. "Microcasa"). */
export function findCategory(id: string): Category | undefined {
  const key = id.trim().toLowerCase();
  return (
    CATEGORIES.find((c) => c.slug === key) ??
    CATEGORIES.find((c) => typeOfPage(c)?.toLowerCase() === key)
  );
}

export const FOOTER_CATEGORIES = ["chales", "glamping", "hoteis-fazenda", "cabanas", "pe-na-areia", "lugares-historicos"].map(
  (slug) => CATEGORIES.find((c) => c.slug === slug)!,
);
