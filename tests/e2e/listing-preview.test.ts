import fs from "node:fs/promises";
import { asc, eq } from "drizzle-orm";
import type { BrowserContextOptions } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { propertyImages, users } from "../../server/db/schema";
import { DEMO_PASSWORD } from "../../server/seed/demo";
import { createTestAccount, enrollAuthenticator, type TestAuthenticator } from "../support/accounts";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { insertProperty } from "../support/factories";
import { loginViaForm, waitForHydration } from "./helpers";

const SHOTS = "/tmp/shots-listing";
const BANNER = "Pré-visualização · em análise";
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "pt-BR" };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 }, locale: "pt-BR" };

describe.skipIf(!hasChromium)("a host's preview of a listing awaiting approval, in Chromium", () => {
  const t = useBrowserApp(undefined, { demo: true });
  const db = () => t.app.services.database.db;
  let host: Awaited<ReturnType<typeof createTestAccount>>;
  let listing: { id: string; slug: string };
  let operatorApp: TestAuthenticator;

  beforeAll(async () => {
    await fs.mkdir(SHOTS, { recursive: true });
    host = await createTestAccount(t.app, "host", { name: "Helena Prévia" });
    const photos = await db()
      .select({ storageKey: propertyImages.storageKey, width: propertyImages.width, height: propertyImages.height, alt: propertyImages.alt })
      .from(propertyImages)
      .orderBy(asc(propertyImages.storageKey))
      .limit(5);
    listing = await insertProperty(
      db(),
      host.id,
      {
        title: "Cabana da Prévia no Vale",
        description: "Cabana de madeira com lareira e varanda para o vale.",
        location: "Urubici - SC",
        maxGuests: 4,
        amenities: ["Wi-Fi", "Lareira interna"],
        safetyItems: ["Extintor de incêndio"],
        status: "pending",
      },
      photos,
    );
    const [operator] = await db().select({ id: users.id }).from(users).where(eq(users.email, "admin@recanto.dev"));
    operatorApp = await enrollAuthenticator(t.app, operator!.id);
  });

  it.each([
    [390, "light"],
    [390, "dark"],
    [1280, "light"],
    [1280, "dark"],
  ] as const)("at %i px (%s) the host opens it from Minhas Propriedades: the public layout under the banner, contact and favourite held back", async (width, colorScheme) => {
    const context = await t.browser.newContext({ ...(width === 390 ? PHONE : DESKTOP), colorScheme });
    const page = await context.newPage();
    await loginViaForm(page, t.app, host.email);
    await page.goto(`${t.app.url}/minhas-propriedades`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Ver pré-visualização de Cabana da Prévia no Vale" }).click();
    await page.waitForURL((url) => url.pathname === `/accommodation/${listing.slug}`);
    await page.getByText(BANNER, { exact: true }).waitFor();
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Cabana da Prévia no Vale");
    await expect(page.getByRole("region", { name: "Fotos da propriedade" }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("button", { name: /^Favoritar/ }).count()).resolves.toBe(0);
    await expect(page.title()).resolves.toBe("Pré-visualização: Cabana da Prévia no Vale | Recanto");
    // "Voltar" returns to the host's list.
    await expect(page.getByRole("link", { name: "Voltar", exact: true }).getAttribute("href")).resolves.toBe("/minhas-propriedades");
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/preview-${width}-${colorScheme}.png` });

    // No one to contact yet: a message instead of a new tab.
    let opened = false;
    context.on("page", () => (opened = true));
    await page.getByRole("button", { name: "Contatar via WhatsApp" }).first().click();
    await page.getByText("O contato pelo WhatsApp fica disponível depois que a propriedade for aprovada.").waitFor();
    expect(opened).toBe(false);
    await context.close();
  });

  it("an operator sees the same preview; a signed-out visitor gets the page not found", async () => {
    const context = await t.browser.newContext({ ...DESKTOP, colorScheme: "light" });
    const page = await context.newPage();
    const anonymous = await page.goto(`${t.app.url}/accommodation/${listing.slug}`);
    expect(anonymous!.status()).toBe(404);
    await page.getByText("Esta propriedade não existe ou foi removida.").waitFor();
    await expect(page.getByText(BANNER).count()).resolves.toBe(0);

    await loginViaForm(page, t.app, "admin@recanto.dev", DEMO_PASSWORD, operatorApp);
    const seen = await page.goto(`${t.app.url}/accommodation/${listing.slug}`);
    expect(seen!.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.getByText(BANNER, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("Só o anfitrião e a equipe do Recanto veem esta página até ela ser aprovada.").isVisible()).resolves.toBe(true);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/preview-operator-1280-light.png` });
    await context.close();
  });
});
