/**
 * Generators of hostile HTTP requests for tests/integration/fuzz.test.ts: every route of
 * app/routes.ts with its query strings, form fields and path segments, filled with NUL bytes,
 * invalid UTF-8, unicode oddities, numbers and dates at the edges, overlong and repeated values,
 * under any of the test's sessions and with odd headers. Values are built as the bytes that go on
 * the wire (latin1 strings: one character per byte), so invalid UTF-8 reaches the server as such.
 */
import { addNights, nightOf } from "../../common/nights";
import http from "node:http";
import fc from "fast-check";
import { CARRIER_KEYS, FEATURE_KEYS, INTERNET_KEYS, POWER_KEYS, ROAD_KEYS } from "../../common/stay-attributes";
import { AMENITIES, CATEGORIES, PROPERTY_TYPES, SAFETY_ITEMS } from "../../common/catalog";
import { CANCELLATION_KEYS } from "../../common/house-rules";
import { categorySearch, homeSearch, SORTS, type PropertyQuery } from "../../common/property-query";
import { RESPONSE_ANSWERS } from "../../common/reviews";

export type Role = "anonymous" | "guest" | "host" | "operator";

export interface FuzzRequest {
  /** Which route family made it (reported with a failure). */
  kind: string;
  role: Role;
  method: string;
  /** The request target as sent: percent-encoded, latin1 bytes allowed. */
  path: string;
  /** In order; a name may repeat. "cookie" is joined to the role's session cookie when sent. */
  headers: [string, string][];
  /** The body's bytes as a latin1 string. */
  body: string;
}

/** What the generators draw ids and emails from: the rows the test made before the run. */
export interface FuzzPools {
  baseUrl: string;
  emails: string[];
  propertyIds: string[];
  slugs: string[];
  imageIds: string[];
  uploadIds: string[];
  /** Contacts, stays and reviews between the test's accounts, each at a stage where some form acts on it. */
  contactIds: string[];
  stayIds: string[];
  reviewIds: string[];
  /** A small valid PNG, so some uploads get as far as the image pipeline. */
  png: Buffer;
}

// ---------- values ----------

const hex = (b: number) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Text as a browser percent-encodes it (UTF-8; a lone surrogate becomes U+FFFD, as in browsers). */
export function encodeText(text: string): string {
  let out = "";
  for (const byte of Buffer.from(text, "utf8")) {
    const ch = String.fromCharCode(byte);
    out += UNRESERVED.test(ch) ? ch : hex(byte);
  }
  return out;
}

/** Percent-sequences and bytes a browser would never send: NUL, invalid and overlong UTF-8, lone surrogates, broken escapes. */
const RAW_FRAGMENTS = [
  "%00",
  "%FF",
  "%C3%28",
  "%ED%A0%80",
  "%ED%BF%BF",
  "%F4%90%80%80",
  "%C0%AF",
  "%C0%80",
  "%E2%82",
  "%F0%9F",
  "%",
  "%%",
  "%G0",
  "%2",
  "+",
  "&",
  "=",
  "%26",
  "%3D",
  "%0D%0A",
  "%EF%BB%BF",
  "\xff",
  "\xc3\x28",
  "\xed\xa0\x80",
  "\xc0\xaf",
  "\x80",
] as const;
const rawFragment = fc.constantFrom(...RAW_FRAGMENTS);

const SPECIAL_TEXTS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u202Eevil\u202C",
  "\u200B",
  "\u200D\u200D",
  "\uFEFF",
  "\u00A0",
  "\u2028",
  "😀",
  "🏳️‍🌈",
  "👨‍👩‍👧‍👦".repeat(30),
  "e\u0301".repeat(60),
  "ﷺ",
  "Ⅻ",
  "İ",
  "ß".repeat(101),
  "\r\n",
  "\t",
  "<script>alert(1)</script>",
  "' OR 1=1; --",
  "\\",
  "../../etc/passwd",
  "%00",
  "{}",
  "[]",
  "null",
  "undefined",
  "true",
  "__proto__",
  "constructor",
  "javascript:alert(1)",
  "//evil.example",
  "https://evil.example/x",
  "/\\evil.example",
] as const;

const EDGE_NUMBERS = [
  "NaN",
  "Infinity",
  "-Infinity",
  "-0",
  "0",
  "-1",
  "1e309",
  "-1e309",
  "1e-400",
  "9007199254740993",
  "99999999999999999999999",
  "2147483648",
  "-2147483649",
  "0x10",
  "1_000",
  "1.5",
  "1,5",
  " 3 ",
  "٣",
  "３",
  "100.000.000,00",
  "1.000.000.000,00",
  "999.999.999,99",
  "100.000,01",
  "0,99",
  "0,00",
  "R$ 150,00",
] as const;

const EDGE_DATES = [
  "+275760-09-13T00:00:00.000Z",
  "+275760-09-14T00:00:00.000Z",
  "-271821-04-20T00:00:00.000Z",
  "9999-12-31T23:59:59.999Z",
  "0000-01-01",
  "0001-01-01T00:00:00Z",
  "1969-12-31T23:59:59Z",
  "2000-01-01",
  "2100-01-01",
  "2026-02-30",
  "2026-13-01",
  "31/12/2026",
  "8640000000000000",
  "1e21",
  "now",
] as const;

const anyNumber = fc.oneof(
  fc.constantFrom(...EDGE_NUMBERS),
  fc.integer().map(String),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.double().map(String),
);

const anyDate = fc.oneof(
  fc.constantFrom(...EDGE_DATES),
  fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true }).map((d) => d.toISOString()),
  fc.integer({ min: -10, max: 10 }).map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)),
);

const longText = fc
  .tuple(fc.constantFrom(101, 129, 255, 501, 1001, 5001, 20_000, 70_000), fc.constantFrom("a", "é", "😀", " ", "1", "\u200B"))
  .map(([n, ch]) => ch.repeat(n));

