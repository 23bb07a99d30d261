import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hasChromium, useBrowserApp } from "../support/browser";
import { waitForHydration } from "./helpers";

const VIEWS = [
  { width: 390, height: 844, colorScheme: "light" },
  { width: 390, height: 844, colorScheme: "dark" },
  { width: 1280, height: 800, colorScheme: "light" },
  { width: 1280, height: 800, colorScheme: "dark" },
] as const;

/** Lists of the demo catalogue long enough that their results stand taller than their skeletons. */
const LISTS = ["/?minPrice=100", "/category/glamping"];

/** Scrolls the list's last card to the top of the screen (as far down as the page goes) and returns where the page stands. */
async function scrollToLastCard(page: Page) {
  await page.locator(".card-link").last().evaluate((link) => link.closest("article")!.scrollIntoView({ block: "start" }));
  // Let the scroll settle and the cards now on screen hydrate.
  await page.waitForFunction(() => {
    const link = [...document.querySelectorAll(".card-link")].at(-1)!;
    return Object.keys(link).some((key) => key.startsWith("__reactProps$"));
  });
  return page.evaluate(() => window.scrollY);
}

describe.skipIf(!hasChromium)("back from a listing lands where the guest was in the list, in Chromium", () => {
  const t = useBrowserApp(undefined, { demo: true });

  it.each(VIEWS)("on home results and a category at $width px ($colorScheme)", async ({ width, height, colorScheme }) => {
    const context = await t.browser.newContext({ viewport: { width, height }, colorScheme });
    const page = await context.newPage();
    for (const list of LISTS) {
      await page.goto(`${t.app.url}${list}`);
      await waitForHydration(page);
      const scrolled = await scrollToLastCard(page);
      expect(scrolled).toBeGreaterThan(1000);

      await page.locator(".card-link").last().click();
      await page.waitForURL(/\/accommodation\//);
      await waitForHydration(page);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

      await page.goBack();
      await page.waitForSelector(`[data-results-for="${list}"]`);
      // The results come in after the page's shell, as skeletons first: the place is the one left.
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
    }
    await context.close();
  });
});
