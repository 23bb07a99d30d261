import fs from "node:fs/promises";
import type { BrowserContextOptions, Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hasChromium, useBrowserApp } from "../support/browser";
import { openPage } from "./helpers";

const SHOTS = "/tmp/shots";
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`not visible: ${locator.toString()}`);
  return found;
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
});
