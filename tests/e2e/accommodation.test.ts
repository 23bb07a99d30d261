import fs from "node:fs/promises";
import { eq, sql } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { addNights, formatNight, nightOf } from "../../common/nights";
import { properties, propertyImages, users } from "../../server/db/schema";
import { DEMO_PASSWORD } from "../../server/seed/demo";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { insertProperty } from "../support/factories";
import { loginViaForm, onToWhatsapp, waitForHydration } from "./helpers";

const SHOTS = "/tmp/shots";
const GUEST = "hospede@recanto.dev";

describe.skipIf(!hasChromium)("property detail and WhatsApp contact in Chromium", () => {
  const t = useBrowserApp(undefined, { demo: true });
  /** A demo property with more than five photos, and one without a WhatsApp number. */
  let demo: { slug: string; title: string; photos: number; whatsapp: string };
  let noNumberSlug: string;

  beforeAll(async () => {
    const db = t.app.services.database.db;
    const [row] = await db
      .select({ slug: properties.slug, title: properties.title, whatsapp: properties.whatsappContact, photos: sql<number>`count(*)::int` })
      .from(properties)
      .innerJoin(propertyImages, eq(propertyImages.propertyId, properties.id))
      .groupBy(properties.id)
      .having(sql`count(*) >= 6`)
      .orderBy(properties.slug)
      .limit(1);
    demo = row!;
    const [host] = await db.select({ id: users.id }).from(users).where(eq(users.email, "anfitriao@recanto.dev"));
    noNumberSlug = (await insertProperty(db, host!.id, { title: "Refúgio sem WhatsApp", whatsappContact: "" })).slug;
    await fs.mkdir(SHOTS, { recursive: true });
  });

  const detailUrl = (slug = demo.slug) => `${t.app.url}/accommodation/${slug}`;
  const contactButton = (page: Page) => page.getByRole("button", { name: "Contatar via WhatsApp" });
  const today = nightOf(new Date());
  const checkIn = addNights(today, 20);
  const checkOut = addNights(today, 23);

  /** A context whose wa.me requests are answered locally, so no network is needed. */
  async function newContext(options: Parameters<typeof t.browser.newContext>[0] = {}) {
    const context = await t.browser.newContext({ locale: "pt-BR", ...options });
    await context.route("https://wa.me/**", (route) => route.fulfill({ body: "ok", contentType: "text/plain" }));
    return context;
  }

  async function openDetail(page: Page, slug = demo.slug) {
    await page.goto(detailUrl(slug));
    await page.getByRole("heading", { level: 1 }).waitFor();
    await waitForHydration(page);
  }

  async function chooseStay(page: Page, guests = "2") {
    await page.getByLabel("Check-in").fill(checkIn);
    await page.getByLabel("Check-out").fill(checkOut);
    await page.getByLabel("Hóspedes").selectOption(guests);
  }

  /** The next tab the page opens, once it has arrived at wa.me. */
  async function nextWhatsappTab(context: BrowserContext, action: () => Promise<void>) {
    const [tab] = await Promise.all([context.waitForEvent("page"), action()]);
    return onToWhatsapp(tab);
  }

  function expectMessage(link: URL, guests: string) {
    expect(link.pathname).toBe(`/${demo.whatsapp}`);
    expect(link.pathname.startsWith("/55")).toBe(true);
    expect(link.pathname.startsWith("/5555")).toBe(false);
    const text = link.searchParams.get("text")!;
    expect(text).toContain(`"${demo.title}"`);
    expect(text).toContain(detailUrl());
    expect(text).toContain(`Check-in: ${formatNight(checkIn)}`);
    expect(text).toContain(`Check-out: ${formatNight(checkOut)}`);
    expect(text).toContain(guests);
  }

  it("shows the first five photos with '+N', and 'Mostrar todas as fotos' opens the gallery", async () => {
    const context = await newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await openDetail(page);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(demo.title);
    await expect(page.title()).resolves.toBe(`${demo.title} | Recanto`);
    const grid = page.getByRole("region", { name: "Fotos da propriedade" });
    await expect(grid.getByRole("listitem").count()).resolves.toBe(5);
    await expect(grid.getByText(`+${demo.photos - 5}`, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("main").getByText(/^Novo/).isVisible()).resolves.toBe(true);
    for (const heading of ["Sobre este lugar", "Comodidades", "Itens de segurança"]) {
      await expect(page.getByRole("heading", { level: 2, name: heading }).isVisible(), heading).resolves.toBe(true);
    }
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    await page.screenshot({ path: `${SHOTS}/detail-1280.png`, fullPage: true });

    await page.getByRole("link", { name: "Mostrar todas as fotos" }).click();
    await page.waitForURL(`${t.app.url}/property-gallery/${demo.slug}`);
    // A photo in the grid opens that photo in the gallery.
    await page.goBack();
    await page.getByRole("heading", { level: 1, name: demo.title }).waitFor();
    await grid.getByRole("link").nth(1).click();
    await page.waitForURL(`${t.app.url}/property-gallery/${demo.slug}?foto=2`);
    await page.goBack();
    await grid.getByRole("link").nth(4).click();
    await page.waitForURL(`${t.app.url}/property-gallery/${demo.slug}`);
    await context.close();
  });

  it("logged out: the contact button opens the sign-in dialog, and after login a new tab goes to WhatsApp with the stay", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await openDetail(page);
    await chooseStay(page, "2");
    await contactButton(page).click();
    const dialog = page.getByRole("dialog", { name: "Entrar no Recanto" });
    await dialog.waitFor();
    expect(context.pages()).toHaveLength(1);
    await expectAccessible(page);

    await dialog.getByLabel("Email", { exact: true }).fill(GUEST);
    await dialog.getByLabel("Senha", { exact: true }).fill(DEMO_PASSWORD);
    const link = await nextWhatsappTab(context, () => dialog.getByRole("button", { name: "Entrar", exact: true }).click());
    expectMessage(link, "2 hóspedes");
    // The visitor stays on the property, now signed in.
    expect(page.url()).toBe(detailUrl());
    await page.getByRole("button", { name: "Menu da conta de Hugo Hóspede" }).waitFor();
    await context.close();
  });

  it("logged in: the form opens WhatsApp in a new tab, and works again after a first contact", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await loginViaForm(page, t.app, GUEST, DEMO_PASSWORD);
    await openDetail(page);
    await chooseStay(page, "1");
    await page.getByText(`3 noites: de ${formatNight(checkIn)} a ${formatNight(checkOut)}`).waitFor();
    await page.getByRole("region", { name: "Preço e contato" }).screenshot({ path: `${SHOTS}/detail-card-stay.png` });
    const link = await nextWhatsappTab(context, () => contactButton(page).click());
    expectMessage(link, "1 hóspede");
    expect(page.url()).toBe(detailUrl());

    // Without dates only the property is named.
    await page.getByLabel("Check-in").fill("");
    await page.getByLabel("Check-out").fill("");
    const plain = await nextWhatsappTab(context, () => contactButton(page).click());
    expect(plain.searchParams.get("text")).not.toContain("Check-in");
    await context.close();
  });

  it("without JavaScript the form still opens WhatsApp in a new tab (the page's CSP allows the redirect)", async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await loginViaForm(page, t.app, GUEST, DEMO_PASSWORD);
    await page.goto(detailUrl());
    await chooseStay(page, "3");
    const link = await nextWhatsappTab(context, () => contactButton(page).click());
    expectMessage(link, "3 hóspedes");
    await context.close();
  });

  it("checks the dates in Portuguese before anything opens", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await openDetail(page);
    await expect(page.getByLabel("Check-in").getAttribute("min")).resolves.toBe(today);
    const alert = page.getByRole("alert").filter({ hasText: /check-/ });

    await page.getByLabel("Check-in").fill(addNights(today, 5));
    await page.getByLabel("Check-out").fill(addNights(today, 3));
    await contactButton(page).click();
    await expect(alert.textContent()).resolves.toBe("A data de check-out deve ser posterior à data de check-in.");
    await expect(page.getByLabel("Check-out").getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(page.evaluate(() => (document.activeElement as HTMLInputElement).name)).resolves.toBe("checkout");

    await page.getByLabel("Check-in").fill(addNights(today, -2));
    await contactButton(page).click();
    await expect(alert.textContent()).resolves.toBe("A data de check-in não pode ser anterior a hoje.");

    await page.getByLabel("Check-in").fill(addNights(today, 2));
    await page.getByLabel("Check-out").fill("");
    await contactButton(page).click();
    await expect(alert.textContent()).resolves.toBe("Informe também a data de check-out.");
    await expectAccessible(page);
    await page.getByRole("region", { name: "Preço e contato" }).screenshot({ path: `${SHOTS}/detail-card-error.png` });

    // Correcting the date clears the message as it is typed.
    await page.getByLabel("Check-out").fill(addNights(today, 4));
    await alert.waitFor({ state: "detached" });
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(context.pages()).toHaveLength(1);
    await context.close();
  });

  it("a property without a number says so without leaving the page", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await loginViaForm(page, t.app, GUEST, DEMO_PASSWORD);
    await openDetail(page, noNumberSlug);
    await contactButton(page).click();
    await page.getByText("Contato não disponível").waitFor();
    await page.getByText("Número do WhatsApp não encontrado para esta propriedade.").waitFor();
    expect(context.pages()).toHaveLength(1);
    expect(page.url()).toBe(detailUrl(noNumberSlug));
    await context.close();
  });

  it("is keyboard usable with a visible focus: Tab reaches the button, Enter opens the dialog", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await openDetail(page);
    await page.getByLabel("Hóspedes").focus();
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return { text: el.textContent, outline: getComputedStyle(el).outlineStyle, width: getComputedStyle(el).outlineWidth };
    });
    expect(focused.text).toBe("Contatar via WhatsApp");
    expect(focused.outline).not.toBe("none");
    expect(focused.width).not.toBe("0px");
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Entrar no Recanto" }).waitFor();
    await context.close();
  });

  it("on a 390px phone: cover full width, the price card right after the facts, nothing wider than the screen", async () => {
    const context = await newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await openDetail(page);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    const grid = page.getByRole("region", { name: "Fotos da propriedade" });
    const cover = (await grid.getByRole("listitem").first().boundingBox())!;
    expect(cover.width).toBeGreaterThan(340);
    const second = (await grid.getByRole("listitem").nth(1).boundingBox())!;
    expect(second.y).toBeGreaterThan(cover.y + cover.height - 1);
    const facts = (await page.getByRole("region", { name: "Resumo da propriedade" }).boundingBox())!;
    const card = (await page.getByRole("region", { name: "Preço e contato" }).boundingBox())!;
    const about = (await page.getByRole("heading", { name: "Sobre este lugar" }).boundingBox())!;
    expect(card.y).toBeGreaterThan(facts.y);
    expect(card.y).toBeLessThan(about.y);
    await expect(page.getByRole("link", { name: "Mostrar todas as fotos" }).isVisible()).resolves.toBe(true);
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    await page.screenshot({ path: `${SHOTS}/detail-390.png`, fullPage: true });
    await context.close();
  });

  it("desktop: the price card sits beside the text", async () => {
    const context = await newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await openDetail(page);
    const card = (await page.getByRole("region", { name: "Preço e contato" }).boundingBox())!;
    const about = (await page.getByRole("heading", { name: "Sobre este lugar" }).boundingBox())!;
    expect(card.x).toBeGreaterThan(about.x + about.width);
    await context.close();
  });

  it.each(["light", "dark"] as const)("passes axe in the %s theme, also the not-found page", async (colorScheme) => {
    const context = await newContext({ colorScheme, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await openDetail(page);
    await expect(page.evaluate(() => document.documentElement.classList.contains("dark"))).resolves.toBe(colorScheme === "dark");
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/detail-1280-${colorScheme}.png` });

    const missing = await page.goto(`${t.app.url}/accommodation/nao-existe`);
    expect(missing!.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "Propriedade não encontrada" }).waitFor();
    await page.getByText("Esta propriedade não existe ou foi removida.").waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/detail-not-found-${colorScheme}.png` });
    await page.getByRole("link", { name: "Voltar ao início" }).click();
    await page.waitForURL(`${t.app.url}/`);
    await context.close();
  });
});
