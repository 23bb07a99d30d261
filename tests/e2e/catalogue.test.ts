import fs from "node:fs/promises";
import type { BrowserContextOptions, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { FOOTER_CATEGORIES } from "../../common/catalog";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { openPage, reachFor, typeBeforeHydration, waitForHydration } from "./helpers";

const SHOTS = "/tmp/shots";
/** Waits until the results of the page's current URL have rendered (not the previous ones, not skeletons). */
async function results(page: Page) {
  const { pathname, search } = new URL(page.url());
  await page.locator(`main section[data-results-for="${pathname}${search}"]`).waitFor();
}
const countText = (page: Page) => page.getByText(/propriedades? encontradas?/).first().textContent();
const cardTitles = (page: Page) => page.locator("main article h3").allTextContents();
const prices = async (page: Page) =>
  (await page.locator("main article p.mt-auto span.font-semibold").allTextContents()).map((t) => Number(t.replace(/[^\d,]/g, "").replace(",", ".")));

describe.skipIf(!hasChromium)("home, search and category pages with the demo catalogue, in Chromium", () => {
  const t = useBrowserApp(undefined, { demo: true });

  const open = (path: string, options: BrowserContextOptions = {}) => openPage(t.app, t.browser, path, options);

  it("home shows carousels of demo properties; a search for 'cabana' narrows the list", async () => {
    const { context, page } = await open("/", { viewport: { width: 1280, height: 900 } });
    const cabanas = page.getByRole("region", { name: "Cabanas" });
    await expect(cabanas.locator("article").count()).resolves.toBeGreaterThan(0);
    for (const name of ["Chalés", "Glamping", "Pé na areia"]) {
      const count = await page.getByRole("region", { name }).locator("article").count();
      expect(count, name).toBeGreaterThan(0);
      expect(count, name).toBeLessThanOrEqual(8);
    }
    await expect(page.locator("article").first().getByText("Novo").isVisible()).resolves.toBe(true);
    await fs.mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/home-1280.png` });
    await expectAccessible(page);

    // The type the words name becomes the filter, shown as a chip.
    await page.getByLabel("O que procura?").fill("cabana");
    await page.getByRole("button", { name: "Buscar" }).click();
    await page.waitForURL(/\?propertyType=Cabana$/);
    await results(page);
    await expect(countText(page)).resolves.toBe("4 propriedades encontradas");
    for (const title of await cardTitles(page)) expect(title.toLowerCase()).toContain("cabana");
    await expect(page.getByRole("link", { name: "Remover filtro: Cabana" }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: `${SHOTS}/results-1280.png` });
    await expectAccessible(page);
    await context.close();
  });

  it("the hero's city autocomplete picks 'Gramado - RS': Gramado first, then what is within 50 km, nearest first", async () => {
    const { context, page } = await open("/");
    const onde = page.getByRole("combobox", { name: "Onde" });
    await onde.fill("gram");
    await page.getByRole("option", { name: "Gramado - RS" }).click();
    await expect(onde.inputValue()).resolves.toBe("Gramado - RS");
    await page.getByRole("button", { name: "Buscar" }).click();
    await page.waitForURL((url) => url.searchParams.get("location") === "Gramado - RS");
    await results(page);
    // Gramado, Canela (~8 km) and Nova Petrópolis (~30 km); Cambará do Sul is ~80 km away.
    await expect(countText(page)).resolves.toBe("3 propriedades encontradas");
    const places = await page.locator("main article p:has(svg)").allTextContents();
    expect(places).toEqual(["Gramado - RS", "Canela - RS", "Nova Petrópolis - RS"]);
    const distances = await page.locator("main article").getByText(/^a (menos de )?\d* ?km de Gramado$/).allTextContents();
    expect(distances).toHaveLength(3);
    expect(distances[0]).toMatch(/^a (menos de 1|\d) km de Gramado$/);
    await context.close();
  });

  it("results paginate 9 per page, show 'Página 2 de N' and scroll to the top", async () => {
    const { context, page } = await open("/?minGuests=2");
    await expect(page.locator("main article").count()).resolves.toBe(9);
    const pageCount = Math.ceil(68 / 9);
    await expect(page.getByRole("link", { name: `Página ${pageCount}` }).isVisible()).resolves.toBe(true);
    await page.getByRole("link", { name: "Próxima página" }).scrollIntoViewIfNeeded();
    await page.getByRole("link", { name: "Próxima página" }).click();
    await page.waitForURL(/page=2/);
    await results(page);
    await page.getByText(`Página 2 de ${pageCount}`).waitFor();
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
    await expect(page.getByRole("link", { name: "Página 2" }).getAttribute("aria-current")).resolves.toBe("page");
    await context.close();
  });

  it("on a phone the floating button opens the filter drawer; Limpar empties it and Buscar searches", async () => {
    const { context, page } = await open("/", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.getByRole("button", { name: "Filtros" }).click();
    const drawer = page.getByRole("dialog", { name: "Filtros" });
    await drawer.getByLabel("Categoria").selectOption("Chalé");
    await drawer.getByLabel("Hóspedes").selectOption("4");
    await drawer.getByRole("button", { name: "Limpar" }).click();
    await expect(drawer.getByLabel("Categoria").inputValue()).resolves.toBe("");
    await expect(drawer.getByLabel("Hóspedes").inputValue()).resolves.toBe("");
    await drawer.getByLabel("Categoria").selectOption("Chalé");
    await expectAccessible(page);
    await drawer.getByRole("button", { name: "Buscar" }).click();
    await page.waitForURL((url) => url.search === "?propertyType=Chal%C3%A9");
    await results(page);
    await expect(drawer.isVisible()).resolves.toBe(false);
    await expect(countText(page)).resolves.toBe("4 propriedades encontradas");
    await page.screenshot({ path: `${SHOTS}/results-390.png`, fullPage: true });
    await context.close();
  });

  it("category filters live in the URL: guests, sort, price slider by keyboard and by a press on its track, search, Limpar filtros", async () => {
    const { context, page } = await open("/category/glamping", { viewport: { width: 1280, height: 900 } });
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Glamping");
    await expect(page.title()).resolves.toContain("Glamping");
    await expect(countText(page)).resolves.toBe("20 propriedades encontradas");
    await expect(page.locator("main article").count()).resolves.toBe(12);
    await page.screenshot({ path: `${SHOTS}/category-1280.png` });
    await expectAccessible(page);

    // By keyboard: the next option after "Mais recentes" is "Menor preço".
    await page.getByLabel("Ordenar por").focus();
    await page.keyboard.press("ArrowDown");
    await page.waitForURL(/\/category\/glamping\?sort=price-low$/);
    await results(page);
    // The form stays mounted while filtering: keyboard focus is not lost, and the new count is announced.
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("ordenar");
    await expect(page.locator("p[role=status]", { hasText: "encontradas" }).textContent()).resolves.toBe("20 propriedades encontradas");
    const sorted = await prices(page);
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));

    await page.getByLabel("Hóspedes").selectOption("3");
    await page.waitForURL(/\?guests=3&sort=price-low$/);
    await results(page);

    const maxThumb = page.getByRole("slider", { name: "Preço máximo" });
    await maxThumb.focus();
    for (let i = 0; i < 14; i++) await maxThumb.press("ArrowLeft"); // 1000 - 14 × 50 = 300
    await page.waitForURL(/maxPrice=300/);
    await results(page);
    await expect(page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).resolves.toBe("Preço máximo");
    for (const price of await prices(page)) expect(price).toBeLessThanOrEqual(300);

    await page.getByLabel("Buscar", { exact: true }).fill("vista");
    await page.getByLabel("Buscar", { exact: true }).press("Enter");
    await page.waitForURL(/search=vista/);
    await results(page);
    expect(new URL(page.url()).search).toBe("?search=vista&maxPrice=300&guests=3&sort=price-low");

    await page.getByRole("link", { name: "Limpar filtros" }).first().click();
    await page.waitForURL((url) => url.pathname === "/category/glamping" && url.search === "");
    await results(page);
    await expect(page.getByLabel("Buscar", { exact: true }).inputValue()).resolves.toBe("");
    await expect(countText(page)).resolves.toBe("20 propriedades encontradas");

    // A press on the track moves the nearer thumb there: a fifth of the way is R$ 200, nearer the minimum.
    const track = page.locator("#filtros-avancados fieldset div.cursor-pointer");
    const box = (await track.boundingBox())!;
    await page.mouse.click(box.x + box.width / 5, box.y + box.height / 2);
    await page.waitForURL(/\?minPrice=200$/);
    await results(page);
    await expect(page.getByRole("slider", { name: "Preço mínimo" }).inputValue()).resolves.toBe("200");
    for (const price of await prices(page)) expect(price).toBeGreaterThanOrEqual(200);
    await context.close();
  });

  it("a price moved on the slider before the page hydrated is kept, and shown in its label", async () => {
    const context = await t.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const minThumb = page.getByRole("slider", { name: "Preço mínimo" });
    await typeBeforeHydration(page, `${t.app.url}/category/glamping`, async () => {
      await minThumb.focus();
      for (let i = 0; i < 4; i++) await minThumb.press("ArrowRight");
    });
    const label = page.locator("#filtros-avancados fieldset legend + p");
    await expect.poll(() => label.textContent()).toMatch(/^R\$\s200,00 – R\$\s1\.000,00\+$/);
    await expect(minThumb.inputValue()).resolves.toBe("200");
    await context.close();
  });

  it("category pagination: two pages, previous and next only where they lead somewhere", async () => {
    const { context, page } = await open("/category/glamping");
    await expect(page.getByRole("link", { name: "Página anterior" }).count()).resolves.toBe(0);
    await page.getByRole("link", { name: "Página 2" }).click();
    await page.waitForURL(/\?page=2$/);
    await results(page);
    await expect(page.locator("main article").count()).resolves.toBe(8);
    await expect(page.getByRole("link", { name: "Próxima página" }).count()).resolves.toBe(0);
    await expect(page.getByRole("link", { name: "Página anterior" }).count()).resolves.toBe(1);
    await context.close();
  });

  it("every footer category link lands on a list with properties", async () => {
    const { context, page } = await open("/");
    for (const category of FOOTER_CATEGORIES) {
      await page.getByRole("contentinfo").getByRole("link", { name: category.name, exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/category/${category.slug}`);
      await results(page);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(category.name);
      await expect(page.locator("main article").count(), category.slug).resolves.toBeGreaterThan(0);
    }
    await context.close();
  });

  it("draws the cards in the dark theme at once: no colour fades in as the home rows come into view", async () => {
    // A card that transitioned every property faded its text in from black whenever the browser first
    // drew a row kept off screen (content-visibility: auto): unreadable for a moment, and axe saw it.
    // (Its shadow may still fade in: that changes no one's reading.)
    // Whether a given load shows it depends on timing, so what the rows may transition is checked too.
    const context = await t.browser.newContext({ colorScheme: "dark" });
    await context.addInitScript(() => {
      const faded: string[] = [];
      Object.assign(window, { faded });
      document.addEventListener("transitionrun", (event) => {
        if ((event.target as Element).closest("main section") && event.propertyName.includes("color")) faded.push(event.propertyName);
      });
    });
    const page = await context.newPage();
    await page.goto(`${t.app.url}/`);
    await waitForHydration(page);
    const rows = await page.locator("main section[aria-labelledby^='carrossel-']").all();
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) await row.scrollIntoViewIfNeeded();
    await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
    await expect(page.evaluate(() => (window as unknown as { faded: string[] }).faded)).resolves.toEqual([]);
    const transitioned = await page.evaluate(() =>
      [...document.querySelectorAll("main section[aria-labelledby^='carrossel-'] *")].flatMap((element) => {
        const style = getComputedStyle(element);
        const durations = style.transitionDuration.split(", ");
        return style.transitionProperty
          .split(", ")
          .filter((property, i) => parseFloat(durations[i % durations.length] ?? "0") > 0 && (property === "all" || property.includes("color")));
      }),
    );
    expect(new Set(transitioned)).toEqual(new Set());
    await context.close();
  });

  it("is accessible in the dark theme and on a phone", async () => {
    const { context, page } = await open("/", { colorScheme: "dark" });
    await expect(page.evaluate(() => document.documentElement.classList.contains("dark"))).resolves.toBe(true);
    await expectAccessible(page);
    await page.goto(`${t.app.url}/category/chales`);
    await expectAccessible(page);
    await page.goto(`${t.app.url}/?search=lago`);
    await expectAccessible(page);
    await context.close();
    const phone = await open("/category/chales", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await reachFor(phone.page, "filtros");
    await phone.page.getByRole("button", { name: "Filtros", exact: true }).click();
    await expect(phone.page.getByLabel("Hóspedes").isVisible()).resolves.toBe(true);
    await expectAccessible(phone.page);
    await phone.page.screenshot({ path: `${SHOTS}/category-390.png`, fullPage: true });
    await phone.page.goto(`${t.app.url}/`);
    await phone.page.screenshot({ path: `${SHOTS}/home-390.png` });
    await phone.context.close();
  });
});
