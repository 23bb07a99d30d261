/**
 * Reads what a Brazilian types in the search box ("cabana com lareira em minas para 6 pessoas até
 * 400") into filters, keeping every word it did not understand for full-text search (isomorphic,
 * pure). Accents, case and hyphens never matter; at each word the longest known phrase wins, and
 * on equal length a quantity, then a vocabulary word, then a state, then a municipality.
 * Choices: a lone "R$ 300" is a ceiling; one state and one place per query (the first; a place
 * outside the state named goes back to text); "sem" + a filter word stays text; the only accent
 * that matters is Pará's ("para" is a preposition).
 */
import {
  CATEGORIES,
  MOBILE_CARRIERS,
  type Amenity,
  type InternetKind,
  type MobileCarrier,
  type PowerSource,
  type PropertyType,
  type RoadAccess,
  type StayFeature,
} from "../catalog";
import { normalizeText } from "../cities";
import type { Municipality, State } from "../places";
import {
  AMENITY_WORDS,
  CARRIER_WORDS,
  COLLECTION_WORDS,
  CONNECTORS,
  COUPLE_WORDS,
  CURRENCY_WORDS,
  FEATURE_WORDS,
  GUEST_CUES,
  GUEST_NOUNS,
  INTERNET_WORDS,
  MAX_PRICE_CUES,
  MIN_PRICE_CUES,
  NEAR_WORDS,
  NO_SIGNAL_WORDS,
  NUMBER_WORDS,
  PER_NIGHT_WORDS,
  PLACE_NICKNAMES,
  PLACE_PREPOSITIONS,
  POWER_WORDS,
  RANGE_CUES,
  RANGE_LINKS,
  ROAD_WORDS,
  SIGNAL_CONTEXTS,
  SIGNAL_LINKS,
  STATE_NICKNAMES,
  TYPE_WORDS,
  UF_PREPOSITIONS,
  WORDLIKE_PLACE_NAMES,
  WORDLIKE_UFS,
} from "./vocabulary";

export interface Gazetteer {
  states: State[];
  municipalities: Municipality[];
  /** Higher = more often meant (the caller ranks: listings there, destinations, capitals). */
  popularity(m: Municipality): number;
}

/** The municipality meant, and the others of the same name (by popularity, at most 5). */
export interface PlaceGuess {
  chosen: Municipality;
  alternatives: Municipality[];
}

export interface Understood {
  types: PropertyType[];
  amenities: Amenity[];
  features: StayFeature[];
  road: RoadAccess[];
  signal: (MobileCarrier | "none")[];
  internet: InternetKind[];
  power: PowerSource[];
  /** UF. */
  state: string | null;
  place: PlaceGuess | null;
  /** A state named by its name when a city of that name lies in it ("São Paulo"): "você quis dizer a cidade?". */
  stateOrCity: Municipality | null;
  /** "perto de mim". */
  near: boolean;
  minGuests: number | null;
  /** Reais per night, as typed (the caller clamps). */
  minPrice: number | null;
  maxPrice: number | null;
  /** The words not understood, in order and original spelling, for full-text search. */
  text: string;
}

const MAX_ALTERNATIVES = 5;
const MAX_GUESTS = 99;
/** "para 8" is a group; "para 300" is not (and stays text). */
const MAX_GUESTS_WITHOUT_NOUN = 30;

// ---------------------------------------------------------------- tokens

interface Token {
  raw: string;
  norm: string;
  kind: "word" | "number" | "money" | "mark";
  /** Written joined to the previous word by a hyphen ("pé-direito"), as the text gives it back. */
  hyphenated: boolean;
}

