import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PROPERTY_TYPES } from "../../common/catalog";
import { cityOptions } from "../../common/cities";
import { brazilianCities } from "../../server/cities/cities";
import { demoImageKey } from "../../server/seed/demo-images";
import { demoCatalogue, DEMO_NOTICE } from "../../server/seed/demo-catalog";
import { houseRulesOf, NO_HOUSE_RULES } from "../../common/house-rules";
import { propertySchema } from "../../common/property-form";
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
