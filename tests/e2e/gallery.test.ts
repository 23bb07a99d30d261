import fs from "node:fs/promises";
import { desc, eq, sql } from "drizzle-orm";
import type { BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { serializeTheme } from "../../app/lib/theme.server";
import { properties, propertyImages, publicProperty } from "../../server/db/schema";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { insertHost, insertProperty } from "../support/factories";
import { waitForHydration } from "./helpers";

const SHOTS = "/tmp/shots";
const PHONE: BrowserContextOptions = { hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

describe.skipIf(!hasChromium)("the photo gallery and its lightbox in Chromium", () => {
  const t = useBrowserApp(undefined, { demo: true });

  /** A public demo property with at least five photos (the demo has 3 to 8 each). */
  async function pickProperty() {
    const [row] = await t.app.services.database.db
      .select({ slug: properties.slug, title: properties.title, photos: sql<number>`count(*)::int` })
      .from(properties)
      .innerJoin(propertyImages, eq(propertyImages.propertyId, properties.id))
      .where(publicProperty)
      .groupBy(properties.id)
      .having(sql`count(*) >= 5`)
      .orderBy(desc(sql`count(*)`), properties.slug)
      .limit(1);
    if (!row) throw new Error("the demo catalogue has no property with 5 photos");
    return row;
  }

  async function openGallery(options: BrowserContextOptions = DESKTOP, theme?: "dark") {
    const property = await pickProperty();
    const context = await t.browser.newContext(options);
    if (theme) {
      const cookie = (await serializeTheme(theme)).split(";")[0]!;
      const [name, value] = cookie.split("=") as [string, string];
      await context.addCookies([{ name, value, url: t.app.url }]);
    }
    const page = await context.newPage();
    const response = await page.goto(`${t.app.url}/property-gallery/${property.slug}`);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    return { context, page, ...property };
  }

  const dialog = (page: Page) => page.getByRole("dialog");
  const photoButton = (page: Page, n: number, of: number) => page.getByRole("button", { name: new RegExp(`^Abrir foto ${n} de ${of}\\b`) });
  const counter = (page: Page) => dialog(page).getByText(/^\d+ de \d+$/).textContent();
  const focusIsOn = (page: Page, n: number, of: number) =>
    photoButton(page, n, of).evaluate((el) => new Promise<boolean>((resolve) => setTimeout(() => resolve(document.activeElement === el), 200)));

  async function shoot(page: Page, name: string) {
    await fs.mkdir(SHOTS, { recursive: true });
    // Lazy photos further down only load when scrolled to; wait for the ones on screen.
    await page.evaluate(() => Promise.all([...document.images].filter((i) => i.loading !== "lazy" || i.getBoundingClientRect().top < innerHeight).map((i) => i.decode().catch(() => null))));
    await page.screenshot({ path: `${SHOTS}/gallery-${name}.png` });
  }

  it("shows the breadcrumb, the sticky header and every photo as a button", async () => {
    const { context, page, title, slug, photos } = await openGallery();
    await expect(page.title()).resolves.toBe(`Fotos de ${title} | Recanto`);
    const breadcrumb = page.getByRole("navigation", { name: "Navegação estrutural" });
    await expect(breadcrumb.getByRole("link").allTextContents()).resolves.toHaveLength(2);
    await expect(breadcrumb.locator('[aria-current="page"]').textContent()).resolves.toBe(title);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(title);
    await expect(page.getByText(`${photos} fotos`, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("link", { name: "Voltar para a propriedade" }).getAttribute("href")).resolves.toBe(`/accommodation/${slug}`);
    await expect(page.getByRole("button", { name: /^Abrir foto \d+ de \d+/ }).count()).resolves.toBe(photos);

    // Three columns on a wide screen; the header stays in view when the grid scrolls.
    const tops = await page.getByRole("button", { name: /^Abrir foto/ }).evaluateAll((els) => els.slice(0, 3).map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    await page.mouse.wheel(0, 600);
    await page.waitForFunction(() => scrollY > 100);
    await expect(page.getByRole("link", { name: "Voltar para a propriedade" }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it("opens the clicked photo; arrows and buttons wrap around; Escape closes and gives the focus back", async () => {
    const { context, page, title, photos: m } = await openGallery();
    await shoot(page, "desktop-grid");
    await photoButton(page, 2, m).click();
    await page.getByRole("dialog", { name: `Fotos de ${title}` }).waitFor();
    await expect(counter(page)).resolves.toBe(`2 de ${m}`);
    // The lightbox shows the 1200 px variant, really loaded.
    const photo = dialog(page).getByRole("img");
    await expect(photo.getAttribute("src")).resolves.toMatch(/-1200\.webp$/);
    await page.waitForFunction(() => (document.querySelector('[role="dialog"] img') as HTMLImageElement | null)?.naturalWidth);
    expect(new URL(page.url()).searchParams.get("foto")).toBe("2");
    await shoot(page, "desktop-lightbox");

    await page.keyboard.press("ArrowRight");
    await expect(counter(page)).resolves.toBe(`3 de ${m}`);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(counter(page)).resolves.toBe(`1 de ${m}`);
    await page.keyboard.press("ArrowLeft");
    await expect(counter(page)).resolves.toBe(`${m} de ${m}`);
    await page.keyboard.press("ArrowRight");
    await expect(counter(page)).resolves.toBe(`1 de ${m}`);

    await dialog(page).getByRole("button", { name: "Próxima foto" }).click();
    await expect(counter(page)).resolves.toBe(`2 de ${m}`);
    await dialog(page).getByRole("button", { name: "Foto anterior" }).click();
    await dialog(page).getByRole("button", { name: "Foto anterior" }).click();
    await expect(counter(page)).resolves.toBe(`${m} de ${m}`);
    await dialog(page).getByRole("button", { name: "Próxima foto" }).click();
    await expect(counter(page)).resolves.toBe(`1 de ${m}`);
    await expect(photo.getAttribute("alt")).resolves.toContain("ilustração 1");

    // Tab and Shift+Tab stay inside the open lightbox.
    const insideDialog = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
    for (const key of ["Tab", "Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
      await page.keyboard.press(key);
      await expect(insideDialog(), `focus left the dialog after ${key}`).resolves.toBe(true);
    }

    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    await expect(focusIsOn(page, 2, m), "focus goes back to the photo that opened the lightbox").resolves.toBe(true);
    await expect(photoButton(page, 2, m).evaluate((el) => getComputedStyle(el).outlineStyle)).resolves.toBe("solid");
    expect(new URL(page.url()).searchParams.has("foto")).toBe(false);

    // Keyboard only: Enter on a photo opens it, the close button closes it.
    await photoButton(page, 4, m).focus();
    await page.keyboard.press("Enter");
    await expect(counter(page)).resolves.toBe(`4 de ${m}`);
    await dialog(page).getByRole("button", { name: "Fechar" }).press("Enter");
    await dialog(page).waitFor({ state: "detached" });
    await expect(focusIsOn(page, 4, m)).resolves.toBe(true);
    await context.close();
  });

  it("opens at the photo named in the address (?foto=N), so it can be shared", async () => {
    const { context, page, slug, photos: m } = await openGallery();
    await page.goto(`${t.app.url}/property-gallery/${slug}?foto=3`);
    await waitForHydration(page);
    await expect(counter(page)).resolves.toBe(`3 de ${m}`);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => new URL(page.url()).searchParams.get("foto")).toBe("4");
    await page.reload();
    await waitForHydration(page);
    await expect(counter(page)).resolves.toBe(`4 de ${m}`);
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    await expect(focusIsOn(page, 4, m)).resolves.toBe(true);
    // A photo that does not exist opens nothing.
    await page.goto(`${t.app.url}/property-gallery/${slug}?foto=99`);
    await waitForHydration(page);
    await expect(dialog(page).count()).resolves.toBe(0);
    await context.close();
  });

  it("an address with ?foto=N shows that photo before any script, as the page's largest paint; its links browse without scripts; the viewer then takes over", async () => {
    const { slug, photos: m } = await pickProperty();
    // Without scripts: the server's photo, and links for the next one and for closing.
    const plain = await t.browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await plain.newPage();
    await page.goto(`${t.app.url}/property-gallery/${slug}?foto=${m}`);
    const shown = page.getByRole("region", { name: /^Fotos de / });
    await expect(shown.getByText(/^\d+ de \d+$/).textContent()).resolves.toBe(`${m} de ${m}`);
    const photo = shown.locator("img");
    await expect(photo.getAttribute("fetchpriority")).resolves.toBe("high");
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await shoot(page, "phone-photo-before-scripts");
    await shown.getByRole("link", { name: "Próxima foto" }).click();
    await page.waitForURL(/\?foto=1$/);
    await expect(page.getByRole("region", { name: /^Fotos de / }).getByText(/^\d+ de \d+$/).textContent()).resolves.toBe(`1 de ${m}`);
    await page.getByRole("link", { name: "Fechar" }).click();
    await page.waitForURL(`${t.app.url}/property-gallery/${slug}`);
    await expect(page.getByRole("region", { name: /^Fotos de / }).count()).resolves.toBe(0);
    await plain.close();

    // As it stands before the scripts (held back here), it passes axe.
    const waiting = await t.browser.newContext(DESKTOP);
    const held = await waiting.newPage();
    await held.route("**/assets/*.js", (route) => route.abort());
    await held.goto(`${t.app.url}/property-gallery/${slug}?foto=1`);
    await held.getByRole("region", { name: /^Fotos de / }).waitFor();
    await expectAccessible(held);
    await shoot(held, "desktop-photo-before-scripts");
    await waiting.close();

    // With scripts, the largest paint is that photo, and Radix's dialog replaces it once loaded.
    const context = await t.browser.newContext(PHONE);
    const live = await context.newPage();
    await live.addInitScript(() => {
      const seen = window as unknown as { largestPaint?: string };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as LargestContentfulPaint[]) seen.largestPaint = entry.url;
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    await live.goto(`${t.app.url}/property-gallery/${slug}?foto=2`);
    await waitForHydration(live);
    await expect(counter(live)).resolves.toBe(`2 de ${m}`);
    await expect(live.getByRole("region", { name: /^Fotos de / }).count()).resolves.toBe(0);
    const dialogPhoto = await dialog(live).locator("img").getAttribute("src");
    expect(await live.evaluate(() => (window as unknown as { largestPaint?: string }).largestPaint)).toBe(`${t.app.url}${dialogPhoto}`);
    await live.keyboard.press("ArrowRight");
    await expect(counter(live)).resolves.toBe(`3 de ${m}`);
    await context.close();
  });

  it("on a touch screen, a swipe over 50 px changes the photo and a short one does not", async () => {
    const { context, page, photos: m } = await openGallery(PHONE);
    await shoot(page, "phone-grid");
    // One column on a phone.
    const lefts = await page.getByRole("button", { name: /^Abrir foto/ }).evaluateAll((els) => els.slice(0, 2).map((e) => Math.round(e.getBoundingClientRect().left)));
    expect(lefts[0]).toBe(lefts[1]);
    await photoButton(page, 1, m).tap();
    await expect(counter(page)).resolves.toBe(`1 de ${m}`);
    await expect(dialog(page).getByText("Deslize para navegar").isVisible()).resolves.toBe(true);
    await page.waitForFunction(() => (document.querySelector('[role="dialog"] img') as HTMLImageElement | null)?.naturalWidth);
    await shoot(page, "phone-lightbox");

    const swipe = await touchSwiper(context, page);
    await swipe(-120);
    await expect(counter(page)).resolves.toBe(`2 de ${m}`);
    await swipe(-20);
    await expect(counter(page)).resolves.toBe(`2 de ${m}`);
    await swipe(20);
    await expect(counter(page)).resolves.toBe(`2 de ${m}`);
    await swipe(120);
    await expect(counter(page)).resolves.toBe(`1 de ${m}`);
    await swipe(120);
    await expect(counter(page)).resolves.toBe(`${m} de ${m}`);
    await context.close();
  });

  it("hides the swipe hint where there is no touch screen", async () => {
    const { context, page, photos: m } = await openGallery();
    await photoButton(page, 1, m).click();
    await expect(counter(page)).resolves.toBe(`1 de ${m}`);
    await expect(dialog(page).getByText("Deslize para navegar").isVisible()).resolves.toBe(false);
    await context.close();
  });

  it("answers 404 with the gallery's message for an unknown id", async () => {
    const context = await t.browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(`${t.app.url}/property-gallery/nao-existe-mesmo`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Propriedade não encontrada");
    await expect(page.getByText("Não foi possível carregar a galeria desta propriedade.").isVisible()).resolves.toBe(true);
    await expectAccessible(page);
    await page.getByRole("main").getByRole("link", { name: "Voltar ao início" }).click();
    await page.waitForURL(`${t.app.url}/`);
    await context.close();
  });

  it("shows an honest empty state for a property without photos", async () => {
    const db = t.app.services.database.db;
    const host = await insertHost(db);
    const { slug } = await insertProperty(db, host.id, { title: "Cabana ainda sem fotos", propertyType: "Cabana" }, []);
    for (const options of [DESKTOP, PHONE]) {
      const context = await t.browser.newContext(options);
      const page = await context.newPage();
      expect((await page.goto(`${t.app.url}/property-gallery/${slug}`))?.status()).toBe(200);
      await expect(page.getByText("0 fotos", { exact: true }).isVisible()).resolves.toBe(true);
      await expect(page.getByText("Sem fotos", { exact: true }).isVisible()).resolves.toBe(true);
      await expect(page.getByText("Esta propriedade ainda não tem fotos.").isVisible()).resolves.toBe(true);
      await expectAccessible(page);
      await shoot(page, `${options.isMobile ? "phone" : "desktop"}-empty`);
      await context.close();
    }
  });

  for (const theme of ["light", "dark"] as const) {
    it(`has no serious axe violation in the ${theme} theme, on the grid and in the open lightbox`, async () => {
      for (const options of [DESKTOP, PHONE]) {
        const { context, page, photos: m } = await openGallery(options, theme === "dark" ? "dark" : undefined);
        await expect(page.evaluate(() => document.documentElement.classList.contains("dark"))).resolves.toBe(theme === "dark");
        await expectAccessible(page);
        await photoButton(page, 2, m).click();
        await expect(counter(page)).resolves.toBe(`2 de ${m}`);
        await expectAccessible(page);
        if (theme === "dark") await shoot(page, `${options.isMobile ? "phone" : "desktop"}-lightbox-dark`);
        await page.keyboard.press("Escape");
        if (theme === "dark") await shoot(page, `${options.isMobile ? "phone" : "desktop"}-grid-dark`);
        await context.close();
      }
    });
  }
});

/** A one-finger horizontal swipe through Chromium's real touch input (touch and pointer events, touch-action). */
async function touchSwiper(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  return async (dx: number) => {
    const box = (await page.getByRole("dialog").getByRole("img").boundingBox())!;
    const y = box.y + box.height / 2;
    const x0 = box.x + box.width / 2 - dx / 2;
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: x0, y }] });
    for (let i = 1; i <= 6; i++) {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: x0 + (dx * i) / 6, y }] });
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    // Let React handle the gesture before the counter is read.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  };
}
