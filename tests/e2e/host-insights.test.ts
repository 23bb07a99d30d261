import { and, count, eq } from "drizzle-orm";
import type { BrowserContextOptions } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { listingViews } from "../../server/db/schema";
import { createTestAccount } from "../support/accounts";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { insertProperty } from "../support/factories";
import { loginViaForm, waitForHydration } from "./helpers";

/** Headless Chromium names itself HeadlessChrome, which the beacon takes for a robot: a person's browser says Chrome. */
const PERSON = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;

describe.skipIf(!hasChromium)("host insights, in Chromium", () => {
  const t = useBrowserApp();
  const db = () => t.app.services.database.db;
  let host: Awaited<ReturnType<typeof createTestAccount>>;
  let listing: { id: string; slug: string };

  const newPage = async (options: BrowserContextOptions = {}) => {
    const context = await t.browser.newContext({ locale: "pt-BR", viewport: SIZES[1], userAgent: PERSON, ...options });
    return { context, page: await context.newPage() };
  };
  const counted = async (kind: "page" | "gallery") =>
    (await db().select({ n: count() }).from(listingViews).where(and(eq(listingViews.propertyId, listing.id), eq(listingViews.kind, kind))))[0]!.n;

  beforeAll(async () => {
    host = await createTestAccount(t.app, "premium-host", { name: "Marina Costa" });
    listing = await insertProperty(db(), host.id, { title: "Cabana Vista da Serra", status: "approved", whatsappContact: "5548991234567" });
  });

  it("a visit to a listing sends the beacon once shown and counts once however often it is reloaded; the gallery counts apart", { timeout: 120_000 }, async () => {
    const { context, page } = await newPage();
    for (let i = 0; i < 3; i++) {
      const beacon = page.waitForRequest((req) => req.url().includes("/api/visitas?tipo=pagina") && req.method() === "POST");
      if (i === 0) await page.goto(`${t.app.url}/accommodation/${listing.slug}`);
      else await page.reload();
      await waitForHydration(page);
      await (await beacon).response();
    }
    expect(await counted("page")).toBe(1);
    const gallery = page.waitForRequest((req) => req.url().includes("/api/visitas?tipo=galeria"));
    await page.goto(`${t.app.url}/property-gallery/${listing.slug}`);
    await (await gallery).response();
    expect(await counted("gallery")).toBe(1);
    expect(await counted("page")).toBe(1);
    await context.close();
  });

  it("the host opens 'Desempenho', reads the count, changes the period by keyboard; axe clean in light and dark at 390 and 1280", { timeout: 240_000 }, async () => {
    const { context, page } = await newPage();
    await loginViaForm(page, t.app, host.email);
    await page.goto(`${t.app.url}/minhas-propriedades/desempenho`);
    await waitForHydration(page);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Desempenho");
    const views = page.locator("dt", { hasText: "Visualizações da página" }).locator("xpath=following-sibling::dd");
    expect(await views.textContent()).toBe("1");
    expect(await page.getByRole("img", { name: /^Visualizações da página: 1 no período/ }).count()).toBe(1);

    // Keyboard: the period select, then the button; the table behind a chart opens with Enter.
    await page.getByLabel("Período", { exact: true }).focus();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.waitForURL(/periodo=7/);
    const summary = page.locator("summary", { hasText: "Ver em tabela" }).first();
    await summary.focus();
    await page.keyboard.press("Enter");
    expect(await page.getByRole("table").first().isVisible()).toBe(true);

    for (const colorScheme of ["light", "dark"] as const) {
      for (const viewport of SIZES) {
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize(viewport);
        await expectAccessible(page);
      }
    }
    await context.close();
  });
});