/** R$, numbers ("1.500", "1,5"), words (letters and digits: "4x4"), and the marks that mean something. */
const TOKEN = /R\$|\d+(?:[.,]\d+)*(?![\p{L}\d])|[\p{L}\p{N}]+|[,/–—-]/giu;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** A hyphen inside a word ("wi-fi", "hotel-fazenda") joins two words; "Gramado - RS" keeps it as a mark. */
function tokenize(input: string): Token[] {
  const text = input.replaceAll("×", "x");
  const tokens: Token[] = [];
  let hyphenated = false;
  for (const match of text.matchAll(TOKEN)) {
    const at = match.index;
    const raw = input.slice(at, at + match[0].length);
    if (raw === "-" && WORD_CHAR.test(text[at - 1] ?? "") && WORD_CHAR.test(text[at + 1] ?? "")) {
      hyphenated = true;
      continue;
    }
    const norm = normalizeText(match[0]).replace(/[–—]/, "-");
    const kind = norm === "r$" ? "money" : /^\d/.test(norm) && /^[\d.,]+$/.test(norm) ? "number" : WORD_CHAR.test(norm) ? "word" : "mark";
    tokens.push({ raw, norm, kind, hyphenated });
    hyphenated = false;
  }
  return tokens;
}

const isWord = (token: Token | undefined) => token !== undefined && token.kind !== "mark";

function phraseKey(phrase: string): string {
  return tokenize(phrase)
    .map((t) => t.norm)
    .join(" ");
}

/** "1.500" and "1500" -> 1500, "1,5" -> 1.5, "400,00" -> 400; anything else -> null. */
function parseNumber(norm: string): number | null {
  let plain: string;
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(norm)) plain = norm.replaceAll(".", "").replace(",", ".");
  else if (/^\d+,\d+$/.test(norm)) plain = norm.replace(",", ".");
  else if (/^\d+(\.\d{1,2})?$/.test(norm)) plain = norm;
  else return null;
  const value = Number(plain);
  return Number.isFinite(value) ? value : null;
}

// ---------------------------------------------------------------- phrase maps

interface PhraseMap<T> {
  entries: Map<string, T>;
  maxWords: number;
}

/** The first meaning given to a phrase wins. */
function phraseMap<T>(pairs: Iterable<readonly [string, T]>): PhraseMap<T> {
  const entries = new Map<string, T>();
  let maxWords = 1;
  for (const [phrase, value] of pairs) {
    const key = phraseKey(phrase);
    if (!key || entries.has(key)) continue;
    entries.set(key, value);
    maxWords = Math.max(maxWords, key.split(" ").length);
  }
  return { entries, maxWords };
}

interface Hit<T> {
  length: number;
  value: T;
}

/** Every phrase of the map that starts at token `start`, longest first. */
function hitsAt<T>(map: PhraseMap<T>, tokens: Token[], start: number): Hit<T>[] {
  const hits: Hit<T>[] = [];
  let key = "";
  for (let length = 1; length <= map.maxWords && start + length <= tokens.length; length++) {
    key = length === 1 ? tokens[start]!.norm : `${key} ${tokens[start + length - 1]!.norm}`;
    const value = map.entries.get(key);
    if (value !== undefined) hits.push({ length, value });
  }
  return hits.reverse();
}

const longestAt = <T>(map: PhraseMap<T>, tokens: Token[], start: number): Hit<T> | undefined => hitsAt(map, tokens, start)[0];

const phraseSet = (phrases: readonly string[]) => phraseMap(phrases.map((p) => [p, true] as const));

/** Whether one of the phrases ends right before token `at`. A typed "à" is an article, never "a" the preposition. */
function endsBefore(phrases: readonly string[][], tokens: Token[], at: number): boolean {
  if (tokens[at - 1]?.raw.toLowerCase() === "à") return false;
  return phrases.some((words) => words.length <= at && words.every((word, k) => tokens[at - words.length + k]!.norm === word));
}

const wordLists = (phrases: readonly string[]) => phrases.map((p) => phraseKey(p).split(" "));

// ---------------------------------------------------------------- vocabulary

type Meaning =
  | { kind: "types"; types: readonly PropertyType[] }
  | { kind: "amenity"; amenity: Amenity }
  | { kind: "feature"; feature: StayFeature }
  | { kind: "road"; road: RoadAccess }
  | { kind: "signal"; signal: MobileCarrier | "none" }
  | { kind: "internet"; internet: InternetKind }
  | { kind: "power"; power: PowerSource }
  | { kind: "couple" }
  | { kind: "near" };

