import { describe, expect, it } from "vitest";
import {
  categorySearch,
  compactPageWindow,
  DEFAULT_QUERY,
  hasHomeFilters,
  homeSearch,
  pageWindow,
  parseCategoryQuery,
  parseHomeQuery,
} from "../../common/property-query";

const params = (s: string) => new URLSearchParams(s);

describe("home query", () => {
  it("reads every filter", () => {
    expect(
      parseHomeQuery(params("search=cabana&propertyType=Casa%20na%20%C3%81rvore&minPrice=100&maxPrice=500&location=Gramado%20-%20RS&minGuests=4&amenities=Wi-Fi,Lareira%20interna&sort=price-low&page=3")),
    ).toEqual({
      ...DEFAULT_QUERY,
      search: "cabana",
      propertyType: "Casa na Árvore",
      minPrice: 100,
      maxPrice: 500,
      location: "Gramado - RS",
      minGuests: 4,
      amenities: ["Wi-Fi", "Lareira interna"],
      sort: "price-low",
      page: 3,
    });
  });

  it("reads places, areas and the rural attributes, keeping only sane values", () => {
    const q = parseHomeQuery(
      params("state=mg&near=-22.91234,-43.17891&radius=100&area=-80,-40,-40,-20&features=petsAllowed,x,stepFree&road=terra,asfalto&signal=none,vivo&internet=fibra&power=solar&sort=distance"),
    );
    expect(q).toMatchObject({
      state: "MG",
      near: { lat: -22.91, lng: -43.18 },
      radiusKm: 100,
      // Cut to Brazil.
      area: { west: -74.2, south: -34, east: -40, north: -20 },
      features: ["petsAllowed", "stepFree"],
      road: ["asfalto", "terra"],
      signal: ["vivo", "none"],
      internet: ["fibra"],
      power: ["solar"],
      sort: "distance",
    });
    const bad = parseHomeQuery(params("state=Minas&near=10,10&radius=0&area=-40,-15,-50,-25&road=lama&sort=popular"));
    expect(bad).toEqual(DEFAULT_QUERY);
    expect(parseHomeQuery(params("sort=rating")).sort).toBe("rating");
    expect(parseHomeQuery(params("area=10,10,20,20&radius=501&near=-22.9")).area).toBeNull();
    // "raio": only the distances offered (10, 25, 50, 100 km); "radius", its old name, still read.
    expect([10, 25, 100].map((km) => parseHomeQuery(params(`raio=${km}`)).radiusKm)).toEqual([10, 25, 100]);
    expect(["200", "0", "abc", "25.5"].map((km) => parseHomeQuery(params(`raio=${km}`)).radiusKm)).toEqual([50, 50, 50, 50]);
    expect(parseHomeQuery(params("radius=10")).radiusKm).toBe(10);
    expect(parseHomeQuery(params(`amenities=${"Wi-Fi,".repeat(5000)}Piscina`)).amenities).toEqual(["Wi-Fi"]);
  });

  it("accepts a type's slug, and ignores unknown types and amenities", () => {
    expect(parseHomeQuery(params("propertyType=casas-na-arvore")).propertyType).toBe("Casa na Árvore");
    expect(parseHomeQuery(params("propertyType=all")).propertyType).toBeNull();
    expect(parseHomeQuery(params("propertyType=glamping")).propertyType).toBeNull();
    expect(parseHomeQuery(params("amenities=Wi-Fi,Heliponto,,Wi-Fi")).amenities).toEqual(["Wi-Fi"]);
  });

  it("reads a list sent as repeated params (a form's checkboxes without JavaScript) as its comma form", () => {
    const q = parseCategoryQuery(params("amenities=Wi-Fi&amenities=Piscina,TV&signal=none&signal=vivo&road=lama&road=terra"));
    expect(q).toMatchObject({ amenities: ["Wi-Fi", "TV", "Piscina"], signal: ["vivo", "none"], road: ["terra"] });
    expect(categorySearch(q)).toBe("?amenities=Wi-Fi%2CTV%2CPiscina&road=terra&signal=vivo%2Cnone");
  });

  it("falls back to defaults for bad values", () => {
    const bad = "minPrice=-50&maxPrice=abc&minGuests=0&page=-1&sort=popular&search=%20%20";
    expect(parseHomeQuery(params(bad))).toEqual(DEFAULT_QUERY);
    expect(parseHomeQuery(params("minPrice=1e3&page=1.5&minGuests=9999999999"))).toEqual(DEFAULT_QUERY);
    expect(parseHomeQuery(params("minPrice=600&maxPrice=200"))).toMatchObject({ minPrice: 600, maxPrice: 1000 });
    expect(parseHomeQuery(params("minPrice=5000")).minPrice).toBe(0);
  });

  it("trims and bounds text", () => {
    expect(parseHomeQuery(params(`search=${"x".repeat(5000)}`)).search).toHaveLength(100);
    expect(parseHomeQuery(params("search=%20cabana%20%20serra%20")).search).toBe("cabana serra");
  });

  it("knows when to show results instead of the hero", () => {
    expect(hasHomeFilters(params(""))).toBe(false);
    expect(hasHomeFilters(params("page=2"))).toBe(false);
    expect(hasHomeFilters(params("location=Gramado"))).toBe(true);
    expect(hasHomeFilters(params("minGuests=2"))).toBe(true);
  });

  it("writes URLs without defaults", () => {
    expect(homeSearch(DEFAULT_QUERY)).toBe("");
    expect(homeSearch({ ...DEFAULT_QUERY, location: "Gramado - RS", propertyType: "Chalé", minGuests: 2, page: 2 })).toBe(
      "?location=Gramado+-+RS&propertyType=Chal%C3%A9&minGuests=2&page=2",
    );
  });
});

