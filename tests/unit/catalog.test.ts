import { describe, expect, it } from "vitest";
import { AMENITIES, CATEGORIES, findCategory, FOOTER_CATEGORIES, PROPERTY_TYPES, SAFETY_ITEMS, typeOfPage } from "../../common/catalog";

describe("catalog", () => {
  it("has the spec's 17 types, 17 amenities and 5 safety items", () => {
    expect(PROPERTY_TYPES).toHaveLength(17);
    expect(AMENITIES).toHaveLength(17);
    expect(SAFETY_ITEMS).toHaveLength(5);
    expect(AMENITIES).toContain("Acesso à praia");
    expect(SAFETY_ITEMS).toContain("Câmera de segurança na parte externa");
  });

  it("gives every property type exactly one page of its own, with a unique ASCII slug", () => {
    for (const type of PROPERTY_TYPES) {
      expect(CATEGORIES.filter((c) => typeOfPage(c) === type), type).toHaveLength(1);
    }
    const slugs = CATEGORIES.map((c) => c.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it("finds a category by slug or by the stored type name", () => {
    expect(findCategory("microcasas")?.name).toBe("Microcasas");
    expect(findCategory("Microcasa")?.name).toBe("Microcasas");
    expect(findCategory("Casa na Árvore")?.slug).toBe("casas-na-arvore");
    expect(findCategory("casas-na-arvore")?.tagline).toBe("Experiência única nas alturas");
    expect(findCategory("Hotel Fazenda")?.slug).toBe("hoteis-fazenda");
    expect(findCategory("Trailer / Motorhome")?.name).toBe("Trailers / Motorhomes");
    expect(findCategory("nao-existe")).toBeUndefined();
    expect(findCategory("' OR 1=1 --")).toBeUndefined();
  });

  it("links the footer's six categories, collections included", () => {
    expect(FOOTER_CATEGORIES.map((c) => c.slug)).toEqual(["chales", "glamping", "hoteis-fazenda", "cabanas", "pe-na-areia", "lugares-historicos"]);
    expect(findCategory("pe-na-areia")?.anyAmenities).toEqual(["Acesso à praia"]);
    // A collection of one type plus amenities is not that type's page.
    expect(typeOfPage(findCategory("pe-na-areia")!)).toBeNull();
  });
});
