import fs from "node:fs/promises";
import { and, asc, count, eq, notInArray } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { imageUrl, IMAGE_WIDTHS } from "../../common/media";
import { favorites, properties, propertyImages, users } from "../../server/db/schema";
import { DEMO_PASSWORD } from "../../server/seed/demo";
import { createTestAccount, TEST_PASSWORD } from "../support/accounts";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { insertProperty } from "../support/factories";
import { loginViaForm, waitForHydration } from "./helpers";

const SHOTS = "/tmp/shots";
const HOST = "anfitriao@recanto.dev";

type ContextOptions = Parameters<ReturnType<typeof useBrowserApp>["browser"]["newContext"]>[0];

/** The heart of the property called `title` inside `scope` (a page, a card, a carousel). */
const heart = (scope: Page | Locator, title: string) => scope.getByRole("button", { name: `Favoritar ${title}`, exact: true });

/** Waits until the heart shows `pressed` and is enabled again (it is aria-disabled while the server saves). */
async function settled(button: Locator, pressed: boolean) {
  await button.and(button.page().locator(`[aria-pressed="${pressed}"]:not([aria-disabled="true"])`)).waitFor();
}

/** Clicks (or presses a key on) a heart and waits for the spec's toast and the new, saved state. */
async function toggle(button: Locator, pressed: boolean, action: () => Promise<void> = () => button.click()) {
  await action();
  await settled(button, pressed);
  await toast(button.page(), pressed ? "Adicionado aos favoritos" : "Removido dos favoritos").waitFor();
}

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]", { hasText: text });
const countLine = (page: Page) => page.getByText(/^(\d+ propriedades? favoritas?|Nenhuma propriedade favoritada ainda)$/);
const cardTitles = (page: Page) => page.locator("main article .card-title").allTextContents();

/** The number next to a label in the host's statistics on /perfil. */
async function stat(page: Page, label: string) {
  const text = await page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd").textContent();
  return Number(text!.replace(/\D/g, ""));
}