describe("category query", () => {
  it("reads the spec's params and falls back for bad ones", () => {
    expect(parseCategoryQuery(params("search=lago&location=Gramado&minPrice=50&maxPrice=950&guests=3&sort=price-high&page=2"))).toMatchObject({
      search: "lago",
      location: "Gramado",
      minPrice: 50,
      maxPrice: 950,
      minGuests: 3,
      sort: "price-high",
      page: 2,
    });
    expect(parseCategoryQuery(params("guests=9&page=0&minPrice=-1&maxPrice=1001&sort=x"))).toEqual(DEFAULT_QUERY);
  });

  it("omits defaults: minPrice only above 0, maxPrice below 1000, guests above 1, the search's own order, page above 1", () => {
    expect(categorySearch(DEFAULT_QUERY)).toBe("");
    expect(categorySearch({ ...DEFAULT_QUERY, minPrice: 100, maxPrice: 1000, minGuests: 1, sort: null, page: 1 })).toBe("?minPrice=100");
    // The radius only around a place.
    expect(categorySearch({ ...DEFAULT_QUERY, radiusKm: 100 })).toBe("");
    expect(categorySearch({ ...DEFAULT_QUERY, location: "Paraty - RJ", radiusKm: 100, features: ["petsAllowed"] })).toBe(
      "?location=Paraty+-+RJ&raio=100&features=petsAllowed",
    );
    expect(categorySearch({ ...DEFAULT_QUERY, search: "rio", maxPrice: 500, minGuests: 2, sort: "price-low", page: 3 })).toBe(
      "?search=rio&maxPrice=500&guests=2&sort=price-low&page=3",
    );
  });

  it("round-trips", () => {
    const q = { ...DEFAULT_QUERY, search: "lago azul", location: "Capitólio - MG", minPrice: 150, maxPrice: 700, minGuests: 4, sort: "price-high" as const, page: 4 };
    expect(parseCategoryQuery(params(categorySearch(q).slice(1)))).toEqual(q);
  });
});

describe("pagination windows", () => {
  it("home: first, last and current ±2 with gaps", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, null, 10]);
    expect(pageWindow(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("category: at most 5 consecutive buttons around the current page", () => {
    expect(compactPageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(compactPageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(compactPageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(compactPageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });
});