function wordsOf<K extends string>(words: Record<K, readonly string[]>, meaning: (key: K) => Meaning): [string, Meaning][] {
  const groups = Object.entries(words) as [K, readonly string[]][];
  return groups.flatMap(([key, phrases]) => phrases.map((p): [string, Meaning] => [p, meaning(key)]));
}

/** "sinal vivo", "sinal da vivo", "celular vivo"... for every carrier, and "sem sinal". */
function signalPhrases(): [string, Meaning][] {
  const carriers = Object.keys(MOBILE_CARRIERS) as MobileCarrier[];
  const withCarrier = carriers.flatMap((carrier) => {
    const meaning: Meaning = { kind: "signal", signal: carrier };
    return CARRIER_WORDS[carrier].flatMap((name) =>
      SIGNAL_CONTEXTS.flatMap((context) => SIGNAL_LINKS.map((link): [string, Meaning] => [`${context} ${link} ${name}`, meaning])),
    );
  });
  return [...withCarrier, ...NO_SIGNAL_WORDS.map((p): [string, Meaning] => [p, { kind: "signal", signal: "none" }])];
}

const VOCABULARY = phraseMap<Meaning>([
  ...wordsOf(TYPE_WORDS, (type) => ({ kind: "types", types: [type] })),
  ...wordsOf(COLLECTION_WORDS, (slug) => ({ kind: "types", types: CATEGORIES.find((c) => c.slug === slug)?.types ?? [] })),
  ...wordsOf(INTERNET_WORDS, (internet) => ({ kind: "internet", internet })),
  ...wordsOf(AMENITY_WORDS, (amenity) => ({ kind: "amenity", amenity })),
  ...wordsOf(FEATURE_WORDS, (feature) => ({ kind: "feature", feature })),
  ...wordsOf(ROAD_WORDS, (road) => ({ kind: "road", road })),
  ...wordsOf(POWER_WORDS, (power) => ({ kind: "power", power })),
  ...signalPhrases(),
  ...NEAR_WORDS.map((p): [string, Meaning] => [p, { kind: "near" }]),
  ...COUPLE_WORDS.map((p): [string, Meaning] => [p, { kind: "couple" }]),
]);

/** What a preceding "sem" turns into a wish we cannot filter by: such words stay text ("sem ar condicionado"). */
const NEGATABLE = new Set<Meaning["kind"]>(["types", "amenity", "feature", "road", "internet", "power"]);

type CueKind = "max" | "min" | "guests" | "range";
const CUES = phraseMap<CueKind>([
  ...MAX_PRICE_CUES.map((p) => [p, "max"] as const),
  ...MIN_PRICE_CUES.map((p) => [p, "min"] as const),
  ...GUEST_CUES.map((p) => [p, "guests"] as const),
  ...RANGE_CUES.map((p) => [p, "range"] as const),
]);
const RANGE_LINK_SET = phraseSet(RANGE_LINKS);
const CURRENCY_SET = phraseSet(CURRENCY_WORDS);
const PER_NIGHT_SET = phraseSet(PER_NIGHT_WORDS);
const GUEST_NOUN_SET = phraseSet(GUEST_NOUNS);
const SPELLED_NUMBERS = new Map(Object.entries(NUMBER_WORDS).map(([word, n]) => [normalizeText(word), n]));
const CONNECTOR_SET = new Set(CONNECTORS.map(normalizeText));
const WORDLIKE_PLACES = new Set(WORDLIKE_PLACE_NAMES.map(phraseKey));
const PLACE_PREPOSITION_WORDS = wordLists(PLACE_PREPOSITIONS);
const UF_PREPOSITION_WORDS = wordLists(UF_PREPOSITIONS);

// ---------------------------------------------------------------- gazetteer index

interface GazetteerIndex {
  /** Municipalities by name, most popular first. */
  cities: PhraseMap<Municipality[]>;
  popularity: Map<Municipality, number>;
  /** Official names and nicknames; a name that is also a connector ("Pará") only with its accents, in accentedStates. */
  states: PhraseMap<State>;
  accentedStates: Map<string, State>;
  ufs: Map<string, State>;
}

