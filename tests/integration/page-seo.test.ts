import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { distanceKm } from "../../common/places";
import { properties } from "../../server/db/schema";
import { signedInAs } from "../support/accounts";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertProperty, testImages } from "../support/factories";
import { Client } from "../support/http";

// What each type must carry (Google's required and recommended fields we promise).
const url = z.url({ protocol: /^https?$/ });
const breadcrumbList = z.object({
  "@context": z.literal("https://schema.org"),
  "@type": z.literal("BreadcrumbList"),
  itemListElement: z.array(z.object({ "@type": z.literal("ListItem"), position: z.number().int().min(1), name: z.string().min(1), item: url })).min(2),
});
const lodgingBusiness = z.object({
  "@context": z.literal("https://schema.org"),
  "@type": z.literal("LodgingBusiness"),
  name: z.string().min(1),
  description: z.string().min(1),
  url,
  image: z.array(url).min(1),
  address: z.object({ "@type": z.literal("PostalAddress"), addressLocality: z.string().min(1), addressRegion: z.string().length(2), addressCountry: z.literal("BR") }),
  geo: z.object({ "@type": z.literal("GeoCoordinates"), latitude: z.number(), longitude: z.number() }),
  priceRange: z.string().min(1),
  makesOffer: z.object({ priceSpecification: z.object({ price: z.number().positive(), priceCurrency: z.literal("BRL") }) }),
  amenityFeature: z.array(z.object({ "@type": z.literal("LocationFeatureSpecification"), name: z.string().min(1), value: z.literal(true) })),
  aggregateRating: z.object({ ratingValue: z.number().min(1).max(5), reviewCount: z.number().int().min(1), bestRating: z.literal(5) }).optional(),
});
const organization = z.object({ "@context": z.literal("https://schema.org"), "@type": z.literal("Organization"), name: z.literal("Recanto"), url, logo: url });
const webSite = z.object({
  "@context": z.literal("https://schema.org"),
  "@type": z.literal("WebSite"),
  url,
  potentialAction: z.object({ "@type": z.literal("SearchAction"), target: z.object({ urlTemplate: z.string().includes("{search_term_string}") }), "query-input": z.string() }),
});

/** A page fetched as a crawler without JavaScript reads it: its head's title, description, canonical, robots and structured data. */
async function crawl(base: string, path: string) {
  const client = new Client(base);
  client.headers.set("user-agent", "Googlebot/2.1 (+http://www.google.com/bot.html)");
  let res = await client.get(path);
  // A list's one address puts its filters in their own order: followed, as a crawler does.
  if (res.status === 302) res = await client.get(res.headers.get("location")!);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  const head = html.slice(0, html.indexOf("</head>"));
  return {
    res,
    html,
    title: /<title>(.*?)<\/title>/s.exec(head)?.[1],
    description: /<meta name="description" content="([^"]*)"/.exec(head)?.[1],
    canonical: [...head.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&")),
    noindex: /<meta name="robots" content="noindex"/.test(head),
    structured: [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as { "@type": string }),
  };
}

const ofType = (data: { "@type": string }[], type: string) => data.filter((d) => d["@type"] === type);

