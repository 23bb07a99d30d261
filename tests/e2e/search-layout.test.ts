import fs from "node:fs/promises";
import type { BrowserContextOptions, Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { openPage, reachFor } from "./helpers";

const SHOTS = "/tmp/shots";
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`not visible: ${locator.toString()}`);
  return found;
}

/** Waits until a smooth scroll of `row` has come to rest. */
function scrollSettled(row: Locator) {
  return row.evaluate(
    (el) =>
      new Promise<void>((done) => {
        let last = -1;
        const check = () => (el.scrollLeft === last ? done() : ((last = el.scrollLeft), setTimeout(check, 100)));
        check();
      }),
  );
}

describe.skipIf(!hasChromium)("the search pages' layout on a phone and a desktop, in Chromium", () => {
  const t = useBrowserApp(undefined, { demo: true });
  const open = (path: string, options: BrowserContextOptions) => openPage(t.app, t.browser, path, options);

  it.each(["light", "dark"] as const)("the home search row at 1280px (%s): labels on one line, fields as tall as each other, the whole placeholder shown", async (colorScheme) => {
    const { context, page } = await open("/", { ...DESKTOP, colorScheme });
    const form = page.getByRole("search");
    const labels = await Promise.all(["O que procura?", "Onde", "Categoria", "Hóspedes"].map((name) => box(form.getByText(name, { exact: true }))));
    for (const label of labels) expect(label.y).toBeCloseTo(labels[0]!.y, 0);
    const controls = await Promise.all(
      [form.getByLabel("O que procura?"), form.getByRole("combobox", { name: "Onde" }), form.getByLabel("Categoria"), form.getByLabel("Hóspedes"), form.getByRole("button", { name: "Buscar" })].map(box),
    );
    for (const control of controls) {
      expect(control.y).toBeCloseTo(controls[0]!.y, 0);
      expect(control.height).toBeCloseTo(controls[0]!.height, 0);
    }
    // The placeholder's text fits inside the field's padding.
    const room = await form.getByLabel("O que procura?").evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const text = document.createElement("canvas").getContext("2d")!;
      text.font = style.font;
      return input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - text.measureText(input.placeholder).width;
    });
    expect(room).toBeGreaterThanOrEqual(0);
    await fs.mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/home-search-1280-${colorScheme}.png` });
    await context.close();
  });

  it.each(["light", "dark"] as const)("a home carousel scrolls with 'Próximos' and 'Anteriores' at 1280px (%s), by mouse and keyboard, each disabled at its end", async (colorScheme) => {
    const { context, page } = await open("/", { ...DESKTOP, colorScheme });
    const glamping = page.getByRole("region", { name: "Glamping" });
    // Rows below the first screen hydrate as they come near it (app/components/ui/hydrate-when-seen.tsx).
    await glamping.scrollIntoViewIfNeeded();
    const row = glamping.getByRole("list");
    const back = glamping.getByRole("button", { name: "Anteriores" });
    const forward = glamping.getByRole("button", { name: "Próximos" });
    const scrollLeft = () => row.evaluate((el) => el.scrollLeft);
    await expect(back.isDisabled()).resolves.toBe(true);
    await expect.poll(() => forward.isEnabled()).toBe(true);

    await forward.click();
    await expect.poll(scrollLeft).toBeGreaterThan(600);
    await scrollSettled(row);
    await expect.poll(() => back.isEnabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/home-carousel-1280-${colorScheme}.png` });
    await expectAccessible(page);

    // By keyboard to the end: the focus stays on the button, the last card comes into full view.
    await forward.focus();
    for (let i = 0; i < 6 && (await forward.isEnabled()); i++) {
      const before = await scrollLeft();
      await page.keyboard.press("Enter");
      await expect.poll(scrollLeft).toBeGreaterThan(before);
      await scrollSettled(row);
    }
    await expect(forward.isDisabled()).resolves.toBe(true);
    await expect(forward.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    const [last, list] = await Promise.all([box(glamping.locator("li").last()), box(row)]);
    expect(last.x + last.width).toBeLessThanOrEqual(list.x + list.width);

    await back.click();
    await expect.poll(() => forward.isEnabled()).toBe(true);
    await context.close();
  });

  it("on a phone the carousels have no buttons and still scroll sideways", async () => {
    const { context, page } = await open("/", PHONE);
    const glamping = page.getByRole("region", { name: "Glamping" });
    await expect(glamping.getByRole("button", { name: "Próximos" }).isVisible()).resolves.toBe(false);
    const row = glamping.getByRole("list");
    await expect(row.evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).overflowX === "auto")).resolves.toBe(true);
    await context.close();
  });

  it.each(["light", "dark"] as const)("on a phone (%s) the floating 'Filtros' button, scrolled to the end, covers neither the last cards, the pages nor the footer", async (colorScheme) => {
    const { context, page } = await open("/?minGuests=2", { ...PHONE, colorScheme });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const button = await box(page.getByRole("button", { name: "Filtros", exact: true }));
    const overlaps = await page.evaluate(
      ({ x, y, width, height }) =>
        [...document.querySelectorAll("main article, nav[aria-label='Paginação'] a, footer a, footer p, footer input, footer button")]
          .filter((el) => {
            const r = el.getBoundingClientRect();
            return r.left < x + width && x < r.right && r.top < y + height && y < r.bottom;
          })
          .map((el) => el.textContent),
      button,
    );
    expect(overlaps).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/results-end-390-${colorScheme}.png` });
    // Mid-page it still floats at the bottom of the screen.
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(async () => Math.round((await box(page.getByRole("button", { name: "Filtros", exact: true }))).y + 48 + 16)).toBe(844);
    await context.close();
  });

  it.each(["light", "dark"] as const)("a category on a phone (%s): the filters fold into one row, so the first result shows whole on the first screen", async (colorScheme) => {
    const { context, page } = await open("/category/glamping", { ...PHONE, colorScheme });
    const first = await box(page.locator("main article").first());
    expect(first.y + first.height).toBeLessThanOrEqual(844);
    const search = await box(page.getByLabel("Buscar", { exact: true }));
    const toggle = page.getByRole("button", { name: "Filtros", exact: true });
    expect((await box(toggle)).y).toBeCloseTo(search.y, 0);
    await expect(page.getByLabel("Ordenar por").isVisible()).resolves.toBe(false);
    await page.screenshot({ path: `${SHOTS}/category-folded-390-${colorScheme}.png` });

    await reachFor(page, "filtros");
    await toggle.click();
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("true");
    for (const field of [page.getByRole("combobox", { name: "Localização" }), page.getByLabel("Ordenar por"), page.getByLabel("Hóspedes"), page.getByRole("button", { name: /^Mais filtros/ })]) {
      await expect(field.isVisible(), field.toString()).resolves.toBe(true);
    }
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/category-unfolded-390-${colorScheme}.png`, fullPage: true });
    await toggle.click();
    await expect(page.getByLabel("Ordenar por").isVisible()).resolves.toBe(false);
    await context.close();
  });

  it("a category at 1280px still shows every filter at once", async () => {
    const { context, page } = await open("/category/glamping", DESKTOP);
    await expect(page.getByRole("button", { name: "Filtros", exact: true }).isVisible()).resolves.toBe(false);
    for (const field of [page.getByRole("combobox", { name: "Localização" }), page.getByLabel("Ordenar por"), page.getByLabel("Hóspedes")]) {
      await expect(field.isVisible(), field.toString()).resolves.toBe(true);
    }
    await context.close();
  });

  it.each(["light", "dark"] as const)("search results on a phone (%s): the search folds into 'Editar busca' and its chips, so the first result shows whole on the first screen", async (colorScheme) => {
    const { context, page } = await open("/?minPrice=100", { ...PHONE, colorScheme });
    const first = await box(page.locator("main article").first());
    expect(first.y + first.height).toBeLessThanOrEqual(844);
    await expect(page.getByLabel("O que procura?").isVisible()).resolves.toBe(false);
    await expect(page.getByRole("link", { name: /A partir de R\$ 100/ }).isVisible()).resolves.toBe(true);
    const toggle = page.getByRole("button", { name: "Editar busca" });
    await toggle.click();
    await expect(page.getByRole("button", { name: "Ocultar busca" }).getAttribute("aria-expanded")).resolves.toBe("true");
    await expect(page.getByLabel("O que procura?").isVisible()).resolves.toBe(true);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/results-unfolded-390-${colorScheme}.png` });
    await context.close();
  });

  it.each(["light", "dark"] as const)("search results at 1280px (%s) show the whole search form, with nothing to unfold", async (colorScheme) => {
    const { context, page } = await open("/?minPrice=100", { ...DESKTOP, colorScheme });
    await expect(page.getByLabel("O que procura?").isVisible()).resolves.toBe(true);
    await expect(page.getByRole("button", { name: "Editar busca" }).isVisible()).resolves.toBe(false);
    await context.close();
  });

  it.each([
    { width: 390, size: PHONE, colorScheme: "light" },
    { width: 390, size: PHONE, colorScheme: "dark" },
    { width: 1280, size: DESKTOP, colorScheme: "light" },
    { width: 1280, size: DESKTOP, colorScheme: "dark" },
  ] as const)("search results sort as a category does, at $width px ($colorScheme)", async ({ size, colorScheme }) => {
    const { context, page } = await open("/?minPrice=100", { ...size, colorScheme });
    const order = page.getByLabel("Ordenar por");
    await expect(order.inputValue()).resolves.toBe("newest");
    await order.selectOption({ label: "Menor preço" });
    await page.waitForURL((url) => url.search === "?minPrice=100&sort=price-low");
    await page.locator('[data-results-for="/?minPrice=100&sort=price-low"]').waitFor();
    const prices = (await page.locator("main article .card-price .font-semibold").allTextContents()).map((price) => Number(price.replace(/\D/g, "")));
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    await expectAccessible(page);
    // Back to the search's own order: out of the URL again.
    await page.getByLabel("Ordenar por").selectOption({ label: "Mais recentes" });
    await page.waitForURL((url) => url.search === "?minPrice=100");
    await context.close();
  });
});
