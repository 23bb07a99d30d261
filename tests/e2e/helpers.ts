import fs from "node:fs/promises";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { authenticatorCode, createTestAccount, TEST_PASSWORD, type AccountKind, type AccountOptions, type TestAuthenticator } from "../support/accounts";
import type { TestApp } from "../support/app";
import { expectAccessible } from "../support/browser";
import { waitForMail, type Mail } from "../support/mail";

export { waitForMail };

/** A new browser context with one page at `path` of the app, hydrated. */
export async function openPage(app: TestApp, browser: Browser, path: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto(`${app.url}${path}`);
  await waitForHydration(page);
  return { context, page };
}

/**
 * Signs in through the real /login form (and the code step with the authenticator's current code,
 * when given) and waits until the browser has left the login pages.
 */
export async function loginViaForm(page: Page, app: TestApp, email: string, password = TEST_PASSWORD, authenticator: TestAuthenticator | null = null) {
  await page.goto(`${app.url}/login`);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  if (authenticator) {
    await page.waitForURL((url) => url.pathname === "/login/verificacao");
    await page.getByLabel("Código do aplicativo").fill(await authenticatorCode(authenticator));
    await page.getByRole("button", { name: "Verificar" }).click();
  }
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

/** A new account of that kind (see createTestAccount), logged in on `page` through the real /login form. */
export async function loginAsNewAccount(page: Page, app: TestApp, kind: AccountKind, options: AccountOptions = {}) {
  const account = await createTestAccount(app, kind, options);
  await loginViaForm(page, app, account.email, options.password, account.authenticator);
  return account;
}

export type AccountType = "Cliente - Quero reservar" | "Anfitrião - Quero anunciar";

/** Fills the real /cadastro form (phone (11) 98765-4321, password TEST_PASSWORD); the caller accepts the terms and submits. */
export async function fillSignUp(page: Page, fields: { name: string; email: string; type: AccountType }) {
  await page.getByLabel("Nome completo").fill(fields.name);
  await page.getByLabel("Email", { exact: true }).fill(fields.email);
  await page.getByLabel("Telefone").pressSequentially("11987654321");
  await page.getByLabel(fields.type).check();
  await page.getByLabel("Senha", { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel("Confirmar senha").fill(TEST_PASSWORD);
}

/** Signs up through /cadastro and waits for the welcome on /perfil. */
export async function signUpInBrowser(page: Page, app: TestApp, fields: { name: string; email: string; type: AccountType }) {
  await page.goto(`${app.url}/cadastro`);
  await fillSignUp(page, fields);
  await page.getByLabel(/Li e aceito/).check();
  await page.getByRole("button", { name: "Criar conta" }).click();
  await page.waitForURL(`${app.url}/perfil`);
}

/** The first absolute link in an email's text that contains `part`. */
export function linkIn(mail: Mail, part: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((l) => l.includes(part));
  if (!link) throw new Error(`no link containing "${part}" in:\n${mail.text}`);
  return link;
}

/**
 * Waits until React has hydrated the page: the footer's newsletter form, near the end of the frame,
 * and the route's content in `main`, which hydrates in a pass of its own after the frame, both carry
 * their props (React keeps them on the element, under a key starting `__reactProps$`). Before that,
 * menus, dialogs, fetcher forms and the page's fields do not react yet.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const hydrated = (element: Element | null | undefined) => !!element && Object.keys(element).some((key) => key.startsWith("__reactProps$"));
    const content = document.getElementById("conteudo")?.firstElementChild;
    return hydrated((document.getElementById("newsletter-email") as HTMLInputElement | null)?.form) && (!content || hydrated(content));
  });
}

/** Opens `url` with the page's scripts held, runs `typing` on the server's markup, then lets the scripts in and waits for hydration. */
export async function typeBeforeHydration(page: Page, url: string, typing: () => Promise<void>) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(url);
  await typing();
  release();
  await waitForHydration(page);
  await page.unrouteAll();
}

/**
 * Reaches for a part of the page whose code loads when first used (HydrateOnUse, such as a
 * category's filters), as a person about to use it does: points at it, or moves the keyboard's focus
 * into it. Then waits until React has hydrated it.
 */
export async function reachFor(page: Page, part: string, by: "pointer" | "keyboard" = "pointer") {
  const element = page.locator(`[data-hydrate-on-use="${part}"]`);
  if (by === "pointer") await element.hover({ position: { x: 4, y: 4 } });
  else await element.locator("input, select, button").first().focus();
  await page.waitForFunction((wrapper) => !!wrapper?.firstElementChild && Object.keys(wrapper.firstElementChild).some((key) => key.startsWith("__reactProps$")), await element.elementHandle());
}

/**
 * A tab opened by a listing's contact form, followed to WhatsApp: through the safety notice when it
 * shows (a guest's first contact with that listing), straight on otherwise. Returns the wa.me link.
 */
export async function onToWhatsapp(tab: Page): Promise<URL> {
  await tab.waitForURL((url) => url.hostname === "wa.me" || url.pathname.endsWith("/contato"));
  if (new URL(tab.url()).hostname === "wa.me") return new URL(tab.url());
  // The request to wa.me, not its page: the link is what is checked (under load, the page behind the
  // button's redirect once failed to load from the context's stand-in).
  const [request] = await Promise.all([tab.waitForRequest(/^https:\/\/wa\.me\//), tab.getByRole("button", { name: "Entendi, abrir o WhatsApp" }).click()]);
  return new URL(request.url());
}

/** A phone and a desktop window. */
export const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;

/** How a page is looked at: each size, in the light and in the dark theme. */
export type Look = { viewport: (typeof SIZES)[number]; colorScheme: "light" | "dark" };
export const LOOKS: Look[] = (["light", "dark"] as const).flatMap((colorScheme) => SIZES.map((viewport) => ({ viewport, colorScheme })));

type Session = { context: BrowserContext; page: Page };
export type LookedPage<As extends string> = { path: string; as: As; ready: string; then?: (page: Page) => Promise<void> };

/**
 * Opens each page in every look, as the account it names (one session per account and look, made
 * by `open`), waits for its level-1 heading, runs its `then`, checks it with axe and keeps a
 * full-page screenshot in `shots`. `alsoInEachLook` checks more with the look's sessions.
 */
export async function checkEveryLook<As extends string>(
  app: TestApp,
  shots: string,
  pages: LookedPage<As>[],
  open: (as: As, look: Look) => Promise<Session>,
  alsoInEachLook?: (sessions: Map<As, Session>, look: Look) => Promise<void>,
) {
  await fs.mkdir(shots, { recursive: true });
  for (const look of LOOKS) {
    const sessions = new Map<As, Session>();
    try {
      for (const { path, as, ready, then } of pages) {
        let session = sessions.get(as);
        if (!session) sessions.set(as, (session = await open(as, look)));
        await session.page.goto(`${app.url}${path}`);
        await session.page.getByRole("heading", { level: 1, name: ready }).waitFor();
        await then?.(session.page);
        await expectAccessible(session.page);
        await session.page.screenshot({ path: `${shots}/${path.replace(/[^a-z0-9]+/gi, "-")}-${look.viewport.width}-${look.colorScheme}.png`, fullPage: true });
      }
      await alsoInEachLook?.(sessions, look);
    } finally {
      for (const session of sessions.values()) await session.context.close();
    }
  }
}