const loneSurrogates = fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 3 });

/** Any hostile text, before encoding. */
export const nastyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 1, arbitrary: loneSurrogates },
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL_TEXTS) },
  { weight: 3, arbitrary: anyNumber },
  { weight: 2, arbitrary: anyDate },
  { weight: 1, arbitrary: longText },
);

/** A value on the wire: encoded text, with raw fragments mixed in now and then. */
function wire(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: text.map(encodeText) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.oneof(text.map(encodeText), rawFragment), { minLength: 1, maxLength: 4 })
        .map((parts) => parts.join("")),
    },
  );
}

/** A field's values: plausible ones (so validation passes and deeper code runs) or hostile ones. */
type Field = fc.Arbitrary<string> & { plausible?: fc.Arbitrary<string> };

const either = (plausible: fc.Arbitrary<string>): Field =>
  Object.assign(fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 2, arbitrary: nastyText }), { plausible });

// ---------- requests ----------

interface Draft {
  kind: string;
  method: string;
  path: string;
  query?: [string, string][];
  body?: { type: string | null; bytes: string };
  headers?: [string, string][];
}

/** Query string or urlencoded body from wire pairs. */
const joinPairs = (pairs: [string, string][]) => pairs.map(([k, v]) => `${k}=${v}`).join("&");