describe.skipIf(!hasChromium)("favourites, the profile and the user's own data, in Chromium", () => {
  const t = useBrowserApp(undefined, { demo: true });
  const db = () => t.app.services.database.db;

  beforeAll(async () => {
    await fs.mkdir(SHOTS, { recursive: true });
  });

  async function newPage(options: ContextOptions = {}) {
    const context = await t.browser.newContext({ locale: "pt-BR", ...options });
    return { context, page: await context.newPage() };
  }

  async function open(page: Page, path: string) {
    await page.goto(`${t.app.url}${path}`);
    await waitForHydration(page);
  }

  /** Public demo properties (slug, title), in a stable order, leaving out the titles given. */
  async function publicProperties(limit: number, except: string[] = [], hostId?: string) {
    return db()
      .select({ id: properties.id, slug: properties.slug, title: properties.title })
      .from(properties)
      .where(
        and(
          eq(properties.status, "approved"),
          eq(properties.isActive, true),
          except.length ? notInArray(properties.title, except) : undefined,
          hostId ? eq(properties.hostId, hostId) : undefined,
        ),
      )
      .orderBy(asc(properties.slug))
      .limit(limit);
  }

  async function userId(email: string) {
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    return row!.id;
  }

  async function favouriteRows(where: { userId?: string; propertyId?: string }) {
    const [row] = await db()
      .select({ n: count() })
      .from(favorites)
      .where(
        and(where.userId ? eq(favorites.userId, where.userId) : undefined, where.propertyId ? eq(favorites.propertyId, where.propertyId) : undefined),
      );
    return row!.n;
  }

  it("a guest favourites from the home page, a category page and a detail page, and finds them on /favoritos everywhere", async () => {
    const guest = await createTestAccount(t.app, "guest");
    const { context, page } = await newPage({ viewport: { width: 1280, height: 900 } });
    await loginViaForm(page, t.app, guest.email);

    // 1. A card in the home page's "Cabanas" carousel.
    await open(page, "/");
    const cabanas = page.getByRole("region", { name: "Cabanas" });
    const fromHome = (await cabanas.locator("article h3").first().textContent())!;
    await expect(heart(cabanas, fromHome).getAttribute("aria-pressed")).resolves.toBe("false");
    await toggle(heart(cabanas, fromHome), true);
    await page.getByRole("link", { name: "Favoritos (1)" }).waitFor();

    // 2. A card on a category page.
    await open(page, "/category/glamping");
    const fromCategory = (await page.locator("main article h3").first().textContent())!;
    expect(fromCategory).not.toBe(fromHome);
    await toggle(heart(page.locator("main"), fromCategory), true);
    await page.getByRole("link", { name: "Favoritos (2)" }).waitFor();

    // 3. The heart on a detail page.
    const [detail] = await publicProperties(1, [fromHome, fromCategory]);
    await open(page, `/accommodation/${detail!.slug}`);
    await toggle(heart(page, detail!.title), true);
    await page.getByRole("link", { name: "Favoritos (3)" }).waitFor();
    const titles = [fromHome, fromCategory, detail!.title];
    await expect(favouriteRows({ userId: guest.id })).resolves.toBe(3);

    // After a reload the hearts are still pressed.
    await page.reload();
    await waitForHydration(page);
    await expect(heart(page, detail!.title).getAttribute("aria-pressed")).resolves.toBe("true");
    await open(page, "/category/glamping");
    await expect(heart(page.locator("main"), fromCategory).getAttribute("aria-pressed")).resolves.toBe("true");
    await open(page, "/");
    await expect(heart(cabanas, fromHome).getAttribute("aria-pressed")).resolves.toBe("true");

    // … and they come from the server: the same session without JavaScript sees them pressed.
    const noScript = await t.browser.newContext({ javaScriptEnabled: false, storageState: await context.storageState() });
    const plain = await noScript.newPage();
    await plain.goto(`${t.app.url}/accommodation/${detail!.slug}`);
    await expect(heart(plain, detail!.title).getAttribute("aria-pressed")).resolves.toBe("true");
    await expect(plain.getByRole("link", { name: "Favoritos (3)" }).count()).resolves.toBe(1);
    await noScript.close();

    await open(page, "/favoritos");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Meus Favoritos");
    // No heading level is skipped below the page's title (the cards' titles come right under it).
    const levels = await page.locator("main :is(h1, h2, h3, h4, h5, h6)").evaluateAll((headings) => headings.map((h) => Number(h.tagName[1])));
    expect(levels.every((level, i) => i === 0 || level <= levels[i - 1]! + 1), levels.join(" ")).toBe(true);
    await expect(countLine(page).textContent()).resolves.toBe("3 propriedades favoritas");
    // Most recently saved first.
    await expect(cardTitles(page)).resolves.toEqual([...titles].reverse());
    for (const title of titles) await expect(heart(page, title).getAttribute("aria-pressed"), title).resolves.toBe("true");
    await context.close();

    // Another browser, the same account: the same three, and one is removed there.
    const other = await newPage();
    await loginViaForm(other.page, t.app, guest.email);
    await open(other.page, "/favoritos");
    await expect(countLine(other.page).textContent()).resolves.toBe("3 propriedades favoritas");
    await expect(cardTitles(other.page).then((list) => list.sort())).resolves.toEqual([...titles].sort());
    await other.page.getByRole("link", { name: "Favoritos (3)" }).waitFor();

    await heart(other.page, fromCategory).click();
    await toast(other.page, "Removido dos favoritos").waitFor();
    await other.page.locator("main article", { hasText: fromCategory }).waitFor({ state: "detached" });
    await other.page.getByText("2 propriedades favoritas", { exact: true }).waitFor();
    await other.page.getByRole("link", { name: "Favoritos (2)" }).waitFor();
    await expect(cardTitles(other.page)).resolves.toEqual([detail!.title, fromHome]);
    await expect(favouriteRows({ userId: guest.id })).resolves.toBe(2);
    await other.context.close();
  });

  it("logged out: a heart explains that login is needed and offers it; /favoritos asks to log in", async () => {
    const before = await favouriteRows({});
    const { context, page } = await newPage();
    await open(page, "/category/chales");
    const title = (await page.locator("main article h3").first().textContent())!;
    const button = heart(page.locator("main"), title);
    await button.click();
    const loginToast = toast(page, "Login necessário");
    await loginToast.waitFor();
    await loginToast.getByText("Você precisa estar logado para favoritar propriedades.").waitFor();
    await expect(button.getAttribute("aria-pressed")).resolves.toBe("false");
    await expect(page.getByRole("link", { name: "Favoritos", exact: true }).count()).resolves.toBe(1);

    await loginToast.getByRole("button", { name: "Entrar" }).click();
    const dialog = page.getByRole("dialog", { name: "Entrar no Recanto" });
    await dialog.waitFor();
    await expect(favouriteRows({})).resolves.toBe(before);

    // Logging in there keeps the visitor on the page, and the heart now works.
    const guest = await createTestAccount(t.app, "guest");
    await dialog.getByLabel("Email", { exact: true }).fill(guest.email);
    await dialog.getByLabel("Senha", { exact: true }).fill(TEST_PASSWORD);
    await dialog.getByRole("button", { name: "Entrar", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("link", { name: "Favoritos (0)" }).waitFor();
    await toggle(button, true);
    await page.getByRole("link", { name: "Favoritos (1)" }).waitFor();
    await context.close();

    const anonymous = await newPage();
    await open(anonymous.page, "/favoritos");
    await anonymous.page.getByText("Faça login para ver seus favoritos").waitFor();
    await anonymous.page.getByRole("button", { name: "Entrar", exact: true }).click();
    await anonymous.page.getByRole("dialog", { name: "Entrar no Recanto" }).waitFor();
    await anonymous.context.close();
  });

  it("a fresh account sees the empty state", async () => {
    const guest = await createTestAccount(t.app, "guest");
    const { context, page } = await newPage();
    await loginViaForm(page, t.app, guest.email);
    await open(page, "/favoritos");
    await page.getByRole("heading", { name: "Nenhum favorito ainda" }).waitFor();
    await expect(countLine(page).textContent()).resolves.toBe("Nenhuma propriedade favoritada ainda");
    await page.getByRole("link", { name: "Favoritos (0)" }).waitFor();
    await page.getByRole("link", { name: "Explorar hospedagens" }).click();
    await page.waitForURL(`${t.app.url}/`);
    await context.close();
  });

  it("a host sees 'Favoritos recebidos' go up when a guest favourites one of its properties", async () => {
    const hostId = await userId(HOST);
    const [mine] = await publicProperties(1, [], hostId);
    const [{ active }] = (await db()
      .select({ active: count() })
      .from(properties)
      .where(and(eq(properties.hostId, hostId), eq(properties.isActive, true)))) as [{ active: number }];

    const host = await newPage();
    await loginViaForm(host.page, t.app, HOST, DEMO_PASSWORD);
    await open(host.page, "/perfil");
    await host.page.getByRole("heading", { name: "Estatísticas" }).waitFor();
    await expect(stat(host.page, "Propriedades ativas")).resolves.toBe(active);
    const before = await stat(host.page, "Favoritos recebidos");

    const guest = await createTestAccount(t.app, "guest");
    const other = await newPage();
    await loginViaForm(other.page, t.app, guest.email);
    await open(other.page, `/accommodation/${mine!.slug}`);
    await toggle(heart(other.page, mine!.title), true);
    await other.context.close();

    await host.page.reload();
    await expect(stat(host.page, "Favoritos recebidos")).resolves.toBe(before + 1);
    await host.context.close();
  });

  it("a guest downloads their data, deletes the account, and cannot log in again; their favourites are gone", async () => {
    const guest = await createTestAccount(t.app, "guest", { name: "Lia Dados" });
    const saved = await publicProperties(2);
    await db()
      .insert(favorites)
      .values(saved.map((p) => ({ userId: guest.id, propertyId: p.id })));

    const { context, page } = await newPage({ acceptDownloads: true });
    await loginViaForm(page, t.app, guest.email);
    await open(page, "/perfil");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Baixar meus dados" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^recanto-meus-dados-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await fs.readFile((await download.path())!, "utf8"));
    expect(data.account).toMatchObject({ id: guest.id, email: guest.email, name: "Lia Dados", userType: "guest" });
    expect(data.favorites.map((f: { propertyId: string }) => f.propertyId).sort()).toEqual(saved.map((p) => p.id).sort());
    expect(data.favorites.map((f: { title: string }) => f.title).sort()).toEqual(saved.map((p) => p.title).sort());
    expect(data.properties).toEqual([]);

    await page.getByText("Excluir minha conta").click();
    await page.getByLabel("Digite seu email para confirmar").fill(guest.email);
    await page.getByRole("button", { name: "Excluir definitivamente" }).click();
    await page.waitForURL(`${t.app.url}/`);
    await page.getByText("Conta excluída").waitFor();
    await page.getByRole("link", { name: "Favoritos", exact: true }).waitFor();

    await page.goto(`${t.app.url}/login`);
    await page.getByLabel("Email", { exact: true }).fill(guest.email);
    await page.getByLabel("Senha", { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.getByText("Email ou senha incorretos").waitFor();
    await expect(favouriteRows({ userId: guest.id })).resolves.toBe(0);
    await expect(db().select().from(users).where(eq(users.id, guest.id))).resolves.toEqual([]);
    await context.close();
  });

  it("a host deletes the account: its property, its photos' rows and the favourites on it are gone, the page answers 404", async () => {
    const host = await createTestAccount(t.app, "host");
    // Photos borrowed from a demo property: deleting this host must not delete files another listing uses.
    const [demo] = await publicProperties(1);
    const images = await db()
      .select({ storageKey: propertyImages.storageKey, width: propertyImages.width, height: propertyImages.height, alt: propertyImages.alt })
      .from(propertyImages)
      .where(eq(propertyImages.propertyId, demo!.id))
      .orderBy(asc(propertyImages.position));
    const listing = await insertProperty(db(), host.id, { title: "Chalé da Despedida" }, images);
    const fan = await createTestAccount(t.app, "guest");
    await db().insert(favorites).values({ userId: fan.id, propertyId: listing.id });

    const { context, page } = await newPage({ acceptDownloads: true });
    const detail = await page.goto(`${t.app.url}/accommodation/${listing.slug}`);
    expect(detail!.status()).toBe(200);
    await loginViaForm(page, t.app, host.email);
    await open(page, "/perfil");
    await expect(stat(page, "Propriedades ativas")).resolves.toBe(1);
    await expect(stat(page, "Favoritos recebidos")).resolves.toBe(1);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Baixar meus dados" }).click()]);
    const data = JSON.parse(await fs.readFile((await download.path())!, "utf8"));
    expect(data.account.email).toBe(host.email);
    expect(data.properties).toHaveLength(1);
    expect(data.properties[0]).toMatchObject({ id: listing.id, title: "Chalé da Despedida" });
    expect(data.properties[0].images).toHaveLength(images.length);

    await page.getByText("Excluir minha conta").click();
    await page.getByLabel("Digite seu email para confirmar").fill(host.email);
    await page.getByRole("button", { name: "Excluir definitivamente" }).click();
    await page.waitForURL(`${t.app.url}/`);
    await page.getByText("Conta excluída").waitFor();

    await expect(db().select().from(properties).where(eq(properties.hostId, host.id))).resolves.toEqual([]);
    await expect(db().select().from(propertyImages).where(eq(propertyImages.propertyId, listing.id))).resolves.toEqual([]);
    await expect(favouriteRows({ propertyId: listing.id })).resolves.toBe(0);
    const missing = await page.goto(`${t.app.url}/accommodation/${listing.slug}`);
    expect(missing!.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "Propriedade não encontrada" }).waitFor();
    // The demo property still shows its photos: shared files were kept.
    const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
    const photo = await page.request.get(`${t.app.url}${imageUrl(images[0]!.storageKey, largest)}`);
    expect(photo.status()).toBe(200);
    await context.close();
  });

  it("the heart is reachable with Tab and toggles with Enter and Space, with a visible focus", async () => {
    const guest = await createTestAccount(t.app, "guest");
    const [property] = await publicProperties(1);
    const { context, page } = await newPage();
    await loginViaForm(page, t.app, guest.email);
    await open(page, `/accommodation/${property!.slug}`);
    // The share buttons come first in the bar; the heart is the next stop after them.
    await page.getByRole("button", { name: "Copiar link" }).focus();
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return { label: el.getAttribute("aria-label"), outline: getComputedStyle(el).outlineStyle, width: getComputedStyle(el).outlineWidth };
    });
    expect(focused.label).toBe(`Favoritar ${property!.title}`);
    expect(focused.outline).not.toBe("none");
    expect(focused.width).not.toBe("0px");
    const button = heart(page, property!.title);
    await toggle(button, true, () => page.keyboard.press("Enter"));
    await page.getByRole("link", { name: "Favoritos (1)" }).waitFor();
    await expect(page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).resolves.toBe(`Favoritar ${property!.title}`);
    await toggle(button, false, () => page.keyboard.press("Space"));
    await page.getByRole("link", { name: "Favoritos (0)" }).waitFor();
    await context.close();
  });

  it("while saving, the heart shows the new state, is aria-disabled and ignores another click", async () => {
    const guest = await createTestAccount(t.app, "guest");
    const [property] = await publicProperties(1);
    const { context, page } = await newPage();
    await loginViaForm(page, t.app, guest.email);
    await open(page, `/accommodation/${property!.slug}`);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let posts = 0;
    await page.route("**/api/favoritos*", async (route) => {
      posts += 1;
      await held;
      await route.continue();
    });
    const button = heart(page, property!.title);
    await button.click();
    await button.and(page.locator('[aria-pressed="true"][aria-disabled="true"]')).waitFor();
    // Playwright itself refuses to click an aria-disabled button: force it, as an impatient user would.
    await button.click({ force: true });
    await button.press("Enter");
    await expect(button.getAttribute("aria-pressed")).resolves.toBe("true");
    release();
    await settled(button, true);
    await toast(page, "Adicionado aos favoritos").waitFor();
    expect(posts).toBe(1);
    await expect(favouriteRows({ userId: guest.id })).resolves.toBe(1);
    await context.close();
  });

  it.each(["light", "dark"] as const)("/favoritos (empty and with cards) and /perfil (guest and host) pass axe in the %s theme", async (colorScheme) => {
    const guest = await createTestAccount(t.app, "guest");
    const { context, page } = await newPage({ colorScheme, viewport: { width: 1280, height: 900 } });
    await loginViaForm(page, t.app, guest.email);
    await open(page, "/favoritos");
    await expect(page.evaluate(() => document.documentElement.classList.contains("dark"))).resolves.toBe(colorScheme === "dark");
    await page.getByRole("heading", { name: "Nenhum favorito ainda" }).waitFor();
    await expectAccessible(page);

    const saved = await publicProperties(3);
    await db()
      .insert(favorites)
      .values(saved.map((p) => ({ userId: guest.id, propertyId: p.id })));
    await open(page, "/favoritos");
    await page.getByText("3 propriedades favoritas", { exact: true }).waitFor();
    await expectAccessible(page);
    // Removing one: the card leaves, its toast stays on the page while axe looks.
    await heart(page, saved[0]!.title).click();
    await toast(page, "Removido dos favoritos").waitFor();
    await page.locator("main article", { hasText: saved[0]!.title }).waitFor({ state: "detached" });
    await page.getByText("2 propriedades favoritas", { exact: true }).waitFor();
    await expectAccessible(page);

    await open(page, "/perfil");
    await expectAccessible(page);
    await context.close();

    const host = await newPage({ colorScheme, viewport: { width: 1280, height: 900 } });
    await loginViaForm(host.page, t.app, "bruno@recanto.dev", DEMO_PASSWORD);
    await open(host.page, "/perfil");
    await host.page.getByRole("heading", { name: "Estatísticas" }).waitFor();
    await expectAccessible(host.page);
    await host.page.getByText("Excluir minha conta").click();
    await expectAccessible(host.page);
    await host.context.close();
  });

  it.each([1280, 390])("/favoritos with cards and a host's /perfil fit a %ipx screen (screenshots)", async (width) => {
    const guest = await createTestAccount(t.app, "guest");
    const saved = await publicProperties(5);
    await db()
      .insert(favorites)
      .values(saved.map((p) => ({ userId: guest.id, propertyId: p.id })));
    const phone = width < 640 ? { isMobile: true, hasTouch: true } : {};
    const { context, page } = await newPage({ viewport: { width, height: width < 640 ? 844 : 900 }, ...phone });
    await loginViaForm(page, t.app, guest.email);
    await open(page, "/favoritos");
    await page.getByText("5 propriedades favoritas", { exact: true }).waitFor();
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${SHOTS}/favoritos-${width}.png`, fullPage: true });
    await context.close();

    const host = await newPage({ viewport: { width, height: width < 640 ? 844 : 900 }, ...phone });
    await loginViaForm(host.page, t.app, HOST, DEMO_PASSWORD);
    await open(host.page, "/perfil");
    await host.page.getByRole("heading", { name: "Estatísticas" }).waitFor();
    await expect(host.page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
    await host.page.screenshot({ path: `${SHOTS}/perfil-${width}.png`, fullPage: true });
    await host.context.close();
  });
});
