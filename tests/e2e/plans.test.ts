import fs from "node:fs/promises";
import type { Page, Route } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { billingCustomers, subscriptions } from "../../server/db/schema";
import { createTestAccount, TEST_PASSWORD } from "../support/accounts";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { loginViaForm, waitForHydration } from "./helpers";

const SHOTS = "/tmp/shots";

type ContextOptions = Parameters<ReturnType<typeof useBrowserApp>["browser"]["newContext"]>[0];
type Who = "anonymous" | "guest" | "promo-host" | "host" | "paying-host";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]", { hasText: text });
const subscribe = (page: Page) => page.getByRole("button", { name: "Assinar Agora" });

/** Holds the page's checkout (or portal) request until `hold` resolves, then lets it reach the server. */
function holdRequest(page: Page, hold: Promise<void>, kind = "checkout") {
  return page.route(`**/api/assinatura/${kind}`, async (route: Route) => {
    expect(route.request().method()).toBe("POST");
    expect(await route.request().headerValue("accept")).toBe("application/json");
    await hold;
    await route.continue();
  });
}

const sandboxPage = (kind: "checkout" | "portal") => (url: URL) => url.pathname.startsWith(`/assinatura/teste/${kind}/`);

describe.skipIf(!hasChromium)("plans and the Premium gate in Chromium", () => {
  const t = useBrowserApp();

  beforeAll(async () => {
    await fs.mkdir(SHOTS, { recursive: true });
  });

  /** A fresh page, signed in as a new account of the kind asked for (a promotion slot for "promo-host"). */
  async function pageAs(who: Who, options: ContextOptions = {}) {
    const context = await t.browser.newContext({ locale: "pt-BR", ...options });
    const page = await context.newPage();
    let userId = "";
    if (who !== "anonymous") {
      const user = await createTestAccount(t.app, who === "guest" ? "guest" : who === "promo-host" ? "premium-host" : "host", { name: "Rita Recanto" });
      if (who === "paying-host") {
        const periodEnd = new Date(Date.now() + 20 * 86_400_000);
        const db = t.app.services.database.db;
        await db.insert(billingCustomers).values({ userId: user.id, provider: "sandbox", customerId: `cus_sandbox_e2e_${user.id}` });
        await db.insert(subscriptions).values({ id: `sub_${user.id}`, userId: user.id, status: "active", currentPeriodEnd: periodEnd });
      }
      await loginViaForm(page, t.app, user.email);
      userId = user.id;
    }
    return { context, page, userId };
  }

  async function open(page: Page, path: string) {
    await page.goto(`${t.app.url}${path}`);
    await waitForHydration(page);
  }

  /** What marks each state of /planos. */
  async function expectPlansPage(page: Page, who: Who) {
    const heading = (name: string) => page.getByRole("heading", { level: 1, name, exact: true }).waitFor();
    if (who === "anonymous") return heading("Acesso Restrito");
    if (who === "guest") {
      await heading("Boas-vindas ao Recanto!");
      await page.getByText("Usuários guest têm acesso livre a todas as funcionalidades.").waitFor();
      return;
    }
    await heading("Planos");
    const premium = page.getByRole("region", { name: "Premium" });
    const free = page.getByRole("region", { name: "Gratuito" });
    await premium.getByText("R$ 39,90").waitFor();
    await free.getByText("R$ 0,00").waitFor();
    const owner = who === "host" ? free : premium;
    await owner.getByText("Seu Plano", { exact: true }).waitFor();
    await expect(page.getByText("Seu Plano", { exact: true }).count()).resolves.toBe(1);
    await expect(premium.getByText("6 Meses Grátis").count()).resolves.toBe(who === "promo-host" ? 1 : 0);
    if (who === "promo-host") {
      // The free months say until when, and nothing reads as paying now.
      await page.getByText(/^Seu plano: Premium grátis até \d{2}\/\d{2}\/\d{4}$/).waitFor();
      await premium.getByRole("button", { name: /^Assinar a partir de \d{2}\/\d{2}\/\d{4}$/ }).waitFor();
      await expect(subscribe(page).count()).resolves.toBe(0);
    }
    await expect(page.getByText(/propriedades ilimitadas/).count()).resolves.toBe(who === "host" ? 1 : 0);
  }

  it.each(["light", "dark"] as const)("/planos in every state passes axe in the %s theme", async (colorScheme) => {
    for (const who of ["anonymous", "guest", "promo-host", "host", "paying-host"] as const) {
      const { context, page } = await pageAs(who, { colorScheme, viewport: { width: 1280, height: 900 } });
      await open(page, "/planos");
      await expect(page.evaluate(() => document.documentElement.classList.contains("dark"))).resolves.toBe(colorScheme === "dark");
      await expect(page.title()).resolves.toBe("Planos | Recanto");
      await expectPlansPage(page, who);
      await expectAccessible(page);
      if (who !== "anonymous") await page.screenshot({ path: `${SHOTS}/planos-${who}-${colorScheme}.png`, fullPage: true });
      await context.close();
    }
  });

  it("logged out, 'Entrar' leads to the login and back to /planos", async () => {
    const { context, page } = await pageAs("anonymous");
    await open(page, "/planos");
    await page.getByRole("link", { name: "Entrar", exact: true }).click();
    await page.waitForURL(`${t.app.url}/login?redirectTo=%2Fplanos`);
    await createTestAccount(t.app, "host", { name: "Rita Recanto", email: "volta@example.com" });
    await page.getByLabel("Email", { exact: true }).fill("volta@example.com");
    await page.getByLabel("Senha", { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.waitForURL(`${t.app.url}/planos`);
    await expectPlansPage(page, "host");
    await context.close();
  });

  it("'Assinar Agora' is reached with Tab and shows a visible focus", async () => {
    const { context, page } = await pageAs("host");
    await open(page, "/planos");
    await page.getByRole("heading", { level: 1, name: "Planos" }).click();
    let focused = "";
    for (let i = 0; i < 40 && focused !== "Assinar Agora"; i++) {
      await page.keyboard.press("Tab");
      focused = await page.evaluate(() => document.activeElement?.textContent ?? "");
    }
    expect(focused).toBe("Assinar Agora");
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return { style: style.outlineStyle, width: style.outlineWidth };
    });
    expect(outline.style).not.toBe("none");
    expect(outline.width).not.toBe("0px");
    await context.close();
  });

  it("'Assinar Agora' opens the checkout in a new tab, reads 'Processando...' meanwhile, and refreshes the plan on return", async () => {
    const { context, page } = await pageAs("host");
    await open(page, "/planos");
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await holdRequest(page, held);

    const [tab] = await Promise.all([context.waitForEvent("page"), subscribe(page).click()]);
    const busy = page.getByRole("button", { name: "Processando..." });
    await expect(busy.getAttribute("aria-busy")).resolves.toBe("true");
    await expect(busy.getAttribute("aria-disabled")).resolves.toBe("true");
    release();
    await tab.waitForURL(sandboxPage("checkout"));
    await expect(tab.evaluate(() => window.opener)).resolves.toBeNull();
    await subscribe(page).waitFor();

    // Coming back to the tab reloads the page's data once.
    const reloads: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/planos.data") reloads.push(request.url());
    });
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect.poll(() => reloads.length).toBe(1);
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await page.waitForTimeout(300);
    expect(reloads).toHaveLength(1);
    await context.close();
  });

  it("a refused checkout closes the new tab and shows the server's message as a toast", async () => {
    const { context, page, userId } = await pageAs("host");
    await open(page, "/planos");
    // Meanwhile the host subscribed in another tab: this page's 'Assinar Agora' is stale and the server refuses it.
    await t.app.services.database.db.insert(subscriptions).values({ id: `sub_elsewhere_${userId}`, userId, status: "active", currentPeriodEnd: new Date(Date.now() + 86_400_000) });
    const [tab] = await Promise.all([context.waitForEvent("page"), subscribe(page).click()]);
    await expect.poll(() => tab.isClosed()).toBe(true);
    await toast(page, "Você já é assinante Premium. Use Gerenciar Assinatura para alterar ou cancelar.").waitFor();

    // A proxy in front of the server failing (an HTML error page, not our JSON) still gets the spec's message.
    await page.route("**/api/assinatura/checkout", (route) => route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }));
    await subscribe(page).click();
    await toast(page, "Não foi possível iniciar o processo de pagamento. Tente novamente.").waitFor();
    await expect(subscribe(page).getAttribute("aria-busy")).resolves.toBeNull();
    await expectAccessible(page);
    await context.close();
  });

  it("'Gerenciar Assinatura' reads 'Abrindo...' while the portal is asked for, then opens it in a new tab", async () => {
    const { context, page } = await pageAs("paying-host");
    await open(page, "/planos");
    await expectPlansPage(page, "paying-host");
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await holdRequest(page, held, "portal");
    const [tab] = await Promise.all([context.waitForEvent("page"), page.getByRole("button", { name: "Gerenciar Assinatura" }).click()]);
    await page.getByRole("button", { name: "Abrindo..." }).waitFor();
    release();
    await tab.waitForURL(sandboxPage("portal"));
    await page.getByRole("button", { name: "Gerenciar Assinatura" }).waitFor();
    await context.close();
  });

  it("without JavaScript, 'Assinar Agora' still opens the (sandbox) checkout in a new tab", async () => {
    const { context, page } = await pageAs("host", { javaScriptEnabled: false });
    await page.goto(`${t.app.url}/planos`);
    const [tab] = await Promise.all([context.waitForEvent("page"), subscribe(page).click()]);
    await tab.waitForURL(sandboxPage("checkout"));
    expect(page.url()).toBe(`${t.app.url}/planos`);
    await context.close();
  });

  it("when the browser blocks the new tab, the checkout opens in this one", async () => {
    const { context, page } = await pageAs("host");
    await open(page, "/planos");
    await page.evaluate(() => (window.open = () => null));
    await subscribe(page).click();
    await page.waitForURL(sandboxPage("checkout"));
    await context.close();
  });

  it.each(["light", "dark"] as const)("/adicionar-propriedade asks a host without Premium to subscribe (%s theme)", async (colorScheme) => {
    const { context, page } = await pageAs("host", { colorScheme });
    await open(page, "/adicionar-propriedade");
    await expect(page.title()).resolves.toBe("Adicionar Propriedade | Recanto");
    await page.getByRole("heading", { level: 1, name: "Plano Premium Necessário" }).waitFor();
    await subscribe(page).waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/adicionar-propriedade-premium-necessario-${colorScheme}.png` });
    await page.getByRole("link", { name: "Ver planos" }).click();
    await page.waitForURL(`${t.app.url}/planos`);
    await expectPlansPage(page, "host");

    const promo = await pageAs("promo-host", { colorScheme });
    await open(promo.page, "/adicionar-propriedade");
    await promo.page.getByRole("heading", { level: 1, name: "Adicionar Propriedade" }).waitFor();
    await promo.context.close();
    await context.close();
  });

  it("/adicionar-propriedade logged out shows 'Acesso Restrito' with a way to log in", async () => {
    const { context, page } = await pageAs("anonymous");
    await open(page, "/adicionar-propriedade");
    await page.getByRole("heading", { level: 1, name: "Acesso Restrito" }).waitFor();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Entrar", exact: true }).click();
    await page.waitForURL(`${t.app.url}/login?redirectTo=%2Fadicionar-propriedade`);
    await context.close();
  });

  it.each([390, 1280])("/planos fits a %ipx screen (screenshots)", async (width) => {
    const phone = width < 640 ? { isMobile: true, hasTouch: true } : {};
    for (const who of ["promo-host", "host", "paying-host", "guest"] as const) {
      const { context, page } = await pageAs(who, { viewport: { width, height: width < 640 ? 844 : 900 }, ...phone });
      await open(page, who === "host" ? "/planos?checkout=cancelado" : "/planos");
      await expectPlansPage(page, who);
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${SHOTS}/planos-${who}-${width}.png`, fullPage: true });
      await context.close();
    }
  });
});
