import fs from "node:fs/promises";
import type { BrowserContextOptions, Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { AMENITIES, NO_SIGNAL_LABEL, SAFETY_ITEMS } from "../../common/catalog";
import { formatBRL } from "../../common/format";
import { attributeTags, FEATURE_KEYS, POWER_KEYS } from "../../common/stay-attributes";
import { addNights, nightOf } from "../../common/nights";
import { properties } from "../../server/db/schema";
import { DEMO_PASSWORD } from "../../server/seed/demo";
import { DEMO_LABEL_BOX, SCENE_WIDTH } from "../../server/seed/demo-scenes";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { insertHost, insertProperty } from "../support/factories";
import { loginViaForm, onToWhatsapp, openPage } from "./helpers";

const SHOTS = "/tmp/shots";
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "pt-BR" };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 }, locale: "pt-BR" };

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`not visible: ${locator.toString()}`);
  return found;
}

/** The texts of the page's content and footer that the box covers. */
function covered(page: Page, area: { x: number; y: number; width: number; height: number }) {
  return page.evaluate(
    ({ x, y, width, height }) =>
      [...document.querySelectorAll("main article :is(h1, h2, h3, p, li, a, button, input, select, img), footer :is(a, p, input, button)")]
        // The bar itself, and map tiles (clipped by their frame, they reach beyond it).
        .filter((el) => !el.closest("[role=group][aria-label='Preço e contato'], .leaflet-pane"))
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && r.left < x + width && x < r.right && r.top < y + height && y < r.bottom;
        })
        .map((el) => el.textContent),
    area,
  );
}

