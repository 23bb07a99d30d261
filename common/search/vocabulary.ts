/**
 * The words of the search box (isomorphic data for ./understand.ts). Phrases are written as people
 * type them; accents, case and hyphens do not matter ("Wi-Fi" = "wi fi"), so each spelling variant
 * listed here is one that differs in letters.
 */
import type { Amenity, InternetKind, MobileCarrier, PowerSource, PropertyType, RoadAccess, StayFeature } from "../catalog";

export const TYPE_WORDS: Record<PropertyType, readonly string[]> = {
  Microcasa: ["microcasa", "microcasas", "micro casa", "micro casas", "tiny house", "tiny houses", "tiny home", "casa minúscula"],
  "Casa na Árvore": ["casa na árvore", "casas na árvore", "casinha na árvore", "treehouse", "tree house", "casa suspensa"],
  Moinho: ["moinho", "moinhos", "moinho de vento"],
  Pousada: ["pousada", "pousadas", "pousadinha", "hospedaria", "estalagem"],
  Cabana: ["cabana", "cabanas", "cabaninha", "cabin", "cabine", "cabines"],
  "Casa na Praia": ["casa na praia", "casas na praia", "casa de praia", "casas de praia", "casa à beira mar", "casa pé na areia"],
  Chalé: ["chalé", "chalés", "chalezinho", "bangalô", "bangalôs"],
  Gruta: ["gruta", "grutas", "caverna", "cavernas", "casa na gruta", "casa na caverna"],
  "Casa Ecológica": ["casa ecológica", "casas ecológicas", "ecocasa", "ecocasas", "eco casa", "casa sustentável", "bioconstrução"],
  Fazenda: ["fazenda", "fazendas", "sítio", "sítios", "chácara", "chácaras", "rancho", "ranchos", "estância"],
  "Hotel Fazenda": ["hotel fazenda", "hotéis fazenda", "hotel fazendas", "hotel de fazenda", "hotéis de fazenda"],
  Hotel: ["hotel", "hotéis", "hotelzinho", "resort", "resorts"],
  "Casas Barco": ["casa barco", "casas barco", "casa barcos", "houseboat", "houseboats", "casa flutuante", "casas flutuantes", "barco casa"],
  Celeiro: ["celeiro", "celeiros", "paiol", "galpão", "galpões"],
  Barco: ["barco", "barcos", "veleiro", "veleiros", "lancha", "lanchas", "iate", "iates", "escuna"],
  "Trailer / Motorhome": ["trailer", "trailers", "motorhome", "motorhomes", "motor home", "motor homes", "campervan", "kombi"],
  Contêiner: ["contêiner", "contêineres", "container", "containers", "casa contêiner", "casa container"],
};

/** Words for a whole collection of types, by its category slug. */
export const COLLECTION_WORDS: Record<string, readonly string[]> = {
  glamping: ["glamping", "glampings", "glamour camping", "acampamento de luxo"],
};

export const AMENITY_WORDS: Record<Amenity, readonly string[]> = {
  "Wi-Fi": ["wifi", "wi-fi", "wireless", "internet"],
  Estacionamento: ["estacionamento", "garagem", "vaga", "vaga de garagem", "vaga para carro", "estacionamento gratuito"],
  TV: ["tv", "tvs", "televisão", "televisor", "smart tv", "tv a cabo", "netflix"],
  Cozinha: ["cozinha", "cozinha equipada", "cozinha completa", "cozinha compartilhada"],
  "Ar condicionado": ["ar condicionado", "ar condicionados", "climatizado", "climatizada", "climatização", "split"],
  Piscina: ["piscina", "piscinas", "piscina aquecida", "piscina privativa", "piscina natural"],
  "Espaço de trabalho": ["espaço de trabalho", "home office", "escritório", "mesa de trabalho", "coworking", "trabalho remoto"],
  "Máquina de lavar": ["máquina de lavar", "máquina de lavar roupa", "máquina de lavar roupas", "lava roupas", "lavadora", "lavanderia"],
  Churrasqueira: ["churrasqueira", "churrasqueiras", "churrasco", "parrilla", "espaço gourmet", "área gourmet"],
  "Mesa de bilhar": ["mesa de bilhar", "bilhar", "sinuca", "mesa de sinuca", "snooker"],
  "Área de jantar externa": ["área de jantar externa", "jantar ao ar livre", "mesa externa", "refeições ao ar livre"],
  "Lareira interna": ["lareira", "lareiras", "lareira interna"],
  Fogueira: ["fogueira", "fogueiras", "fogo de chão", "fire pit"],
  "Equipamento ginástica": ["academia", "equipamento ginástica", "equipamento de ginástica", "aparelhos de ginástica", "ginástica", "musculação"],
  "Chuveiro externo": ["chuveiro externo", "ducha externa", "ducha ao ar livre", "chuveiro ao ar livre", "chuveirão"],
  "Acesso ao lago": ["lago", "lagos", "acesso ao lago", "beira do lago", "beira de lago", "represa", "lagoa", "beira da represa"],
  "Acesso à praia": ["praia", "praias", "acesso à praia", "pé na areia", "beira-mar", "frente ao mar", "frente para o mar", "perto do mar"],
};

