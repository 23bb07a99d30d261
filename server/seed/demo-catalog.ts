/**
 * Demo listings: believable Brazilian stays in real municipalities, generated deterministically.
 * Used by the first-start seed (four per type) and by `npm run seed -- --count N` for benchmarks.
 */
import { AMENITIES, PROPERTY_TYPES, SAFETY_ITEMS, type Amenity, type PropertyType, type SafetyItem } from "../../common/catalog";
import { USUAL_NIGHTLY_PRICE } from "../../common/property-form";
import { attributeTags, type StayAttributes } from "../../common/stay-attributes";
import { NO_HOUSE_RULES, type HouseRules } from "../../common/house-rules";
import { roundPin } from "../../common/map";
import { municipalityByLabel } from "../cities/places";
import type { NewProperty } from "../properties/properties";
import { seededRandom } from "./random";

/** Four real municipalities ("City - UF") per type, where such a stay is at home. */
export const DEMO_PLACES: Record<PropertyType, readonly string[]> = {
  Microcasa: ["Gonçalves - MG", "Santo Antônio do Pinhal - SP", "Urubici - SC", "Alto Paraíso de Goiás - GO"],
  "Casa na Árvore": ["Paraty - RJ", "Brotas - SP", "Presidente Figueiredo - AM", "Itacaré - BA"],
  Moinho: ["Holambra - SP", "Carlos Barbosa - RS", "Pomerode - SC", "Prudentópolis - PR"],
  Pousada: ["Tiradentes - MG", "Lençóis - BA", "Pirenópolis - GO", "Jijoca de Jericoacoara - CE"],
  Cabana: ["Cambará do Sul - RS", "Campos do Jordão - SP", "Aiuruoca - MG", "Nova Petrópolis - RS"],
  "Casa na Praia": ["Ubatuba - SP", "Garopaba - SC", "Maragogi - AL", "Tibau do Sul - RN"],
  Chalé: ["Gramado - RS", "Canela - RS", "Itatiaia - RJ", "Teresópolis - RJ"],
  Gruta: ["Iporanga - SP", "Bonito - MS", "São Thomé das Letras - MG", "Mucugê - BA"],
  "Casa Ecológica": ["Cavalcante - GO", "Guaramiranga - CE", "Cunha - SP", "Ibicoara - BA"],
  Fazenda: ["Miranda - MS", "Poconé - MT", "Carrancas - MG", "São Bento do Sapucaí - SP"],
  "Hotel Fazenda": ["Socorro - SP", "Domingos Martins - ES", "Bananeiras - PB", "Lima Duarte - MG"],
  Hotel: ["Foz do Iguaçu - PR", "Chapada dos Guimarães - MT", "Caldas Novas - GO", "Ouro Preto - MG"],
  "Casas Barco": ["Novo Airão - AM", "Capitólio - MG", "Delfinópolis - MG", "Corumbá - MS"],
  Celeiro: ["Venda Nova do Imigrante - ES", "Bento Gonçalves - RS", "Joanópolis - SP", "Morretes - PR"],
  Barco: ["Ilhabela - SP", "Arraial do Cabo - RJ", "Bombinhas - SC", "São Miguel dos Milagres - AL"],
  "Trailer / Motorhome": ["Barreirinhas - MA", "Piranhas - AL", "Bom Jardim da Serra - SC", "Analândia - SP"],
  Contêiner: ["Imbituba - SC", "Extrema - MG", "Serra Negra - SP", "Guarapari - ES"],
};

interface TypeProfile {
  names: readonly string[];
  settings: readonly string[];
  guests: [number, number];
  likely: readonly Amenity[];
}

