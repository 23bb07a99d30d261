import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { DEMO_PASSWORD } from "../../server/seed/demo";
import { enrollAuthenticator, type TestAuthenticator } from "../support/accounts";
import { hasChromium, useBrowserApp } from "../support/browser";
import { insertHost, insertProperty } from "../support/factories";
import { loginAsNewAccount, loginViaForm, waitForHydration } from "./helpers";

const OPERATOR = "admin@recanto.dev";
const VIEWS = [
  { width: 390, colorScheme: "light" },
  { width: 390, colorScheme: "dark" },
  { width: 1280, colorScheme: "light" },
  { width: 1280, colorScheme: "dark" },
] as const;

/**
 * Tabs to the first card's link (the one covering its card) and returns the outline drawn on the
 * cover, its `::after`: axe cannot see a missing focus ring, so it is measured.
 */
async function focusRingOfFirstCard(page: Page) {
  for (let presses = 0; presses < 80; presses++) {
    await page.keyboard.press("Tab");
    const ring = await page.evaluate(() => {
      const link = document.activeElement;
      if (!link?.classList.contains("card-link")) return null;
      const cover = getComputedStyle(link, "::after");
      const card = link.closest("article")!.getBoundingClientRect();
      return { style: cover.outlineStyle, width: cover.outlineWidth, offset: cover.outlineOffset, color: cover.outlineColor, position: cover.position, cardWidth: card.width };
    });
    if (ring) return ring;
  }
  throw new Error(`no card link reached by keyboard on ${page.url()}`);
}

async function expectVisibleRing(page: Page, colorScheme: "light" | "dark") {
  const ring = await focusRingOfFirstCard(page);
  // Drawn over the whole card, 2px wide, inside its edge (cards clip what overflows), in the brand's
  // colour for the theme: brand-600 on light, brand-300 on dark.
  expect(ring).toMatchObject({ style: "solid", width: "2px", offset: "-2px", position: "absolute" });
  const [r, g, b] = ring.color.match(/[\d.]+/g)!.map(Number);
  if (colorScheme === "dark") expect(r! + g! + b!).toBeGreaterThan(400);
  else expect(r! + g! + b!).toBeLessThan(400);
}

describe.skipIf(!hasChromium)("the focused card shows its focus ring, in Chromium", () => {
  const t = useBrowserApp(undefined, { demo: true });
  const db = () => t.app.services.database.db;
  let operatorApp: TestAuthenticator;

  beforeAll(async () => {
    const [operator] = await db().select({ id: users.id }).from(users).where(eq(users.email, OPERATOR));
    operatorApp = await enrollAuthenticator(t.app, operator!.id);
    const host = await insertHost(db(), { name: "Foco Anfitrião" });
    await insertProperty(db(), host.id, { title: "Cabana do foco em análise", status: "pending" });
  });

  it.each(VIEWS)("on home, results and a category at $width px ($colorScheme)", async ({ width, colorScheme }) => {
    const context = await t.browser.newContext({ viewport: { width, height: 900 }, colorScheme });
    const page = await context.newPage();
    for (const path of ["/", "/?minGuests=2", "/category/cabanas"]) {
      await page.goto(`${t.app.url}${path}`);
      await waitForHydration(page);
      await expectVisibleRing(page, colorScheme);
    }
    await context.close();
  });

  it.each(VIEWS)("on /favoritos and in the moderation queue at $width px ($colorScheme)", async ({ width, colorScheme }) => {
    const context = await t.browser.newContext({ viewport: { width, height: 900 }, colorScheme });
    const page = await context.newPage();
    await loginAsNewAccount(page, t.app, "guest");
    await page.goto(`${t.app.url}/category/cabanas`);
    await waitForHydration(page);
    const heart = page.getByRole("button", { name: /^Favoritar / }).first();
    await heart.click();
    // Saved once the server has answered: pressed, and no longer waiting.
    await heart.and(page.locator('[aria-pressed="true"]:not([aria-disabled])')).waitFor();
    await page.goto(`${t.app.url}/favoritos`);
    await waitForHydration(page);
    await expectVisibleRing(page, colorScheme);

    await context.clearCookies();
    await loginViaForm(page, t.app, OPERATOR, DEMO_PASSWORD, operatorApp);
    await page.goto(`${t.app.url}/moderacao`);
    await waitForHydration(page);
    await expectVisibleRing(page, colorScheme);
    await context.close();
  });
});