/** Percent-decodes a wire value to bytes, leaving broken escapes as they are (for multipart and JSON bodies). */
function wireToBytes(value: string): string {
  return value.replace(/%([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/**
 * Pairs for a set of named fields, half the time chaotic (see chaoticPairs), half the time a
 * plausible form (every field, plausible values) with one or two fields spoilt: given a hostile
 * value, repeated, renamed as an array or left out. Forms with many fields pass their validation
 * only that way, so the code behind it runs too.
 */
function fieldPairs(fields: Record<string, Field>): fc.Arbitrary<[string, string][]> {
  const names = Object.keys(fields);
  if (!names.length) return chaoticPairs(fields);
  const spoilt = fc
    .tuple(
      fc.tuple(...names.map((name) => (fields[name]!.plausible ?? fields[name]!).map(encodeText))),
      // Whole forms a third of the time: with twenty fields, spoilt ones rarely get past validation.
      fc.oneof(
        { weight: 1, arbitrary: fc.constant([]) },
        { weight: 2, arbitrary: fc.array(fc.tuple(fc.nat(names.length - 1), fc.nat(4), wire(nastyText)), { minLength: 1, maxLength: 2 }) },
      ),
    )
    .map(([values, spoils]) => {
      const pairs: ([string, string] | null)[] = names.map((name, i) => [name, values[i]!]);
      for (const [i, how, value] of spoils) {
        const pair = pairs[i];
        if (!pair) continue;
        if (how <= 1) pair[1] = value;
        else if (how === 2) pairs.push([pair[0], value]);
        else if (how === 3) pair[0] = encodeName(`${pair[0]}[]`);
        else pairs[i] = null;
      }
      return pairs.filter((pair): pair is [string, string] => pair !== null);
    });
  return fc.oneof(chaoticPairs(fields), spoilt);
}

/**
 * Chaotic pairs: each known field present three times in four, sometimes twice (a scalar sent as
 * an array) or with a bracketed name; plus an unknown field now and then.
 */
function chaoticPairs(fields: Record<string, Field>): fc.Arbitrary<[string, string][]> {
  const known = Object.entries(fields).map(([name, value]) =>
    fc.option(
      fc.tuple(
        fc.constantFrom(name, name, name, name, name, name, `${name}[]`, `${name}[0]`, `${name}.x`),
        fc.array(wire(value), { minLength: 1, maxLength: 2 }),
      ),
      { freq: 4, nil: null },
    ),
  );
  const extra = fc.array(fc.tuple(wire(nastyText), wire(nastyText)), { maxLength: 2 });
  return fc.tuple(fc.tuple(...known), extra).map(([present, more]) => [
    ...present.flatMap((entry) => (entry ? entry[1].map((v): [string, string] => [encodeName(entry[0]), v]) : [])),
    ...more,
  ]);
}

const encodeName = (name: string) => name.replace(/\[/g, "%5B").replace(/\]/g, "%5D");

const BOUNDARY = "----fuzzboundary7MA4YWxkTrZu0gW";

/** Form pairs encoded as a browser would, or as something else under the form's label, or the other way round. */
function formBody(pairs: fc.Arbitrary<[string, string][]>): fc.Arbitrary<{ type: string | null; bytes: string }> {
  const urlencoded = "application/x-www-form-urlencoded";
  return fc.tuple(pairs, fc.nat(99), fc.boolean()).map(([list, roll, asFile]) => {
    const encoded = joinPairs(list);
    if (roll < 70) return { type: roll < 67 ? urlencoded : `${urlencoded}; charset=ISO-8859-1`, bytes: encoded };
    if (roll < 82) {
      const parts = list.map(([k, v], i) => {
        const disposition = asFile && i === 0 ? `form-data; name="${wireToBytes(k)}"; filename="a\xff.png"` : `form-data; name="${wireToBytes(k)}"`;
        return `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n${wireToBytes(v)}\r\n`;
      });
      return { type: `multipart/form-data; boundary=${BOUNDARY}`, bytes: `${parts.join("")}--${BOUNDARY}--\r\n` };
    }
    if (roll < 86) return { type: "application/json", bytes: JSON.stringify(Object.fromEntries(list.map(([k, v]) => [wireToBytes(k), wireToBytes(v)]))) };
    if (roll < 90) return { type: "multipart/form-data", bytes: encoded };
    if (roll < 93) return { type: `multipart/form-data; boundary=${BOUNDARY}`, bytes: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\n\r\nunterminated` };
    if (roll < 96) return { type: "text/plain", bytes: encoded };
    if (roll < 98) return { type: null, bytes: encoded };
    return { type: urlencoded, bytes: "\xff\xfe\x00\x01%%%&&==" };
  });
}

function pick<T>(list: readonly T[]): fc.Arbitrary<T> {
  return fc.constantFrom(...list);
}

export function fuzzRequests(pools: FuzzPools): fc.Arbitrary<FuzzRequest> {
  const email = either(
    fc.oneof(
      pick(pools.emails),
      fc.nat().map((n) => `Fuzz.${n}@Example.com `),
      fc.emailAddress(),
      fc.constantFrom("a@b", "@example.com"),
    ),
  );
  const password = either(fc.oneof({ weight: 3, arbitrary: fc.constant("segredo123") }, { weight: 1, arbitrary: fc.string({ minLength: 6, maxLength: 12 }) }));
  const name = either(fc.constantFrom("Maria da Silva", "José D'Ávila", "Ana-Lúcia", "O'Neil", "Zoë Ñúñez"));
  const phone = either(fc.constantFrom("(11) 98765-4321", "+55 11 98765-4321", "11987654321", "(48) 3222-1234", "+1 202 555 0143", "+999"));
  const location = either(fc.constantFrom("Campos do Jordão - SP", "Paraty - RJ", "São João del-Rei - MG", "xx"));
  const propertyKey = either(fc.oneof(pick(pools.propertyIds), pick(pools.slugs), fc.uuid(), pick(pools.propertyIds).map((id) => id.toUpperCase())));
  // Mostly staged uploads, so whole listing forms get past the photo check and save.
  const imageId = either(fc.oneof({ weight: 4, arbitrary: pick(pools.uploadIds) }, { weight: 1, arbitrary: pick(pools.imageIds) }, { weight: 1, arbitrary: fc.uuid() }));
  const bool = either(fc.constantFrom("true", "false", "on", "1", "TRUE"));
  const redirectTo = either(fc.constantFrom("/perfil", "/favoritos", "//evil.example", "/\\evil.example", "https://evil.example", "/%2F%2Fevil.example", "javascript:alert(1)"));
  const money = either(fc.oneof(fc.constantFrom("150,00", "1.234,56", "80", "100.000,00", "0,01"), fc.nat(20_000_000).map((c) => `${Math.floor(c / 100)},${String(c % 100).padStart(2, "0")}`)));
  const count = either(fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: -2, max: 12 })).map(String));
  const text = (plausible: string) => either(fc.constant(plausible));

  const propertyFields = {
    title: text("Chalé com vista para a serra"),
    description: text("Um chalé aconchegante no meio da mata, com lareira e café da manhã."),
    propertyType: either(pick(PROPERTY_TYPES)),
    location,
    price: money,
    maxGuests: count,
    bedrooms: count,
    bathrooms: count,
    amenities: either(pick(AMENITIES)),
    safetyItems: either(pick(SAFETY_ITEMS)),
    whatsappContact: phone,
    features: either(fc.constantFrom("petsAllowed", "stepFree", "childFriendly")),
    road: either(fc.constantFrom("asfalto", "terra", "4x4")),
    signal: either(fc.constantFrom("vivo", "claro", "tim", "none")),
    internet: either(fc.constantFrom("fibra", "radio", "satelite", "nenhuma")),
    power: either(fc.constantFrom("rede", "solar", "gerador")),
    latitude: either(fc.constantFrom("-22.9", "-23.2178")),
    longitude: either(fc.constantFrom("-43.2", "-44.7131")),
    showExactLocation: bool,
    checkInFrom: either(fc.constantFrom("14:00", "15:30", "")),
    checkOutUntil: either(fc.constantFrom("11:00", "12:00", "")),
    // Plausible only as a pair (one without the other is refused): "" and others come with the hostile values.
    quietHoursFrom: either(fc.constant("22:00")),
    quietHoursUntil: either(fc.constant("07:30")),
    smokingAllowed: either(fc.constantFrom("sim", "nao", "")),
    partiesAllowed: either(fc.constantFrom("sim", "nao", "")),
    otherRules: text("Silêncio depois das 22h. Visitas só com aviso."),
    cancellationPolicy: either(fc.constantFrom(...CANCELLATION_KEYS, "")),
    cancellationNotes: text("Remarcação sem custo em caso de chuva forte."),
    imageIds: imageId,
    // A second photo: sent under the same name (see renameImageIds).
    imageIds2: imageId,
  };
  const renameImageIds = (pairs: [string, string][]) => pairs.map(([k, v]): [string, string] => [k.replace(/^imageIds2/, "imageIds"), v]);

  const queryOf = (fields: Record<string, Field>) => fieldPairs(fields);
  const searchQuery = {
    search: text("cabana"),
    location,
    propertyType: either(fc.oneof(pick(PROPERTY_TYPES), pick(CATEGORIES.map((c) => c.slug)))),
    minPrice: either(fc.nat(1200).map(String)),
    maxPrice: either(fc.nat(1200).map(String)),
    minGuests: count,
    guests: count,
    amenities: either(fc.subarray([...AMENITIES], { maxLength: 4 }).map((list) => list.join(","))),
    state: either(fc.constantFrom("MG", "sp", "XX", "Minas")),
    near: either(fc.constantFrom("-22.9,-43.2", "91,200", "-23.5,-46.6,1", "abc")),
    radius: either(fc.constantFrom("10", "0", "501", "50.5")),
    area: either(fc.constantFrom("-50,-25,-40,-15", "-40,-15,-50,-25", "-180,-90,180,90", "1,2,3")),
    features: either(fc.subarray(["petsAllowed", "stepFree", "childFriendly", "x"], { maxLength: 3 }).map((list) => list.join(","))),
    road: either(fc.constantFrom("asfalto", "terra,4x4", "nada")),
    signal: either(fc.constantFrom("vivo", "claro,tim", "none")),
    sort: either(fc.constantFrom("distance", "newest", "price-low", "price-high")),
    page: either(fc.constantFrom("1", "2", "999999", "1000001")),
  };

  const inDays = (days: number) => addNights(nightOf(new Date()), days);
  const propertyQuery: fc.Arbitrary<PropertyQuery> = fc.record({
    search: fc.oneof(fc.constantFrom("", "cabana", "chalé na serra", "café da manhã", "piscina"), nastyText.map((t) => t.slice(0, 100))),
    location: fc.constantFrom("", "Campos do Jordão", "sp", "Paraty - RJ", "são joão"),
    propertyType: fc.option(pick(PROPERTY_TYPES), { nil: null }),
    minPrice: fc.constantFrom(0, 50, 100, 500, 1000),
    maxPrice: fc.constantFrom(1000, 300, 950, 50),
    minGuests: fc.integer({ min: 1, max: 10 }),
    amenities: fc.subarray([...AMENITIES], { maxLength: 3 }),
    state: fc.constantFrom(null, "MG", "SP"),
    // Searchable stays and refused ones (past, reversed, over a year, not a date).
    checkIn: fc.constantFrom(null, inDays(2), inDays(30), inDays(-3), "2027-02-30"),
    checkOut: fc.constantFrom(null, inDays(5), inDays(31), inDays(1), inDays(400)),
    radiusKm: fc.constantFrom(10, 50, 200),
    near: fc.constantFrom(null, { lat: -22.92, lng: -43.17 }),
    area: fc.constantFrom(null, { west: -50, south: -25, east: -40, north: -15 }),
    features: fc.subarray([...FEATURE_KEYS], { maxLength: 2 }),
    road: fc.subarray([...ROAD_KEYS], { maxLength: 2 }),
    signal: fc.subarray([...CARRIER_KEYS, "none" as const], { maxLength: 2 }),
    internet: fc.subarray([...INTERNET_KEYS], { maxLength: 2 }),
    power: fc.subarray([...POWER_KEYS], { maxLength: 2 }),
    sort: fc.option(pick(SORTS), { nil: null }),
    page: fc.integer({ min: 1, max: 3 }),
  });
  const segment = (plausible: fc.Arbitrary<string>) =>
    fc.oneof(
      { weight: 4, arbitrary: plausible.map(encodeText) },
      { weight: 3, arbitrary: wire(nastyText) },
      { weight: 1, arbitrary: fc.constantFrom("..", "%2e%2e", ".", "%2F", "a%2Fb", "%5C", "x".repeat(300), "~", "%20") },
    ).map((s) => s || "x");
  const idSegment = segment(fc.oneof(pick(pools.propertyIds), pick(pools.slugs), fc.uuid()));
  /** Mostly the test's own rows, so the forms get past "not found" to their rules. */
  const trustId = (ids: string[]) => fc.oneof({ weight: 4, arbitrary: pick(ids) }, { weight: 1, arbitrary: fc.uuid() });
  const stayId = trustId(pools.stayIds);
  const stars = either(fc.constantFrom("1", "2", "3", "4", "5"));
  const reviewFields = { rating: stars, cleanliness: stars, location: stars, communication: stars, value: stars, accuracy: stars, text: text("Cabana linda, muito limpa e o anfitrião respondeu tudo rápido.") };
  /** The forms of a contact's card, on "Contatos recebidos" (the host's) and "Meus contatos" (on /perfil). */
  const contactFields = {
    contato: either(trustId(pools.contactIds)),
    hospedagem: either(stayId),
    avaliacao: either(trustId(pools.reviewIds)),
    // Plausible dates are in order (hostile ones come with either's other values); the contacts are two days old or more.
    checkin: either(fc.integer({ min: -2, max: 2 }).map(inDays)),
    checkout: either(fc.integer({ min: 3, max: 8 }).map(inDays)),
    reply: text("Obrigada pela visita, volte sempre!"),
  };
  const stayIntents = ["informar-hospedagem", "confirmar-hospedagem", "retirar-hospedagem", "responder-avaliacao"] as const;

  const get = (kind: string, path: fc.Arbitrary<string>, query: fc.Arbitrary<[string, string][]>) =>
    fc.tuple(path, query).map(([p, q]): Draft => ({ kind, method: "GET", path: p, query: q }));
  const post = (kind: string, path: fc.Arbitrary<string>, body: fc.Arbitrary<{ type: string | null; bytes: string }>) =>
    fc.tuple(path, body).map(([p, b]): Draft => ({ kind, method: "POST", path: p, body: b }));
  const noQuery = fc.constant<[string, string][]>([]);
  const anyQuery = chaoticPairs({});
  const form = (fields: Record<string, Field>) => formBody(fieldPairs(fields));

  const pages = fc.constantFrom(
    "/",
    "/login",
    "/cadastro",
    "/sair",
    "/email-confirmado",
    "/esqueci-senha",
    "/redefinir-senha",
    "/perfil",
    "/perfil/dados",
    "/favoritos",
    "/api/favoritos",
    "/api/propriedades",
    "/api/assinatura",
    "/api/assinatura/checkout",
    "/api/assinatura/portal",
    "/api/stripe/webhook",
    "/api/imagens",
    "/api/perfil/foto",
    "/api/perfil/foto",
    "/planos",
    "/assinatura-sucesso",
    "/minhas-propriedades",
    "/adicionar-propriedade",
    "/moderacao",
    "/newsletter",
    "/newsletter/confirmar",
    "/tema",
    "/brazilian-cities.json",
    "/central-ajuda",
    "/como-funciona",
    "/politica-cancelamento",
    "/termos-uso",
    "/termos",
    "/privacidade",
    "/anuncie-conosco",
    "/healthz",
  );
  const pageQuery = fieldPairs({
    redirectTo,
    email,
    token: either(fc.base64String({ maxLength: 40 })),
    error: text("INVALID_TOKEN"),
    editar: either(fc.constant("1")),
    page: searchQuery.page,
    checkin: either(anyDate),
    checkout: either(fc.constant("cancelado")),
    session_id: either(fc.constantFrom("cs_test_1", "sandbox_x")),
  });

  const dataRoutes = either(fc.constantFrom("root", "routes/home", "routes/login", "routes/perfil", "root,routes/home", "routes/nope", "routes/../root", ",,,"));
  const anyPath = fc.oneof(pages, idSegment.map((s) => `/accommodation/${s}`), fc.constant("/_root"));

  const draft: fc.Arbitrary<Draft> = fc.oneof(
    // Pages and loaders with their query strings.
    { weight: 6, arbitrary: get("page", pages, pageQuery) },
    { weight: 6, arbitrary: get("search", fc.constant("/"), queryOf(searchQuery)) },
    // Canonical search URLs (others redirect to theirs), so result lists render.
    { weight: 4, arbitrary: propertyQuery.map((q): Draft => ({ kind: "search-results", method: "GET", path: `/${homeSearch(q)}` })) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(pick(CATEGORIES.map((c) => c.slug)), propertyQuery)
        .map(([slug, q]): Draft => ({ kind: "category-results", method: "GET", path: `/category/${slug}${categorySearch(q)}` })),
    },
    { weight: 5, arbitrary: get("category", segment(pick(CATEGORIES.map((c) => c.slug))).map((s) => `/category/${s}`), queryOf(searchQuery)) },
    { weight: 4, arbitrary: get("accommodation", idSegment.map((s) => `/accommodation/${s}`), anyQuery) },
    { weight: 2, arbitrary: get("gallery", idSegment.map((s) => `/property-gallery/${s}`), anyQuery) },
    {
      weight: 4,
      arbitrary: get(
        "contact",
        idSegment.map((s) => `/accommodation/${s}/contato`),
        queryOf({ checkin: either(anyDate), checkout: either(anyDate), guests: count }),
      ),
    },
    { weight: 3, arbitrary: get("edit-page", idSegment.map((s) => `/editar-propriedade/${s}`), anyQuery) },
    { weight: 3, arbitrary: get("calendar-page", idSegment.map((s) => `/minhas-propriedades/${s}/calendario`), anyQuery) },
    { weight: 2, arbitrary: get("calendar-export", segment(fc.oneof(fc.base64String({ maxLength: 40 }), nastyText)).map((s) => `/calendario/${s}.ics`), anyQuery) },
    { weight: 3, arbitrary: get("moderation-page", idSegment.map((s) => `/moderacao/${s}`), anyQuery) },
    { weight: 3, arbitrary: get("received-contacts-page", fc.constant("/minhas-propriedades/contatos"), queryOf({ anuncio: propertyKey, pagina: searchQuery.page })) },
    { weight: 2, arbitrary: get("review-page", segment(stayId).map((s) => `/avaliar/${s}`), anyQuery) },
    {
      weight: 2,
      arbitrary: get(
        "sandbox-page",
        fc.tuple(segment(fc.constantFrom("checkout", "portal")), segment(fc.base64String({ maxLength: 30 }))).map(([k, t]) => `/assinatura/teste/${k}/${t}`),
        anyQuery,
      ),
    },
    { weight: 3, arbitrary: get("not-found", fc.array(wire(nastyText), { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join("/")}`), anyQuery) },
    {
      weight: 4,
      arbitrary: get(
        "single-fetch",
        // The home's data address is /_.data (future.v8_trailingSlashAwareDataRequests).
        anyPath.map((p) => `${p === "/" ? "/_" : p}.data`),
        queryOf({ _routes: dataRoutes, index: fc.constant(""), search: text("cabana") }),
      ),
    },
    {
      weight: 3,
      arbitrary: get(
        "auth-link",
        fc.oneof(
          fc.constant("/api/auth/verify-email"),
          segment(fc.base64String({ maxLength: 30 })).map((t) => `/api/auth/reset-password/${t}`),
          segment(fc.constantFrom("get-session", "sign-in/email", "ok", "list-sessions")).map((s) => `/api/auth/${s}`),
        ),
        queryOf({ token: either(fc.base64String({ maxLength: 200 })), callbackURL: redirectTo }),
      ),
    },
    { weight: 1, arbitrary: get("media", segment(fc.constantFrom("x.webp", "a/b-800.webp", "../../etc/passwd")).map((s) => `/media/${s}`), noQuery) },
    { weight: 1, arbitrary: get("newsletter-link", fc.constant("/newsletter/confirmar"), queryOf({ token: either(fc.base64String({ maxLength: 40 })) })) },
    { weight: 1, arbitrary: get("summary-link", fc.constant("/resumo-mensal/cancelar"), queryOf({ token: either(fc.base64String({ maxLength: 60 })) })) },

    // Every form action.
    { weight: 5, arbitrary: post("login", fc.constant("/login"), form({ email, password, remember: bool, mode: either(fc.constant("dialog")), redirectTo })) },
    {
      weight: 5,
      arbitrary: post(
        "sign-up",
        fc.constant("/cadastro"),
        form({
          name,
          email,
          phone,
          userType: either(fc.constantFrom("guest", "host")),
          password,
          confirmPassword: password,
          terms: either(fc.constant("on")),
          mode: either(fc.constant("dialog")),
          redirectTo,
        }),
      ),
    },
    { weight: 2, arbitrary: post("reset-request", fc.constant("/esqueci-senha"), form({ email })) },
    {
      weight: 3,
      arbitrary: post("reset", fc.constant("/redefinir-senha"), form({ token: either(fc.base64String({ maxLength: 40 })), password, confirmPassword: password })),
    },
    { weight: 2, arbitrary: post("newsletter", fc.constant("/newsletter"), form({ email })) },
    {
      weight: 1,
      arbitrary: post(
        "summary-one-click",
        fc.base64String({ maxLength: 60 }).map((token) => `/resumo-mensal/cancelar?token=${encodeURIComponent(token)}`),
        form({ "List-Unsubscribe": fc.constant("One-Click") }),
      ),
    },
    {
      weight: 6,
      arbitrary: post(
        "profile",
        fc.constant("/perfil"),
        form({
          intent: either(
            fc.oneof(
              { weight: 12, arbitrary: fc.constantFrom("update-profile", "update-profile", "resend-verification", "delete-account", "remove-photo", "request-verification", "monthly-summary") },
              { weight: 1, arbitrary: fc.constant("logout-everywhere") },
            ),
          ),
          name,
          phone,
          location,
          bio: text("Gosto de trilhas e cachoeiras."),
          "idioma-pt": either(fc.constantFrom("on", "off")),
          "idioma-libras": either(fc.constant("on")),
          documentKind: either(fc.constantFrom("cpf", "cnpj", "rg")),
          document: either(fc.constantFrom("529.982.247-25", "529.982.247-24", "12.ABC.345/01DE-35", "11.222.333/0001-81", "000.000.000-00")),
          legalName: text("Maria Souza"),
          cadastur: text("26.012345.10.0001-4"),
          documentUpload: either(pick(pools.uploadIds)),
          selfieUpload: either(pick(pools.uploadIds)),
          // Never the signed-in account's own email: deleting the host would end the run's coverage.
          confirmEmail: either(fc.constantFrom("outra@example.com", "")),
        }),
      ),
    },
    {
      weight: 3,
      arbitrary: post(
        "second-factor",
        fc.constant("/perfil/seguranca"),
        form({ intent: either(fc.constantFrom("start", "confirm", "regenerate", "turn-off")), password, code: either(fc.constantFrom("123456", "000000", "12 34 56", "abcdef")) }),
      ),
    },
    { weight: 4, arbitrary: post("favourite", fc.constant("/api/favoritos"), form({ propertyId: propertyKey, favorite: bool })) },
    {
      weight: 4,
      arbitrary: post(
        "host-property",
        fc.constant("/api/propriedades"),
        form({ intent: either(fc.constantFrom("toggle", "toggle", "toggle", "delete")), id: propertyKey, active: bool }),
      ),
    },
    {
      weight: 6,
      arbitrary: post(
        "calendar",
        idSegment.map((s) => `/minhas-propriedades/${s}/calendario`),
        form({
          intent: either(fc.constantFrom("noites", "estadia-minima", "periodo", "remover-periodo", "conectar", "sincronizar", "desconectar", "novo-endereco")),
          bloquear: either(fc.array(anyDate, { maxLength: 5 }).map((nights) => nights.join(","))),
          liberar: either(fc.array(anyDate, { maxLength: 5 }).map((nights) => nights.join(","))),
          minNights: count,
          starts: either(anyDate),
          ends: either(anyDate),
          periodNights: count,
          periodId: propertyKey,
          feedId: propertyKey,
          name: text("Airbnb"),
          // Only addresses refused before any connection: no test reaches off this machine.
          url: either(fc.constantFrom("http://127.0.0.1:9/cal.ics", "https://10.0.0.1/cal.ics", "webcal://[::1]/x.ics", "ftp://127.0.0.1/cal.ics")),
        }),
      ),
    },
    { weight: 20, arbitrary: post("property-add", fc.constant("/adicionar-propriedade"), formBody(fieldPairs(propertyFields).map(renameImageIds))) },
    {
      weight: 6,
      arbitrary: post("property-edit", idSegment.map((s) => `/editar-propriedade/${s}`), formBody(fieldPairs(propertyFields).map(renameImageIds))),
    },
    {
      weight: 6,
      arbitrary: post(
        "moderation",
        idSegment.map((s) => `/moderacao/${s}`),
        form({
          intent: either(fc.constantFrom("approve", "reject", "unpublish")),
          reason: text("As fotos não mostram a propriedade anunciada."),
          reviewedAt: either(fc.oneof(anyDate, fc.constant(new Date().toISOString()))),
        }),
      ),
    },
    {
      weight: 3,
      arbitrary: post(
        "identity-decision",
        idSegment.map((s) => `/moderacao/verificacoes/${s}`),
        form({ intent: either(fc.constantFrom("approve-identity", "refuse-identity")), reason: text("A selfie não mostra o documento."), cadasturChecked: either(fc.constant("on")) }),
      ),
    },
    {
      weight: 4,
      arbitrary: post(
        "contact",
        idSegment.map((s) => `/accommodation/${s}/contato`),
        form({ intent: either(fc.constant("abrir-whatsapp")), checkin: either(anyDate), checkout: either(anyDate), guests: count }),
      ),
    },
    { weight: 4, arbitrary: post("received-contacts", fc.constant("/minhas-propriedades/contatos"), form({ intent: either(fc.constantFrom(...stayIntents)), ...contactFields })) },
    {
      weight: 4,
      arbitrary: post(
        "own-contacts",
        fc.constant("/perfil"),
        form({ intent: either(fc.constantFrom(...stayIntents, "anfitriao-respondeu")), ...contactFields, resposta: either(fc.constantFrom(...RESPONSE_ANSWERS)) }),
      ),
    },
    { weight: 4, arbitrary: post("review", segment(stayId).map((s) => `/avaliar/${s}`), form(reviewFields)) },
    {
      weight: 4,
      arbitrary: post(
        "report",
        fc.tuple(segment(fc.constantFrom("anuncio", "anfitriao", "avaliacao", "outro")), idSegment).map(([kind, id]) => `/denunciar/${kind}/${id}`),
        form({ reason: either(fc.constantFrom("golpe", "fotos", "falso", "improprio", "outro", "spam")), details: text("Pediram um Pix para outra pessoa.") }),
      ),
    },
    {
      weight: 3,
      arbitrary: post(
        "report-decision",
        fc.tuple(segment(fc.constantFrom("anuncio", "anfitriao", "avaliacao")), idSegment).map(([kind, id]) => `/moderacao/denuncias/${kind}/${id}`),
        form({ intent: either(fc.constantFrom("dismiss", "unpublish", "publish", "hide")), reason: text("Pedido de Pix a terceiros confirmado.") }),
      ),
    },
    { weight: 2, arbitrary: post("billing", fc.constantFrom("/api/assinatura/checkout", "/api/assinatura/portal"), form({})) },
    {
      weight: 1,
      arbitrary: post(
        "sandbox-action",
        fc.tuple(segment(fc.constantFrom("checkout", "portal")), segment(fc.base64String({ maxLength: 30 }))).map(([k, t]) => `/assinatura/teste/${k}/${t}`),
        form({ intent: either(fc.constantFrom("approve", "cancel", "resume")), subscriptionId: text("sub_1") }),
      ),
    },
    { weight: 2, arbitrary: post("theme", fc.constant("/tema"), form({ theme: either(fc.constantFrom("light", "dark", "system")) })) },
    { weight: 1, arbitrary: post("sign-out", fc.constant("/sair"), form({})) },
    {
      weight: 4,
      arbitrary: post(
        "single-fetch-action",
        fc.constantFrom("/login.data", "/cadastro.data", "/perfil.data", "/newsletter.data", "/adicionar-propriedade.data", "/moderacao/x.data", "/_.data"),
        form({ email, password, intent: text("update-profile"), name }),
      ).chain((d) => queryOf({ _routes: dataRoutes, index: fc.constant("") }).map((query) => ({ ...d, query }))),
    },
    { weight: 2, arbitrary: post("unknown-action", anyPath, form({ intent: text("x") })) },

    // JSON and binary endpoints.
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          fc.oneof(
            fc.uint8Array({ maxLength: 2048 }).map((b) => Buffer.from(b).toString("latin1")),
            fc.uint8Array({ maxLength: 512 }).map((b) => Buffer.concat([pools.png.subarray(0, 40), Buffer.from(b)]).toString("latin1")),
            fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(b)]).toString("latin1")),
            fc.constant(pools.png.toString("latin1")),
            fc.constant(""),
            nastyText.map((t) => Buffer.from(t).toString("latin1")),
          ),
          fc.option(fc.constantFrom("image/png", "image/jpeg", "image/webp", "image/gif", "image/svg+xml", "text/plain", "application/json", "multipart/form-data; boundary=x", "image/png; charset=\xff", ""), { nil: null }),
          fc.constantFrom("/api/imagens", "/api/perfil/foto", "/api/perfil/verificacao/imagem"),
        )
        .map(([bytes, type, path]): Draft => ({ kind: "image-upload", method: "POST", path, body: { type, bytes } })),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.oneof(
            fc.json().map((j) => Buffer.from(j).toString("latin1")),
            fc.constant(JSON.stringify({ id: "evt_1", object: "event", type: "customer.subscription.updated", data: { object: { id: "sub_1", customer: "cus_1" } } })),
            nastyText.map((t) => Buffer.from(t).toString("latin1")),
          ),
          fc.oneof(
            fc.constantFrom("", "t=1,v1=abc", "t=NaN,v1=", "v1=deadbeef", `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`, "t=99999999999999999999,v1=x", ",,,=,="),
            nastyText.map((t) => Buffer.from(t).toString("latin1").replace(/[^\t\x20-\x7e\x80-\xff]/g, "")),
          ),
        )
        .map(([bytes, signature]): Draft => ({
          kind: "stripe-webhook",
          method: "POST",
          path: "/api/stripe/webhook",
          body: { type: "application/json", bytes },
          headers: [["stripe-signature", signature]],
        })),
    },
  );

  return fc.tuple(draft, fc.constantFrom<Role>("anonymous", "guest", "host", "host", "operator", "operator"), headers(pools.baseUrl), fc.nat(99)).map(([d, role, extra, roll]) => {
    const query = d.query?.length ? `?${joinPairs(d.query)}` : "";
    // Now and then a method no page answers, or HEAD and OPTIONS on anything.
    const method = roll < 96 ? d.method : (["HEAD", "OPTIONS", "PUT", "DELETE", "TRACE", "PATCH"] as const)[roll - 94]!;
    const list: [string, string][] = [...(d.headers ?? []), ...extra];
    if (d.body?.type !== undefined && d.body.type !== null && !list.some(([k]) => k === "content-type")) list.push(["content-type", d.body.type]);
    return { kind: d.kind, role, method, path: pathOnWire(d.path + query), headers: list, body: d.body?.bytes ?? "" };
  });
}