const PROFILES: Record<PropertyType, TypeProfile> = {
  Microcasa: { names: ["Microcasa", "Casinha", "Refúgio mínimo"], settings: ["no alto da serra", "entre araucárias", "com vista para o vale"], guests: [2, 3], likely: ["Wi-Fi", "Cozinha", "Fogueira", "Chuveiro externo"] },
  "Casa na Árvore": { names: ["Casa na árvore", "Ninho suspenso", "Casa nas copas"], settings: ["na mata atlântica", "sobre o rio", "entre figueiras centenárias"], guests: [2, 4], likely: ["Wi-Fi", "Área de jantar externa", "Chuveiro externo"] },
  Moinho: { names: ["Moinho", "Moinho histórico", "Antigo moinho"], settings: ["à beira do lago", "entre campos de flores", "na colônia"], guests: [2, 5], likely: ["Lareira interna", "Cozinha", "Acesso ao lago"] },
  Pousada: { names: ["Pousada", "Pousada charmosa", "Pousada boutique"], settings: ["no centro histórico", "perto das cachoeiras", "junto à vila"], guests: [2, 4], likely: ["Wi-Fi", "Estacionamento", "TV", "Piscina"] },
  Cabana: { names: ["Cabana", "Cabana A-frame", "Cabana rústica"], settings: ["no coração da floresta", "à beira do cânion", "com vista para as montanhas"], guests: [2, 5], likely: ["Lareira interna", "Fogueira", "Wi-Fi", "Cozinha"] },
  "Casa na Praia": { names: ["Casa pé na areia", "Casa de praia", "Bangalô"], settings: ["de frente para o mar", "a poucos passos da praia", "na enseada tranquila"], guests: [4, 8], likely: ["Acesso à praia", "Churrasqueira", "Chuveiro externo", "Wi-Fi"] },
  Chalé: { names: ["Chalé", "Chalé alpino", "Chalé romântico"], settings: ["na serra", "com hidro e vista", "no meio do bosque"], guests: [2, 4], likely: ["Lareira interna", "Wi-Fi", "TV", "Estacionamento"] },
  Gruta: { names: ["Casa-gruta", "Suíte na rocha", "Refúgio na gruta"], settings: ["escavada na pedra", "junto às formações calcárias", "ao pé do paredão"], guests: [2, 4], likely: ["Cozinha", "Fogueira", "Estacionamento"] },
  "Casa Ecológica": { names: ["Casa ecológica", "Casa de bioconstrução", "Casa de taipa"], settings: ["com energia solar", "no meio do cerrado", "com horta orgânica"], guests: [2, 6], likely: ["Cozinha", "Espaço de trabalho", "Área de jantar externa"] },
  Fazenda: { names: ["Fazenda", "Sede de fazenda", "Casa de fazenda"], settings: ["com cavalos e pomar", "no pantanal", "entre cafezais"], guests: [6, 10], likely: ["Estacionamento", "Churrasqueira", "Piscina", "Cozinha"] },
  "Hotel Fazenda": { names: ["Hotel fazenda", "Hotel fazenda familiar", "Hotel fazenda colonial"], settings: ["com lago e trilhas", "com café colonial", "com atividades para crianças"], guests: [2, 6], likely: ["Piscina", "Estacionamento", "Mesa de bilhar", "Wi-Fi"] },
  Hotel: { names: ["Hotel", "Hotel de charme", "Hotel de natureza"], settings: ["perto do parque nacional", "com vista para a chapada", "junto às fontes termais"], guests: [2, 4], likely: ["Wi-Fi", "TV", "Ar condicionado", "Equipamento ginástica"] },
  "Casas Barco": { names: ["Casa barco", "Casa flutuante", "Flutuante"], settings: ["no rio Negro", "no lago de Furnas", "na represa"], guests: [2, 6], likely: ["Acesso ao lago", "Cozinha", "Área de jantar externa"] },
  Celeiro: { names: ["Celeiro", "Celeiro reformado", "Loft no celeiro"], settings: ["na serra capixaba", "entre parreirais", "no sítio"], guests: [2, 6], likely: ["Lareira interna", "Cozinha", "Churrasqueira"] },
  Barco: { names: ["Veleiro", "Barco", "Escuna"], settings: ["ancorado na baía", "com passeio ao pôr do sol", "na marina"], guests: [2, 6], likely: ["Acesso à praia", "Chuveiro externo", "Cozinha"] },
  "Trailer / Motorhome": { names: ["Trailer vintage", "Motorhome", "Airstream"], settings: ["perto dos lençóis", "à beira do São Francisco", "no camping da serra"], guests: [2, 4], likely: ["Fogueira", "Chuveiro externo", "Área de jantar externa"] },
  Contêiner: { names: ["Casa contêiner", "Loft contêiner", "Contêiner design"], settings: ["com deck e vista", "perto da praia", "no alto do morro"], guests: [2, 4], likely: ["Wi-Fi", "Ar condicionado", "Espaço de trabalho", "Cozinha"] },
};

