import fs from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { waitForHydration } from "./helpers";

const SHOTS = "/tmp/shots-destinations";
const CITY = "/destinos/rs/gramado";
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

describe.skipIf(!hasChromium)("destination pages in Chromium", () => {
  const t = useBrowserApp(undefined, { demo: true });

  async function open(path: string, viewport: typeof WIDE, colorScheme: "light" | "dark") {
    const context = await t.browser.newContext({ locale: "pt-BR", viewport, colorScheme });
    const page = await context.newPage();
    await page.goto(`${t.app.url}${path}`);
    await waitForHydration(page);
    return { context, page };
  }

  /** Tabs from the top of the page until the focus is on a link matching `href`; the number of presses, or null. */
  async function tabTo(page: Page, href: RegExp, limit = 60) {
    for (let i = 1; i <= limit; i++) {
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => document.activeElement?.getAttribute("href") ?? "");
      if (href.test(focused)) return i;
    }
    return null;
  }

  it("a city with demo listings: its introduction, its cards and its map; axe clean light and dark at 390 and 1280", async () => {
    await fs.mkdir(SHOTS, { recursive: true });
    for (const [name, viewport] of [["1280", WIDE], ["390", PHONE]] as const) {
      for (const scheme of ["light", "dark"] as const) {
        const { context, page } = await open(CITY, viewport, scheme);
        await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Hospedagens em Gramado - RS");
        await expect(page.getByText(/^Gramado - RS tem \d+ (hospedage|chalé)/).isVisible()).resolves.toBe(true);
        await page.locator(`section[data-results-for="${CITY}"] article`).first().waitFor();
        await page.screenshot({ path: `${SHOTS}/gramado-${name}-${scheme}.png`, fullPage: true });
        await expectAccessible(page);
        await context.close();
      }
    }
    const { context, page } = await open(CITY, WIDE, "light");
    const cards = await page.locator(`section[data-results-for="${CITY}"] article`).count();
    await page.getByRole("button", { name: "Mapa", exact: true }).click();
    const map = page.getByRole("region", { name: "Mapa dos resultados" });
    await map.locator(".map-marker").first().waitFor();
    const markers = await map.evaluate((region) => [...region.querySelectorAll(".map-price")].length + [...region.querySelectorAll(".map-cluster")].reduce((n, m) => n + Number(m.getAttribute("data-cluster")), 0));
    expect(markers).toBe(cards);
    await page.screenshot({ path: `${SHOTS}/gramado-map-1280.png` });
    await expectAccessible(page);
    await context.close();
  });

  it("the keyboard reaches the listings, the city's types and the nearest destinations", async () => {
    const { context, page } = await open(CITY, WIDE, "light");
    expect(await tabTo(page, /^\/destinos\/rs\/gramado\/chales$/)).not.toBeNull();
    expect(await tabTo(page, /^\/accommodation\//)).not.toBeNull();
    expect(await tabTo(page, /^\/destinos\/rs\/canela$/)).not.toBeNull();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/destinos\/rs\/canela$/);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Hospedagens em Canela - RS");
    await context.close();
  });

  it("a type in a city, and a place without listings (404 with suggestions), pass axe", async () => {
    const { context, page } = await open("/destinos/rs/gramado/chales", PHONE, "dark");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Chalés em Gramado - RS");
    await page.screenshot({ path: `${SHOTS}/gramado-chales-390-dark.png`, fullPage: true });
    await expectAccessible(page);
    const missing = await page.goto(`${t.app.url}/destinos/sp/campinas`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("heading", { name: "Destinos com hospedagens" }).isVisible()).resolves.toBe(true);
    await expectAccessible(page);
    await context.close();
  });
});
