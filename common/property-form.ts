/** The host's property form: its limits, rules and messages (spec §5), checked in the browser and again on the server. */
import { z } from "zod";
import { AMENITIES, PROPERTY_TYPES, SAFETY_ITEMS, type PropertyType } from "./catalog";
import type { LocationCheck } from "./cities";
import { formatBRL } from "./format";
import { inBrazil } from "./places";
import { CARRIER_KEYS, FEATURE_KEYS, INTERNET_KEYS, POWER_KEYS, ROAD_KEYS } from "./stay-attributes";
import { CANCELLATION_KEYS, joinQuietHours, splitQuietHours, TIME_OPTIONS, yesNo } from "./house-rules";
import { MAX_IMAGES_PER_PROPERTY, UPLOAD_MESSAGES } from "./image-upload";
import { LIMITS } from "./limits";
import { cleanLine, cleanParagraphs, hasLetterOrDigit } from "./text";

/**
 * What a night usually costs, in whole reais, for each type: the range most stays of the type fall
 * in. The demo listings are priced within it, and a price far below it asks the host to confirm it
 * (lowPriceWarning, below).
 */
export const USUAL_NIGHTLY_PRICE: Record<PropertyType, readonly [from: number, to: number]> = {
  Microcasa: [180, 380],
  "Casa na Árvore": [260, 520],
  Moinho: [300, 600],
  Pousada: [220, 480],
  Cabana: [250, 560],
  "Casa na Praia": [350, 900],
  Chalé: [280, 650],
  Gruta: [320, 700],
  "Casa Ecológica": [200, 450],
  Fazenda: [400, 950],
  "Hotel Fazenda": [350, 800],
  Hotel: [300, 750],
  "Casas Barco": [380, 850],
  Celeiro: [240, 520],
  Barco: [450, 1000],
  "Trailer / Motorhome": [150, 320],
  Contêiner: [220, 480],
};

export const GUEST_OPTIONS = range(1, 10);
export const BEDROOM_OPTIONS = range(1, 5);
export const BATHROOM_OPTIONS = range(1, 5);
/** R$ 100.000,00 a night: beyond any real stay, and far from integer overflow. */
export const MAX_PRICE_CENTS = 10_000_000;

/** Spec §5: the field's message is "title: description"; the toast shows them apart. */
export const IMAGES_REQUIRED = { title: "Imagens obrigatórias", description: "Adicione pelo menos uma imagem da propriedade" } as const;

export const MESSAGES = {
  title: "O título deve ter pelo menos 3 caracteres.",
  titleBlank: "O título deve ter letras ou números, não só símbolos ou espaços.",
  description: "A descrição deve ter pelo menos 10 caracteres.",
  propertyType: "Selecione um tipo de propriedade.",
  location: "A localização deve ter pelo menos 3 caracteres.",
  price: "O preço por noite deve ser maior que zero.",
  priceMin: "O preço por noite deve ser de pelo menos R$ 1,00.",
  priceFormat: "Digite o preço em reais, por exemplo 520 ou 520,50: os centavos vêm depois da vírgula.",
  maxGuests: "O número máximo de hóspedes deve ser pelo menos 1.",
  bedrooms: "O número de quartos deve ser pelo menos 1.",
  bathrooms: "O número de banheiros deve ser pelo menos 1.",
  whatsapp: "O WhatsApp é obrigatório.",
  whatsappInvalid: "Número de WhatsApp inválido. Use o código do país e o DDD, por exemplo +55 11 98765-4321.",
  imagesRequired: `${IMAGES_REQUIRED.title}: ${IMAGES_REQUIRED.description}`,
  tooManyImages: UPLOAD_MESSAGES.count,
  pinOutside: "A posição no mapa deve ficar no Brasil. Arraste o marcador para o lugar da hospedagem.",
  pinInvalid: "Posição no mapa inválida. Arraste o marcador novamente.",
  signalBoth: "Marque as operadoras com sinal ou “Sem sinal de celular”, não os dois.",
  time: "Escolha um horário da lista.",
  quietHoursBoth: "Informe o início e o fim do horário de silêncio.",
  quietHoursSame: "O horário de silêncio deve começar e terminar em horários diferentes.",
  yesNo: "Escolha uma das opções.",
  cancellationPolicy: "Escolha uma política de cancelamento da lista.",
} as const;