const CLOSINGS = [
  "Ideal para desconectar, ler um bom livro e ouvir os sons da natureza.",
  "Perfeito para casais e famílias que buscam sossego sem abrir mão do conforto.",
  "Café da manhã com produtos da região pode ser combinado com o anfitrião.",
  "Trilhas, cachoeiras e restaurantes locais ficam a poucos minutos.",
];

const WATER: readonly Amenity[] = ["Acesso à praia", "Acesso ao lago"];

/** Shown in every demo listing, so it is also searched: no word a guest would search for ("geradas" found "Minas Gerais"). */
export const DEMO_NOTICE = "Anúncio de demonstração: as fotos são ilustrações.";

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const between = (random: Random, [min, max]: readonly [number, number]) => min + Math.floor(random() * (max - min + 1));

/** Types usually far from paved roads and the grid. */
const REMOTE: readonly PropertyType[] = ["Gruta", "Fazenda", "Casa Ecológica", "Trailer / Motorhome", "Casa na Árvore", "Cabana"];
const FOR_FAMILIES: readonly PropertyType[] = ["Hotel Fazenda", "Fazenda", "Pousada", "Casa na Praia", "Hotel"];

/** Attributes that fit the type; drawn from their own stream so the listings' texts do not change with them. */
function demoAttributes(random: Random, type: PropertyType): StayAttributes {
  const remote = REMOTE.includes(type);
  const road = random() < (remote ? 0.55 : 0.15) ? (random() < 0.3 ? "4x4" : "terra") : "asfalto";
  const carriers = (["vivo", "claro", "tim"] as const).filter(() => random() < (remote ? 0.35 : 0.7));
  const signal = random() < 0.1 ? null : carriers;
  const internet = remote ? pick(random, ["radio", "satelite", "nenhuma", "fibra"] as const) : pick(random, ["fibra", "fibra", "radio"] as const);
  const power = type === "Casa Ecológica" ? (["solar"] as const) : remote && random() < 0.4 ? (["rede", "gerador"] as const) : (["rede"] as const);
  return {
    features: [
      ...(random() < 0.4 ? (["petsAllowed"] as const) : []),
      ...(random() < (type === "Hotel" || type === "Pousada" ? 0.6 : 0.15) ? (["stepFree"] as const) : []),
      ...(FOR_FAMILIES.includes(type) || random() < 0.35 ? (["childFriendly"] as const) : []),
    ],
    road,
    signal,
    internet,
    power: [...power],
  };
}

const OTHER_RULES: readonly string[] = [
  "Apague a fogueira antes de dormir e nunca a deixe sem ninguém por perto.",
  "Visitas só com aviso prévio ao anfitrião.",
  "Não alimente os animais silvestres. Leve o lixo reciclável até a lixeira da entrada.",
  "Tire os sapatos ao entrar: o piso é de madeira.",
  "Crianças sempre acompanhadas de um adulto nas áreas externas.",
];
const CANCELLATION_NOTES: readonly string[] = [
  "Remarcação sem custo em caso de chuva forte ou estrada interditada.",
  "Sinal de 30% na reserva; o restante é pago no check-in.",
  "Em feriados prolongados, reembolso de 50% até 15 dias antes do check-in.",
];
/** Where gatherings are part of the offer. */
const FOR_EVENTS: readonly PropertyType[] = ["Fazenda", "Hotel Fazenda", "Celeiro"];

/** House rules and a cancellation policy as hosts state them; about one listing in five states none, as older listings. */
function demoHouseRules(random: Random, type: PropertyType): HouseRules {
  if (random() < 0.2) return NO_HOUSE_RULES;
  const maybe = <T>(chance: number, value: T) => (random() < chance ? value : null);
  return {
    checkInFrom: pick(random, ["14:00", "14:00", "15:00", "16:00"]),
    checkOutUntil: pick(random, ["11:00", "11:00", "12:00", "10:00"]),
    quietHours: maybe(0.6, pick(random, ["22:00-08:00", "22:00-07:00", "23:00-08:00"])),
    smokingAllowed: maybe(0.85, random() < 0.15),
    partiesAllowed: maybe(0.7, FOR_EVENTS.includes(type) && random() < 0.5),
    otherRules: maybe(0.5, pick(random, OTHER_RULES)),
    cancellationPolicy: maybe(0.9, pick(random, ["flexivel", "moderada", "moderada", "rigida", "combinar"] as const)),
    cancellationNotes: maybe(0.35, pick(random, CANCELLATION_NOTES)),
  };
}

