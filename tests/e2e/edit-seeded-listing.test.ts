import fs from "node:fs/promises";
import type { Locator, Page } from "playwright-core";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { properties } from "../../server/db/schema";
import { DEMO_PASSWORD } from "../../server/seed/demo";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { loginViaForm, waitForHydration } from "./helpers";

const SHOTS = "/tmp/shots";
const HOST = "carla@recanto.dev";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]", { hasText: text }).first();
const save = (page: Page) => page.getByRole("button", { name: "Salvar Alterações" });
const nameOfFocused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("name"));

/** The message a field points to with aria-describedby, and whether it is on screen. */
async function messageOf(page: Page, field: Locator) {
  const [id] = ((await field.getAttribute("aria-describedby")) ?? "").split(" ");
  const message = page.locator(`[id="${id}"]`);
  const box = await message.boundingBox();
  const viewport = page.viewportSize()!;
  return { text: await message.innerText(), onScreen: !!box && box.y >= 0 && box.y + box.height <= viewport.height };
}

describe.skipIf(!hasChromium)("a seeded host edits a seeded listing, in Chromium", () => {
  const t = useBrowserApp(undefined, { demo: true });

  beforeAll(async () => {
    await fs.mkdir(SHOTS, { recursive: true });
  });

  /** Signed in as the demo host, on the edit form of the first card of /minhas-propriedades. */
  async function editFirstListing(options: Parameters<typeof t.browser.newContext>[0] = {}) {
    const context = await t.browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
    const page = await context.newPage();
    await loginViaForm(page, t.app, HOST, DEMO_PASSWORD);
    await page.goto(`${t.app.url}/minhas-propriedades`);
    await waitForHydration(page);
    const edit = page.getByRole("article").first().getByRole("link", { name: /^Editar / });
    const title = (await edit.getAttribute("aria-label"))!.slice("Editar ".length);
    await edit.click();
    await page.waitForURL((url) => url.pathname.startsWith("/editar-propriedade/"));
    await waitForHydration(page);
    const id = new URL(page.url()).pathname.split("/").pop()!;
    return { context, page, title, id };
  }

  const storedPrice = async (id: string) => (await t.app.services.database.db.select({ priceCents: properties.priceCents }).from(properties).where(eq(properties.id, id)))[0]!.priceCents;

  it("saves it unchanged, then saves '520' typed in the price as R$ 520,00", async () => {
    const { context, page, title, id } = await editFirstListing();
    await save(page).click();
    await page.waitForURL(`${t.app.url}/minhas-propriedades`);
    await toast(page, "Propriedade atualizada").waitFor();

    await page.getByRole("link", { name: `Editar ${title}` }).click();
    await page.waitForURL(`${t.app.url}/editar-propriedade/${id}`);
    await waitForHydration(page);
    const price = page.getByLabel("Preço por noite (R$)");
    await price.fill("");
    await price.pressSequentially("520");
    await expect(price.inputValue()).resolves.toBe("520");
    await save(page).click();
    await page.waitForURL(`${t.app.url}/minhas-propriedades`);
    await toast(page, "Propriedade atualizada").waitFor();
    const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: `Editar ${title}` }) });
    await card.getByText("R$\u00a0520,00").waitFor();
    expect(await storedPrice(id)).toBe(52000);
    await context.close();
  });

  it.each([
    { width: 390, colorScheme: "light" },
    { width: 390, colorScheme: "dark" },
    { width: 1280, colorScheme: "light" },
    { width: 1280, colorScheme: "dark" },
  ] as const)("at $width px ($colorScheme): a refused field says why where it is, with the focus; a price far below the type's range asks for a confirmation", async ({ width, colorScheme }) => {
    const { context, page, id } = await editFirstListing({ viewport: { width, height: 844 }, colorScheme });
    const before = await storedPrice(id);

    // "5,20": said as soon as the field is left, refused until confirmed; what was typed stays.
    const price = page.getByLabel("Preço por noite (R$)");
    await price.fill("5,20");
    await price.blur();
    const warning = /^R\$\u00a05,20 por noite é muito menos do que costuma custar uma hospedagem do tipo “.+” \(a partir de R\$\u00a0[\d.]+,00\)\. Confira o valor; se estiver certo, marque a confirmação abaixo para salvar\.$/;
    await expect.poll(async () => (await messageOf(page, price)).text).toMatch(warning);
    await expect(price.getAttribute("aria-invalid")).resolves.toBe(null);
    const confirm = page.getByRole("checkbox", { name: "O preço de R$\u00a05,20 por noite está certo" });
    await expect(confirm.isChecked()).resolves.toBe(false);
    await confirm.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/edit-listing-low-price-warning-${width}-${colorScheme}.png` });
    await save(page).click();
    await expect.poll(() => nameOfFocused(page)).toBe("price");
    await expect(price.getAttribute("aria-invalid")).resolves.toBe("true");
    const refusal = await messageOf(page, price);
    expect(refusal).toMatchObject({ onScreen: true });
    expect(refusal.text).toMatch(warning);
    await expect(price.inputValue()).resolves.toBe("5,20");
    expect(page.url()).toBe(`${t.app.url}/editar-propriedade/${id}`);
    expect(await storedPrice(id)).toBe(before);
    await expectAccessible(page);
    await confirm.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/edit-listing-low-price-${width}-${colorScheme}.png` });
    await confirm.check();
    await expect.poll(() => price.getAttribute("aria-invalid")).toBe(null);

    // A title too short: refused in the browser, its message under it, the focus on it.
    const title = page.getByLabel("Título");
    const stored = await title.inputValue();
    await title.fill("Oi");
    await save(page).click();
    await expect.poll(() => nameOfFocused(page)).toBe("title");
    await expect(title.getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(messageOf(page, title)).resolves.toEqual({ text: "O título deve ter pelo menos 3 caracteres.", onScreen: true });
    expect(page.url()).toBe(`${t.app.url}/editar-propriedade/${id}`);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/edit-listing-error-${width}-${colorScheme}.png` });
    await title.fill(stored);
    await expect.poll(() => title.getAttribute("aria-invalid")).toBe(null);

    // Confirmed, the low price saves.
    await save(page).click();
    await page.waitForURL(`${t.app.url}/minhas-propriedades`);
    await toast(page, "Propriedade atualizada").waitFor();
    expect(await storedPrice(id)).toBe(520);
    // Back to a usual price for the next viewport.
    await page.goto(`${t.app.url}/editar-propriedade/${id}`);
    await waitForHydration(page);
    await page.getByLabel("Preço por noite (R$)").fill("1.200");
    await save(page).click();
    await page.waitForURL(`${t.app.url}/minhas-propriedades`);
    expect(await storedPrice(id)).toBe(120000);
    await context.close();
  });
});
