import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestAccount, TEST_PASSWORD } from "../support/accounts";
import { hasChromium, useBrowserApp } from "../support/browser";
import { loginViaForm, waitForHydration } from "./helpers";

const HOST_ROUTES = ["/minhas-propriedades", "/adicionar-propriedade", "/editar-propriedade/abc"];

describe.skipIf(!hasChromium)("guarded pages and role-dependent header in Chromium", () => {
  const t = useBrowserApp();
  beforeAll(async () => {
    await createTestAccount(t.app, "host", { name: "Hugo Host", email: "hugo@example.com" });
    await createTestAccount(t.app, "guest", { name: "Gina Guest", email: "gina@example.com" });
  });

  async function accountMenuItems(page: Page, name: string) {
    await waitForHydration(page);
    await page.getByRole("button", { name }).click();
    const items = page.getByRole("menuitem");
    await items.first().waitFor();
    const texts = (await items.allTextContents()).map((t) => t.trim());
    await page.keyboard.press("Escape");
    return texts;
  }

  const headerAdvertiseLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: "Anuncie sua propriedade" });

  it("logged out, /perfil and the host pages send to /login with the way back", async () => {
    const context = await t.browser.newContext();
    const page = await context.newPage();
    // /adicionar-propriedade shows 'Acesso Restrito' instead (spec; tested with the plans).
    for (const path of ["/perfil", ...HOST_ROUTES.filter((p) => p !== "/adicionar-propriedade")]) {
      await page.goto(`${t.app.url}${path}`);
      await page.waitForURL(`${t.app.url}/login?redirectTo=${encodeURIComponent(path)}`);
      await page.getByRole("heading", { level: 1, name: "Entrar no Recanto" }).waitFor();
    }
    await page.goto(`${t.app.url}/perfil`);
    await page.waitForURL(`${t.app.url}/login?redirectTo=%2Fperfil`);

    // And the way back works: logging in from there lands on the host page.
    await page.goto(`${t.app.url}/minhas-propriedades`);
    await page.waitForURL(/\/login\?redirectTo=/);
    await page.getByLabel("Email", { exact: true }).fill("hugo@example.com");
    await page.getByLabel("Senha", { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.waitForURL(`${t.app.url}/minhas-propriedades`);
    await page.getByRole("heading", { level: 1, name: "Minhas Propriedades" }).waitFor();
    await context.close();
  });

  it("a guest opening a host page lands on / and has no host items in the account menu", async () => {
    const context = await t.browser.newContext();
    const page = await context.newPage();
    await loginViaForm(page, t.app, "gina@example.com");
    for (const path of HOST_ROUTES) {
      await page.goto(`${t.app.url}${path}`);
      await page.waitForURL(`${t.app.url}/`);
      await page.getByRole("heading", { level: 1, name: "Encontre seu refúgio na natureza" }).waitFor();
    }
    const items = await accountMenuItems(page, "Menu da conta de Gina Guest");
    expect(items).toEqual(["Meu Perfil", "Favoritos", "Sair"]);
    await context.close();
  });

  it("a host sees Minhas Propriedades and the host items in the account menu", async () => {
    const context = await t.browser.newContext();
    const page = await context.newPage();
    await loginViaForm(page, t.app, "hugo@example.com");
    const response = await page.goto(`${t.app.url}/minhas-propriedades`);
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "Minhas Propriedades" }).waitFor();
    await page.getByText("Nenhuma propriedade cadastrada").waitFor();

    const items = await accountMenuItems(page, "Menu da conta de Hugo Host");
    expect(items).toEqual(["Meu Perfil", "Minhas Propriedades", "Contatos recebidos", "Desempenho", "Adicionar Propriedade", "Meu Plano", "Favoritos", "Sair"]);
    await page.getByRole("button", { name: "Menu da conta de Hugo Host" }).click();
    await page.getByRole("menuitem", { name: "Adicionar Propriedade" }).click();
    await page.waitForURL(`${t.app.url}/adicionar-propriedade`);
    // Hugo was made by an operator, so he has no promotion slot and no subscription.
    await page.getByRole("heading", { level: 1, name: "Plano Premium Necessário" }).waitFor();
    await context.close();
  });

  it('"Anuncie sua propriedade" is in the header for logged-out visitors on wide screens only', async () => {
    const wide = await t.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const widePage = await wide.newPage();
    await widePage.goto(`${t.app.url}/como-funciona`);
    await expect(headerAdvertiseLink(widePage).isVisible()).resolves.toBe(true);
    await headerAdvertiseLink(widePage).click();
    await widePage.waitForURL(`${t.app.url}/cadastro`);

    const narrow = await t.browser.newContext({ viewport: { width: 390, height: 844 } });
    const narrowPage = await narrow.newPage();
    await narrowPage.goto(`${t.app.url}/como-funciona`);
    // Rendered (the server cannot know the width) but hidden by CSS.
    const narrowLink = narrowPage.locator("header").getByText("Anuncie sua propriedade");
    await expect(narrowLink.count()).resolves.toBe(1);
    await expect(narrowLink.isVisible()).resolves.toBe(false);
    await expect(headerAdvertiseLink(narrowPage).count()).resolves.toBe(0);
    await narrow.close();

    // Logged in (still wide), it is gone.
    await loginViaForm(widePage, t.app, "gina@example.com");
    await widePage.goto(`${t.app.url}/como-funciona`);
    await widePage.getByRole("button", { name: "Menu da conta de Gina Guest" }).waitFor();
    await expect(widePage.locator("header").getByText("Anuncie sua propriedade").count()).resolves.toBe(0);
    await wide.close();
  });
});
