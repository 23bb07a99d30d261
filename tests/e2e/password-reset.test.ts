import { describe, expect, it } from "vitest";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { linkIn, loginAsNewAccount, waitForHydration, waitForMail } from "./helpers";

const NEUTRAL = "Se houver uma conta com este email, você vai receber um link para criar uma nova senha em alguns minutos.";

describe.skipIf(!hasChromium)("forgotten password and reset link in Chromium", () => {
  const t = useBrowserApp();

  it("requests a link, sets a new password with it, and the link cannot be used twice", async () => {
    // A session opened with the old password, in another browser: the reset must end it.
    const before = await t.browser.newContext();
    const beforePage = await before.newPage();
    await loginAsNewAccount(beforePage, t.app, "guest", { name: "Rita Reset", email: "rita@example.com", password: "antiga123" });

    const context = await t.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${t.app.url}/login`);
    await waitForHydration(page);
    await page.getByLabel("Email", { exact: true }).fill("rita@example.com");
    await page.getByRole("link", { name: "Esqueci minha senha" }).click();
    await page.waitForURL((url) => url.pathname === "/esqueci-senha");
    await page.getByRole("heading", { level: 1, name: "Esqueci minha senha" }).waitFor();
    await expect(page.getByLabel("Email", { exact: true }).inputValue()).resolves.toBe("rita@example.com");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Enviar link" }).click();
    await expect(page.getByRole("main").getByRole("status").textContent()).resolves.toBe(NEUTRAL);

    const mail = await waitForMail(t.app, "rita@example.com", "Redefinição de senha do Recanto");
    const link = linkIn(mail, "reset-password");
    expect(link.startsWith(t.app.url)).toBe(true);

    await page.goto(link);
    await page.waitForURL((url) => url.pathname === "/redefinir-senha" && url.searchParams.has("token"));
    await page.getByRole("heading", { level: 1, name: "Criar nova senha" }).waitFor();
    await expectAccessible(page);

    await page.getByLabel("Nova senha", { exact: true }).fill("novinha123");
    await page.getByLabel("Confirmar nova senha").fill("diferente123");
    await page.getByRole("button", { name: "Salvar nova senha" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toBe("As senhas não coincidem.");
    expect(new URL(page.url()).pathname).toBe("/redefinir-senha");

    await page.getByLabel("Nova senha", { exact: true }).fill("novinha123");
    await page.getByLabel("Confirmar nova senha").fill("novinha123");
    await page.getByRole("button", { name: "Salvar nova senha" }).click();
    await page.waitForURL(`${t.app.url}/login`);
    await page.getByText("Senha alterada!").waitFor();
    await beforePage.goto(`${t.app.url}/perfil`);
    await beforePage.waitForURL(`${t.app.url}/login?redirectTo=%2Fperfil`);
    await before.close();

    // The old password no longer works; the new one does.
    await page.getByLabel("Email", { exact: true }).fill("rita@example.com");
    await page.getByLabel("Senha", { exact: true }).fill("antiga123");
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toBe("Email ou senha incorretos");
    await page.getByLabel("Senha", { exact: true }).fill("novinha123");
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.waitForURL(`${t.app.url}/`);
    await page.getByRole("button", { name: "Menu da conta de Rita Reset" }).waitFor();

    // The same link a second time, in another browser, is refused.
    const other = await t.browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto(link);
    await otherPage.waitForURL((url) => url.pathname === "/redefinir-senha");
    await otherPage.getByRole("heading", { level: 1, name: "Link inválido ou expirado" }).waitFor();
    await expect(otherPage.getByLabel("Nova senha", { exact: true }).count()).resolves.toBe(0);
    await other.close();
    await context.close();
  });

  it("answers an unknown email with the same neutral message and sends nothing", async () => {
    const context = await t.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${t.app.url}/esqueci-senha`);
    await page.getByLabel("Email", { exact: true }).fill("ninguem@example.com");
    await page.getByRole("button", { name: "Enviar link" }).click();
    await expect(page.getByRole("main").getByRole("status").textContent()).resolves.toBe(NEUTRAL);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await t.app.outbox()).filter((m) => m.to.includes("ninguem@example.com"))).toEqual([]);
    await context.close();
  });
});