export const FEATURE_WORDS: Record<StayFeature, readonly string[]> = {
  petsAllowed: [
    "pet", "pets", "aceita pet", "aceita pets", "aceitam pets", "pet friendly", "petfriendly", "cachorro", "cachorros", "cão", "cães",
    "cachorrinho", "gato", "gatos", "animais", "animal de estimação", "animais de estimação", "aceita animais", "aceita cachorro",
  ],
  stepFree: [
    "acessível", "acessíveis", "acessibilidade", "cadeirante", "cadeirantes", "cadeira de rodas", "sem degraus", "sem degrau",
    "sem escada", "sem escadas", "mobilidade reduzida",
  ],
  childFriendly: [
    "criança", "crianças", "família com crianças", "famílias com crianças", "kids", "infantil", "bebê", "bebês", "para crianças",
    "bom para crianças", "filhos",
  ],
};

export const ROAD_WORDS: Record<RoadAccess, readonly string[]> = {
  asfalto: ["asfalto", "asfaltado", "asfaltada", "estrada asfaltada", "acesso asfaltado", "acesso por asfalto"],
  terra: ["estrada de terra", "estrada de chão", "chão batido", "acesso de terra", "acesso por estrada de terra", "estrada sem asfalto"],
  "4x4": ["4x4", "4 x 4", "tração 4x4", "tração nas quatro rodas", "tracionado", "carro traçado"],
};

export const INTERNET_WORDS: Record<InternetKind, readonly string[]> = {
  fibra: ["fibra", "fibra óptica", "fibra ótica", "internet fibra", "internet de fibra", "internet via fibra", "internet fibra óptica"],
  radio: ["rádio", "internet via rádio", "internet rádio", "internet a rádio", "internet de rádio"],
  satelite: ["satélite", "internet via satélite", "internet satélite", "internet de satélite", "internet por satélite", "starlink"],
  nenhuma: ["sem internet", "sem wifi", "sem wi-fi"],
};

export const POWER_WORDS: Record<PowerSource, readonly string[]> = {
  rede: ["rede elétrica", "energia elétrica", "luz elétrica"],
  solar: ["energia solar", "solar", "painel solar", "painéis solares", "placa solar", "placas solares", "off grid", "offgrid", "fora da rede"],
  gerador: ["gerador", "geradores", "gerador de energia", "gerador próprio"],
};

/** A carrier name counts only after one of these ("sinal da vivo", "celular tim"): alone it is a common word. */
export const SIGNAL_CONTEXTS = ["sinal", "sinal de celular", "sinal do celular", "celular", "operadora", "cobertura", "4g", "5g"];
export const SIGNAL_LINKS = ["", "da", "de", "do"];
export const CARRIER_WORDS: Record<MobileCarrier, readonly string[]> = { vivo: ["vivo"], claro: ["claro"], tim: ["tim"] };
export const NO_SIGNAL_WORDS = ["sem sinal", "sem sinal de celular", "sem celular", "sem cobertura", "sem sinal celular"];

export const NEAR_WORDS = ["perto de mim", "próximo de mim", "próximo a mim", "perto daqui", "aqui perto", "por aqui"];
export const COUPLE_WORDS = ["casal", "casais", "a dois"];

/** Informal and regional names that point at one state (the official names come from the gazetteer). */
export const STATE_NICKNAMES: Record<string, readonly string[]> = {
  MG: ["minas", "sul de minas", "estado de minas"],
  RJ: ["estado do rio", "estado do rio de janeiro"],
  SP: ["estado de são paulo", "litoral paulista", "interior de são paulo", "interior paulista"],
  RS: ["serra gaúcha", "gaúcho"],
  SC: ["serra catarinense", "litoral catarinense"],
  BA: ["chapada diamantina", "litoral baiano"],
  GO: ["chapada dos veadeiros"],
};

/**
 * What people call a municipality besides its IBGE name: old spellings, short names, and the famous
 * districts and spots guests search for (Monte Verde is in Camanducaia).
 */
export const PLACE_NICKNAMES: Record<string, readonly string[]> = {
  "Camanducaia - MG": ["monte verde"],
  "Porto Seguro - BA": ["trancoso", "arraial d'ajuda", "arraial dajuda"],
  "Resende - RJ": ["visconde de mauá"],
  "Palmeiras - BA": ["vale do capão"],
  "Palhoça - SC": ["guarda do embaú"],
  "Imbituba - SC": ["praia do rosa"],
  "Petrópolis - RJ": ["itaipava"],
  "Nova Friburgo - RJ": ["lumiar"],
  "Lima Duarte - MG": ["ibitipoca"],
  "Santana do Riacho - MG": ["serra do cipó"],
  "Valença - RJ": ["conservatória"],
  "Paraty - RJ": ["parati"],
  "Armação dos Búzios - RJ": ["búzios"],
  "São Thomé das Letras - MG": ["são tomé das letras"],
  "Jijoca de Jericoacoara - CE": ["jericoacoara", "jeri"],
  "Fernando de Noronha - PE": ["noronha"],
  "Barreirinhas - MA": ["lençóis maranhenses"],
  "Alto Paraíso de Goiás - GO": ["alto paraíso"],
  "Angra dos Reis - RJ": ["ilha grande"],
  "Florianópolis - SC": ["floripa"],
  "São Paulo - SP": ["sampa"],
  "Belo Horizonte - MG": ["bh", "beagá"],
};

