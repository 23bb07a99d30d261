import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { checkEveryLook, waitForHydration, type Look } from "./helpers";

const SHOTS = "/tmp/shots-destinations";
const CITY = "/destinos/rs/gramado";

describe.skipIf(!hasChromium)("destination pages in Chromium", () => {
  const t = useBrowserApp(undefined, { demo: true });

  async function open(look: Look) {
    const context = await t.browser.newContext({ locale: "pt-BR", ...look });
    return { context, page: await context.newPage() };
  }

  const cards = (page: Page, path: string) => page.locator(`section[data-results-for="${path}"] article`);

  /** Tabs from where the focus is until it is on a link matching `href`: whether it got there. */
  async function tabTo(page: Page, href: RegExp, limit = 60) {
    for (let i = 0; i < limit; i++) {
      await page.keyboard.press("Tab");
      if (href.test(await page.evaluate(() => document.activeElement?.getAttribute("href") ?? ""))) return true;
    }
    return false;
  }

  it("a city with demo listings, its type page and a place without listings (404 with suggestions): axe clean light and dark at 390 and 1280", { timeout: 240_000 }, async () => {
    await checkEveryLook(
      t.app,
      SHOTS,
      [
        {
          path: CITY,
          as: "guest",
          ready: "Hospedagens em Gramado - RS",
          then: async (page) => {
            await expect(page.getByText(/^Gramado - RS tem \d+ /).isVisible()).resolves.toBe(true);
            await cards(page, CITY).first().waitFor();
          },
        },
        { path: `${CITY}/chales`, as: "guest", ready: "Chalés em Gramado - RS", then: (page) => cards(page, `${CITY}/chales`).first().waitFor() },
        {
          path: "/destinos/sp/campinas",
          as: "guest",
          ready: "Oops! Page not found",
          then: (page) => page.getByRole("heading", { name: "Destinos com hospedagens" }).waitFor(),
        },
      ],
      (_, look) => open(look),
    );
  });

  it("shows its listings on the map, the same as the list", async () => {
    const { context, page } = await open({ viewport: { width: 1280, height: 900 }, colorScheme: "light" });
    await page.goto(`${t.app.url}${CITY}`);
    await waitForHydration(page);
    const listed = await cards(page, CITY).count();
    expect(listed).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Mapa", exact: true }).click();
    const map = page.getByRole("region", { name: "Mapa dos resultados" });
    await map.locator(".map-marker").first().waitFor();
    const markers = await map.evaluate(
      (region) => region.querySelectorAll(".map-price").length + [...region.querySelectorAll(".map-cluster")].reduce((n, m) => n + Number(m.getAttribute("data-cluster")), 0),
    );
    expect(markers).toBe(listed);
    await page.screenshot({ path: `${SHOTS}/gramado-map-1280.png` });
    await expectAccessible(page);
    await context.close();
  });

  it("the keyboard reaches the city's types, its listings and the nearest destinations, and follows them", async () => {
    const { context, page } = await open({ viewport: { width: 1280, height: 900 }, colorScheme: "light" });
    await page.goto(`${t.app.url}${CITY}`);
    await waitForHydration(page);
    expect(await tabTo(page, /^\/destinos\/rs\/gramado\/chales$/)).toBe(true);
    expect(await tabTo(page, /^\/accommodation\//)).toBe(true);
    expect(await tabTo(page, /^\/destinos\/rs\/canela$/)).toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/destinos\/rs\/canela$/);
    await page.getByRole("heading", { level: 1, name: "Hospedagens em Canela - RS" }).waitFor();
    await context.close();
  });
});
