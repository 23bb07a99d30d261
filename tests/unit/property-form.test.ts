import { describe, expect, it } from "vitest";
import { LOCATION_MESSAGES, locationCheck } from "../../common/cities";
import { normalizePhone } from "../../common/phone";
import { formatCents, LOW_PRICE_CONFIRMATION, lowPriceWarning, MESSAGES, parseBRL, PROPERTY_FIELD_ORDER, propertySchema, tidyPrice, validateProperty } from "../../common/property-form";
import { NO_HOUSE_RULES } from "../../common/house-rules";
import { whatsappNumber } from "../../common/whatsapp";
import { municipalities } from "../../server/cities/cities";

const cities = locationCheck(municipalities());

const IMAGE = "3f1c2b9e-8a4d-4c1e-9f7a-2b6d8e0c1a55";

function form(fields: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) data.append(name, v);
  return data;
}

const VALID = {
  title: "Chalé da Serra",
  description: "Chalé aconchegante com lareira e vista para as montanhas.",
  propertyType: "Chalé",
  location: "Gramado - RS",
  price: "350,00",
  maxGuests: "4",
  bedrooms: "2",
  bathrooms: "1",
  amenities: ["Wi-Fi", "Lareira interna", "Wi-Fi"],
  safetyItems: ["Detector de fumaça"],
  whatsappContact: "+55 (54) 99123-4567",
  features: ["petsAllowed", "childFriendly", "petsAllowed"],
  road: "terra",
  signal: ["tim", "vivo"],
  internet: "radio",
  power: ["rede", "solar"],
  latitude: "-29.3921",
  longitude: "-50.8765",
  showExactLocation: "on",
  checkInFrom: "14:00",
  checkOutUntil: "11:00",
  quietHoursFrom: "22:00",
  quietHoursUntil: "08:00",
  smokingAllowed: "nao",
  partiesAllowed: "",
  otherRules: " Visitas só com aviso.\u200B\r\n\r\n\r\nSem som alto.  ",
  cancellationPolicy: "moderada",
  cancellationNotes: "\u200B ",
  imageIds: [IMAGE],
};

