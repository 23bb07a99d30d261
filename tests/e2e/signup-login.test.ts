import { describe, expect, it } from "vitest";
import { createTestAccount, TEST_PASSWORD } from "../support/accounts";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { fillSignUp, typeBeforeHydration, waitForHydration } from "./helpers";

describe.skipIf(!hasChromium)("sign-up, confirmation, logout and login in Chromium", () => {
  const t = useBrowserApp();

  it("a host signs up, is welcomed on /perfil, confirms the email from the outbox", async () => {
    const context = await t.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${t.app.url}/cadastro`);
    await expectAccessible(page);
    await fillSignUp(page, { name: "Helena Anfitriã", email: "helena@example.com", type: "Anfitrião - Quero anunciar" });
    await expect(page.getByLabel("Telefone").inputValue()).resolves.toBe("(11) 98765-4321");

    // Terms are checked first, with the spec's message, before anything is sent.
    await page.getByRole("button", { name: "Criar conta" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toContain("Você deve aceitar os termos de uso para continuar.");

    await page.getByLabel(/Li e aceito/).check();
    await page.getByRole("button", { name: "Criar conta" }).click();
    await page.waitForURL(`${t.app.url}/perfil`);
    await page.getByText("Conta criada com sucesso!").waitFor();
    await page.getByText("Anfitrião na plataforma").waitFor();
    await expectAccessible(page);

    const mail = (await t.app.outbox()).find((m) => m.to.includes("helena@example.com"));
    expect(mail?.subject).toBe("Confirme seu email no Recanto");
    const link = mail!.text.match(/https?:\/\/\S+verify-email\S+/)![0];
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByText("Email confirmado!").waitFor();
    await context.close();
  });

  it("the account menu's Entrar and Cadastre-se keep the page: logging in from a category page returns there", async () => {
    const account = await createTestAccount(t.app, "guest", { name: "Paula Página" });
    const context = await t.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${t.app.url}/category/chales?guests=2`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Menu da conta" }).click();
    const back = encodeURIComponent("/category/chales?guests=2");
    await expect(page.getByRole("menuitem", { name: "Cadastre-se" }).getAttribute("href")).resolves.toBe(`/cadastro?redirectTo=${back}`);
    await page.getByRole("menuitem", { name: "Entrar" }).click();
    await page.waitForURL(`${t.app.url}/login?redirectTo=${back}`);
    await page.getByLabel("Email", { exact: true }).fill(account.email);
    await page.getByLabel("Senha", { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.waitForURL(`${t.app.url}/category/chales?guests=2`);
    await page.getByRole("button", { name: "Menu da conta de Paula Página" }).waitFor();
    await context.close();
  });

  it("logs out, and logging in from a guarded page returns there", async () => {
    const context = await t.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${t.app.url}/cadastro`);
    await fillSignUp(page, { name: "Gustavo Hóspede", email: "gustavo@example.com", type: "Cliente - Quero reservar" });
    await page.getByLabel(/Li e aceito/).check();
    await page.getByRole("button", { name: "Criar conta" }).click();
    await page.waitForURL(`${t.app.url}/perfil`);

    await page.getByRole("button", { name: /Menu da conta/ }).click();
    await page.getByRole("menuitem", { name: "Sair" }).click();
    await page.waitForURL(`${t.app.url}/`);
    await page.getByRole("button", { name: "Menu da conta" }).click();
    await page.getByRole("menuitem", { name: "Entrar" }).waitFor();
    await page.keyboard.press("Escape");

    await page.goto(`${t.app.url}/perfil`);
    await page.waitForURL(`${t.app.url}/login?redirectTo=%2Fperfil`);
    // The refused attempt below keeps the typed email only once the form is the app's (a plain post reloads the page).
    await waitForHydration(page);
    await page.getByLabel("Email", { exact: true }).fill("gustavo@example.com");
    await page.getByLabel("Senha", { exact: true }).fill("errada123");
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.getByText("Email ou senha incorretos").waitFor();

    await page.getByLabel("Senha", { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Mostrar senha" }).click();
    await expect(page.getByLabel("Senha", { exact: true }).getAttribute("type")).resolves.toBe("text");
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.waitForURL(`${t.app.url}/perfil`);
    await page.getByText("Login realizado com sucesso!").waitFor();
    await page.getByText("Hóspede na plataforma").waitFor();
    await context.close();
  });

  it("loads the toasts' code with the first message only, which a live region named in Portuguese announces", async () => {
    await createTestAccount(t.app, "guest", { name: "Aviso Primeiro", email: "aviso@example.com" });
    const context = await t.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${t.app.url}/login`);
    await waitForHydration(page);
    const toastsLoaded = () => page.evaluate(() => [...document.querySelectorAll("style")].some((s) => s.textContent?.includes("[data-sonner-toaster]")));
    await expect(toastsLoaded()).resolves.toBe(false);
    await page.getByLabel("Email", { exact: true }).fill("aviso@example.com");
    await page.getByLabel("Senha", { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.getByRole("region", { name: /^Notificações/ }).getByText("Login realizado com sucesso!").waitFor();
    await expect(toastsLoaded()).resolves.toBe(true);
    await context.close();
  });

  it("a form refused before its scripts run keeps what was typed, passwords aside", async () => {
    await createTestAccount(t.app, "guest", { name: "Já Existe", email: "ja-existe@example.com" });
    const context = await t.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${t.app.url}/cadastro`);
    await fillSignUp(page, { name: "Rita Repetida", email: "ja-existe@example.com", type: "Anfitrião - Quero anunciar" });
    await page.getByLabel(/Li e aceito/).check();
    await page.getByRole("button", { name: "Criar conta" }).click();
    await page.getByText("Este email já está cadastrado").waitFor();
    await expect(page.getByLabel("Nome completo").inputValue()).resolves.toBe("Rita Repetida");
    await expect(page.getByLabel("Email", { exact: true }).inputValue()).resolves.toBe("ja-existe@example.com");
    await expect(page.getByLabel("Telefone").inputValue()).resolves.toBe("(11) 98765-4321");
    await expect(page.getByLabel("Anfitrião - Quero anunciar").isChecked()).resolves.toBe(true);
    await expect(page.getByLabel(/Li e aceito/).isChecked()).resolves.toBe(true);
    await expect(page.getByLabel("Senha", { exact: true }).inputValue()).resolves.toBe("");

    await page.goto(`${t.app.url}/login`);
    await page.getByLabel("Email", { exact: true }).fill("ja-existe@example.com");
    await page.getByLabel("Senha", { exact: true }).fill("nao-e-esta");
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.getByText("Email ou senha incorretos").waitFor();
    await expect(page.getByLabel("Email", { exact: true }).inputValue()).resolves.toBe("ja-existe@example.com");
    await expect(page.getByRole("link", { name: "Esqueci minha senha" }).getAttribute("href")).resolves.toContain("ja-existe%40example.com");
    await context.close();
  });

  it("what is typed before the page hydrates stays when the page redraws its fields", async () => {
    const context = await t.browser.newContext();
    const page = await context.newPage();
    await typeBeforeHydration(page, `${t.app.url}/cadastro`, async () => {
      await page.getByLabel("Nome completo").fill("Antes Dos Scripts");
      await page.getByLabel("Telefone").pressSequentially("11987654321");
    });
    // The missing password, refused in the browser, redraws the form: the phone stays, and is masked from the next key on.
    await page.getByRole("button", { name: "Criar conta" }).click();
    await page.getByRole("alert").first().waitFor();
    await expect(page.getByLabel("Telefone").inputValue()).resolves.toBe("11987654321");
    await page.getByLabel("Telefone").press("End");
    await page.getByLabel("Telefone").press("Backspace");
    await expect(page.getByLabel("Telefone").inputValue()).resolves.toBe("(11) 9876-5432");

    await typeBeforeHydration(page, `${t.app.url}/login`, async () => {
      await page.getByLabel("Email", { exact: true }).fill("antes@example.com");
    });
    await expect(page.getByRole("link", { name: "Esqueci minha senha" }).getAttribute("href")).resolves.toContain("antes%40example.com");
    await page.getByLabel("Senha", { exact: true }).fill("nao-e-esta");
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.getByText("Email ou senha incorretos").waitFor();
    await expect(page.getByLabel("Email", { exact: true }).inputValue()).resolves.toBe("antes@example.com");
    await context.close();
  });

  it("works without JavaScript: login returns to the guarded page, the newsletter answers", async () => {
    await createTestAccount(t.app, "guest", { name: "Sem Script", email: "semjs@example.com" });
    const context = await t.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${t.app.url}/perfil`);
    await page.waitForURL(`${t.app.url}/login?redirectTo=%2Fperfil`);
    await page.getByLabel("Email", { exact: true }).fill("semjs@example.com");
    await page.getByLabel("Senha", { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.waitForURL(`${t.app.url}/perfil`);
    await page.getByText("Hóspede na plataforma").waitFor();
    await page.getByRole("button", { name: "Sair", exact: true }).click();
    await page.waitForURL(`${t.app.url}/`);
    await page.goto(`${t.app.url}/perfil`);
    await page.waitForURL(`${t.app.url}/login?redirectTo=%2Fperfil`);

    await page.getByLabel("Seu email", { exact: true }).fill("leitor-semjs@example.com");
    await page.getByRole("button", { name: "OK" }).click();
    await page.waitForURL(`${t.app.url}/newsletter`);
    await page.getByText("Quase lá!").first().waitFor();
    await context.close();
  });
});