/** Node refuses request targets with spaces or control characters: those are escaped (all other bytes go as they are). */
function pathOnWire(path: string) {
  return path.replace(/[^\x21-\xff]/g, (ch) => encodeText(ch));
}

/** Header values as bytes: UTF-8 text as latin1, without the CR, LF and NUL that no HTTP client can send. */
const headerValue = (text: string) => Buffer.from(text, "utf8").toString("latin1").replace(/[^\t\x20-\x7e\x80-\xff]/g, "");

function headers(baseUrl: string): fc.Arbitrary<[string, string][]> {
  const origin = fc.oneof(
    { weight: 12, arbitrary: fc.constant(baseUrl) },
    { weight: 1, arbitrary: fc.constantFrom("null", "http://evil.example", baseUrl.replace("127.0.0.1", "localhost"), `${baseUrl}/`, "http://[::1", "\xff") },
    { weight: 1, arbitrary: nastyText.map(headerValue) },
  );
  const cookieGarbage = fc.oneof(
    fc.constantFrom(
      "recanto.session_token=abc",
      "recanto.session_token=abc.def",
      "recanto.session_token=%FF%FE",
      "recanto.session_token=",
      "recanto.session_token",
      "recanto_theme=dark",
      "recanto_theme=%22dark%22",
      "recanto_theme=eyJ9",
      "__Secure-recanto.session_token=x",
      "recanto.session_data=x",
      "=",
      ";;;",
      "a=\xff\xfe",
      `big=${"x".repeat(6000)}`,
    ),
    fc.tuple(nastyText, nastyText).map(([k, v]) => headerValue(`${k}=${v}`)),
  );
  const ip = fc.oneof(fc.ipV4(), fc.ipV6(), fc.constantFrom("unknown", "::ffff:1.2.3.4", "1.2.3.4, 5.6.7.8", "999.1.1.1", "[::1]:80", "fe80::1%eth0", ""), nastyText.map(headerValue));
  /** The header one time in `oneIn`. */
  const optional = (name: string, value: fc.Arbitrary<string>, oneIn: number) =>
    fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: value.map((v): [string, string] => [name, v]) });
  return fc
    .tuple(
      fc.option(origin, { freq: 8, nil: null }),
      // Garbage in one request of four: a forged session cookie after the real one ends that request's session.
      fc.oneof({ weight: 3, arbitrary: fc.constant<string[]>([]) }, { weight: 1, arbitrary: fc.array(cookieGarbage, { minLength: 1, maxLength: 2 }) }),
      fc.nat(9),
      // Every request comes from a random client address (TRUST_PROXY=1), so rate limits rarely stop the run.
      fc.oneof({ weight: 9, arbitrary: fc.ipV4() }, { weight: 1, arbitrary: ip }),
      optional("accept", fc.constantFrom("text/html", "application/json", "*/*", "text/x-component", "\xff"), 3),
      optional("sec-fetch-site", fc.constantFrom("same-origin", "cross-site", "same-site", "none", "x"), 10),
      optional("user-agent", fc.constantFrom("Googlebot/2.1 (+http://www.google.com/bot.html)", "Mozilla/5.0", "x".repeat(8000), "\xff\xfe"), 8),
      optional("host", fc.constantFrom("evil.example", "[::1", "a b", "127.0.0.1:99999", "\xff", ""), 40),
      optional("x-forwarded-host", fc.constantFrom("evil.example", "[::1", "a b", "\xff", "127.0.0.1:1:2"), 25),
      optional("x-forwarded-proto", fc.constantFrom("https", "ftp", "\xff", "https, http"), 25),
      optional("x-request-id", fc.oneof(fc.constant("x".repeat(200)), nastyText.map(headerValue)), 15),
      optional("if-none-match", fc.constantFrom("*", '"x"', "W/", "\xff"), 20),
      optional("accept-language", fc.constantFrom("pt-BR", "*", ";q=x", "\xff"), 20),
      optional("accept-encoding", fc.constantFrom("gzip", "br;q=NaN", "identity;q=0", "\xff"), 20),
      optional("range", fc.constantFrom("bytes=0-1", "bytes=-1", "bytes=9999999999999999999-", "x"), 30),
    )
    .map(([o, cookies, cookieMode, xff, ...rest]) => {
      const list: [string, string][] = [];
      if (o !== null) list.push(["origin", o]);
      // The role's session goes first in "cookie"; mode 0 sends the garbage as a second cookie header.
      if (cookies.length) list.push([cookieMode === 0 ? "x-cookie-duplicate" : "cookie", cookies.join("; ")]);
      list.push(["x-forwarded-for", xff]);
      for (const h of rest) if (h) list.push(h);
      return list;
    });
}