describe("the property form's rules (spec §5)", () => {
  it("accepts a complete form, stores the WhatsApp as E.164 digits and drops repeated amenities", () => {
    for (const check of [whatsappNumber, normalizePhone]) {
      const result = validateProperty(form(VALID), check, cities);
      expect(result).toEqual({
        ok: true,
        value: {
          title: "Chalé da Serra",
          description: VALID.description,
          propertyType: "Chalé",
          location: "Gramado - RS",
          priceCents: 35000,
          maxGuests: 4,
          bedrooms: 2,
          bathrooms: 1,
          amenities: ["Wi-Fi", "Lareira interna"],
          safetyItems: ["Detector de fumaça"],
          features: ["petsAllowed", "childFriendly"],
          road: "terra",
          signal: ["vivo", "tim"],
          internet: "radio",
          power: ["rede", "solar"],
          pin: { lat: -29.3921, lng: -50.8765 },
          showExactLocation: true,
          checkInFrom: "14:00",
          checkOutUntil: "11:00",
          quietHours: "22:00-08:00",
          smokingAllowed: false,
          partiesAllowed: null,
          otherRules: "Visitas só com aviso.\n\nSem som alto.",
          cancellationPolicy: "moderada",
          cancellationNotes: null,
          whatsappContact: "5554991234567",
          imageIds: [IMAGE],
        },
      });
    }
  });

  it.each([
    ["title", { title: "Oi" }, MESSAGES.title],
    ["description", { description: "Curta" }, MESSAGES.description],
    ["propertyType", { propertyType: "" }, MESSAGES.propertyType],
    ["propertyType", { propertyType: "Castelo" }, MESSAGES.propertyType],
    ["title", { title: "\u3164\u3164\u3164\u3164" }, MESSAGES.title],
    ["title", { title: "\u200B\u200B\u200B\u2800\u2800\u2800" }, MESSAGES.title],
    ["title", { title: "!!! --- ***" }, MESSAGES.titleBlank],
    ["description", { description: `Curta${"\u200B".repeat(20)}` }, MESSAGES.description],
    ["location", { location: "  " }, MESSAGES.location],
    ["location", { location: "\u200B\u3164" }, MESSAGES.location],
    ["location", { location: "Rs" }, "A localização deve ter pelo menos 3 caracteres."],
    ["location", { location: "Serra Gaúcha" }, LOCATION_MESSAGES.noState],
    ["location", { location: "Gramado - XX" }, LOCATION_MESSAGES.unknownState("XX")],
    ["location", { location: "Gramado - SP" }, LOCATION_MESSAGES.unknownCity("Gramado", "SP")],
    ["location", { location: "Cidade Inventada - MG" }, LOCATION_MESSAGES.unknownCity("Cidade Inventada", "MG")],
    ["priceCents", { price: "0,00" }, MESSAGES.price],
    ["priceCents", { price: "" }, MESSAGES.price],
    ["priceCents", { price: "abc" }, MESSAGES.priceFormat],
    ["priceCents", { price: "520.50" }, MESSAGES.priceFormat],
    ["priceCents", { price: "0,99" }, MESSAGES.priceMin],
    ["priceCents", { price: "100.000,01" }, "O preço por noite deve ser de no máximo R$ 100.000,00."],
    ["maxGuests", { maxGuests: "0" }, MESSAGES.maxGuests],
    ["maxGuests", { maxGuests: "11" }, "O número máximo de hóspedes é 10."],
    ["maxGuests", { maxGuests: "2.5" }, MESSAGES.maxGuests],
    ["bedrooms", { bedrooms: "" }, MESSAGES.bedrooms],
    ["bedrooms", { bedrooms: "6" }, "O número máximo de quartos é 5."],
    ["bathrooms", { bathrooms: "-1" }, MESSAGES.bathrooms],
    ["bathrooms", { bathrooms: "6" }, "O número máximo de banheiros é 5."],
    ["whatsappContact", { whatsappContact: "   " }, MESSAGES.whatsapp],
    ["whatsappContact", { whatsappContact: "123" }, MESSAGES.whatsappInvalid],
    ["amenities", { amenities: ["Heliponto"] }, "Comodidade desconhecida."],
    ["safetyItems", { safetyItems: ["Fosso com jacarés"] }, "Item de segurança desconhecido."],
    ["features", { features: ["heliponto"] }, "Opção desconhecida."],
    ["road", { road: "lama" }, "Escolha o acesso da lista."],
    ["signal", { signal: ["vivo", "none"] }, MESSAGES.signalBoth],
    ["signal", { signal: ["oi"] }, "Operadora desconhecida."],
    ["internet", { internet: "5g" }, "Escolha a internet da lista."],
    ["power", { power: ["nuclear"] }, "Fonte de energia desconhecida."],
    ["checkInFrom", { checkInFrom: "14:15" }, MESSAGES.time],
    ["checkOutUntil", { checkOutUntil: "25:00" }, MESSAGES.time],
    ["quietHours", { quietHoursUntil: "" }, MESSAGES.quietHoursBoth],
    ["quietHours", { quietHoursFrom: "" }, MESSAGES.quietHoursBoth],
    ["quietHours", { quietHoursFrom: "22:00-23:00" }, MESSAGES.time],
    ["quietHours", { quietHoursFrom: "tarde" }, MESSAGES.time],
    ["quietHours", { quietHoursFrom: "08:00" }, MESSAGES.quietHoursSame],
    ["smokingAllowed", { smokingAllowed: "talvez" }, MESSAGES.yesNo],
    ["partiesAllowed", { partiesAllowed: "true" }, MESSAGES.yesNo],
    ["otherRules", { otherRules: "a".repeat(1001) }, "O texto das outras regras deve ter no máximo 1.000 caracteres."],
    ["cancellationPolicy", { cancellationPolicy: "super-flexivel" }, MESSAGES.cancellationPolicy],
    ["cancellationNotes", { cancellationNotes: "é".repeat(1001) }, "O detalhamento da política de cancelamento deve ter no máximo 1.000 caracteres."],
    ["pin", { latitude: "48.85", longitude: "2.35" }, MESSAGES.pinOutside],
    ["pin", { latitude: "-22.9", longitude: "" }, MESSAGES.pinInvalid],
    ["pin", { latitude: "1e3", longitude: "-43" }, MESSAGES.pinInvalid],
    ["imageIds", { imageIds: [] }, MESSAGES.imagesRequired],
    ["imageIds", { imageIds: Array.from({ length: 11 }, (_, i) => IMAGE.replace(/.{2}$/, String(10 + i))) }, MESSAGES.tooManyImages],
    ["imageIds", { imageIds: ["../../etc/passwd"] }, "Imagem inválida. Envie a foto novamente."],
    ["imageIds", { imageIds: [IMAGE, IMAGE] }, "A mesma imagem foi enviada duas vezes."],
  ])("%s: %j -> %s", (field, change, message) => {
    const result = validateProperty(form({ ...VALID, ...change }), whatsappNumber, cities);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[field as keyof typeof result.errors]).toBe(message);
  });

  it("leaves the attributes unstated and the pin to the municipality when the form sends none", () => {
    const result = validateProperty(form({ ...VALID, features: [], road: "", signal: [], internet: "", power: [], latitude: "", longitude: "", showExactLocation: "" }), whatsappNumber, cities);
    expect(result.ok && result.value).toMatchObject({ features: [], road: null, signal: null, internet: null, power: [], pin: null, showExactLocation: false });
    const noSignal = validateProperty(form({ ...VALID, signal: ["none"] }), whatsappNumber, cities);
    expect(noSignal.ok && noSignal.value.signal).toEqual([]);
  });

  it("leaves every house rule and the cancellation policy unstated when the form sends none", () => {
    const none = { checkInFrom: "", checkOutUntil: "", quietHoursFrom: "", quietHoursUntil: "", smokingAllowed: "", partiesAllowed: "", otherRules: "", cancellationPolicy: "", cancellationNotes: "" };
    const result = validateProperty(form({ ...VALID, ...none }), whatsappNumber, cities);
    expect(result.ok && result.value).toMatchObject({ ...NO_HOUSE_RULES });
    const omitted = Object.fromEntries(Object.entries(VALID).filter(([name]) => !(name in none)));
    expect(validateProperty(form(omitted), whatsappNumber, cities)).toMatchObject({ ok: true, value: NO_HOUSE_RULES });
    const allowed = validateProperty(form({ ...VALID, smokingAllowed: "sim", partiesAllowed: "sim" }), whatsappNumber, cities);
    expect(allowed.ok && allowed.value).toMatchObject({ smokingAllowed: true, partiesAllowed: true });
  });

  it("reports every failing field at once, one message each", () => {
    const result = validateProperty(form({}), whatsappNumber, cities);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.errors).sort()).toEqual(["bathrooms", "bedrooms", "description", "imageIds", "location", "maxGuests", "priceCents", "propertyType", "title", "whatsappContact"]);
    }
  });
});

