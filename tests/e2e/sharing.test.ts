import type { BrowserContextOptions, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { hasChromium, useBrowserApp } from "../support/browser";
import { insertHost, insertProperty } from "../support/factories";
import { checkEveryLook, openPage } from "./helpers";

const SHOTS = "/tmp/shots";
const TITLE = "Chalé São João na serra";

describe.skipIf(!hasChromium)("sharing a listing, a host's page and a destination, in Chromium", () => {
  const t = useBrowserApp();
  let listing: { slug: string; url: string };
  let hostPath: string;

  beforeAll(async () => {
    const db = t.app.services.database.db;
    const host = await insertHost(db, { name: "Helena Souza" });
    const created = await insertProperty(db, host.id, { title: TITLE, location: "Campos do Jordão - SP", priceCents: 45000 });
    listing = { slug: created.slug, url: `${t.app.url}/accommodation/${created.slug}` };
    hostPath = `/anfitriao/${host.id}`;
  });

  /** Waits until the share buttons have hydrated (they load their code as they come into view). */
  const shareHydrated = (page: Page) =>
    page
      .waitForFunction(() => {
        const part = document.querySelector('[data-hydrate-when-seen="compartilhar"]')?.firstElementChild;
        return !!part && Object.keys(part).some((key) => key.startsWith("__reactProps$"));
      })
      .then(() => {});

  /** The listing's page, hydrated with its share buttons. */
  async function listingPage(options: BrowserContextOptions = {}) {
    const opened = await openPage(t.app, t.browser, `/accommodation/${listing.slug}`, { locale: "pt-BR", ...options });
    await shareHydrated(opened.page);
    return opened;
  }
  const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]", { hasText: text });

  it("WhatsApp is a plain link with the text and the address; 'Copiar link' puts the address on the clipboard, from the keyboard too", async () => {
    const { context, page } = await listingPage({ permissions: ["clipboard-read", "clipboard-write"] });
    const whatsapp = page.getByRole("link", { name: "Compartilhar no WhatsApp" });
    const href = await whatsapp.getAttribute("href");
    expect(href).toBe(`https://wa.me/?text=${encodeURIComponent(`Olha este lugar no Recanto: ${TITLE} ${listing.url}`)}`);
    expect(new URL(href!).searchParams.get("text")).toBe(`Olha este lugar no Recanto: ${TITLE} ${listing.url}`);
    expect(await whatsapp.getAttribute("target")).toBe("_blank");

    const copy = page.getByRole("button", { name: "Copiar link" });
    await copy.focus();
    expect(await copy.evaluate((button) => button.matches(":focus-visible"))).toBe(true);
    await page.keyboard.press("Enter");
    await toast(page, "Link copiado").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(listing.url);

    // Without the browser's share sheet there is no button for it.
    if (!(await page.evaluate(() => "share" in navigator))) expect(await page.getByRole("button", { name: "Compartilhar", exact: true }).count()).toBe(0);
    await context.close();
  });

  it("where the browser has a share sheet (phones), 'Compartilhar' opens it with the text and the address", async () => {
    const context = await t.browser.newContext({ locale: "pt-BR", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await context.addInitScript(() => {
      Object.defineProperty(navigator, "share", {
        configurable: true,
        value: (data: ShareData) => {
          (window as unknown as { shared: ShareData[] }).shared = [...((window as unknown as { shared?: ShareData[] }).shared ?? []), data];
          return Promise.resolve();
        },
      });
    });
    const page = await context.newPage();
    await page.goto(`${t.app.url}/accommodation/${listing.slug}`);
    const share = page.getByRole("button", { name: "Compartilhar", exact: true });
    await share.tap();
    await page.waitForFunction(() => (window as unknown as { shared?: ShareData[] }).shared?.length === 1);
    expect(await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared)).toEqual([{ text: `Olha este lugar no Recanto: ${TITLE}`, url: listing.url }]);
    await context.close();
  });

  it("the host's page has the same buttons, with its own text and address", async () => {
    const { context, page } = await openPage(t.app, t.browser, hostPath, { locale: "pt-BR" });
    const href = await page.getByRole("link", { name: "Compartilhar no WhatsApp" }).getAttribute("href");
    expect(new URL(href!).searchParams.get("text")).toBe(`Conheça as hospedagens de Helena no Recanto: ${t.app.url}${hostPath}`);
    await context.close();
  });

  it("a destination page has them too, with its heading and its address without the list's order or page", async () => {
    const { context, page } = await openPage(t.app, t.browser, "/destinos/sp/campos-do-jordao?sort=price-low", { locale: "pt-BR" });
    await shareHydrated(page);
    const href = await page.getByRole("link", { name: "Compartilhar no WhatsApp" }).getAttribute("href");
    expect(new URL(href!).searchParams.get("text")).toBe(`Hospedagens em Campos do Jordão - SP no Recanto: ${t.app.url}/destinos/sp/campos-do-jordao`);
    await context.close();
  });

  it("passes axe in the light and dark themes, on a phone and a desktop", { timeout: 240_000 }, async () => {
    await checkEveryLook(
      t.app,
      SHOTS,
      [
        { path: `/accommodation/${listing.slug}`, as: "visitor", ready: TITLE, then: shareHydrated },
        { path: hostPath, as: "visitor", ready: "Helena", then: shareHydrated },
        { path: "/destinos/sp/campos-do-jordao", as: "visitor", ready: "Hospedagens em Campos do Jordão - SP", then: shareHydrated },
      ],
      async (_visitor, look) => {
        const context = await t.browser.newContext({ locale: "pt-BR", colorScheme: look.colorScheme, viewport: look.viewport });
        return { context, page: await context.newPage() };
      },
    );
  });
});
