import type { BrowserContextOptions, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { reachFor, waitForHydration } from "./helpers";

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "pt-BR" };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 }, locale: "pt-BR" };
/** The category filters' own chunks (their part's entry, and what it shares with the home's results). */
const FILTERS_CODE = "**/assets/category-filters*.js";

/** Whether React has hydrated the category's filter form. */
const formHydrated = (page: Page) => page.locator('[data-hydrate-on-use="filtros"] form').evaluate((form) => Object.keys(form).some((key) => key.startsWith("__reactProps$")));

describe.skipIf(!hasChromium)("a category's filters load their code when someone first reaches for them (demo catalogue, Chromium)", () => {
  const t = useBrowserApp(undefined, { demo: true });

  /** The category page, hydrated, with the filters' code held back until `release` (and the requests for it counted). */
  async function open(path: string, options: BrowserContextOptions) {
    const context = await t.browser.newContext(options);
    const page = await context.newPage();
    const requested: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(FILTERS_CODE, async (route) => {
      requested.push(route.request().url());
      await held;
      await route.continue();
    });
    await page.goto(`${t.app.url}${path}`);
    await waitForHydration(page);
    return { context, page, requested, release };
  }

  it("the page hydrates without them; pointing at them fetches their code, and they work", async () => {
    const { context, page, requested, release } = await open("/category/chales", DESKTOP);
    await page.waitForTimeout(500);
    expect(requested).toEqual([]);
    await expect(formHydrated(page)).resolves.toBe(false);
    // The server's markup is the whole form: every field shows.
    for (const field of [page.getByLabel("Buscar", { exact: true }), page.getByRole("combobox", { name: "Localização" }), page.getByLabel("Ordenar por"), page.getByLabel("Hóspedes")]) {
      await expect(field.isVisible(), field.toString()).resolves.toBe(true);
    }
    release();
    await reachFor(page, "filtros");
    expect(requested.length).toBeGreaterThan(0);
    await page.getByLabel("Hóspedes").selectOption("4");
    await page.waitForURL((url) => url.searchParams.get("guests") === "4");
    await expectAccessible(page);
    await context.close();
  });

  it("on a phone, a tap on Filtros before their code has come opens them once it has", async () => {
    const { context, page, requested, release } = await open("/category/chales", PHONE);
    const toggle = page.getByRole("button", { name: "Filtros", exact: true });
    await toggle.tap();
    await expect.poll(() => requested.length).toBeGreaterThan(0);
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("false");
    release();
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
    await expect(page.getByLabel("Ordenar por").isVisible()).resolves.toBe(true);
    await context.close();
  });

  it("an order chosen before their code has come is applied once it has", async () => {
    const { context, page, release } = await open("/category/chales", DESKTOP);
    await page.getByLabel("Ordenar por").selectOption("price-low");
    await expect(formHydrated(page)).resolves.toBe(false);
    release();
    await page.waitForURL((url) => url.searchParams.get("sort") === "price-low");
    await context.close();
  });

  it("Mais filtros pressed before their code has come opens its dialog, not the section drawn for pages without JavaScript", async () => {
    const { context, page, release } = await open("/category/chales", DESKTOP);
    await page.getByText("Mais filtros", { exact: true }).click();
    await expect(page.locator('[data-hydrate-on-use="filtros"] details[open]').count()).resolves.toBe(0);
    release();
    const dialog = page.getByRole("dialog", { name: "Mais filtros" });
    await dialog.waitFor();
    await expect(dialog.getByRole("checkbox", { name: /^Wi-Fi/ }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it("when their code cannot come, the form still searches as a plain form, and the next reach tries again", async () => {
    const context = await t.browser.newContext(DESKTOP);
    const page = await context.newPage();
    let fail = true;
    await page.route(FILTERS_CODE, (route) => (fail ? route.abort("internetdisconnected") : route.continue()));
    await page.goto(`${t.app.url}/category/chales`);
    await waitForHydration(page);
    await page.getByLabel("Hóspedes").selectOption("3");
    await page.getByRole("button", { name: "Aplicar" }).click();
    await page.waitForURL((url) => url.searchParams.get("guests") === "3");
    await expect(page.getByRole("link", { name: "Remover filtro: 3 hóspedes ou mais" }).count()).resolves.toBe(1);

    // A new page: the code fails once, then comes on the next reach.
    await page.getByRole("link", { name: "Limpar filtros" }).click();
    await page.waitForURL((url) => url.search === "");
    await waitForHydration(page);
    await page.getByLabel("Hóspedes").hover();
    await page.waitForTimeout(300);
    fail = false;
    await page.mouse.move(0, 0);
    await reachFor(page, "filtros");
    await page.getByLabel("Hóspedes").selectOption("2");
    await page.waitForURL((url) => url.searchParams.get("guests") === "2");
    await context.close();
  });
});