describe("the property form's free text and location", () => {
  const valid = (change: Record<string, string>, check = cities) => {
    const result = validateProperty(form({ ...VALID, ...change }), whatsappNumber, check);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result.value;
  };

  it("stores titles and descriptions cleaned: NFC, no invisible characters, blanks collapsed", () => {
    expect(valid({ title: " Chale\u0301\u200B  da\u00A0Serra\u3164 " }).title).toBe("Chalé da Serra");
    expect(valid({ description: "Lareira.\u200D\r\n\r\n\r\nVista   para a serra." }).description).toBe("Lareira.\n\nVista para a serra.");
    expect(valid({ title: "101" }).title).toBe("101");
  });

  it("stores a municipality's canonical spelling, whatever the accents, case and separator", () => {
    expect(valid({ location: "sao paulo - sp" }).location).toBe("São Paulo - SP");
    expect(valid({ location: "SÃO JOÃO DEL REI/mg" }).location).toBe("São João del Rei - MG");
    expect(valid({ location: "gramado, rs" }).location).toBe("Gramado - RS");
    expect(valid({ location: "Santa Bárbara d’Oeste SP" }).location).toBe("Santa Bárbara d'Oeste - SP");
    expect(valid({ location: "embu-guaçu - sp" }).location).toBe("Embu-Guaçu - SP");
  });

  it("keeps a listing's older location while it is unchanged, and checks it once edited", () => {
    const old = locationCheck(municipalities(), "Serra da Mantiqueira");
    expect(valid({ location: "Serra da Mantiqueira" }, old).location).toBe("Serra da Mantiqueira");
    const edited = validateProperty(form({ ...VALID, location: "Serra da Mantiqueira - MG" }), whatsappNumber, old);
    expect(edited).toMatchObject({ ok: false, errors: { location: LOCATION_MESSAGES.unknownCity("Serra da Mantiqueira", "MG") } });
  });

  it("lets the browser defer the location to the server until the city list is loaded", () => {
    expect(valid({ location: "Qualquer lugar" }, locationCheck(null)).location).toBe("Qualquer lugar");
  });
});