const indexes = new WeakMap<Gazetteer, GazetteerIndex>();

function gazetteerIndex(gazetteer: Gazetteer): GazetteerIndex {
  let index = indexes.get(gazetteer);
  if (!index) {
    index = buildIndex(gazetteer);
    indexes.set(gazetteer, index);
  }
  return index;
}

function buildIndex(gazetteer: Gazetteer): GazetteerIndex {
  const popularity = new Map(gazetteer.municipalities.map((m) => [m, gazetteer.popularity(m)]));
  const byName = new Map<string, Municipality[]>();
  const byLabel = new Map(gazetteer.municipalities.map((m) => [m.label, m]));
  const add = (name: string, m: Municipality) => {
    const key = phraseKey(name);
    byName.set(key, [...(byName.get(key) ?? []), m]);
  };
  for (const m of gazetteer.municipalities) add(m.city, m);
  for (const [label, nicknames] of Object.entries(PLACE_NICKNAMES)) {
    const m = byLabel.get(label);
    if (m) for (const nickname of nicknames) add(nickname, m);
  }
  for (const list of byName.values()) {
    list.sort((a, b) => popularity.get(b)! - popularity.get(a)! || a.label.localeCompare(b.label, "pt-BR"));
  }
  const byUf = new Map(gazetteer.states.map((s) => [s.uf, s]));
  const plainNamed = gazetteer.states.filter((s) => !CONNECTOR_SET.has(phraseKey(s.name)));
  const nicknames = Object.entries(STATE_NICKNAMES).flatMap(([uf, names]) => {
    const state = byUf.get(uf);
    return state ? names.map((n) => [n, state] as const) : [];
  });
  return {
    cities: phraseMap(byName.entries()),
    popularity,
    states: phraseMap([...plainNamed.map((s) => [s.name, s] as const), ...nicknames]),
    accentedStates: new Map(gazetteer.states.filter((s) => !plainNamed.includes(s)).map((s) => [s.name.normalize("NFC").toLowerCase(), s])),
    ufs: new Map(gazetteer.states.map((s) => [s.uf.toLowerCase(), s])),
  };
}

// ---------------------------------------------------------------- readings

type Reading =
  | { kind: "meaning"; meaning: Meaning }
  | { kind: "quantity"; guests?: number; minPrice?: number; maxPrice?: number }
  | { kind: "state"; state: State; sameNamedCity: Municipality | null }
  | { kind: "place"; candidates: Municipality[]; pinned: State | null; tentative: boolean };

interface Span {
  start: number;
  end: number;
  reading: Reading;
}

/** Ties in length go to the first kind: "chalé" is a type before the town of Chalé - MG. */
const PRIORITY: Record<Reading["kind"], number> = { quantity: 0, meaning: 1, state: 2, place: 3 };

interface Quantity {
  value: number;
  end: number;
  currency: boolean;
  spelled: boolean;
}

/** [R$] number [mil], or a spelled number ("seis"). */
function quantityAt(tokens: Token[], start: number): Quantity | null {
  let at = start;
  const currency = tokens[at]?.kind === "money";
  if (currency) at++;
  const token = tokens[at];
  if (!token) return null;
  if (token.kind === "number") {
    let value = parseNumber(token.norm);
    if (value === null) return null;
    at++;
    if (tokens[at]?.norm === "mil") {
      value *= 1000;
      at++;
    }
    return { value, end: at, currency, spelled: false };
  }
  const spelled = SPELLED_NUMBERS.get(token.norm);
  return spelled !== undefined && !currency ? { value: spelled, end: at + 1, currency, spelled: true } : null;
}

/** What follows a number: "pessoas", or "reais" and/or "por noite". */
function unitAt(tokens: Token[], start: number): { kind: "guests" | "price" | null; end: number } {
  const guests = longestAt(GUEST_NOUN_SET, tokens, start);
  if (guests) return { kind: "guests", end: start + guests.length };
  let end = start;
  end += longestAt(CURRENCY_SET, tokens, end)?.length ?? 0;
  end += longestAt(PER_NIGHT_SET, tokens, end)?.length ?? 0;
  return { kind: end > start ? "price" : null, end };
}