// ---------- sending ----------

export interface FuzzAnswer {
  status: number;
  /** The first bytes of a 5xx answer's body, to tell what failed. */
  sample?: string;
  error?: string;
}

/** Sends one request as is (node:http: no normalisation of the target, repeated headers allowed). */
export function send(baseUrl: string, agent: http.Agent, request: FuzzRequest, sessionCookie: string | undefined): Promise<FuzzAnswer> {
  const url = new URL(baseUrl);
  const raw: string[] = [];
  let cookieSent = false;
  for (const [name, value] of request.headers) {
    if (name === "cookie") {
      raw.push("cookie", sessionCookie ? `${sessionCookie}; ${value}` : value);
      cookieSent = true;
    } else if (name === "x-cookie-duplicate") raw.push("cookie", value);
    else raw.push(name, value);
  }
  if (sessionCookie && !cookieSent) raw.push("cookie", sessionCookie);
  const body = Buffer.from(request.body, "latin1");
  if (request.method !== "GET" && request.method !== "HEAD") raw.push("content-length", String(body.length));
  if (!request.headers.some(([name]) => name === "host")) raw.push("host", url.host);

  return new Promise((resolve) => {
    const req = http.request({ host: url.hostname, port: url.port, method: request.method, path: request.path, headers: raw, agent, setHost: false, timeout: 20_000 }, (res) => {
      const status = res.statusCode ?? 0;
      if (status < 500) {
        res.resume();
        res.on("end", () => resolve({ status }));
        res.on("error", (err) => resolve({ status, error: `answer cut: ${err.message}` }));
        return;
      }
      let sample = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (sample = (sample + chunk).slice(0, 300)));
      res.on("end", () => resolve({ status, sample }));
      res.on("error", () => resolve({ status, sample }));
    });
    req.on("timeout", () => req.destroy(new Error("no answer in 20 s")));
    req.on("error", (err) => resolve({ status: 0, error: err.message }));
    req.end(request.method === "GET" || request.method === "HEAD" ? undefined : body);
  });
}
