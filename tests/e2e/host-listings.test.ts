import fs from "node:fs/promises";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { storeImageVariants } from "../../server/media/variants";
import type { NewImage, NewProperty } from "../../server/properties/properties";
import { createTestAccount } from "../support/accounts";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { insertProperty } from "../support/factories";
import { photoJpeg } from "../support/images";
import { loginViaForm, waitForHydration } from "./helpers";

const SHOTS = "/tmp/shots";

const cards = (page: Page) => page.getByRole("article");
const filters = (page: Page) => page.getByRole("navigation", { name: "Filtrar por situação" });
const filterLink = (page: Page, label: string) => filters(page).getByRole("link", { name: new RegExp(`^${label} \\d+$`) });
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]", { hasText: text }).first();

describe.skipIf(!hasChromium)("a host with more listings than a page filters them by situation and pages through them, in Chromium", () => {
  const t = useBrowserApp();
  let host: Awaited<ReturnType<typeof createTestAccount>>;

  beforeAll(async () => {
    const { storage, database } = t.app.services;
    const photos: NewImage[] = await Promise.all(
      [0, 1, 2].map(async (i) => ({ ...(await storeImageVariants(storage, `test/host-listings-${i}`, await photoJpeg(1200, 800))), alt: `Foto ${i + 1}` })),
    );
    host = await createTestAccount(t.app, "premium-host", { name: "Anfitriã de Muitas Casas" });
    // 15 listings, newest first: 10 published, 2 waiting, 2 refused, 1 hidden.
    const plan: [string, Partial<NewProperty>][] = [
      ...Array.from({ length: 10 }, (_, i): [string, Partial<NewProperty>] => [`Cabana Publicada ${i + 1}`, { status: "approved" }]),
      ["Chalé em Análise 1", { status: "pending" }],
      ["Chalé em Análise 2", { status: "pending" }],
      ["Casa Recusada 1", { status: "rejected" }],
      ["Casa Recusada 2", { status: "rejected" }],
      ["Domo Inativo", { status: "approved", isActive: false }],
    ];
    for (const [i, [title, fields]] of plan.entries()) {
      await insertProperty(database.db, host.id, { ...fields, title, createdAt: new Date(Date.now() - (i + 1) * 60_000) }, [photos[i % photos.length]!]);
    }
    await fs.mkdir(SHOTS, { recursive: true });
  });

  async function signedInPage(options: Parameters<typeof t.browser.newContext>[0] = {}) {
    const context = await t.browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
    const page = await context.newPage();
    await loginViaForm(page, t.app, host.email);
    await page.goto(`${t.app.url}/minhas-propriedades`);
    if (options.javaScriptEnabled !== false) await waitForHydration(page);
    return { context, page };
  }

  it("shows 12 listings a page with a link to the next, filters by situation (in the URL) and keeps the counts current after a change", async () => {
    const { context, page } = await signedInPage();
    await expect(cards(page).count()).resolves.toBe(12);
    await expect(cards(page).first().getByRole("heading").innerText()).resolves.toBe("Cabana Publicada 1");
    await expect(filterLink(page, "Todas").innerText()).resolves.toMatch(/^Todas\s+15$/);
    await expect(filterLink(page, "Todas").getAttribute("aria-current")).resolves.toBe("page");

    await page.getByRole("navigation", { name: "Paginação" }).getByRole("link", { name: "Próxima página" }).click();
    await page.waitForURL(`${t.app.url}/minhas-propriedades?pagina=2`);
    await expect.poll(() => cards(page).count()).toBe(3);
    await expect(cards(page).getByRole("heading").allInnerTexts()).resolves.toEqual(["Casa Recusada 1", "Casa Recusada 2", "Domo Inativo"]);
    await expect(page.getByRole("link", { name: "Página 2" }).getAttribute("aria-current")).resolves.toBe("page");

    await filterLink(page, "Em análise").click();
    await page.waitForURL(`${t.app.url}/minhas-propriedades?status=em-analise`);
    await expect.poll(() => cards(page).getByRole("heading").allInnerTexts()).toEqual(["Chalé em Análise 1", "Chalé em Análise 2"]);
    await expect(page.getByRole("navigation", { name: "Paginação" }).count()).resolves.toBe(0);

    // Hiding a published listing moves it from "Publicadas" to "Inativas": list and counts follow.
    await filterLink(page, "Publicadas").click();
    await page.waitForURL(`${t.app.url}/minhas-propriedades?status=publicadas`);
    await expect.poll(() => cards(page).count()).toBe(10);
    await page.getByRole("switch", { name: "Ativa – Cabana Publicada 3" }).click();
    await toast(page, "Propriedade desativada").waitFor();
    await expect.poll(() => cards(page).count()).toBe(9);
    await expect(cards(page).getByRole("heading").allInnerTexts()).resolves.not.toContain("Cabana Publicada 3");
    await expect(filterLink(page, "Publicadas").innerText()).resolves.toMatch(/\s9$/);
    await expect(filterLink(page, "Inativas").innerText()).resolves.toMatch(/\s2$/);
    await filterLink(page, "Inativas").click();
    await page.waitForURL(`${t.app.url}/minhas-propriedades?status=inativas`);
    await expect.poll(() => cards(page).getByRole("heading").allInnerTexts()).toEqual(["Cabana Publicada 3", "Domo Inativo"]);
    await page.getByRole("switch", { name: "Inativa – Cabana Publicada 3" }).click();
    await toast(page, "Propriedade ativada").waitFor();
    await expect.poll(() => cards(page).getByRole("heading").allInnerTexts()).toEqual(["Domo Inativo"]);
    await context.close();
  });

  it("pages and filters without JavaScript, by plain links", async () => {
    const { context, page } = await signedInPage({ javaScriptEnabled: false });
    await page.getByRole("link", { name: "Próxima página" }).click();
    await page.waitForURL(`${t.app.url}/minhas-propriedades?pagina=2`);
    await expect(cards(page).count()).resolves.toBe(3);
    await filterLink(page, "Recusadas").click();
    await page.waitForURL(`${t.app.url}/minhas-propriedades?status=recusadas`);
    await expect(cards(page).getByRole("heading").allInnerTexts()).resolves.toEqual(["Casa Recusada 1", "Casa Recusada 2"]);
    await context.close();
  });

  it.each(["light", "dark"] as const)("passes axe in the %s theme, on a phone and a desktop", async (colorScheme) => {
    for (const [name, viewport] of [
      ["1280", { width: 1280, height: 900 }],
      ["390", { width: 390, height: 844 }],
    ] as const) {
      const { context, page } = await signedInPage({ colorScheme, viewport });
      await expect(page.evaluate(() => document.documentElement.classList.contains("dark"))).resolves.toBe(colorScheme === "dark");
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/minhas-propriedades-${name}-${colorScheme}.png`, fullPage: true });
      await page.goto(`${t.app.url}/minhas-propriedades?status=em-analise`);
      await waitForHydration(page);
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/minhas-propriedades-filtro-${name}-${colorScheme}.png`, fullPage: true });
      await context.close();
    }
  });
});