const validGuests = (n: number, limit = MAX_GUESTS) => Number.isInteger(n) && n >= 1 && n <= limit;

/**
 * Guests and prices. A number counts only with a cue ("até", "a partir de", "para"), a unit ("6
 * pessoas", "400 reais") or R$. A lone price ("R$ 300", "300 reais") is a ceiling: people type what
 * they can pay.
 */
function quantityReading(tokens: Token[], start: number): Span | null {
  const cue = longestAt(CUES, tokens, start);
  const first = quantityAt(tokens, start + (cue?.length ?? 0));
  if (!first) return null;
  const span = (end: number, reading: Omit<Extract<Reading, { kind: "quantity" }>, "kind">): Span => ({
    start,
    end,
    reading: { kind: "quantity", ...reading },
  });

  const link = longestAt(RANGE_LINK_SET, tokens, first.end);
  const second = link ? quantityAt(tokens, first.end + link.length) : null;
  if (second) {
    const unit = unitAt(tokens, second.end);
    if (unit.kind === "guests") return validGuests(first.value) ? span(unit.end, { guests: first.value }) : null;
    const priced = cue?.value === "range" || first.currency || second.currency || unit.kind === "price";
    // "a partir de 200 até 400" is a range; "para 6 até 400" is guests, then a price.
    const rangeCue = cue?.value === undefined || cue.value === "range" || cue.value === "min";
    if (priced && rangeCue && !first.spelled && !second.spelled) return span(unit.end, { minPrice: first.value, maxPrice: second.value });
  }

  const unit = unitAt(tokens, first.end);
  if (unit.kind === "guests") return validGuests(first.value) ? span(unit.end, { guests: first.value }) : null;
  if (first.spelled) {
    // "para dois"; "para um casal" is the couple, not one guest.
    return cue?.value === "guests" && first.value >= 2 ? span(first.end, { guests: first.value }) : null;
  }
  const priced = first.currency || unit.kind === "price";
  switch (cue?.value) {
    case "max":
      return span(unit.end, { maxPrice: first.value });
    case "min":
      return span(unit.end, { minPrice: first.value });
    case "guests":
      if (priced) return span(unit.end, { maxPrice: first.value });
      return validGuests(first.value, MAX_GUESTS_WITHOUT_NOUN) ? span(unit.end, { guests: first.value }) : null;
    default:
      return priced ? span(unit.end, { maxPrice: first.value }) : null;
  }
}

/** The state of a UF written as two plain letters ("pé" is no PE). */
function ufOf(token: Token | undefined, index: GazetteerIndex): State | undefined {
  return token && /^[a-z]{2}$/i.test(token.raw) ? index.ufs.get(token.norm) : undefined;
}

/** A UF or state name right after a city name pins the city ("Gramado - RS", "bonito ms", "paraty/rj"). */
function pinningState(tokens: Token[], start: number, index: GazetteerIndex): { state: State; end: number } | null {
  let at = start;
  while (tokens[at]?.kind === "mark") at++;
  const uf = ufOf(tokens[at], index);
  if (uf) return { state: uf, end: at + 1 };
  const named = longestAt(index.states, tokens, at);
  return named ? { state: named.value, end: at + named.length } : null;
}

