import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { findUserByEmail } from "../../server/accounts/users";
import { createTestAccount, TEST_PASSWORD } from "../support/accounts";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { insertHost, insertProperty } from "../support/factories";
import { waitForHydration } from "./helpers";

describe.skipIf(!hasChromium)("the sign-in / sign-up dialog in Chromium", () => {
  const t = useBrowserApp();

  /** Opens /favoritos logged out and the dialog from its "Entrar" button. */
  async function openFromFavourites(page: Page) {
    await page.goto(`${t.app.url}/favoritos`);
    await page.getByText("Faça login para ver seus favoritos").waitFor();
    await waitForHydration(page);
    await openAgain(page);
  }

  async function openAgain(page: Page) {
    await page.getByRole("main").getByRole("button", { name: "Entrar", exact: true }).click();
    await page.getByRole("dialog", { name: "Entrar no Recanto" }).waitFor();
  }

  const dialog = (page: Page) => page.getByRole("dialog");
  const emailField = (page: Page) => dialog(page).getByLabel("Email", { exact: true });

  it("loads its window only when wanted, and the sign-up's phone and schema libraries apart from it", async () => {
    const context = await t.browser.newContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${t.app.url}/favoritos`);
    await page.getByText("Faça login para ver seus favoritos").waitFor();
    await waitForHydration(page);
    const window = (path: string) => /\/auth-dialog-window-[\w-]+\.js$/.test(path);
    const checks = (path: string) => /\/sign-up-check-[\w-]+\.js$/.test(path);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter(window)).toEqual([]);
    expect(scripts.filter(checks)).toEqual([]);
    expect(scripts.filter((path) => /\/phone-[\w-]+\.js$/.test(path))).toEqual([]);
    await openAgain(page);
    await dialog(page).getByLabel("Email", { exact: true }).waitFor();
    expect(scripts.filter(window)).toHaveLength(1);
    await expect.poll(() => scripts.filter(checks)).toHaveLength(1);
    await context.close();
  });

  const VIEWS = [
    { width: 390, colorScheme: "light" },
    { width: 390, colorScheme: "dark" },
    { width: 1280, colorScheme: "light" },
    { width: 1280, colorScheme: "dark" },
  ] as const;

  it.each(VIEWS)("on a slow link, starts coming when pointed at or focused, and opens on its fields, never on a wait, at $width px ($colorScheme)", async ({ width, colorScheme }) => {
    const context = await t.browser.newContext({ viewport: { width, height: 844 }, colorScheme });
    const page = await context.newPage();
    await page.goto(`${t.app.url}/favoritos`);
    await page.getByText("Faça login para ver seus favoritos").waitFor();
    await waitForHydration(page);
    // From here every script takes 1.5 s to come, as on a slow link.
    const asked: string[] = [];
    await page.route("**/assets/*.js", async (route) => {
      asked.push(new URL(route.request().url()).pathname);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const opener = page.getByRole("main").getByRole("button", { name: "Entrar", exact: true });
    // The keyboard reaches the button: the window is on its way before any press.
    await opener.focus();
    await expect.poll(() => asked.some((path) => /\/auth-dialog-window-[\w-]+\.js$/.test(path))).toBe(true);
    await opener.press("Enter");
    const opened = page.getByRole("dialog", { name: "Entrar no Recanto" });
    await opened.waitFor();
    // Its fields are there the moment it opens, with no "Carregando..." in their place.
    await expect(opened.getByLabel("Email", { exact: true }).isVisible()).resolves.toBe(true);
    await expect(opened.getByLabel("Senha", { exact: true }).isVisible()).resolves.toBe(true);
    await expect(opened.getByRole("status").count()).resolves.toBe(0);
    await opened.getByRole("button", { name: "Cadastre-se" }).click();
    const signUp = page.getByRole("dialog", { name: "Criar conta no Recanto" });
    await expect(signUp.getByLabel("Nome completo").isVisible()).resolves.toBe(true);
    await expect(signUp.getByLabel("Telefone").isVisible()).resolves.toBe(true);
    await expectAccessible(page);
    await context.close();
  });

  it("logged out, pointing at a listing's heart or at its contact button starts the window coming", async () => {
    const host = await insertHost(t.app.services.database.db, { name: "Anfitriã do Pré-carregamento" });
    const property = await insertProperty(t.app.services.database.db, host.id, { title: "Cabana do pré-carregamento" });
    for (const button of [/^Favoritar /, /^Contatar via WhatsApp$/]) {
      const context = await t.browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on("request", (request) => scripts.push(new URL(request.url()).pathname));
      const windowAsked = () => scripts.some((path) => /\/auth-dialog-window-[\w-]+\.js$/.test(path));
      await page.goto(`${t.app.url}/accommodation/${property.slug}`);
      await waitForHydration(page);
      expect(windowAsked()).toBe(false);
      await page.getByRole("button", { name: button }).first().hover();
      await expect.poll(windowAsked).toBe(true);
      await context.close();
    }
  });

  it("opens from /favoritos, toggles between login and sign-up, and empties the fields on toggle and on close", async () => {
    const context = await t.browser.newContext();
    const page = await context.newPage();
    await openFromFavourites(page);
    await expect(dialog(page).getByText("Entre para favoritar e falar com anfitriões.").isVisible()).resolves.toBe(true);

    await emailField(page).fill("alguem@example.com");
    await dialog(page).getByRole("button", { name: "Cadastre-se" }).click();
    await page.getByRole("dialog", { name: "Criar conta no Recanto" }).waitFor();
    await expect(dialog(page).getByLabel("Nome completo").isVisible()).resolves.toBe(true);
    await expect(dialog(page).getByLabel("Tipo de usuário").isVisible()).resolves.toBe(true);
    await expect(emailField(page).inputValue()).resolves.toBe("");
    await emailField(page).fill("outra@example.com");
    await dialog(page).getByLabel("Nome completo").fill("Alguém");
    await dialog(page).getByRole("button", { name: "Fazer login" }).click();
    await page.getByRole("dialog", { name: "Entrar no Recanto" }).waitFor();
    await expect(emailField(page).inputValue()).resolves.toBe("");
    await expect(dialog(page).getByLabel("Nome completo").count()).resolves.toBe(0);

    // Escape closes; reopening starts empty.
    await emailField(page).fill("alguem@example.com");
    await dialog(page).getByLabel("Senha", { exact: true }).fill(TEST_PASSWORD);
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    await openAgain(page);
    await expect(emailField(page).inputValue()).resolves.toBe("");
    await expect(dialog(page).getByLabel("Senha", { exact: true }).inputValue()).resolves.toBe("");

    // The "Fechar" button too, also from the sign-up mode: it reopens in login mode, empty.
    await dialog(page).getByRole("button", { name: "Cadastre-se" }).click();
    await dialog(page).getByLabel("Nome completo").fill("Alguém");
    await emailField(page).fill("alguem@example.com");
    await dialog(page).getByRole("button", { name: "Fechar" }).click();
    await dialog(page).waitFor({ state: "detached" });
    await openAgain(page);
    await expect(emailField(page).inputValue()).resolves.toBe("");
    await context.close();
  });

  it("'Esqueci minha senha' in the dialog leads to the reset page with the email typed, and its way back to the login keeps the page", async () => {
    const account = await createTestAccount(t.app, "guest");
    const context = await t.browser.newContext();
    const page = await context.newPage();
    await openFromFavourites(page);
    await emailField(page).fill(account.email);
    await dialog(page).getByRole("link", { name: "Esqueci minha senha" }).click();
    await page.waitForURL((url) => url.pathname === "/esqueci-senha");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/favoritos");
    await expect(dialog(page).count()).resolves.toBe(0);
    await page.getByRole("heading", { level: 1, name: "Esqueci minha senha" }).waitFor();
    await expect(page.getByLabel("Email", { exact: true }).inputValue()).resolves.toBe(account.email);
    await expectAccessible(page);

    await page.getByRole("link", { name: "Voltar para o login" }).click();
    await page.waitForURL(`${t.app.url}/login?redirectTo=%2Ffavoritos`);
    await page.getByLabel("Email", { exact: true }).fill(account.email);
    await page.getByLabel("Senha", { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.waitForURL(`${t.app.url}/favoritos`);
    await context.close();
  });

  it("is accessible, traps the keyboard focus and closes with Escape", async () => {
    const context = await t.browser.newContext();
    const page = await context.newPage();
    await openFromFavourites(page);
    await expectAccessible(page);

    const insideDialog = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
    await expect(insideDialog()).resolves.toBe(true);
    const visited = new Set<string>();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      await expect(insideDialog(), `focus left the dialog after ${i + 1} Tab presses`).resolves.toBe(true);
      visited.add(await page.evaluate(() => document.activeElement?.textContent || document.activeElement?.getAttribute("name") || ""));
    }
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Shift+Tab");
      await expect(insideDialog(), `focus left the dialog after ${i + 1} Shift+Tab presses`).resolves.toBe(true);
    }
    // Tabbing really cycled through the dialog's controls (email, password, links, close button…).
    expect(visited.size).toBeGreaterThanOrEqual(5);

    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    await expect(page.getByText("Faça login para ver seus favoritos").isVisible()).resolves.toBe(true);
    await context.close();
  });

  it("closing the dialog returns the keyboard focus to the button that opened it", async () => {
    const context = await t.browser.newContext();
    const page = await context.newPage();
    await openFromFavourites(page);
    const opener = page.getByRole("main").getByRole("button", { name: "Entrar", exact: true });
    for (const close of ["Escape", "Fechar"] as const) {
      if (close === "Escape") await page.keyboard.press("Escape");
      else await dialog(page).getByRole("button", { name: "Fechar" }).press("Enter");
      await dialog(page).waitFor({ state: "detached" });
      // APG dialog pattern / WCAG 2.4.3: focus goes back to the invoking control, not to <body>.
      const focused = await opener
        .evaluate((button) => new Promise<boolean>((resolve) => setTimeout(() => resolve(document.activeElement === button), 300)));
      const where = await page.evaluate(() => document.activeElement?.tagName);
      expect(focused, `after ${close}, focus is on <${where}>`).toBe(true);
      await opener.press("Enter");
      await page.getByRole("dialog", { name: "Entrar no Recanto" }).waitFor();
    }
    await context.close();
  });

  it("sign-up in the dialog requires a user type, then creates the account and shows the logged-in favourites", async () => {
    const context = await t.browser.newContext();
    const page = await context.newPage();
    await openFromFavourites(page);
    await dialog(page).getByRole("button", { name: "Cadastre-se" }).click();
    await page.getByRole("dialog", { name: "Criar conta no Recanto" }).waitFor();
    await dialog(page).getByLabel("Nome completo").fill("Diana Diálogo");
    await dialog(page).getByLabel("Telefone").pressSequentially("21987654321");
    await emailField(page).fill("diana@example.com");
    await dialog(page).getByLabel("Senha", { exact: true }).fill(TEST_PASSWORD);
    await dialog(page).getByRole("button", { name: "Criar conta" }).click();
    await expect(dialog(page).getByRole("alert").textContent()).resolves.toBe("Selecione o tipo de usuário.");
    await expect(findUserByEmail(t.app.services.database.db, "diana@example.com")).resolves.toBeNull();

    await dialog(page).getByLabel("Tipo de usuário").selectOption({ label: "Cliente - Quero reservar" });
    await dialog(page).getByRole("button", { name: "Criar conta" }).click();
    await page.getByText("Cadastro realizado com sucesso!").waitFor();
    await dialog(page).waitFor({ state: "detached" });
    await page.getByRole("heading", { level: 1, name: "Meus Favoritos" }).waitFor();
    await page.getByRole("heading", { name: "Nenhum favorito ainda" }).waitFor();
    await expect(page.getByText("Faça login para ver seus favoritos").count()).resolves.toBe(0);
    await page.getByRole("button", { name: "Menu da conta de Diana Diálogo" }).waitFor();
    await expect(findUserByEmail(t.app.services.database.db, "diana@example.com")).resolves.toMatchObject({ userType: "guest" });

    // The account is real: a reload keeps the session.
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Meus Favoritos" }).waitFor();
    await page.getByRole("heading", { name: "Nenhum favorito ainda" }).waitFor();
    await context.close();
  });

  it("login in the dialog shows a wrong password inside the dialog, then signs in and closes", async () => {
    await createTestAccount(t.app, "guest", { name: "Lúcia Login", email: "lucia@example.com" });
    const context = await t.browser.newContext();
    const page = await context.newPage();
    await openFromFavourites(page);
    await emailField(page).fill("lucia@example.com");
    await dialog(page).getByLabel("Senha", { exact: true }).fill("errada123");
    await dialog(page).getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(dialog(page).getByRole("alert").textContent()).resolves.toBe("Email ou senha incorretos");
    await expect(page.getByText("Faça login para ver seus favoritos").isVisible()).resolves.toBe(true);

    await dialog(page).getByLabel("Senha", { exact: true }).fill(TEST_PASSWORD);
    await dialog(page).getByRole("button", { name: "Entrar", exact: true }).click();
    await page.getByText("Login realizado com sucesso!").waitFor();
    await dialog(page).waitFor({ state: "detached" });
    await page.getByRole("heading", { name: "Nenhum favorito ainda" }).waitFor();
    await page.getByRole("button", { name: "Menu da conta de Lúcia Login" }).waitFor();
    await context.close();
  });
});
