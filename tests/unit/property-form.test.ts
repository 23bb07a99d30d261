import { describe, expect, it } from "vitest";
import { normalizePhone } from "../../common/phone";
import { formatCents, maskBRL, MESSAGES, parseBRL, validateProperty } from "../../common/property-form";
import { whatsappNumber } from "../../common/whatsapp";

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
  imageIds: [IMAGE],
};

describe("the property form's rules (spec §5)", () => {
  it("accepts a complete form, stores the WhatsApp as E.164 digits and drops repeated amenities", () => {
    for (const check of [whatsappNumber, normalizePhone]) {
      const result = validateProperty(form(VALID), check);
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
    ["location", { location: "  R " }, MESSAGES.location],
    ["priceCents", { price: "0,00" }, MESSAGES.price],
    ["priceCents", { price: "abc" }, MESSAGES.price],
    ["priceCents", { price: "0,99" }, MESSAGES.price],
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
    ["imageIds", { imageIds: [] }, MESSAGES.imagesRequired],
    ["imageIds", { imageIds: Array.from({ length: 11 }, (_, i) => IMAGE.replace(/.{2}$/, String(10 + i))) }, MESSAGES.tooManyImages],
    ["imageIds", { imageIds: ["../../etc/passwd"] }, "Imagem inválida. Envie a foto novamente."],
    ["imageIds", { imageIds: [IMAGE, IMAGE] }, "A mesma imagem foi enviada duas vezes."],
  ])("%s: %j -> %s", (field, change, message) => {
    const result = validateProperty(form({ ...VALID, ...change }), whatsappNumber);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[field as keyof typeof result.errors]).toBe(message);
  });

  it("reports every failing field at once, one message each", () => {
    const result = validateProperty(form({}), whatsappNumber);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.errors).sort()).toEqual(["bathrooms", "bedrooms", "description", "imageIds", "location", "maxGuests", "priceCents", "propertyType", "title", "whatsappContact"]);
    }
  });
});

describe("the price in Brazilian format", () => {
  it("reads what the mask writes, and what people type", () => {
    expect(parseBRL("1.234,56")).toBe(123456);
    expect(parseBRL("R$ 80")).toBe(8000);
    expect(parseBRL("350,5")).toBe(35050);
    expect(parseBRL("1234,56")).toBe(123456);
    for (const bad of ["", "12,345", "1.23,00", "-5,00", "1e3", "12.5"]) expect(parseBRL(bad), bad).toBeNull();
  });

  it("masks typing as centavos: 0,00 to start, thousands with dots", () => {
    expect(maskBRL("")).toBe("0,00");
    expect(maskBRL("5")).toBe("0,05");
    expect(maskBRL("35000")).toBe("350,00");
    expect(maskBRL("R$ 1.234,567")).toBe("12.345,67");
    expect(formatCents(123456)).toBe("1.234,56");
  });
});
