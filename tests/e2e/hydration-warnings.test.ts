import fs from "node:fs";
import type { BrowserContextOptions, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../server/seed/demo";
import { developmentServerEntryPath } from "../support/app";
import { hasChromium, useBrowserApp } from "../support/browser";
import { loginViaForm, waitForHydration } from "./helpers";

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };
const HOST = DEMO_ACCOUNTS.find((account) => account.userType === "host")!.email;
const MISSING_PAGE = "/nao-existe";

/**
 * React's development build reports every difference between the server's markup and the first
 * render in the browser (an attribute, a text, an element), and every recoverable error; the
 * production build only the mismatches it cannot keep. So the pages run here on the development
 * build (`npm run build:dev`), and any warning or error in the console fails the test.
 */
describe.skipIf(!hasChromium)("no hydration warning or error in the console, on React's development build (demo catalogue, Chromium)", () => {
  beforeAll(() => {
    if (!fs.existsSync(developmentServerEntryPath)) throw new Error(`no development build at ${developmentServerEntryPath}: run \`npm run build:dev\``);
  });
  const t = useBrowserApp(undefined, { demo: true, entry: developmentServerEntryPath });

  /** A page whose console is listened to from the start: what it reports, as `kind: text` lines. */
  async function watchedPage(options: BrowserContextOptions) {
    const context = await t.browser.newContext(options);
    const page = await context.newPage();
    const reports: string[] = [];
    page.on("console", (message) => {
      const path = new URL(page.url()).pathname;
      // The browser's own line for a page answered 404, which that page is.
      if (path === MISSING_PAGE && message.text().includes("status of 404")) return;
      if (message.type() === "error" || message.type() === "warning") reports.push(`${message.type()} on ${path}: ${message.text()}`);
    });
    page.on("pageerror", (error) => reports.push(`uncaught on ${new URL(page.url()).pathname}: ${error.message}`));
    return { context, page, reports };
  }

  /** Opens `path`, waits for the page to hydrate, then scrolls to its end so that every part waiting to be seen hydrates too. */
  async function visit(page: Page, path: string) {
    await page.goto(`${t.app.url}${path}`);
    await waitForHydration(page);
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(50);
    }
    await page.waitForLoadState("networkidle");
  }

  async function paths() {
    const category = await (await fetch(`${t.app.url}/category/chales`)).text();
    const listing = /href="(\/accommodation\/[^"?]+)/.exec(category)![1]!;
    const gallery = /href="(\/property-gallery\/[^"?]+)/.exec(await (await fetch(t.app.url + listing)).text())![1]!;
    const results = (await fetch(`${t.app.url}/?search=${encodeURIComponent("chalé perto de gramado")}`, { redirect: "manual" })).headers.get("location")!;
    const host = /href="(\/anfitriao\/[^"?]+)/.exec(await (await fetch(t.app.url + listing)).text())![1]!;
    return { listing, gallery, results, host };
  }

  // 40 visits, each scrolled to its end: about a minute on a busy 2-core machine.
  it("on every public page, at phone and desktop widths, its parts below the first screen included", { timeout: 180_000 }, async () => {
    const { listing, gallery, results, host } = await paths();
    const pages = [
      host,
      "/",
      results,
      "/category/chales",
      "/category/glamping",
      "/destinos/rs/gramado",
      listing,
      gallery,
      `${gallery}?foto=2`,
      "/login",
      "/cadastro",
      "/esqueci-senha",
      "/planos",
      "/anuncie-conosco",
      "/como-funciona",
      "/central-ajuda",
      "/politica-cancelamento",
      "/termos-uso",
      "/privacidade",
      MISSING_PAGE,
    ];
    for (const options of [PHONE, DESKTOP]) {
      const { context, page, reports } = await watchedPage(options);
      for (const path of pages) await visit(page, path);
      await context.close();
      expect(reports).toEqual([]);
    }
  });

  it("in the dialogs and menus, and on a client navigation", async () => {
    const { listing, gallery } = await paths();
    const phone = await watchedPage(PHONE);
    await visit(phone.page, "/");
    await phone.page.getByRole("button", { name: "Filtros", exact: true }).click();
    await phone.page.getByRole("dialog", { name: "Filtros" }).waitFor();
    await phone.page.keyboard.press("Escape");
    await phone.context.close();

    const desktop = await watchedPage(DESKTOP);
    const { page } = desktop;
    await visit(page, "/category/chales");
    await page.getByRole("button", { name: /^Mais filtros/ }).click();
    await page.getByRole("dialog", { name: "Mais filtros" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: /^Tema:/ }).click();
    await page.getByRole("menuitemradio", { name: "Escuro" }).click();
    await page.getByRole("button", { name: "Tema: Escuro" }).waitFor();
    await page.getByRole("button", { name: "Menu da conta" }).click();
    await page.getByRole("menu").waitFor();
    await page.keyboard.press("Escape");
    // A heart, signed out, offers to sign in: the sign-in dialog.
    await page.getByRole("button", { name: /^Favoritar / }).first().click();
    await page.locator("[data-sonner-toast]").getByRole("button", { name: "Entrar" }).click();
    await page.getByRole("dialog").getByLabel("Email", { exact: true }).waitFor();
    await page.keyboard.press("Escape");
    // Client navigations: a card to its listing, then the listing's photos in the lightbox.
    await page.getByRole("link", { name: /Chalé/ }).first().click();
    await page.waitForURL((url) => url.pathname.startsWith("/accommodation/"));
    await page.goto(`${t.app.url}${listing}`);
    await waitForHydration(page);
    await page.goto(`${t.app.url}${gallery}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: /^Abrir foto 1 de / }).click();
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("Escape");
    await desktop.context.close();
    expect([...desktop.reports, ...phone.reports]).toEqual([]);
  });

  it("on the host's pages, signed in", async () => {
    const { context, page, reports } = await watchedPage(DESKTOP);
    await loginViaForm(page, t.app, HOST, DEMO_PASSWORD);
    await visit(page, "/minhas-propriedades");
    const edit = await page.getByRole("link", { name: /Editar/ }).first().getAttribute("href");
    const calendar = await page.getByRole("link", { name: /^Calendário de/ }).first().getAttribute("href");
    const { listing } = await paths();
    for (const path of ["/perfil", "/favoritos", "/adicionar-propriedade", edit!, calendar!, "/planos", "/", `${listing}/contato`, listing.replace("/accommodation/", "/denunciar/anuncio/")]) await visit(page, path);
    await context.close();
    expect(reports).toEqual([]);
  });
});
