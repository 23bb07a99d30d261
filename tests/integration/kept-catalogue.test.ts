import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PropertyType } from "../../common/catalog";
import { DEFAULT_QUERY } from "../../common/property-query";
import { properties, users } from "../../server/db/schema";
import { currentContentVersion } from "../../server/properties/content-version";
import { keptCatalogue } from "../../server/properties/kept-catalogue";
import { searchInput } from "../../server/properties/search-input";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertHost, insertProperty } from "../support/factories";

const input = (types: PropertyType[]) => searchInput(DEFAULT_QUERY, { types, pageSize: 12 });

describe(`catalogue reads kept per catalogue version (${engine})`, () => {
  const t = useTestApp();
  const db = () => t.app.database.db;

  it("gives later requests the same result until a listing changes, then searches again", async () => {
    const searches = keptCatalogue(db());
    const host = await insertHost(db());
    const first = await insertProperty(db(), host.id, { title: "Moinho do Primeiro Pedido", propertyType: "Moinho" });

    const kept = await searches.forRequest().search(input(["Moinho"]));
    expect(kept.items.map((i) => i.title)).toEqual(["Moinho do Primeiro Pedido"]);
    // Another request, same catalogue: the very same result, not a new search.
    await expect(searches.forRequest().search(input(["Moinho"]))).resolves.toBe(kept);
    const cards = await searches.forRequest().firstCards(input(["Moinho"]));
    await expect(searches.forRequest().firstCards(input(["Moinho"]))).resolves.toBe(cards);

    await insertProperty(db(), host.id, { title: "Moinho do Segundo Pedido", propertyType: "Moinho" });
    const afterInsert = await searches.forRequest().search(input(["Moinho"]));
    expect(afterInsert.items.map((i) => i.title).sort()).toEqual(["Moinho do Primeiro Pedido", "Moinho do Segundo Pedido"]);

    await db().update(properties).set({ priceCents: 77_700 }).where(eq(properties.id, first.id));
    const afterEdit = await searches.forRequest().search(input(["Moinho"]));
    expect(afterEdit.items.find((i) => i.title === "Moinho do Primeiro Pedido")?.priceCents).toBe(77_700);

    await db().update(properties).set({ isActive: false }).where(eq(properties.id, first.id));
    expect((await searches.forRequest().search(input(["Moinho"]))).items.map((i) => i.title)).toEqual(["Moinho do Segundo Pedido"]);
  });

  it("keeps the filters' counts of a results page until a listing changes, but not those of free text", async () => {
    const reads = keptCatalogue(db());
    const host = await insertHost(db());
    await insertProperty(db(), host.id, { title: "Contêiner Contado", propertyType: "Contêiner", amenities: ["Wi-Fi"] });
    const kept = await reads.forRequest().facets(input(["Contêiner"]));
    expect(kept.total).toBe(1);
    await expect(reads.forRequest().facets(input(["Contêiner"]))).resolves.toBe(kept);

    await insertProperty(db(), host.id, { title: "Contêiner Novo", propertyType: "Contêiner", amenities: ["Wi-Fi"] });
    expect((await reads.forRequest().facets(input(["Contêiner"]))).total).toBe(2);
    const text = { ...input([]), search: "contêiner" };
    await expect(reads.forRequest().facets(text)).resolves.not.toBe(await reads.forRequest().facets(text));
  });

  it("keeps a listing and its host's public profile until either changes", async () => {
    const reads = keptCatalogue(db());
    const host = await insertHost(db(), { name: "Lia Primeira" });
    const listing = await insertProperty(db(), host.id, { title: "Celeiro Guardado", propertyType: "Celeiro", priceCents: 30_000 });
    const kept = await reads.forRequest().property(listing.slug);
    expect(kept?.priceCents).toBe(30_000);
    await expect(reads.forRequest().property(listing.slug)).resolves.toBe(kept);
    const profile = await reads.forRequest().publicHostOf(listing.id);
    await expect(reads.forRequest().publicHostOf(listing.id)).resolves.toBe(profile);

    await db().update(properties).set({ priceCents: 31_000 }).where(eq(properties.id, listing.id));
    expect((await reads.forRequest().property(listing.slug))?.priceCents).toBe(31_000);
    await db().update(users).set({ name: "Nina Segunda" }).where(eq(users.id, host.id));
    expect(JSON.stringify(await reads.forRequest().publicHostOf(listing.id))).toContain("Nina");
    await db().update(properties).set({ isActive: false }).where(eq(properties.id, listing.id));
    await expect(reads.forRequest().property(listing.slug)).resolves.toBeNull();
  });

  it("keeps at most the number of results it was given, the least recently used leaving first", async () => {
    const searches = keptCatalogue(db(), 2);
    const a = await searches.forRequest().search(input(["Cabana"]));
    const b = await searches.forRequest().search(input(["Chalé"]));
    await expect(searches.forRequest().search(input(["Cabana"]))).resolves.toBe(a); // a used again: b is now the oldest
    await searches.forRequest().search(input(["Pousada"]));
    await expect(searches.forRequest().search(input(["Cabana"]))).resolves.toBe(a);
    await expect(searches.forRequest().search(input(["Chalé"]))).resolves.not.toBe(b);
  });

  it("does not keep free-text, location-text or map-area searches, so their endless variants cannot push out the shared results", async () => {
    const searches = keptCatalogue(db(), 2);
    const a = await searches.forRequest().search(input(["Cabana"]));
    const b = await searches.forRequest().search(input(["Chalé"]));
    for (const variant of [{ search: "cachoeira" }, { location: "serra" }, { area: { west: -46, south: -23, east: -45, north: -22 } }]) {
      const one = { ...input([]), ...variant };
      await expect(searches.forRequest().search(one)).resolves.not.toBe(await searches.forRequest().search(one));
    }
    await expect(searches.forRequest().search(input(["Cabana"]))).resolves.toBe(a);
    await expect(searches.forRequest().search(input(["Chalé"]))).resolves.toBe(b);
  });

  it("takes the version the page cache read for the request instead of reading it again", async () => {
    const reads = keptCatalogue(db());
    const host = await insertHost(db());
    await insertProperty(db(), host.id, { title: "Gruta Contada", propertyType: "Gruta" });
    const before = await currentContentVersion(db());
    await insertProperty(db(), host.id, { title: "Gruta Nova", propertyType: "Gruta" });
    const now = await currentContentVersion(db());

    const kept = await reads.forRequest().search(input(["Gruta"]));
    expect(kept.total).toBe(2);
    await expect(reads.forRequest(now).search(input(["Gruta"]))).resolves.toBe(kept);
    // Given the version from before the insert, the request is read as of then: not served (nor kept over) the newer result.
    await expect(reads.forRequest(before).search(input(["Gruta"]))).resolves.not.toBe(kept);
    await expect(reads.forRequest().search(input(["Gruta"]))).resolves.toBe(kept);
  });
});