describe(`canonical addresses, noindex and structured data on public pages (${engine})`, () => {
  const t = useTestApp({ SEARCH_ENGINE_INDEXING: "on" });
  const pin = { lat: -22.7394, lng: -45.5914 };
  let hostId: string;
  let listing: { id: string; slug: string };
  let exact: { id: string; slug: string };

  beforeAll(async () => {
    const host = await signedInAs(t.app, "host", { name: "Helena Souza" });
    hostId = host.id;
    const db = t.app.database.db;
    listing = await insertProperty(
      db,
      host.id,
      { title: "Cabana </script><b>Serra</b>", description: "Lareira & vista para a serra.", amenities: ["Wi-Fi", "Lareira interna"], pin, priceCents: 45000 },
      testImages(2),
    );
    exact = await insertProperty(db, host.id, { title: "Chalé no ponto exato", propertyType: "Chalé", pin });
    await db.update(properties).set({ showExactLocation: true }).where(eq(properties.id, exact.id));
  });

  it("a listing, read without JavaScript, has its title, description, canonical and a valid lodging business with its public point and price, and no rating before a review", async () => {
    const page = await crawl(t.app.url, `/accommodation/${listing.slug}`);
    expect(page.title).toContain("Cabana");
    expect(page.description).toContain("R$");
    expect(page.canonical).toEqual([`${t.app.url}/accommodation/${listing.slug}`]);
    expect(page.noindex).toBe(false);
    // The title's markup stays inside the JSON: escaped, it cannot close the script.
    expect(page.html).not.toContain("</script><b>Serra");
    const [business] = ofType(page.structured, "LodgingBusiness").map((d) => lodgingBusiness.parse(d));
    expect(business!.name).toBe("Cabana </script><b>Serra</b>");
    expect(business!.address).toMatchObject({ addressLocality: "Campos do Jordão", addressRegion: "SP" });
    expect(business!.makesOffer.priceSpecification.price).toBe(450);
    expect(business!.amenityFeature.map((a) => a.name).toSorted()).toEqual(["Lareira interna", "Wi-Fi"]);
    expect(business!.image).toHaveLength(2);
    expect(business!.aggregateRating).toBeUndefined();
    // Never the host's pin: the public point, moved 0.25 to 1 km.
    const moved = distanceKm({ lat: business!.geo.latitude, lng: business!.geo.longitude }, pin);
    expect(moved).toBeGreaterThan(0.2);
    expect(moved).toBeLessThan(1.1);
    const [trail] = ofType(page.structured, "BreadcrumbList").map((d) => breadcrumbList.parse(d));
    expect(trail!.itemListElement.map((s) => s.item)).toEqual([`${t.app.url}/`, `${t.app.url}/category/cabanas`, `${t.app.url}/accommodation/${listing.slug}`]);
  });

  it("shows the exact pin only when the host made it public, and a rating from the listing's published reviews", async () => {
    const exactPage = await crawl(t.app.url, `/accommodation/${exact.slug}`);
    const [business] = ofType(exactPage.structured, "LodgingBusiness").map((d) => lodgingBusiness.parse(d));
    expect(distanceKm({ lat: business!.geo.latitude, lng: business!.geo.longitude }, pin)).toBeLessThan(0.01);

    // What the reviews module keeps on the row with each published review (server/trust/reviews.ts).
    await t.app.database.db.update(properties).set({ reviewCount: 3, ratingSum: 14 }).where(eq(properties.id, listing.id));
    const rated = await crawl(t.app.url, `/accommodation/${listing.slug}`);
    const [ratedBusiness] = ofType(rated.structured, "LodgingBusiness").map((d) => lodgingBusiness.parse(d));
    expect(ratedBusiness!.aggregateRating).toMatchObject({ ratingValue: 4.7, reviewCount: 3 });
  });

  it("the home page has its canonical address, the organization and the site's search", async () => {
    const home = await crawl(t.app.url, "/");
    expect(home.canonical).toEqual([`${t.app.url}/`]);
    expect(home.noindex).toBe(false);
    organization.parse(ofType(home.structured, "Organization")[0]);
    const site = webSite.parse(ofType(home.structured, "WebSite")[0]);
    expect(site.potentialAction.target.urlTemplate).toBe(`${t.app.url}/?search={search_term_string}`);
  });

  it("the gallery, a category and a host page have a canonical address and their breadcrumb trail", async () => {
    const pages = [
      { path: `/property-gallery/${listing.slug}`, last: `${t.app.url}/property-gallery/${listing.slug}` },
      { path: "/category/cabanas", last: `${t.app.url}/category/cabanas` },
      { path: `/anfitriao/${hostId}`, last: `${t.app.url}/anfitriao/${hostId}` },
    ];
    for (const { path, last } of pages) {
      const page = await crawl(t.app.url, path);
      expect(page.canonical, path).toEqual([`${t.app.url}${path}`]);
      expect(page.noindex, path).toBe(false);
      const [trail] = ofType(page.structured, "BreadcrumbList").map((d) => breadcrumbList.parse(d));
      expect(trail!.itemListElement.at(-1)!.item, path).toBe(last);
      expect(trail!.itemListElement[0]!.item, path).toBe(`${t.app.url}/`);
    }
  });

  it("the site's own pages have their canonical address; the terms' second address points to the first", async () => {
    for (const path of ["/como-funciona", "/central-ajuda", "/planos", "/anuncie-conosco", "/termos-uso", "/privacidade", "/politica-cancelamento"]) {
      const page = await crawl(t.app.url, path);
      expect(page.canonical, path).toEqual([`${t.app.url}${path}`]);
      expect(page.noindex, path).toBe(false);
    }
    expect((await crawl(t.app.url, "/termos")).canonical).toEqual([`${t.app.url}/termos-uso`]);
  });

  it("result lists: canonical without the order, indexable with one filter, noindex with more than one or with no results", async () => {
    const sorted = await crawl(t.app.url, "/category/cabanas?sort=price-low");
    expect(sorted.canonical).toEqual([`${t.app.url}/category/cabanas`]);
    expect(sorted.noindex).toBe(false);

    const oneFilter = await crawl(t.app.url, "/category/cabanas?amenities=Wi-Fi");
    expect(oneFilter.canonical).toEqual([`${t.app.url}/category/cabanas?amenities=Wi-Fi`]);
    expect(oneFilter.noindex).toBe(false);
    expect(oneFilter.html).toContain("Serra");

    const twoFilters = await crawl(t.app.url, "/category/cabanas?amenities=Wi-Fi%2CLareira%20interna");
    expect(twoFilters.noindex).toBe(true);
    expect(twoFilters.html).toContain("Serra");

    const homeTwo = await crawl(t.app.url, "/?search=serra&minGuests=2");
    expect(homeTwo.canonical).toEqual([`${t.app.url}/?search=serra&minGuests=2`]);
    expect(homeTwo.noindex).toBe(true);

    const empty = await crawl(t.app.url, "/category/moinhos");
    expect(empty.noindex).toBe(true);
    expect(empty.canonical).toEqual([`${t.app.url}/category/moinhos`]);
  });
});