/**
 * Where the host's pin is: within about 6 km of the municipality's seat, where stays usually are;
 * rounded as the form posts a pin, so the listing saves from the edit form as it is.
 */
function demoPin(random: Random, location: string) {
  const seat = municipalityByLabel(location);
  if (!seat) return undefined;
  const km = 0.5 + random() * 5.5;
  const bearing = random() * 2 * Math.PI;
  return roundPin({ lat: seat.lat + (km * Math.cos(bearing)) / 111.32, lng: seat.lng + (km * Math.sin(bearing)) / (111.32 * Math.cos((seat.lat * Math.PI) / 180)) });
}

const hashOf = (text: string) => Array.from(text).reduce((h, c) => Math.imul(h ^ c.codePointAt(0)!, 16777619) >>> 0, 2166136261);

/**
 * Listings made to answer what new guests try first (the search box's own examples, "cabana com
 * lareira em minas para 6 pessoas até 400"): their drawn values are replaced, the draws still made so
 * every other listing stays the same.
 */
const SHOWCASE: Partial<Record<string, { maxGuests?: number; price?: number; amenities?: readonly Amenity[] }>> = {
  "Cabana|Aiuruoca - MG": { maxGuests: 6, price: 380, amenities: ["Lareira interna", "Acesso ao lago"] },
};

/** One listing of a type in a place; prices in whole reais rounded to 10. */
export function demoProperty(random: Random, type: PropertyType, location: string, whatsappContact: string): NewProperty {
  const profile = PROFILES[type];
  const city = location.split(" - ")[0]!;
  const name = pick(random, profile.names);
  const setting = pick(random, profile.settings);
  const showcase = SHOWCASE[`${type}|${location}`];
  const drawnGuests = between(random, profile.guests);
  const maxGuests = showcase?.maxGuests ?? drawnGuests;
  // Water access depends on the place, so it only comes with types that have it.
  const extras = AMENITIES.filter((a) => !profile.likely.includes(a) && !WATER.includes(a) && random() < 0.12);
  const amenities = AMENITIES.filter((a) => (profile.likely.includes(a) && random() < 0.85) || extras.includes(a) || showcase?.amenities?.includes(a));
  const safetyItems: SafetyItem[] = SAFETY_ITEMS.filter(() => random() < 0.6);
  const closing = pick(random, CLOSINGS);
  const drawnPrice = Math.round(between(random, USUAL_NIGHTLY_PRICE[type]) / 10) * 10;
  const own = seededRandom(hashOf(`${name}|${setting}|${location}|${maxGuests}|${amenities.join()}`));
  return {
    title: `${name} ${setting} em ${city}`,
    description: `${name} ${setting}, em ${location}. Acomoda até ${maxGuests} ${maxGuests === 1 ? "hóspede" : "hóspedes"} com conforto. ${closing} ${DEMO_NOTICE}`,
    propertyType: type,
    location,
    priceCents: (showcase?.price ?? drawnPrice) * 100,
    maxGuests,
    bedrooms: Math.max(1, Math.min(5, Math.ceil(maxGuests / 2))),
    bathrooms: Math.max(1, Math.min(5, Math.floor(maxGuests / 3) + 1)),
    amenities,
    safetyItems,
    whatsappContact,
    features: attributeTags(demoAttributes(own, type)),
    pin: demoPin(own, location),
    ...demoHouseRules(own, type),
    status: "approved",
  };
}

/** The first-start catalogue: every type in each of its four places. */
export function demoCatalogue(hostPhones: readonly string[]): NewProperty[] {
  const random = seededRandom(20261121);
  return PROPERTY_TYPES.flatMap((type, t) =>
    DEMO_PLACES[type].map((place, i) => demoProperty(random, type, place, hostPhones[(t + i) % hostPhones.length]!)),
  );
}
