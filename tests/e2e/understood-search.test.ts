import fs from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demoCatalogue } from "../../server/seed/demo-catalog";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { waitForHydration } from "./helpers";

const SHOTS = "/tmp/shots";
const catalogue = demoCatalogue(["5511900000001"]);

async function results(page: Page) {
  const { pathname, search } = new URL(page.url());
  await page.locator(`main section[data-results-for="${pathname}${search}"]`).waitFor();
}
const places = (page: Page) => page.locator("main article p:has(svg)").allTextContents();
const chips = async (page: Page) => (await page.getByRole("group", { name: "Filtros aplicados" }).getByRole("link").allTextContents()).filter((t) => t !== "Limpar tudo");

describe.skipIf(!hasChromium)("the search box understands what a new guest types, in Chromium", () => {
  const t = useBrowserApp(undefined, { demo: true });

  async function search(text: string, options: Parameters<typeof t.browser.newContext>[0] = {}) {
    const context = await t.browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
    const page = await context.newPage();
    await page.goto(`${t.app.url}/`);
    await waitForHydration(page);
    await page.getByLabel("O que procura?").fill(text);
    await page.getByRole("button", { name: "Buscar" }).click();
    await page.waitForURL((url) => url.search !== "" && !url.searchParams.has("search"));
    await results(page);
    return { context, page };
  }

  it("'cabana com lareira em minas para 6 pessoas até 400' becomes five filters, shown as chips; the structured URL finds the one such cabana", async () => {
    const { context, page } = await search("cabana com lareira em minas para 6 pessoas até 400");
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ state: "MG", maxPrice: "400", propertyType: "Cabana", minGuests: "6", amenities: "Lareira interna" });
    expect(await chips(page)).toEqual(["Cabana", "Minas Gerais", "6 hóspedes ou mais", "Até R$\u00a0400 / noite", "Lareira interna"]);
    expect(await places(page)).toEqual(["Aiuruoca - MG"]);
    await fs.mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/understood-1280.png` });
    await expectAccessible(page);

    // Removing a chip removes that filter only.
    await page.getByRole("link", { name: "Remover filtro: Minas Gerais" }).click();
    await page.waitForURL((u) => !u.searchParams.has("state") && u.searchParams.get("propertyType") === "Cabana");
    await results(page);
    expect(await chips(page)).toEqual(["Cabana", "6 hóspedes ou mais", "Até R$\u00a0400 / noite", "Lareira interna"]);
    await context.close();
  });

  it("'Minas Gerais' lists only listings in MG; 'lareira' lists every listing with an indoor fireplace", async () => {
    const minas = await search("Minas Gerais");
    expect(new URL(minas.page.url()).search).toBe("?state=MG");
    const inMinas = catalogue.filter((p) => p.location.endsWith(" - MG")).length;
    await expect(minas.page.getByText(/propriedades? encontradas?/).first().textContent()).resolves.toBe(`${inMinas} propriedades encontradas`);
    for (const place of await places(minas.page)) expect(place).toMatch(/ - MG$/);
    await minas.context.close();

    const fireplace = await search("lareira");
    expect(new URL(fireplace.page.url()).search).toBe("?amenities=Lareira+interna");
    const withFireplace = catalogue.filter((p) => p.amenities.includes("Lareira interna")).length;
    await expect(fireplace.page.getByText(/propriedades? encontradas?/).first().textContent()).resolves.toBe(`${withFireplace} propriedades encontradas`);
    await fireplace.context.close();
  });

  it("'Paraty' lists Paraty first, then what is near by distance, each card saying how far", async () => {
    const { context, page } = await search("Paraty", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: "dark" });
    expect(new URL(page.url()).searchParams.get("location")).toBe("Paraty - RJ");
    const found = await places(page);
    expect(found[0]).toBe("Paraty - RJ");
    const distances = (await page.locator("main article").getByText(/ km de Paraty$/).allTextContents()).map((d) => (d.includes("menos de 1") ? 0 : Number(d.replace(/\D/g, ""))));
    expect(distances).toHaveLength(found.length);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(50);
    await page.screenshot({ path: `${SHOTS}/understood-paraty-390-dark.png`, fullPage: true });
    await expectAccessible(page);
    await context.close();
  });

  it("'Bonito' is Bonito - MS, and the other Bonitos are offered", async () => {
    const { context, page } = await search("Bonito", { colorScheme: "dark" });
    expect(new URL(page.url()).searchParams.get("location")).toBe("Bonito - MS");
    const suggestion = page.getByText(/^Você quis dizer/);
    await expect(suggestion.textContent()).resolves.toMatch(/Bonito - BA.*Bonito - PA.*ou Bonito - PE\?$/);
    await page.screenshot({ path: `${SHOTS}/understood-bonito-1280-dark.png` });
    await expectAccessible(page);
    await suggestion.getByRole("link", { name: "Bonito - PE" }).click();
    await page.waitForURL((u) => u.searchParams.get("location") === "Bonito - PE");
    await results(page);
    await context.close();
  });
});