/**
 * UFs that are also everyday words or abbreviations ("se", "to", "pe", "ac" for ar condicionado):
 * they name a state only written in capitals or after a place preposition.
 */
export const WORDLIKE_UFS = new Set(["AC", "AL", "AM", "AP", "CE", "ES", "GO", "MA", "PA", "PE", "PI", "SE", "TO"]);
export const UF_PREPOSITIONS = ["em", "no", "na", "-", "/"];

/**
 * Municipality names that are everyday words of a stay's description ("chalé bonito", "na serra",
 * "perto da cachoeira"). Kept small and explicit; the rule that reads them is in understand.ts.
 */
export const WORDLIKE_PLACE_NAMES = [
  "alegre", "alegria", "alvorada", "amparo", "areia", "areias", "aurora", "bandeira", "barra", "barro", "bonito", "cachoeira",
  "campestre", "canela", "capela", "castelo", "colina", "colinas", "conquista", "cristal", "cruz", "cruzeiro", "descanso",
  "diamante", "encanto", "esperança", "estrela", "farol", "feliz", "figueira", "flores", "floresta", "formosa", "fortuna",
  "harmonia", "horizonte", "jardim", "lapa", "laje", "liberdade", "luz", "mata", "mirante", "montanha", "montanhas", "natal",
  "ouro", "palma", "palmas", "palmeiras", "panorama", "paraíso", "paulista", "pedra", "pedreira", "penha", "pilar", "pinheiros",
  "planalto", "porto", "prado", "prata", "primavera", "progresso", "recreio", "remanso", "reserva", "riqueza", "saudades",
  "saúde", "segredo", "serra", "sertão", "sobrado", "sossêgo", "tesouro", "torres", "triunfo", "trindade", "vargem", "vereda",
  "várzea", "boa vista", "bela vista", "vista alegre", "bom jardim", "água boa", "água limpa", "casa nova", "santa cruz",
  "campo alegre", "monte alegre", "pedra branca", "pedra grande", "casa grande", "casa branca", "pé de serra", "serra grande",
  "água doce", "água fria", "água clara", "lagoa grande", "cachoeira alta", "cachoeira grande", "mata verde", "vale verde",
  "ponte alta", "terra boa",
];

/**
 * Prepositions after which a word-like name is a place. Only article-free ones: "em serra" is the
 * town, "na serra" and "perto da cachoeira" are landscape. "-" and "/" as in "Bonito - MS".
 */
export const PLACE_PREPOSITIONS = ["em", "perto de", "pertinho de", "próximo de", "próxima de", "próximo a", "próxima a", "-", "/"];

/** Words that only link the parts of a request: dropped when what they introduce was understood. */
export const CONNECTORS = [
  "com", "c", "em", "para", "pra", "p", "de", "do", "da", "dos", "das", "no", "na", "nos", "nas", "e", "ou", "até", "a", "o",
  "as", "os", "ao", "aos", "um", "uma", "que", "tenha", "tem", "perto", "pertinho", "próximo", "próxima", "por", "pelo", "pela",
];

export const MAX_PRICE_CUES = ["até", "por até", "no máximo", "máximo", "máximo de", "max", "máx", "menos de", "abaixo de", "teto de"];
export const MIN_PRICE_CUES = ["a partir de", "acima de", "mais de", "mínimo", "mínimo de", "no mínimo", "min", "mín", "pelo menos", "desde"];
export const GUEST_CUES = ["para", "pra", "p /"];
export const RANGE_CUES = ["entre", "de", "na faixa de"];
export const RANGE_LINKS = ["e", "a", "até", "-"];
export const CURRENCY_WORDS = ["reais", "real", "pila"];
export const PER_NIGHT_WORDS = ["por noite", "a noite", "/ noite", "noite", "por diária", "a diária", "/ diária", "diária"];
export const GUEST_NOUNS = ["pessoa", "pessoas", "hóspede", "hóspedes", "adulto", "adultos", "pax", "viajantes", "convidados", "lugares"];
export const NUMBER_WORDS: Record<string, number> = {
  um: 1, uma: 1, dois: 2, duas: 2, três: 3, quatro: 4, cinco: 5, seis: 6, sete: 7, oito: 8, nove: 9, dez: 10, onze: 11, doze: 12,
  quinze: 15, vinte: 20,
};