describe("the price in Brazilian format", () => {
  it("reads whole reais, centavos only after a comma, and dots as thousands", () => {
    expect(parseBRL("520")).toBe(52000);
    expect(parseBRL("520,5")).toBe(52050);
    expect(parseBRL("520,50")).toBe(52050);
    expect(parseBRL("520,")).toBe(52000);
    expect(parseBRL("1.200")).toBe(120000);
    expect(parseBRL("1.234,56")).toBe(123456);
    expect(parseBRL("R$ 80")).toBe(8000);
    expect(parseBRL(" 1234,56 ")).toBe(123456);
    for (const bad of ["", "12,345", "1.23,00", "-5,00", "1e3", "12.5", "520.50", "5 20", "abc"]) expect(parseBRL(bad), bad).toBeNull();
  });

  it("writes a price out in full when the field is left, and keeps anything else as it was typed", () => {
    expect(tidyPrice("520")).toBe("520,00");
    expect(tidyPrice("520,5")).toBe("520,50");
    expect(tidyPrice("1200")).toBe("1.200,00");
    expect(tidyPrice("1.200")).toBe("1.200,00");
    expect(tidyPrice("R$ 80")).toBe("80,00");
    expect(tidyPrice("520.50")).toBe("520.50");
    expect(tidyPrice("abc")).toBe("abc");
    expect(formatCents(123456)).toBe("1.234,56");
  });

  it("posts what was typed: '520' is R$ 520,00 on the listing, not R$ 5,20", () => {
    for (const typed of ["520", tidyPrice("520"), "520,00", "R$ 520"]) {
      const result = validateProperty(form({ ...VALID, price: typed }), whatsappNumber, cities);
      expect(result.ok && result.value.priceCents, typed).toBe(52000);
    }
    const thousands = validateProperty(form({ ...VALID, price: "1.200" }), whatsappNumber, cities);
    expect(thousands.ok && thousands.value.priceCents).toBe(120000);
  });
});

describe("a price far below what the type usually costs", () => {
  // Chalé: usually from R$ 280, so below R$ 28,00 asks for a confirmation.
  it("is under a tenth of the type's lowest usual price", () => {
    expect(lowPriceWarning(520, "Chalé")).toBe(
      "R$\u00a05,20 por noite é muito menos do que costuma custar uma hospedagem do tipo “Chalé” (a partir de R$\u00a0280,00). Confira o valor; se estiver certo, marque a confirmação abaixo para salvar.",
    );
    expect(lowPriceWarning(2799, "Chalé")).not.toBeNull();
    expect(lowPriceWarning(2800, "Chalé")).toBeNull();
    expect(lowPriceWarning(52000, "Chalé")).toBeNull();
    // Trailers are cheaper: R$ 20 is within reason there, not for a boat.
    expect(lowPriceWarning(2000, "Trailer / Motorhome")).toBeNull();
    expect(lowPriceWarning(2000, "Barco")).not.toBeNull();
    // No type yet, or a price the other rules refuse: nothing to confirm.
    expect(lowPriceWarning(520, "")).toBeNull();
    expect(lowPriceWarning(99, "Chalé")).toBeNull();
    expect(lowPriceWarning(Number.NaN, "Chalé")).toBeNull();
  });

  it("is refused at the price until the form confirms that very price", () => {
    const low = { price: "5,20" };
    const refused = validateProperty(form({ ...VALID, ...low }), whatsappNumber, cities);
    expect(refused).toEqual({ ok: false, errors: { priceCents: lowPriceWarning(520, "Chalé") } });
    const otherPrice = validateProperty(form({ ...VALID, ...low, [LOW_PRICE_CONFIRMATION]: "400" }), whatsappNumber, cities);
    expect(otherPrice.ok).toBe(false);
    const confirmed = validateProperty(form({ ...VALID, ...low, [LOW_PRICE_CONFIRMATION]: "520" }), whatsappNumber, cities);
    expect(confirmed.ok && confirmed.value.priceCents).toBe(520);
    expect(confirmed.ok && LOW_PRICE_CONFIRMATION in confirmed.value).toBe(false);
  });

  it("is reported with the other fields' messages", () => {
    const result = validateProperty(form({ ...VALID, price: "5,20", title: "Oi" }), whatsappNumber, cities);
    expect(result).toEqual({ ok: false, errors: { title: MESSAGES.title, priceCents: lowPriceWarning(520, "Chalé") } });
  });
});

describe("the form's field order", () => {
  it("names every field the rules check, once: each refusal has a place on the page", () => {
    const fields = Object.keys(propertySchema(() => null, () => ({ ok: false, message: "" })).shape);
    expect([...PROPERTY_FIELD_ORDER].sort()).toEqual([...fields].sort());
    expect(new Set(PROPERTY_FIELD_ORDER).size).toBe(PROPERTY_FIELD_ORDER.length);
  });
});
