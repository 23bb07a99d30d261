import fs from "node:fs/promises";
import { asc, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { MODERATION_MESSAGES } from "../../common/moderation";
import { properties, propertyImages, users } from "../../server/db/schema";
import { DEMO_PASSWORD } from "../../server/seed/demo";
import type { NewImage } from "../../server/properties/properties";
import { authenticatorCode, createTestAccount, enrollAuthenticator, TEST_PASSWORD, type TestAuthenticator } from "../support/accounts";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { insertHost, insertProperty } from "../support/factories";
import { linkIn, loginAsNewAccount, loginViaForm, waitForHydration, waitForMail } from "./helpers";

const SHOTS = "/tmp/shots";
const OPERATOR = "admin@recanto.dev";
const REASON = "As fotos estão escuras: envie fotos do quarto e do banheiro com luz natural.";

type ContextOptions = Parameters<ReturnType<typeof useBrowserApp>["browser"]["newContext"]>[0];

describe.skipIf(!hasChromium)("moderation by an operator, in Chromium", () => {
  const t = useBrowserApp(undefined, { demo: true });
  const db = () => t.app.services.database.db;
  let photos: NewImage[] = [];
  let host: { id: string; email: string };
  let operatorApp: TestAuthenticator;
  let made = 0;

  beforeAll(async () => {
    await fs.mkdir(SHOTS, { recursive: true });
    // Real files: the demo illustrations already in the test media folder.
    photos = (
      await db()
        .select({ storageKey: propertyImages.storageKey, width: propertyImages.width, height: propertyImages.height, alt: propertyImages.alt })
        .from(propertyImages)
        .orderBy(asc(propertyImages.storageKey))
        .limit(6)
    ).map((p) => ({ ...p, alt: p.alt || "Foto da propriedade" }));
    const row = await insertHost(db(), { name: "Helena Anfitriã" });
    host = { id: row.id, email: row.email };
    // The demo operator comes without a second factor (its set-up has its own test): set one up.
    const [operator] = await db().select({ id: users.id }).from(users).where(eq(users.email, OPERATOR));
    operatorApp = await enrollAuthenticator(t.app, operator!.id);
  });

  /** A pending listing with a unique word in its title (easy to search for). */
  async function pendingProperty(word: string, overrides: Parameters<typeof insertProperty>[2] = {}) {
    made += 1;
    const title = `Cabana ${word} da Serra`;
    const created = await insertProperty(
      db(),
      host.id,
      {
        title,
        description: "Cabana de madeira com lareira, varanda e vista para o vale.\nCafé da manhã com produtos da região.",
        location: "Urubici - SC",
        priceCents: 38000 + made * 100,
        maxGuests: 4,
        bedrooms: 2,
        amenities: ["Wi-Fi", "Lareira interna", "Estacionamento"],
        safetyItems: ["Extintor de incêndio"],
        status: "pending",
        createdAt: new Date(Date.now() - (100 - made) * 3_600_000),
        ...overrides,
      },
      photos.slice(0, 5),
    );
    return { ...created, title };
  }

  async function newPage(options: ContextOptions = {}) {
    const context = await t.browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 }, ...options });
    return { context, page: await context.newPage() };
  }

  async function asOperator(options: ContextOptions = {}) {
    const opened = await newPage(options);
    await loginViaForm(opened.page, t.app, OPERATOR, DEMO_PASSWORD, operatorApp);
    return opened;
  }

  async function open(page: Page, path: string) {
    await page.goto(`${t.app.url}${path}`);
    await waitForHydration(page);
  }

  const statusOf = async (id: string) => (await db().select({ status: properties.status }).from(properties).where(eq(properties.id, id)))[0]?.status;
  const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]", { hasText: text });
  const pendingTotal = async () => (await db().select({ id: properties.id }).from(properties).where(eq(properties.status, "pending"))).length;

  it("an operator finds the count in the menu, reviews a property as guests would see it and approves it: public at once, host emailed", async () => {
    const listing = await pendingProperty("Aprovável");
    const total = await pendingTotal();
    const { context, page } = await asOperator();
    await open(page, "/");
    const menu = page.getByRole("button", { name: `Menu da conta de Olga Operadora, ${total} ${total === 1 ? "propriedade aguardando" : "propriedades aguardando"} análise` });
    await menu.click();
    await page.getByRole("menuitem", { name: `Moderação (${total} ${total === 1 ? "pendente" : "pendentes"})` }).click();
    await page.waitForURL(`${t.app.url}/moderacao`);
    await page.getByRole("heading", { level: 1, name: "Moderação" }).waitFor();

    const card = page.locator("ol li", { hasText: listing.title });
    await card.getByText("Helena Anfitriã").waitFor();
    await card.getByText("Cabana · Urubici - SC").waitFor();
    await card.getByRole("link", { name: listing.title }).click();
    await page.waitForURL(`${t.app.url}/moderacao/${listing.id}`);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: listing.title }).waitFor();
    await page.getByRole("heading", { name: "5 fotos" }).waitFor();
    await page.getByText("Lareira interna").waitFor();

    // Every photo opens large, and the lightbox gives the focus back.
    const third = page.getByRole("button", { name: /^Abrir foto 3 de 5/ });
    await third.click();
    const lightbox = page.getByRole("dialog");
    await lightbox.getByText("3 de 5").waitFor();
    await page.keyboard.press("ArrowRight");
    await lightbox.getByText("4 de 5").waitFor();
    await page.keyboard.press("Escape");
    await lightbox.waitFor({ state: "detached" });
    // The dialog gives the focus back a task after it is gone (Radix's FocusScope, on unmount).
    await expect.poll(() => third.evaluate((el) => el === document.activeElement)).toBe(true);

    await expect((await fetch(`${t.app.url}/accommodation/${listing.slug}`)).status).toBe(404);
    await page.getByRole("button", { name: "Aprovar" }).click();
    await page.waitForURL(`${t.app.url}/moderacao`);
    await toast(page, "Propriedade aprovada").waitFor();
    await expect(page.locator("ol li", { hasText: listing.title }).count()).resolves.toBe(0);
    expect(await statusOf(listing.id)).toBe("approved");
    // The menu's count went down with the decision.
    await page.getByRole("button", { name: new RegExp(`^Menu da conta de Olga Operadora${total - 1 ? `, ${total - 1} ` : "$"}`) }).waitFor();

    // Guests find it at once: search and detail page.
    const guest = await newPage();
    await guest.page.goto(`${t.app.url}/?search=${encodeURIComponent("Aprovável")}`);
    await guest.page.locator("main article h3", { hasText: listing.title }).waitFor();
    await guest.page.goto(`${t.app.url}/accommodation/${listing.slug}`);
    await guest.page.getByRole("heading", { level: 1, name: listing.title }).waitFor();
    await guest.context.close();

    const mail = await waitForMail(t.app, host.email, "Sua propriedade foi aprovada");
    expect(linkIn(mail, "/accommodation/")).toBe(`${t.app.url}/accommodation/${listing.slug}`);
    await context.close();
  });

  it("a refusal needs a reason (Portuguese messages, keyboard only); the host is told why and where to edit", async () => {
    const listing = await pendingProperty("Recusável");
    const { context, page } = await asOperator({ viewport: { width: 390, height: 844 } });
    await open(page, `/moderacao/${listing.id}`);
    const reason = page.getByLabel("Motivo da recusa");
    // On a phone the photos come first; a shortcut leads to the decision.
    await expect(reason.isVisible()).resolves.toBe(true);
    await expect(page.getByRole("button", { name: "Aprovar" }).evaluate((el) => el.getBoundingClientRect().top > window.innerHeight)).resolves.toBe(true);
    await page.getByRole("link", { name: "Ir para a análise" }).click();
    await page.waitForFunction(() => document.getElementById("analise")!.getBoundingClientRect().top < window.innerHeight / 2);
    await reason.focus();
    await page.keyboard.type("Escura");
    // The fraud box comes between the reason and its button (decision 028).
    await page.keyboard.press("Tab");
    await expect(page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).resolves.toBe("fraud");
    await page.keyboard.press("Tab");
    await expect(page.evaluate(() => document.activeElement?.textContent?.trim())).resolves.toBe("Recusar");
    await page.keyboard.press("Enter");
    await page.getByText(MODERATION_MESSAGES.reasonShort).waitFor();
    await expect(reason.getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(reason.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    expect(await statusOf(listing.id)).toBe("pending");
    await page.screenshot({ path: `${SHOTS}/moderacao-recusa-erro-390.png`, fullPage: true });

    await reason.fill("");
    await page.keyboard.type(REASON);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${t.app.url}/moderacao`);
    await toast(page, "Propriedade recusada").waitFor();
    expect(await statusOf(listing.id)).toBe("rejected");

    const mail = await waitForMail(t.app, host.email, "Sua propriedade precisa de ajustes");
    expect(mail.text).toContain(REASON);
    expect(linkIn(mail, "/editar-propriedade/")).toBe(`${t.app.url}/editar-propriedade/${listing.id}`);
    // The decision and its reason stay visible on the property's page.
    await open(page, `/moderacao/${listing.id}`);
    await page.getByText(REASON).waitFor();
    await expect(page.getByRole("button", { name: "Aprovar" }).count()).resolves.toBe(0);
    await context.close();
  });

  it("when two operators decide at once, the second is told the property was already moderated", async () => {
    const listing = await pendingProperty("Disputada");
    const first = await asOperator();
    const other = await newPage();
    await loginAsNewAccount(other.page, t.app, "operator", { name: "Otto Operador" });
    await open(first.page, `/moderacao/${listing.id}`);
    await open(other.page, `/moderacao/${listing.id}`);

    await first.page.getByRole("button", { name: "Aprovar" }).click();
    await first.page.waitForURL(`${t.app.url}/moderacao`);
    await other.page.getByLabel("Motivo da recusa").fill(REASON);
    await other.page.getByRole("button", { name: "Recusar" }).click();
    const alert = other.page.getByRole("alert").filter({ hasText: MODERATION_MESSAGES.alreadyModerated });
    await alert.waitFor();
    // The page now shows the decision that was taken, without the buttons.
    await other.page.getByText("Aprovada", { exact: true }).first().waitFor();
    await expect(other.page.getByRole("button", { name: "Recusar" }).count()).resolves.toBe(0);
    expect(await statusOf(listing.id)).toBe("approved");
    await expectAccessible(other.page);
    await first.context.close();
    await other.context.close();
  });

  it("is hidden from guests and hosts (404) and sends logged-out visitors to the login and back", async () => {
    const listing = await pendingProperty("Escondida");
    const hostAccount = await createTestAccount(t.app, "host", { name: "Hugo Host" });
    for (const email of [hostAccount.email, "hospede@recanto.dev"]) {
      const { context, page } = await newPage();
      await loginViaForm(page, t.app, email, email === hostAccount.email ? TEST_PASSWORD : DEMO_PASSWORD);
      for (const path of ["/moderacao", `/moderacao/${listing.id}`]) {
        const response = await page.goto(`${t.app.url}${path}`);
        expect(response?.status()).toBe(404);
        await page.getByRole("heading", { level: 1, name: "Oops! Page not found" }).waitFor();
      }
      await waitForHydration(page);
      await page.getByRole("button", { name: /^Menu da conta de/ }).click();
      await page.getByRole("menuitem").first().waitFor();
      await expect(page.getByRole("menuitem", { name: /Moderação/ }).count()).resolves.toBe(0);
      await context.close();
    }
    expect(await statusOf(listing.id)).toBe("pending");

    const { context, page } = await newPage();
    await page.goto(`${t.app.url}/moderacao/${listing.id}`);
    await page.waitForURL(`${t.app.url}/login?redirectTo=${encodeURIComponent(`/moderacao/${listing.id}`)}`);
    await page.getByLabel("Email", { exact: true }).fill(OPERATOR);
    await page.getByLabel("Senha", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    // The code step keeps the destination.
    await page.waitForURL(`${t.app.url}/login/verificacao?redirectTo=${encodeURIComponent(`/moderacao/${listing.id}`)}`);
    await page.getByLabel("Código do aplicativo").fill(await authenticatorCode(operatorApp));
    await page.getByRole("button", { name: "Verificar" }).click();
    await page.waitForURL(`${t.app.url}/moderacao/${listing.id}`);
    await page.getByRole("heading", { level: 1, name: listing.title }).waitFor();
    await context.close();
  });

  it.each(["light", "dark"] as const)("the queue, a property and the empty queue pass axe in the %s theme (screenshots at 390 and 1280)", async (colorScheme) => {
    const listing = await pendingProperty(colorScheme === "light" ? "Clara" : "Noturna");
    await pendingProperty(colorScheme === "light" ? "Sem Fotos" : "Sem Imagens");
    await db().delete(propertyImages).where(eq(propertyImages.propertyId, (await pendingProperty(`Vazia ${colorScheme}`)).id));
    for (const width of [390, 1280]) {
      const { context, page } = await asOperator({ colorScheme, viewport: { width, height: width === 390 ? 844 : 900 } });
      await open(page, "/moderacao");
      await expect(page.evaluate(() => document.documentElement.classList.contains("dark"))).resolves.toBe(colorScheme === "dark");
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/moderacao-fila-${colorScheme}-${width}.png`, fullPage: true });

      // The menu with its count.
      await page.getByRole("button", { name: /^Menu da conta de Olga Operadora/ }).click();
      await page.getByRole("menuitem", { name: /^Moderação/ }).waitFor();
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/moderacao-menu-${colorScheme}-${width}.png` });
      await page.keyboard.press("Escape");

      await open(page, `/moderacao/${listing.id}`);
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/moderacao-propriedade-${colorScheme}-${width}.png`, fullPage: true });
      // Visible focus on the decision.
      await page.getByRole("button", { name: "Aprovar" }).focus();
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Tab");
      const outline = await page.getByRole("button", { name: "Aprovar" }).evaluate((el) => getComputedStyle(el).outlineStyle);
      expect(outline).not.toBe("none");
      await context.close();
    }
    // The empty queue.
    const waiting = await db().select({ id: properties.id }).from(properties).where(eq(properties.status, "pending"));
    await db().update(properties).set({ status: "rejected" }).where(eq(properties.status, "pending"));
    const { context, page } = await asOperator({ colorScheme });
    await open(page, "/moderacao");
    await page.getByText("Nenhuma propriedade aguardando análise").waitFor();
    await page.getByRole("button", { name: "Menu da conta de Olga Operadora" }).waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/moderacao-vazia-${colorScheme}.png`, fullPage: true });
    await context.close();
    for (const { id } of waiting) await db().update(properties).set({ status: "pending" }).where(eq(properties.id, id));
  });

  it("an approved property can be unpublished with a reason", async () => {
    const listing = await pendingProperty("Publicada", { status: "approved" });
    const { context, page } = await asOperator();
    await open(page, `/moderacao/${listing.slug}`);
    await page.getByRole("link", { name: "Ver página pública" }).waitFor();
    await page.getByText("Despublicar esta propriedade").click();
    await page.getByLabel("Motivo para despublicar").fill("Anúncio denunciado por hóspedes: o endereço informado não existe.");
    await page.getByRole("button", { name: "Despublicar" }).click();
    await toast(page, "Propriedade despublicada").waitFor();
    await page.getByText("Aguardando ajustes do anfitrião").waitFor();
    expect(await statusOf(listing.id)).toBe("rejected");
    await expect((await fetch(`${t.app.url}/accommodation/${listing.slug}`)).status).toBe(404);
    await expectAccessible(page);
    await context.close();
  });
});
