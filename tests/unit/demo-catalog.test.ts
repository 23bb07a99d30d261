import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PROPERTY_TYPES } from "../../common/catalog";
import { cityOptions } from "../../common/cities";
import { brazilianCities } from "../../server/cities/cities";
import { demoImageKey } from "../../server/seed/demo-images";
import { demoCatalogue, DEMO_NOTICE } from "../../server/seed/demo-catalog";
import { answerOf, houseRulesOf, NO_HOUSE_RULES, splitQuietHours } from "../../common/house-rules";
import { locationCheck } from "../../common/cities";
import { formatInternationalPhone, normalizePhone } from "../../common/phone";
import { formatCents, propertySchema, validateProperty } from "../../common/property-form";
import { attributesFromTags } from "../../common/stay-attributes";
import { whatsappNumber } from "../../common/whatsapp";
import { municipalities } from "../../server/cities/cities";
import { DEMO_LABEL, sceneSvg } from "../../server/seed/demo-scenes";

describe("demo catalogue", () => {
  const catalogue = demoCatalogue(["5511900000001", "5548900000002"]);

  it("has at least 60 approved properties covering every type, in real municipalities", () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(60);
    expect(new Set(catalogue.map((p) => p.propertyType))).toEqual(new Set(PROPERTY_TYPES));
    const labels = new Set(cityOptions(brazilianCities()).map((c) => c.label));
    for (const p of catalogue) {
      expect(labels, p.location).toContain(p.location);
      expect(p.status).toBe("approved");
      expect(p.description).toContain(DEMO_NOTICE);
      expect(p.priceCents).toBeGreaterThan(0);
      expect(p.maxGuests).toBeGreaterThanOrEqual(1);
    }
  });

  it("gives most listings house rules and a cancellation policy the form would accept as they are, and leaves some unstated", () => {
    const rules = propertySchema(() => null, () => ({ ok: false, message: "" })).pick({
      checkInFrom: true,
      checkOutUntil: true,
      quietHours: true,
      smokingAllowed: true,
      partiesAllowed: true,
      otherRules: true,
      cancellationPolicy: true,
      cancellationNotes: true,
    });
    const stated = catalogue.filter((p) => p.cancellationPolicy);
    expect(stated.length).toBeGreaterThan(catalogue.length / 2);
    expect(catalogue.some((p) => houseRulesOf({ ...NO_HOUSE_RULES, ...p }).checkInFrom === null)).toBe(true);
    for (const p of catalogue) {
      const own = houseRulesOf({ ...NO_HOUSE_RULES, ...p });
      expect(rules.parse(own), p.title).toEqual(own);
    }
  });

  it("saves from the edit form as it is: every listing passes the form's own rules, in the browser and on the server", () => {
    const seeded = demoCatalogue(["5511900000001", "5548900000002", "5582900000003"]);
    for (const p of seeded) {
      // What the edit form posts for the listing, untouched (app/components/host/form/property-form.tsx).
      const form = new FormData();
      const attributes = attributesFromTags(p.features ?? []);
      const rules = houseRulesOf({ ...NO_HOUSE_RULES, ...p });
      const quiet = splitQuietHours(rules.quietHours);
      const fields: [string, string | readonly string[]][] = [
        ["title", p.title],
        ["description", p.description],
        ["propertyType", p.propertyType],
        ["location", p.location],
        ["price", formatCents(p.priceCents)],
        ["maxGuests", String(p.maxGuests)],
        ["bedrooms", String(p.bedrooms)],
        ["bathrooms", String(p.bathrooms)],
        ["amenities", p.amenities],
        ["safetyItems", p.safetyItems],
        ["features", attributes.features],
        ["road", attributes.road ?? ""],
        ["signal", attributes.signal === null ? [] : attributes.signal.length === 0 ? ["none"] : attributes.signal],
        ["internet", attributes.internet ?? ""],
        ["power", attributes.power],
        ["latitude", p.pin ? String(p.pin.lat) : ""],
        ["longitude", p.pin ? String(p.pin.lng) : ""],
        ["checkInFrom", rules.checkInFrom ?? ""],
        ["checkOutUntil", rules.checkOutUntil ?? ""],
        ["quietHoursFrom", quiet.from],
        ["quietHoursUntil", quiet.until],
        ["smokingAllowed", answerOf(rules.smokingAllowed)],
        ["partiesAllowed", answerOf(rules.partiesAllowed)],
        ["otherRules", rules.otherRules ?? ""],
        ["cancellationPolicy", rules.cancellationPolicy ?? ""],
        ["cancellationNotes", rules.cancellationNotes ?? ""],
        ["whatsappContact", formatInternationalPhone(p.whatsappContact)],
        ["imageIds", ["3f1c2b9e-8a4d-4c1e-9f7a-2b6d8e0c1a55"]],
      ];
      for (const [name, value] of fields) for (const v of [value].flat()) form.append(name, v);
      const inBrowser = validateProperty(form, normalizePhone, locationCheck(null, p.location));
      const onServer = validateProperty(form, whatsappNumber, locationCheck(municipalities(), p.location));
      expect(inBrowser.ok ? {} : inBrowser.errors, p.title).toEqual({});
      expect(onServer.ok ? {} : onServer.errors, p.title).toEqual({});
      expect(onServer.ok && onServer.value).toMatchObject({ priceCents: p.priceCents, pin: p.pin, whatsappContact: p.whatsappContact });
    }
  });

  it("is the same on every run", () => {
    expect(demoCatalogue(["5511900000001", "5548900000002"])).toEqual(catalogue);
  });

  it("draws a labelled illustration per type that renders", async () => {
    const svg = sceneSvg("Casa na Árvore", 0);
    expect(svg).toContain(DEMO_LABEL);
    expect(sceneSvg("Casa na Árvore", 1)).not.toEqual(svg);
    const { width, height, format } = await sharp(Buffer.from(svg)).png().toBuffer({ resolveWithObject: true }).then((r) => r.info);
    expect({ width, height, format }).toEqual({ width: 1200, height: 800, format: "png" });
  });
});

describe("demo illustration names", () => {
  it("are fixed, so later starts and the tests' cache reuse the files already drawn", () => {
    expect(demoImageKey("Casa na Árvore", 0)).toBe("demo/casa-na-arvore-1");
    expect(demoImageKey("Trailer / Motorhome", 7)).toBe("demo/trailer-motorhome-8");
  });
});
