import type { BrowserContextOptions, Locator, Page, Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hasChromium, useBrowserApp } from "../support/browser";
import { reachFor, waitForHydration } from "./helpers";

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "pt-BR" };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 }, locale: "pt-BR" };

/** A name Radix's dialog code carries in the production build (its parts' display names). */
const RADIX_DIALOG = "DialogContent";

describe.skipIf(!hasChromium)("dialogs, menus, maps and toasts load their code when first wanted, and survive when it cannot come (demo catalogue, Chromium)", () => {
  const t = useBrowserApp(undefined, { demo: true });

  /** The page at `path`, hydrated (after `before`, given the page), and the text of every script it has loaded so far. */
  async function open(path: string, options: BrowserContextOptions, before?: (page: Page) => Promise<unknown>) {
    const context = await t.browser.newContext(options);
    const page = await context.newPage();
    await before?.(page);
    const scripts: Promise<string>[] = [];
    page.on("response", (response: Response) => {
      if (response.request().resourceType() === "script") scripts.push(response.text().catch(() => ""));
    });
    await page.goto(`${t.app.url}${path}`);
    await waitForHydration(page);
    const loaded = async () => (await Promise.all(scripts)).filter((text) => text.includes(RADIX_DIALOG)).length;
    return { context, page, loaded };
  }

  async function listingPath() {
    const category = await (await fetch(`${t.app.url}/category/chales`)).text();
    return /href="(\/accommodation\/[^"?]+)/.exec(category)![1]!;
  }
  async function galleryPath() {
    return /href="(\/property-gallery\/[^"?]+)/.exec(await (await fetch(t.app.url + (await listingPath()))).text())![1]!;
  }

  /** Scripts matching `pattern`, or among them those whose code contains `marker` (a chunk whose name says nothing), fail as if the connection dropped. Returns the way back. */
  async function cutScripts(page: Page, { pattern = "**/assets/*.js", marker }: { pattern?: string; marker?: string }) {
    await page.route(pattern, async (route) => {
      if (!marker) return route.abort("internetdisconnected");
      const response = await route.fetch();
      if ((await response.text()).includes(marker)) return route.abort("internetdisconnected");
      return route.fulfill({ response });
    });
    return () => page.unroute(pattern);
  }

  const cases: { name: string; path: () => Promise<string>; options: BrowserContextOptions; part?: string; trigger: (page: Page) => Locator; dialog: string | RegExp }[] = [
    {
      name: "the phone filters on home",
      path: async () => "/",
      options: PHONE,
      trigger: (page) => page.getByRole("button", { name: "Filtros", exact: true }),
      dialog: "Filtros",
    },
    {
      name: "Mais filtros on a category",
      path: async () => "/category/chales",
      options: DESKTOP,
      // The button is part of the filters, whose own code loads when someone reaches for them.
      part: "filtros",
      trigger: (page) => page.getByRole("button", { name: "Mais filtros", exact: true }),
      dialog: "Mais filtros",
    },
    {
      name: "the sign-in dialog on /favoritos",
      path: async () => "/favoritos",
      options: DESKTOP,
      trigger: (page) => page.getByRole("main").getByRole("button", { name: "Entrar", exact: true }),
      dialog: "Entrar no Recanto",
    },
    {
      name: "the gallery's lightbox",
      path: galleryPath,
      options: DESKTOP,
      trigger: (page) => page.getByRole("button", { name: /^Abrir foto 1 de/ }),
      dialog: /Fotos de/,
    },
  ];

  it.each(cases)("$name: not loaded with the page, loaded and working on the first click, focus back on the trigger after Escape", async ({ path, options, part, trigger, dialog }) => {
    const { context, page, loaded } = await open(await path(), options);
    if (part) await reachFor(page, part);
    await expect(loaded()).resolves.toBe(0);
    await trigger(page).click();
    await page.getByRole("dialog", { name: dialog }).waitFor();
    await expect(loaded()).resolves.toBeGreaterThan(0);
    await expect(page.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null)).resolves.toBe(true);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    // Radix gives focus back in an effect after the window leaves the page: wait for it, briefly.
    await expect.poll(() => trigger(page).evaluate((button) => button === document.activeElement), { timeout: 2000 }).toBe(true);
    await context.close();
  });

  it("a window that cannot be downloaded leaves the page as it was and says so in Portuguese; the next click opens it", async () => {
    const { context, page } = await open("/", PHONE);
    const sheet = "**/assets/filter-drawer-sheet-*.js";
    await page.route(sheet, (route) => route.abort("internetdisconnected"));
    const trigger = page.getByRole("button", { name: "Filtros", exact: true });
    await trigger.click();
    await page.getByText("Não foi possível abrir. Verifique sua conexão e tente de novo.").waitFor();
    await expect(trigger.getAttribute("aria-expanded")).resolves.toBe("false");
    await expect(page.getByRole("dialog", { name: "Filtros" }).count()).resolves.toBe(0);
    await expect(page.getByRole("heading", { level: 1 }).count()).resolves.toBeGreaterThan(0);

    await page.unroute(sheet);
    await trigger.click();
    await page.getByRole("dialog", { name: "Filtros" }).waitFor();
    // Open, the dialog hides the rest of the page from assistive technology.
    await expect(page.getByRole("button", { name: "Filtros", exact: true, includeHidden: true }).getAttribute("aria-expanded")).resolves.toBe("true");
    await context.close();
  });

  const FAILED = "Não foi possível abrir. Verifique sua conexão e tente de novo.";

  it("a header menu: the button stays, a toast says so, the next press opens it", async () => {
    const { context, page } = await open("/", DESKTOP);
    const reconnect = await cutScripts(page, { pattern: "**/assets/header-menus-*.js" });
    const button = page.getByRole("button", { name: "Menu da conta" });
    await button.click();
    await page.locator("[data-sonner-toast]", { hasText: FAILED }).waitFor();
    await expect(page.getByRole("menu").count()).resolves.toBe(0);

    await reconnect();
    await button.click();
    await page.getByRole("menuitem", { name: "Entrar" }).waitFor();
    await context.close();
  });

  it("when the toasts' code cannot come either, the message is a plain alert that can be closed", async () => {
    const { context, page } = await open("/", DESKTOP);
    await cutScripts(page, { marker: "data-sonner-toaster" });
    await cutScripts(page, { pattern: "**/assets/header-menus-*.js" });
    await page.getByRole("button", { name: "Menu da conta" }).click();
    const alert = page.getByRole("alert").filter({ hasText: FAILED });
    await alert.waitFor();
    await alert.getByRole("button", { name: "Fechar notificação" }).click();
    await alert.waitFor({ state: "detached" });
    await context.close();
  });

  it("the sign-up's checks cannot come: the dialog opens on both forms' fields all the same", async () => {
    const { context, page } = await open("/favoritos", DESKTOP);
    // The checks' own code carries their messages; the window does not.
    await cutScripts(page, { marker: "Selecione o tipo de usuário." });
    await page.getByRole("main").getByRole("button", { name: "Entrar", exact: true }).click();
    const login = page.getByRole("dialog", { name: "Entrar no Recanto" });
    await login.getByLabel("Email", { exact: true }).waitFor();
    await login.getByRole("button", { name: "Cadastre-se" }).click();
    const signUp = page.getByRole("dialog", { name: "Criar conta no Recanto" });
    for (const label of ["Nome completo", "Telefone", "Tipo de usuário"]) await signUp.getByLabel(label).waitFor();
    await context.close();
  });

  it("a listing's map: the place says so and 'Tentar de novo' draws it", async () => {
    // The map's code is fetched as soon as the page is drawn in the browser: cut before it loads.
    let reconnect = async () => {};
    const { context, page } = await open(await listingPath(), DESKTOP, async (page) => (reconnect = await cutScripts(page, { pattern: "**/assets/area-map-*.js" })));
    const map = page.getByRole("region", { name: /^Mapa: localização/ });
    await map.scrollIntoViewIfNeeded();
    await map.getByText("Não foi possível carregar o mapa. Verifique sua conexão.").waitFor();
    await expect(page.getByRole("heading", { level: 1 }).count()).resolves.toBe(1);

    await reconnect();
    await map.getByRole("button", { name: "Tentar de novo" }).click();
    await map.locator(".leaflet-container").waitFor();
    await context.close();
  });
});
