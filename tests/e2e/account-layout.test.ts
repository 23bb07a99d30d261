import fs from "node:fs/promises";
import { eq } from "drizzle-orm";
import type { Locator } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { properties } from "../../server/db/schema";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { insertProperty } from "../support/factories";
import { loginAsNewAccount, waitForHydration } from "./helpers";

const SHOTS = "/tmp/shots";

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`not visible: ${locator.toString()}`);
  return found;
}

describe.skipIf(!hasChromium)("a host's and a guest's account pages, laid out, in Chromium", () => {
  const t = useBrowserApp();

  beforeAll(async () => {
    await fs.mkdir(SHOTS, { recursive: true });
  });

  it.each(["light", "dark"] as const)("/minhas-propriedades at 1280px (%s): the cards of a row are as tall as each other, their controls on one line at the bottom", async (colorScheme) => {
    const context = await t.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme });
    const page = await context.newPage();
    const host = await loginAsNewAccount(page, t.app, "premium-host");
    const db = t.app.services.database.db;
    // Inserted oldest first; the page lists the newest first.
    await insertProperty(db, host.id, { title: "Cabana curta", amenities: [] });
    await insertProperty(db, host.id, { title: "Chalé em análise", status: "pending" });
    const rejected = await insertProperty(db, host.id, {
      title: "Casa na árvore com um título bem comprido, que ocupa mais de uma linha do cartão",
      amenities: ["Wi-Fi", "Estacionamento", "TV", "Cozinha", "Piscina"],
    });
    await db.update(properties).set({ status: "rejected", rejectionReason: "As fotos não mostram a casa: envie fotos do lugar, por dentro e por fora." }).where(eq(properties.id, rejected.id));

    await page.goto(`${t.app.url}/minhas-propriedades`);
    await waitForHydration(page);
    const cards = page.locator("main article");
    await expect(cards.count()).resolves.toBe(3);
    const heights = await Promise.all([0, 1, 2].map(async (i) => (await box(cards.nth(i))).height));
    for (const height of heights) expect(height).toBeCloseTo(heights[0]!, 0);
    const edits = await Promise.all([0, 1, 2].map((i) => box(cards.nth(i).getByRole("link", { name: /^Editar / }))));
    for (const edit of edits) expect(edit.y).toBeCloseTo(edits[0]!.y, 0);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/host-cards-1280-${colorScheme}.png`, fullPage: true });
    await context.close();
  });

  it.each(["light", "dark"] as const)("the email on /perfil looks disabled (%s): muted, a not-allowed cursor, and says why", async (colorScheme) => {
    const context = await t.browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme });
    const page = await context.newPage();
    await loginAsNewAccount(page, t.app, "guest");
    await page.goto(`${t.app.url}/perfil?editar=1`);
    await waitForHydration(page);
    const email = page.getByLabel("Email", { exact: true });
    const name = page.getByLabel("Nome completo");
    await expect(email.isDisabled()).resolves.toBe(true);
    const look = (field: Locator) => field.evaluate((el) => ({ cursor: getComputedStyle(el).cursor, background: getComputedStyle(el).backgroundColor, color: getComputedStyle(el).color }));
    const [disabled, enabled] = await Promise.all([look(email), look(name)]);
    expect(disabled.cursor).toBe("not-allowed");
    expect(disabled.background).not.toBe(enabled.background);
    expect(disabled.color).not.toBe(enabled.color);
    const hint = await email.getAttribute("aria-describedby");
    await expect(page.locator(`[id="${hint}"]`).textContent()).resolves.toBe("O email não pode ser alterado: é com ele que você entra na sua conta.");
    await expectAccessible(page);
    await email.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/profile-email-390-${colorScheme}.png` });
    await context.close();
  });
});