function candidateSpans(tokens: Token[], start: number, index: GazetteerIndex): Span[] {
  const spans: Span[] = [];
  const quantity = quantityReading(tokens, start);
  if (quantity) spans.push(quantity);
  for (const hit of hitsAt(VOCABULARY, tokens, start)) {
    spans.push({ start, end: start + hit.length, reading: { kind: "meaning", meaning: hit.value } });
  }
  for (const hit of hitsAt(index.states, tokens, start)) {
    const key = tokens.slice(start, start + hit.length).map((t) => t.norm).join(" ");
    const sameNamedCity = index.cities.entries.get(key)?.find((m) => m.uf === hit.value.uf) ?? null;
    spans.push({ start, end: start + hit.length, reading: { kind: "state", state: hit.value, sameNamedCity } });
  }
  const token = tokens[start]!;
  const state = ufOf(token, index) ?? index.accentedStates.get(token.raw.normalize("NFC").toLowerCase());
  if (state) spans.push({ start, end: start + 1, reading: { kind: "state", state, sameNamedCity: null } });
  for (const hit of hitsAt(index.cities, tokens, start)) {
    const end = start + hit.length;
    const pin = pinningState(tokens, end, index);
    const pinned = pin && hit.value.filter((m) => m.uf === pin.state.uf);
    if (pin && pinned?.length) {
      spans.push({ start, end: pin.end, reading: { kind: "place", candidates: pinned, pinned: pin.state, tentative: false } });
    }
    spans.push({ start, end, reading: { kind: "place", candidates: hit.value, pinned: null, tentative: false } });
  }
  return spans.sort((a, b) => b.end - a.end || PRIORITY[a.reading.kind] - PRIORITY[b.reading.kind]);
}

const firstWord = (tokens: Token[], at: number) => !tokens.slice(0, at).some(isWord);

/**
 * The context rules, or null when the words are not meant that way here:
 * - "sem" before a filter word keeps it text (we cannot filter by absence);
 * - a UF that is an everyday word ("se", "to") counts in capitals or after "em"/"no"/"na"/"-"/"/";
 * - a municipality named by an everyday word ("bonito", "serra") is a place after an article-free
 *   place preposition ("em bonito", "perto de bonito"), or when it opens the query, is popular and
 *   everything else in the query was understood ("bonito", "bonito com piscina"): tentative until
 *   the whole query is read. "chalé bonito com lareira" and "cabana na serra" stay text.
 */
function accepted(span: Span, tokens: Token[], index: GazetteerIndex): Span | null {
  const { reading, start } = span;
  if (reading.kind === "meaning") return NEGATABLE.has(reading.meaning.kind) && tokens[start - 1]?.norm === "sem" ? null : span;
  if (reading.kind === "state" && ufOf(tokens[start], index)) {
    const { raw } = tokens[start]!;
    const plain = !WORDLIKE_UFS.has(raw.toUpperCase());
    return plain || raw === raw.toUpperCase() || endsBefore(UF_PREPOSITION_WORDS, tokens, start) ? span : null;
  }
  if (reading.kind === "place" && !reading.pinned) {
    const key = tokens.slice(start, span.end).map((t) => t.norm).join(" ");
    if (!WORDLIKE_PLACES.has(key) || endsBefore(PLACE_PREPOSITION_WORDS, tokens, start)) return span;
    const popular = (index.popularity.get(reading.candidates[0]!) ?? 0) > 0;
    return popular && firstWord(tokens, start) ? { ...span, reading: { ...reading, tentative: true } } : null;
  }
  return span;
}

function readSpans(tokens: Token[], index: GazetteerIndex): Span[] {
  const spans: Span[] = [];
  for (let at = 0; at < tokens.length; ) {
    const candidates = tokens[at]!.kind === "mark" ? [] : candidateSpans(tokens, at, index);
    const span = candidates.map((s) => accepted(s, tokens, index)).find((s) => s !== null);
    if (span) {
      spans.push(span);
      at = span.end;
    } else at++;
  }
  return spans;
}

// ---------------------------------------------------------------- result

function emptyResult(): Understood {
  return {
    types: [],
    amenities: [],
    features: [],
    road: [],
    signal: [],
    internet: [],
    power: [],
    state: null,
    place: null,
    stateOrCity: null,
    near: false,
    minGuests: null,
    minPrice: null,
    maxPrice: null,
    text: "",
  };
}

function addOnce<T>(list: T[], ...items: readonly T[]) {
  for (const item of items) if (!list.includes(item)) list.push(item);
}