/** What guests read and see: changing any of it (or adding photos) on an approved listing sends it back to review. */
export const REVIEWED_FIELDS = ["title", "description", "propertyType", "location", "otherRules", "cancellationNotes"] as const;

function range(from: number, to: number) {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * A price as written in Brazil, in centavos; null when it is not one. Whole reais unless a comma
 * brings the centavos ("520" is R$ 520,00, "520,5" R$ 520,50); a dot only groups thousands
 * ("1.200" is R$ 1.200,00), so "520.50" or "5 20" is no price rather than a guess.
 */
export function parseBRL(text: string): number | null {
  const cleaned = text.trim().replace(/^R\$\s*/, "");
  if (!/^\d{1,3}(\.\d{3})*(,\d{0,2})?$|^\d+(,\d{0,2})?$/.test(cleaned)) return null;
  const [reais, centavos = ""] = cleaned.replace(/\./g, "").split(",");
  return Number(reais) * 100 + Number(centavos.padEnd(2, "0"));
}

/** The price field's text once the host leaves it: a price written out in full ("520" -> "520,00"), anything else as it was typed. */
export function tidyPrice(typed: string): string {
  const cents = parseBRL(typed);
  return cents === null ? typed : formatCents(cents);
}

/** 123456 -> "1.234,56" (the field shows R$ beside it). */
export function formatCents(cents: number): string {
  return new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
}

const count = (message: string, max: number, maxMessage: string) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(max, maxMessage);

const time = z.enum(TIME_OPTIONS, { error: MESSAGES.time }).nullable();
const yesOrNo = z.boolean({ error: MESSAGES.yesNo }).nullable();
/** Optional free text: cleaned like the description, stored as null when empty. */
const optionalText = (max: number, what: string) =>
  z
    .preprocess(cleanParagraphs, z.string().max(max, `${what} deve ter no máximo ${max.toLocaleString("pt-BR")} caracteres.`))
    .transform((text) => text || null);

/**
 * The rules, with the phone and location checks given by the caller: the browser uses the small
 * phone metadata and the city list once loaded, the server the full ones (their answers are what
 * gets stored: E.164 digits, the municipality's canonical "City - UF"). Free text goes through the
 * one hygiene rule (common/text.ts) before any length is counted.
 */
export function propertySchema(validPhone: (input: string) => string | null, checkLocation: LocationCheck) {
  return z.object({
    title: z.preprocess(
      cleanLine,
      z
        .string()
        .min(3, MESSAGES.title)
        .max(LIMITS.title, `O título deve ter no máximo ${LIMITS.title} caracteres.`)
        .refine(hasLetterOrDigit, MESSAGES.titleBlank),
    ),
    description: z.preprocess(
      cleanParagraphs,
      z
        .string()
        .min(10, MESSAGES.description)
        .max(LIMITS.description, `A descrição deve ter no máximo ${LIMITS.description.toLocaleString("pt-BR")} caracteres.`),
    ),
    propertyType: z.enum(PROPERTY_TYPES, { error: MESSAGES.propertyType }),
    location: z.preprocess(
      cleanLine,
      z
        .string()
        .min(3, MESSAGES.location)
        .max(LIMITS.location, `A localização deve ter no máximo ${LIMITS.location} caracteres.`)
        .transform((value, ctx) => {
          const checked = checkLocation(value);
          if (!checked.ok) ctx.addIssue({ code: "custom", message: checked.message });
          return checked.ok ? checked.label : value;
        }),
    ),
    priceCents: z
      .number({ error: MESSAGES.priceFormat })
      .int(MESSAGES.price)
      .min(1, MESSAGES.price)
      .min(100, MESSAGES.priceMin)
      .max(MAX_PRICE_CENTS, "O preço por noite deve ser de no máximo R$ 100.000,00."),
    maxGuests: count(MESSAGES.maxGuests, 10, "O número máximo de hóspedes é 10."),
    bedrooms: count(MESSAGES.bedrooms, 5, "O número máximo de quartos é 5."),
    bathrooms: count(MESSAGES.bathrooms, 5, "O número máximo de banheiros é 5."),
    amenities: z.array(z.enum(AMENITIES, { error: "Comodidade desconhecida." })).transform((list) => [...new Set(list)]),
    safetyItems: z.array(z.enum(SAFETY_ITEMS, { error: "Item de segurança desconhecido." })).transform((list) => [...new Set(list)]),
    whatsappContact: z
      .string()
      .trim()
      .min(1, MESSAGES.whatsapp)
      .transform((value, ctx) => {
        const digits = validPhone(value);
        if (!digits) ctx.addIssue({ code: "custom", message: MESSAGES.whatsappInvalid });
        return digits ?? "";
      }),
    features: z.array(z.enum(FEATURE_KEYS, { error: "Opção desconhecida." })).transform((list) => [...new Set(list)]),
    road: z.enum(ROAD_KEYS, { error: "Escolha o acesso da lista." }).nullable(),
    signal: z
      .array(z.enum([...CARRIER_KEYS, "none"], { error: "Operadora desconhecida." }))
      .refine((list) => !(list.includes("none") && list.length > 1), MESSAGES.signalBoth)
      .transform((list) => (list.length === 0 ? null : list.includes("none") ? [] : CARRIER_KEYS.filter((c) => list.includes(c)))),
    internet: z.enum(INTERNET_KEYS, { error: "Escolha a internet da lista." }).nullable(),
    power: z.array(z.enum(POWER_KEYS, { error: "Fonte de energia desconhecida." })).transform((list) => [...new Set(list)]),
    checkInFrom: time,
    checkOutUntil: time,
    quietHours: z
      .string()
      .nullable()
      .superRefine((value, ctx) => {
        if (value === null) return;
        const { from, until } = splitQuietHours(value);
        const message =
          !from !== !until ? MESSAGES.quietHoursBoth
          : !TIME_OPTIONS.includes(from) || !TIME_OPTIONS.includes(until) ? MESSAGES.time
          : from === until ? MESSAGES.quietHoursSame
          : null;
        if (message) ctx.addIssue({ code: "custom", message });
      }),
    smokingAllowed: yesOrNo,
    partiesAllowed: yesOrNo,
    otherRules: optionalText(LIMITS.otherRules, "O texto das outras regras"),
    cancellationPolicy: z.enum(CANCELLATION_KEYS, { error: MESSAGES.cancellationPolicy }).nullable(),
    cancellationNotes: optionalText(LIMITS.cancellationNotes, "O detalhamento da política de cancelamento"),
    /** The host's pin; null when the form sent none (no JavaScript): the municipality's point is used. */
    pin: z
      .object({ lat: z.number({ error: MESSAGES.pinInvalid }), lng: z.number({ error: MESSAGES.pinInvalid }) })
      .nullable()
      .refine((pin) => !pin || inBrazil(pin.lat, pin.lng), MESSAGES.pinOutside),
    showExactLocation: z.boolean(),
    imageIds: z
      .array(z.uuid("Imagem inválida. Envie a foto novamente."))
      .min(1, MESSAGES.imagesRequired)
      .max(MAX_IMAGES_PER_PROPERTY, MESSAGES.tooManyImages)
      .refine((ids) => new Set(ids).size === ids.length, "A mesma imagem foi enviada duas vezes."),
  });
}

export type PropertyInput = z.output<ReturnType<typeof propertySchema>>;
export type PropertyField = keyof PropertyInput;
export type FieldErrors = Partial<Record<PropertyField, string>>;

/** Every field in the form's order: a refused field is shown where the host sees it, and the first one gets the focus. */
export const PROPERTY_FIELD_ORDER = [
  "imageIds",
  "title",
  "description",
  "propertyType",
  "location",
  "pin",
  "showExactLocation",
  "priceCents",
  "maxGuests",
  "bedrooms",
  "bathrooms",
  "features",
  "road",
  "signal",
  "internet",
  "power",
  "amenities",
  "safetyItems",
  "checkInFrom",
  "checkOutUntil",
  "quietHours",
  "smokingAllowed",
  "partiesAllowed",
  "otherRules",
  "cancellationPolicy",
  "cancellationNotes",
  "whatsappContact",
] as const satisfies readonly PropertyField[];

/** The form's checkbox that confirms a price far below the type's usual range; its value is the price it confirms, in centavos. */
export const LOW_PRICE_CONFIRMATION = "confirmLowPrice";

const isPropertyType = (type: string): type is PropertyType => (PROPERTY_TYPES as readonly string[]).includes(type);

/**
 * A price under a tenth of the lowest the type usually costs (USUAL_NIGHTLY_PRICE) is most likely
 * a slip, such as "5,20" for a R$ 520 cabin: the form saves it only once the host confirms it.
 * Returns what to tell the host, or null for a price within reason (or no price or type yet).
 */
export function lowPriceWarning(priceCents: number, propertyType: string): string | null {
  if (!isPropertyType(propertyType) || !Number.isInteger(priceCents) || priceCents < 100 || priceCents > MAX_PRICE_CENTS) return null;
  const usualFromCents = USUAL_NIGHTLY_PRICE[propertyType][0] * 100;
  if (priceCents * 10 >= usualFromCents) return null;
  return `${formatBRL(priceCents)} por noite é muito menos do que costuma custar uma hospedagem do tipo “${propertyType}” (a partir de ${formatBRL(usualFromCents)}). Confira o valor; se estiver certo, marque a confirmação abaixo para salvar.`;
}

/** The confirmation's label: the price it confirms, spelled out. */
export const lowPriceConfirmation = (priceCents: number) => `O preço de ${formatBRL(priceCents)} por noite está certo`;

/** "-22.9" -> -22.9; anything but a plain decimal number -> NaN (refused with a message). */
const coordinate = (text: string) => (/^-?\d{1,3}(\.\d{1,12})?$/.test(text.trim()) ? Number(text) : Number.NaN);

/** What the form posts, read the same way from FormData in the browser and on the server. */
export function propertyFormValues(form: { get(name: string): unknown; getAll(name: string): unknown[] }) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const list = (name: string) => form.getAll(name).filter((v): v is string => typeof v === "string");
  return {
    title: text("title"),
    description: text("description"),
    propertyType: text("propertyType"),
    location: text("location"),
    // Left empty it is zero ("maior que zero"); written some other way, it is no price at all.
    priceCents: text("price").trim() === "" ? 0 : (parseBRL(text("price")) ?? Number.NaN),
    confirmedLowPrice: text(LOW_PRICE_CONFIRMATION),
    maxGuests: text("maxGuests"),
    bedrooms: text("bedrooms"),
    bathrooms: text("bathrooms"),
    amenities: list("amenities"),
    safetyItems: list("safetyItems"),
    features: list("features"),
    road: text("road") || null,
    signal: list("signal"),
    internet: text("internet") || null,
    power: list("power"),
    pin: text("latitude") || text("longitude") ? { lat: coordinate(text("latitude")), lng: coordinate(text("longitude")) } : null,
    showExactLocation: text("showExactLocation") === "on",
    checkInFrom: text("checkInFrom") || null,
    checkOutUntil: text("checkOutUntil") || null,
    quietHours: joinQuietHours(text("quietHoursFrom"), text("quietHoursUntil")),
    smokingAllowed: yesNo(text("smokingAllowed")),
    partiesAllowed: yesNo(text("partiesAllowed")),
    otherRules: text("otherRules"),
    cancellationPolicy: text("cancellationPolicy") || null,
    cancellationNotes: text("cancellationNotes"),
    whatsappContact: text("whatsappContact"),
    imageIds: list("imageIds"),
  };
}

/** Valid input, or the first message for each field that failed (a price far below the type's range counts as failed until it is confirmed). */
export function validateProperty(
  form: { get(name: string): unknown; getAll(name: string): unknown[] },
  validPhone: (input: string) => string | null,
  checkLocation: LocationCheck,
): { ok: true; value: PropertyInput } | { ok: false; errors: FieldErrors } {
  const values = propertyFormValues(form);
  const result = propertySchema(validPhone, checkLocation).safeParse(values);
  const lowPrice = lowPriceWarning(values.priceCents, values.propertyType);
  const unconfirmed = lowPrice !== null && values.confirmedLowPrice !== String(values.priceCents);
  if (result.success && !unconfirmed) return { ok: true, value: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = issue.path[0] as PropertyField;
    errors[field] ??= issue.message;
  }
  if (unconfirmed) errors.priceCents ??= lowPrice;
  return { ok: false, errors };
}
