import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { favorites, properties } from "../../server/db/schema";
import { createTestAccount } from "../support/accounts";
import { insertHost, insertProperty } from "../support/factories";
import { hasChromium, useBrowserApp } from "../support/browser";
import { loginViaForm, openPage, reachFor, waitForHydration } from "./helpers";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** Whether React has hydrated the element: it then carries its props (see waitForHydration). */
const hydrated = (element: Locator) => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps$")));
const carousel = (page: Page, name: string) => page.getByRole("region", { name });
const firstHeart = (scope: Locator) => scope.getByRole("button", { name: /^Favoritar / }).first();
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]", { hasText: text });

/** A part below the first screen is still the server's markup; scrolled to, it hydrates and its heart answers. */
async function waitsUntilScrolledTo(page: Page, part: Locator) {
  await page.waitForTimeout(300);
  await expect(hydrated(firstHeart(part))).resolves.toBe(false);
  await part.scrollIntoViewIfNeeded();
  await expect.poll(() => hydrated(firstHeart(part))).toBe(true);
  await firstHeart(part).click();
  await toast(page, "Login necessário").waitFor();
}

describe.skipIf(!hasChromium)("the home page's rows hydrate when they come near the screen, in Chromium", () => {
  const t = useBrowserApp(undefined, { demo: true });

  it("on a phone the rows below the first screen wait, as the server drew them, until scrolled to; then they work", async () => {
    const context = await t.browser.newContext(PHONE);
    const page = await context.newPage();
    const manifestRequests: string[] = [];
    page.on("request", (request) => request.url().includes("/__manifest") && manifestRequests.push(request.url()));
    await page.goto(`${t.app.url}/`);
    await waitForHydration(page);

    // The first row, on the first screen, hydrates at once; the last one, far below, waits.
    const first = carousel(page, "Cabanas");
    await expect.poll(() => hydrated(firstHeart(first))).toBe(true);
    const last = carousel(page, "Contêineres");
    await expect(last.locator("article").count()).resolves.toBeGreaterThan(0);
    await waitsUntilScrolledTo(page, last);

    // Every route is known from the first load: no route discovery after it.
    expect(manifestRequests).toEqual([]);
    await context.close();
  });

  it("on a phone a listing's map fetches Leaflet only when scrolled near, then draws", async () => {
    const context = await t.browser.newContext(PHONE);
    const page = await context.newPage();
    const leaflet: string[] = [];
    page.on("request", (request) => /area-map.*\.js$/.test(request.url()) && leaflet.push(request.url()));
    await page.goto(`${t.app.url}/category/cabanas`);
    const listing = await page.locator("main article a").first().getAttribute("href");
    await page.goto(`${t.app.url}${listing}`);
    await waitForHydration(page);
    await page.waitForTimeout(300);
    expect(leaflet).toEqual([]);
    const map = page.getByRole("region", { name: /^Mapa: localização/ });
    await map.scrollIntoViewIfNeeded();
    await map.locator(".leaflet-overlay-pane path, .map-pin").first().waitFor();
    expect(leaflet.length).toBeGreaterThan(0);
    await context.close();
  });

  it("the page's scripts are fetched once it has loaded, or at the latest 2 s after its markup when an image never arrives; then it hydrates", async () => {
    const context = await t.browser.newContext(PHONE);
    const page = await context.newPage();
    const scriptsBeforeLoad = () =>
      page.evaluate(() => {
        const { loadEventStart } = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        const scripts = performance.getEntriesByType("resource").filter((entry) => /\/assets\/.+\.js$/.test(entry.name));
        return { loaded: loadEventStart > 0, scripts: scripts.length, early: scripts.filter((entry) => entry.startTime < loadEventStart).map((entry) => entry.name) };
      });
    await page.goto(`${t.app.url}/`);
    await waitForHydration(page);
    await expect(scriptsBeforeLoad()).resolves.toMatchObject({ loaded: true, early: [] });
    expect((await scriptsBeforeLoad()).scripts).toBeGreaterThan(5);

    // The first screen's images held forever: the page never loads, and its scripts still come.
    await page.route("**/media/**", () => undefined);
    await page.goto(`${t.app.url}/category/cabanas`, { waitUntil: "domcontentloaded" });
    const markupRead = Date.now();
    await waitForHydration(page);
    expect(Date.now() - markupRead).toBeGreaterThanOrEqual(1500);
    await expect(scriptsBeforeLoad()).resolves.toMatchObject({ loaded: false });
    await context.close();
  });

  it("the header and the footer hydrate as the server drew them; the header stays on top and its menu works", async () => {
    const context = await t.browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${t.app.url}/category/cabanas`, { waitUntil: "domcontentloaded" });
    const drawn = await page.evaluateHandle(() => [document.querySelector("header"), document.querySelector("footer")]);
    await waitForHydration(page);
    // Hydrated, not drawn anew: the very elements the server sent now carry React's props.
    const same = await page.evaluate(
      ([header, footer]) => [header === document.querySelector("header"), footer === document.querySelector("footer"), Object.keys(header!.querySelector("button")!).some((key) => key.startsWith("__reactProps$"))],
      drawn,
    );
    expect(same).toEqual([true, true, true]);
    await page.mouse.wheel(0, 1200);
    await expect.poll(() => page.evaluate(() => [scrollY > 0, document.querySelector("header")!.getBoundingClientRect().top])).toEqual([true, 0]);
    await page.getByRole("button", { name: "Menu da conta" }).click();
    await page.getByRole("menu").waitFor();
    await context.close();
  });

  it("numbers come written by the server: hydrating the home page and every row, results around a place, a category and a listing makes no number format in the browser", async () => {
    // The first number format on a phone loads the locale's data in the middle of hydration.
    const context = await t.browser.newContext(PHONE);
    await context.addInitScript(() => {
      const counted = window as unknown as { numberFormats: number };
      counted.numberFormats = 0;
      Intl.NumberFormat = new Proxy(Intl.NumberFormat, {
        construct: (target, args: [string?, Intl.NumberFormatOptions?]) => (counted.numberFormats++, new target(...args)),
        apply: (target, _this, args: [string?, Intl.NumberFormatOptions?]) => (counted.numberFormats++, target(...args)),
      });
    });
    const page = await context.newPage();
    const numberFormats = () => page.evaluate(() => (window as unknown as { numberFormats: number }).numberFormats);
    const price = /^R\$\s[\d.]+,\d{2}$/;

    await page.goto(`${t.app.url}/`);
    await waitForHydration(page);
    const last = carousel(page, "Contêineres");
    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => hydrated(firstHeart(last))).toBe(true);
    await expect(last.getByText(price).first().isVisible()).resolves.toBe(true);
    expect(await numberFormats()).toBe(0);

    await page.goto(`${t.app.url}/?search=${encodeURIComponent("chalé perto de gramado")}`);
    await waitForHydration(page);
    await page.getByRole("region").getByText(/^\d+ propriedades? encontradas?$/).waitFor();
    await expect(page.getByText(/^a (menos de 1|\d+) km de Gramado$/).count()).resolves.toBeGreaterThan(0);
    const listing = page.locator("[data-results-for] article a").first();
    await expect.poll(() => hydrated(listing)).toBe(true);
    expect(await numberFormats()).toBe(0);
    const listingPath = await listing.getAttribute("href");

    // A category page, with every filter drawn (the price slider's steps among them) at once.
    await page.goto(`${t.app.url}/category/chales`);
    await waitForHydration(page);
    // Folded away on a phone, yet drawn; hydrated once reached for (their code loads then).
    const lowestPrice = page.locator('input[name="minPrice"]');
    await expect(lowestPrice.getAttribute("aria-valuetext")).resolves.toMatch(price);
    await reachFor(page, "filtros");
    await expect.poll(() => hydrated(lowestPrice)).toBe(true);
    expect(await numberFormats()).toBe(0);

    await page.goto(`${t.app.url}${listingPath}`);
    await waitForHydration(page);
    await expect(page.getByText(price).filter({ visible: true }).count()).resolves.toBeGreaterThan(0);
    expect(await numberFormats()).toBe(0);
    await context.close();
  });

  it("a row touched before it is scrolled to hydrates before the tap's click: the heart answers the first tap", async () => {
    const { context, page } = await openPage(t.app, t.browser, "/", PHONE);
    const row = carousel(page, "Pousadas");
    await expect(hydrated(firstHeart(row))).resolves.toBe(false);
    // A tap dispatched where the row is, without scrolling the page first: the click, a task after
    // the press as in a browser, already finds the heart hydrated.
    await firstHeart(row).dispatchEvent("pointerdown");
    await firstHeart(row).dispatchEvent("click");
    await toast(page, "Login necessário").waitFor();
    await context.close();
  });

  it("a row that waited while the page changed is drawn from the new state: a heart saved meanwhile shows pressed", async () => {
    const guest = await createTestAccount(t.app, "guest");
    const context = await t.browser.newContext(PHONE);
    const page = await context.newPage();
    await loginViaForm(page, t.app, guest.email);
    await page.goto(`${t.app.url}/`);
    await waitForHydration(page);

    const last = carousel(page, "Contêineres");
    const title = (await last.locator("article h3").first().textContent())!;
    const heartInLast = last.getByRole("button", { name: `Favoritar ${title}`, exact: true });
    await expect(hydrated(heartInLast)).resolves.toBe(false);
    await expect(heartInLast.getAttribute("aria-pressed")).resolves.toBe("false");

    // Saved elsewhere (another tab) while this page shows; the page learns of it when a heart on it is pressed.
    const [saved] = await t.app.services.database.db.select({ id: properties.id }).from(properties).where(eq(properties.title, title));
    await t.app.services.database.db.insert(favorites).values({ userId: guest.id, propertyId: saved!.id });
    const first = firstHeart(carousel(page, "Cabanas"));
    await first.click();
    await toast(page, "Adicionado aos favoritos").waitFor();
    await page.getByRole("link", { name: "Favoritos (2)" }).waitFor();

    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => hydrated(heartInLast)).toBe(true);
    await expect(heartInLast.getAttribute("aria-pressed")).resolves.toBe("true");
    await context.close();
  });

  it("after a client navigation back to the home page every row renders and works at once", async () => {
    const { context, page } = await openPage(t.app, t.browser, "/", PHONE);
    await page.getByRole("link", { name: "Ver todos (Cabanas)" }).click();
    await page.waitForURL(/\/category\/cabanas$/);
    await page.goBack();
    await page.waitForURL(`${t.app.url}/`);
    const last = carousel(page, "Contêineres");
    await expect.poll(() => hydrated(firstHeart(last))).toBe(true);
    await context.close();
  });

  it("on a phone a results list's cards below the first screen wait too, then work; each card fills its cell in the grid", async () => {
    const { context, page } = await openPage(t.app, t.browser, "/category/cabanas", PHONE);
    const cards = page.locator("main article");
    const count = await cards.count();
    expect(count).toBeGreaterThanOrEqual(4);
    await expect.poll(() => hydrated(firstHeart(cards.first()))).toBe(true);
    await waitsUntilScrolledTo(page, cards.last());
    await context.close();

    // Three columns at 1280px, the newest card's title on one line beside others on two: each card is as tall as its row.
    const host = await insertHost(t.app.services.database.db);
    await insertProperty(t.app.services.database.db, host.id, { title: "Oca" });
    const wide = await openPage(t.app, t.browser, "/category/cabanas", { viewport: { width: 1280, height: 900 } });
    await wide.page.locator("main article h3", { hasText: /^Oca$/ }).waitFor();
    const rows = await wide.page.locator("main li:has(article)").evaluateAll((cells) =>
      cells.slice(0, 3).map((cell) => [cell.getBoundingClientRect().height, cell.querySelector("article")!.getBoundingClientRect().height]),
    );
    for (const [cell, card] of rows) expect(Math.abs(cell! - card!), `cell ${cell}, card ${card}`).toBeLessThan(1);
  });
});
