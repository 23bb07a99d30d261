import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_QUERY } from "../../common/property-query";
import { properties } from "../../server/db/schema";
import { keptSearches } from "../../server/properties/kept-searches";
import { searchInput } from "../../server/properties/search-input";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertHost, insertProperty } from "../support/factories";

const input = (types: string[]) => searchInput(DEFAULT_QUERY, { types, pageSize: 12 });

describe(`searches kept per catalogue version (${engine})`, () => {
  const t = useTestApp();
  const db = () => t.app.database.db;

  it("gives later requests the same result until a listing changes, then searches again", async () => {
    const searches = keptSearches(db());
    const host = await insertHost(db());
    const first = await insertProperty(db(), host.id, { title: "Domo do Primeiro Pedido", propertyType: "Domo" });

    const kept = await searches.forRequest().search(input(["Domo"]));
    expect(kept.items.map((i) => i.title)).toEqual(["Domo do Primeiro Pedido"]);
    // Another request, same catalogue: the very same result, not a new search.
    await expect(searches.forRequest().search(input(["Domo"]))).resolves.toBe(kept);
    const cards = await searches.forRequest().firstCards(input(["Domo"]));
    await expect(searches.forRequest().firstCards(input(["Domo"]))).resolves.toBe(cards);

    await insertProperty(db(), host.id, { title: "Domo do Segundo Pedido", propertyType: "Domo" });
    const afterInsert = await searches.forRequest().search(input(["Domo"]));
    expect(afterInsert.items.map((i) => i.title).sort()).toEqual(["Domo do Primeiro Pedido", "Domo do Segundo Pedido"]);

    await db().update(properties).set({ priceCents: 77_700 }).where(eq(properties.id, first.id));
    const afterEdit = await searches.forRequest().search(input(["Domo"]));
    expect(afterEdit.items.find((i) => i.title === "Domo do Primeiro Pedido")?.priceCents).toBe(77_700);

    await db().update(properties).set({ isActive: false }).where(eq(properties.id, first.id));
    expect((await searches.forRequest().search(input(["Domo"]))).items.map((i) => i.title)).toEqual(["Domo do Segundo Pedido"]);
  });

  it("keeps at most the number of results it was given, the least recently used leaving first", async () => {
    const searches = keptSearches(db(), 2);
    const a = await searches.forRequest().search(input(["Cabana"]));
    const b = await searches.forRequest().search(input(["Chalé"]));
    await expect(searches.forRequest().search(input(["Cabana"]))).resolves.toBe(a); // a used again: b is now the oldest
    await searches.forRequest().search(input(["Glamping"]));
    await expect(searches.forRequest().search(input(["Cabana"]))).resolves.toBe(a);
    await expect(searches.forRequest().search(input(["Chalé"]))).resolves.not.toBe(b);
  });
});