function applyMeaning(result: Understood, meaning: Meaning) {
  switch (meaning.kind) {
    case "types":
      return addOnce(result.types, ...meaning.types);
    case "amenity":
      return addOnce(result.amenities, meaning.amenity);
    case "feature":
      return addOnce(result.features, meaning.feature);
    case "road":
      return addOnce(result.road, meaning.road);
    case "signal":
      return addOnce(result.signal, meaning.signal);
    case "internet":
      return addOnce(result.internet, meaning.internet);
    case "power":
      return addOnce(result.power, meaning.power);
    case "couple":
      result.minGuests ??= 2;
      return;
    case "near":
      result.near = true;
  }
}

/** Connectors are dropped when what they introduce was understood (or nothing follows): "com lareira", not "com vista". */
function textOf(tokens: Token[], understood: boolean[]): string {
  let text = "";
  let last = -1;
  tokens.forEach((token, at) => {
    if (understood[at] || !isWord(token) || token.kind === "money") return;
    if (CONNECTOR_SET.has(token.norm)) {
      let next = at + 1;
      while (next < tokens.length && (!isWord(tokens[next]) || (!understood[next] && CONNECTOR_SET.has(tokens[next]!.norm)))) next++;
      if (next >= tokens.length || understood[next]) return;
    }
    text += !text ? token.raw : token.hyphenated && last === at - 1 ? `-${token.raw}` : ` ${token.raw}`;
    last = at;
  });
  return text;
}

type StateReading = Extract<Reading, { kind: "state" }>;
type PlaceReading = Extract<Reading, { kind: "place" }>;

/** One state: the first named (or pinned by a city "Gramado - RS"); another state stays text. */
function chooseState(spans: Span[]): { state: StateReading | null; spans: Span[] } {
  let state: StateReading | null = null;
  const kept: Span[] = [];
  for (const span of spans) {
    const { reading } = span;
    const named = reading.kind === "state" ? reading.state : reading.kind === "place" ? reading.pinned : null;
    if (named && !state) state = reading.kind === "state" ? reading : { kind: "state", state: named, sameNamedCity: null };
    if (reading.kind !== "state" || named?.uf === state?.state.uf) kept.push(span);
  }
  return { state, spans: kept };
}

/** One place, and only in the chosen state ("cabana em gramado rs"); other places stay text. */
function choosePlace(spans: Span[], state: StateReading | null): { place: (Span & { reading: PlaceReading }) | null; spans: Span[] } {
  let place: (Span & { reading: PlaceReading }) | null = null;
  const kept: Span[] = [];
  for (const span of spans) {
    if (span.reading.kind !== "place") {
      kept.push(span);
      continue;
    }
    const candidates = span.reading.candidates.filter((m) => !state || m.uf === state.state.uf);
    if (place || !candidates.length) continue;
    place = { ...span, reading: { ...span.reading, candidates } };
    kept.push(place);
  }
  return { place, spans: kept };
}

export function understand(input: string, gazetteer: Gazetteer): Understood {
  const index = gazetteerIndex(gazetteer);
  const tokens = tokenize(input);
  const { state, spans: withState } = chooseState(readSpans(tokens, index));
  const { place, spans } = choosePlace(withState, state);
  const understood = tokens.map(() => false);
  for (const span of spans) understood.fill(true, span.start, span.end);

  const result = emptyResult();
  result.state = state?.state.uf ?? null;
  if (place) {
    const unread = tokens.some((t, at) => isWord(t) && !understood[at] && !CONNECTOR_SET.has(t.norm));
    if (place.reading.tentative && unread) understood.fill(false, place.start, place.end);
    else {
      const [chosen, ...alternatives] = place.reading.candidates;
      result.place = { chosen: chosen!, alternatives: alternatives.slice(0, MAX_ALTERNATIVES) };
    }
  }
  if (!result.place) result.stateOrCity = state?.sameNamedCity ?? null;

  for (const { reading } of spans) {
    if (reading.kind === "meaning") applyMeaning(result, reading.meaning);
    if (reading.kind === "quantity") {
      result.minGuests ??= reading.guests ?? null;
      result.minPrice ??= reading.minPrice ?? null;
      result.maxPrice ??= reading.maxPrice ?? null;
    }
  }
  result.text = textOf(tokens, understood);
  return result;
}