describe.skipIf(!hasChromium)("a listing's page on a phone and a desktop, in Chromium", () => {
  const t = useBrowserApp(undefined, { demo: true });
  let listing: { slug: string; priceCents: number };

  beforeAll(async () => {
    const [first] = await t.app.services.database.db.select({ slug: properties.slug, priceCents: properties.priceCents }).from(properties).orderBy(properties.slug).limit(1);
    listing = first!;
    await fs.mkdir(SHOTS, { recursive: true });
    await fs.mkdir("/tmp/shots-listing", { recursive: true });
  });

  it.each(["light", "dark"] as const)("on a phone (%s) a bar at the bottom keeps the price per night and 'Contatar via WhatsApp' at hand, and covers nothing at the end", async (colorScheme) => {
    const { context, page } = await openPage(t.app, t.browser, `/accommodation/${listing.slug}`, { ...PHONE, colorScheme });
    const bar = page.getByRole("group", { name: "Preço e contato" });
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(async () => Math.round((await box(bar)).y + (await box(bar)).height)).toBe(844);
    await expect(bar.getByText(formatBRL(listing.priceCents), { exact: true }).isVisible()).resolves.toBe(true);
    await expect(bar.getByText("/ noite").isVisible()).resolves.toBe(true);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/listing-bar-390-${colorScheme}.png` });

    // Scrolled to where the listing ends at the bottom of the screen: the bar rests below the last content.
    await page.evaluate(() => window.scrollTo(0, window.scrollY + document.querySelector("main article")!.getBoundingClientRect().bottom - window.innerHeight));
    await expect(covered(page, await box(bar))).resolves.toEqual([]);
    await page.screenshot({ path: `${SHOTS}/listing-bar-end-390-${colorScheme}.png` });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(covered(page, await box(bar))).resolves.toEqual([]);

    // Logged out, the bar's button does what the card's does: the sign-in dialog.
    await bar.getByRole("button", { name: "Contatar via WhatsApp" }).click();
    await page.getByRole("dialog", { name: "Entrar no Recanto" }).waitFor();
    await context.close();
  });

  it.each(["light", "dark"] as const)("on a phone (%s) the bar stays at the bottom of the screen until the footer comes, then rests right on it, with no blank band between; at 1280 px the desktop layout", async (colorScheme) => {
    const { context, page } = await openPage(t.app, t.browser, `/accommodation/${listing.slug}`, { ...PHONE, colorScheme });
    const bar = page.getByRole("group", { name: "Preço e contato" });
    const footer = page.locator("body > footer");
    const bottomOf = async (locator: Locator) => {
      const found = await box(locator);
      return found.y + found.height;
    };
    // Mid-page, and just before the footer shows: at the bottom of the screen.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await expect.poll(() => bottomOf(bar)).toBeCloseTo(844, 0);
    await page.screenshot({ path: `/tmp/shots-listing/bar-middle-390-${colorScheme}.png` });
    await page.evaluate(() => window.scrollTo(0, window.scrollY + document.querySelector("body > footer")!.getBoundingClientRect().top - window.innerHeight - 2));
    await expect.poll(() => bottomOf(bar)).toBeCloseTo(844, 0);

    // At the end of the page: right above the footer, nothing between them.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footerTop = (await box(footer)).y;
    expect(Math.abs((await bottomOf(bar)) - footerTop)).toBeLessThanOrEqual(1);
    await expect(covered(page, await box(bar))).resolves.toEqual([]);
    // And where the footer starts to show, the bar rests on it too.
    await page.evaluate(() => window.scrollTo(0, window.scrollY + document.querySelector("body > footer")!.getBoundingClientRect().top - window.innerHeight + 200));
    expect(Math.abs((await bottomOf(bar)) - (await box(footer)).y)).toBeLessThanOrEqual(1);
    expect(await bottomOf(bar)).toBeLessThan(844);
    await page.screenshot({ path: `/tmp/shots-listing/bar-footer-390-${colorScheme}.png` });
    await context.close();

    // At 1280 px, the desktop layout as before: no bar, the card beside the text, the footer after its usual space.
    await desktopLayout(colorScheme);
  });

  async function desktopLayout(colorScheme: "light" | "dark") {
    const { context, page } = await openPage(t.app, t.browser, `/accommodation/${listing.slug}`, { ...DESKTOP, colorScheme });
    await expect(page.getByRole("group", { name: "Preço e contato" }).count()).resolves.toBe(0);
    const card = await box(page.getByRole("region", { name: "Preço e contato" }));
    const title = await box(page.getByRole("heading", { level: 1 }));
    expect(card.x).toBeGreaterThan(title.x + 600);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const gap = await page.evaluate(() => {
      const last = Math.max(...[...document.querySelectorAll("main article > *")].map((child) => child.getBoundingClientRect().bottom));
      return document.querySelector("body > footer")!.getBoundingClientRect().top - last;
    });
    // The article's bottom padding and the footer's margin (4rem each).
    expect(gap).toBeCloseTo(128, 0);
    await page.screenshot({ path: `/tmp/shots-listing/bar-footer-1280-${colorScheme}.png` });
    await context.close();
  }

  it("every icon of a listing that states everything draws a glyph one can see, 'Sem sinal de celular' too", async () => {
    const host = await insertHost(t.app.services.database.db);
    const everything = { amenities: [...AMENITIES], safetyItems: [...SAFETY_ITEMS], smokingAllowed: false, partiesAllowed: true, checkInFrom: "14:00", checkOutUntil: "11:00", quietHours: "22:00-08:00" };
    const offGrid = await insertProperty(t.app.services.database.db, host.id, {
      ...everything,
      title: "Cabana Fora da Rede",
      features: attributeTags({ features: [...FEATURE_KEYS], road: "4x4", signal: [], internet: "nenhuma", power: [...POWER_KEYS] }),
    });
    const connected = await insertProperty(t.app.services.database.db, host.id, {
      ...everything,
      title: "Cabana Conectada",
      features: attributeTags({ features: [], road: "asfalto", signal: ["vivo", "tim"], internet: "fibra", power: ["rede"] }),
    });
    for (const { slug } of [offGrid, connected]) {
      const { context, page } = await openPage(t.app, t.browser, `/accommodation/${slug}`, DESKTOP);
      if (slug === offGrid.slug) await page.getByText(NO_SIGNAL_LABEL, { exact: true }).waitFor();
      const glyphs = await page.evaluate(async () => {
        // What the page shows at this width (the phones' bar is hidden here).
        const icons = [...document.querySelectorAll("main article svg.icon")].filter((icon) => icon.checkVisibility());
        const sprites = new Map<string, Document>();
        const found = [];
        for (const icon of icons) {
          const href = icon.querySelector("use")!.getAttribute("href")!;
          const [file, id] = href.split("#") as [string, string];
          if (!sprites.has(file)) sprites.set(file, new DOMParser().parseFromString(await (await fetch(file)).text(), "image/svg+xml"));
          const symbol = sprites.get(file)!.getElementById(id);
          const label = icon.closest("li, p, a, button, span")?.textContent?.trim() ?? "";
          const { width, height } = icon.getBoundingClientRect();
          let ink = 0;
          if (symbol) {
            // The symbol's shapes drawn as the page strokes them, at 48 px, and the pixels they cover counted.
            const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="${symbol.getAttribute("viewBox")}" fill="none" stroke="#000" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${symbol.innerHTML}</svg>`;
            const image = new Image();
            image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
            await image.decode();
            const canvas = document.createElement("canvas");
            canvas.width = canvas.height = 48;
            const context = canvas.getContext("2d")!;
            context.drawImage(image, 0, 0);
            const { data } = context.getImageData(0, 0, 48, 48);
            for (let i = 3; i < data.length; i += 4) if (data[i]! > 128) ink += 1;
          }
          found.push({ id, label, found: !!symbol, width, height, ink });
        }
        return found;
      });
      expect(glyphs.length).toBeGreaterThan(30);
      const faint = glyphs.filter((g) => !g.found || g.width < 12 || g.height < 12 || g.ink < 60);
      expect(faint, slug).toEqual([]);
      if (slug === offGrid.slug) {
        const noSignal = page.getByText(NO_SIGNAL_LABEL, { exact: true }).locator("xpath=..");
        await noSignal.scrollIntoViewIfNeeded();
        await noSignal.screenshot({ path: "/tmp/shots-listing/icon-no-signal.png" });
      }
      await context.close();
    }
  });

  it.each([
    [390, "light"],
    [390, "dark"],
    [1280, "light"],
    [1280, "dark"],
  ] as const)("at %i px (%s) the demo photos' label is whole on the listing's main photo", async (width, colorScheme) => {
    const { context, page } = await openPage(t.app, t.browser, `/accommodation/${listing.slug}`, { ...(width === 390 ? PHONE : DESKTOP), colorScheme });
    const photo = page.getByRole("region", { name: "Fotos da propriedade" }).locator("img").first();
    await photo.evaluate((img: HTMLImageElement) => img.decode());
    const { frame, label } = await photo.evaluate(
      (img: HTMLImageElement, { box, sceneWidth }) => {
        const shown = img.getBoundingClientRect();
        // What the photo's tile lets through (the link and the grid clip it).
        const frame = img.closest("li")!.getBoundingClientRect();
        const style = getComputedStyle(img);
        if (style.objectFit !== "cover") throw new Error(`object-fit: ${style.objectFit}`);
        const scale = Math.max(shown.width / img.naturalWidth, shown.height / img.naturalHeight);
        const drawn = { width: img.naturalWidth * scale, height: img.naturalHeight * scale };
        const [px, py] = style.objectPosition.split(" ").map((p) => parseFloat(p) / 100) as [number, number];
        const left = shown.left + (shown.width - drawn.width) * px;
        const top = shown.top + (shown.height - drawn.height) * py;
        const unit = drawn.width / sceneWidth;
        return {
          frame: { left: Math.max(frame.left, shown.left), top: Math.max(frame.top, shown.top), right: Math.min(frame.right, shown.right), bottom: Math.min(frame.bottom, shown.bottom) },
          label: { left: left + box.x * unit, top: top + box.y * unit, right: left + (box.x + box.width) * unit, bottom: top + (box.y + box.height) * unit },
        };
      },
      { box: DEMO_LABEL_BOX, sceneWidth: SCENE_WIDTH },
    );
    expect(label.left, "left").toBeGreaterThanOrEqual(frame.left);
    expect(label.right, "right").toBeLessThanOrEqual(frame.right);
    expect(label.top, "top").toBeGreaterThanOrEqual(frame.top);
    expect(label.bottom, "bottom").toBeLessThanOrEqual(frame.bottom);
    await page.getByRole("region", { name: "Fotos da propriedade" }).screenshot({ path: `/tmp/shots-listing/main-photo-${width}-${colorScheme}.png` });
    await context.close();
  });

  it("the bar's button sends the card's form: the dates and guests chosen there go to WhatsApp", async () => {
    const context = await t.browser.newContext(PHONE);
    await context.route("https://wa.me/**", (route) => route.fulfill({ body: "ok", contentType: "text/plain" }));
    const page = await context.newPage();
    await loginViaForm(page, t.app, "hospede@recanto.dev", DEMO_PASSWORD);
    await page.goto(`${t.app.url}/accommodation/${listing.slug}`);
    const card = page.getByRole("region", { name: "Preço e contato" });
    const checkIn = addNights(nightOf(new Date()), 10);
    await card.getByLabel("Check-in").fill(checkIn);
    await card.getByLabel("Check-out").fill(addNights(checkIn, 2));
    await card.getByLabel("Hóspedes").selectOption("2");
    const [tab] = await Promise.all([context.waitForEvent("page"), page.getByRole("group", { name: "Preço e contato" }).getByRole("button", { name: "Contatar via WhatsApp" }).click()]);
    const text = (await onToWhatsapp(tab)).searchParams.get("text")!;
    expect(text).toContain("2 hóspedes");
    expect(text).toContain("Check-in:");
    await context.close();
  });

  it("from 768px the bar is gone: the card beside the text has the price and the button", async () => {
    for (const viewport of [{ width: 768, height: 900 }, DESKTOP.viewport!]) {
      const { context, page } = await openPage(t.app, t.browser, `/accommodation/${listing.slug}`, { ...DESKTOP, viewport });
      await expect(page.getByRole("group", { name: "Preço e contato" }).count()).resolves.toBe(0);
      await expect(page.getByRole("button", { name: "Contatar via WhatsApp" }).count()).resolves.toBe(1);
      await context.close();
    }
  });

  it.each([
    ["a category's second page", "/category/glamping?page=2"],
    ["the home search's results", "/?propertyType=Cabana&minGuests=2"],
  ])("'Voltar' on a listing opened from %s returns to those results", async (_, list) => {
    const { context, page } = await openPage(t.app, t.browser, list, DESKTOP);
    await page.locator("main article h3 a").first().click();
    await page.waitForURL((url) => url.pathname.startsWith("/accommodation/"));
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByRole("link", { name: "Voltar", exact: true }).click();
    await page.waitForURL(`${t.app.url}${list}`);
    await page.locator(`main section[data-results-for="${list}"]`).waitFor();
    await context.close();
  });

  it("'Voltar' leads home when the listing was opened directly, or from anywhere but this site", async () => {
    const { context, page } = await openPage(t.app, t.browser, `/accommodation/${listing.slug}`, DESKTOP);
    const back = page.getByRole("link", { name: "Voltar", exact: true });
    await expect(back.getAttribute("href")).resolves.toBe("/");
    for (const from of ["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      await page.goto(`${t.app.url}/accommodation/${listing.slug}?${new URLSearchParams({ from })}`);
      await expect(back.getAttribute("href"), from).resolves.toBe("/");
    }
    await context.close();
  });
});
