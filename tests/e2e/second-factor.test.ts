import fs from "node:fs/promises";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../server/seed/demo";
import { authenticatorCode, authenticatorFromKey, createTestAccount, TEST_PASSWORD } from "../support/accounts";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { loginViaForm, waitForHydration } from "./helpers";

const SHOTS = "/tmp/shots";

describe.skipIf(!hasChromium)("the second factor in Chromium", () => {
  const t = useBrowserApp(undefined, { demo: true });

  beforeAll(async () => {
    await fs.mkdir(SHOTS, { recursive: true });
  });

  const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

  it("asks the demo operator to set it up on the first visit to /moderacao", async () => {
    const context = await t.browser.newContext({ locale: "pt-BR" });
    const page = await context.newPage();
    await loginViaForm(page, t.app, "admin@recanto.dev", DEMO_PASSWORD);
    await page.goto(`${t.app.url}/moderacao`);
    await page.waitForURL(`${t.app.url}/perfil/seguranca?redirectTo=%2Fmoderacao`);
    await page.getByText("Obrigatória para operadores.").waitFor();
    await page.getByRole("heading", { level: 2, name: "Passo 1 de 2: confirme sua senha" }).waitFor();
    await context.close();
  });

  it.each([
    ["light", 390],
    ["light", 1280],
    ["dark", 390],
    ["dark", 1280],
  ] as const)(
    "an operator sets it up (password, QR code or key, first code, recovery codes once) and signs in with a code; axe clean in the %s theme at %i px",
    async (colorScheme, width) => {
      const tag = `2fa-${colorScheme}-${width}`;
      const operator = await createTestAccount(t.app, "operator", { secondFactor: false, name: `Operadora ${colorScheme} ${width}` });
      const viewport = { width, height: width === 390 ? 844 : 900 };
      const context = await t.browser.newContext({ locale: "pt-BR", colorScheme, viewport });
      const page = await context.newPage();
      await loginViaForm(page, t.app, operator.email);

      // Any operator page sends an operator without a second factor to the set-up, and back afterwards.
      await page.goto(`${t.app.url}/moderacao`);
      await page.waitForURL(`${t.app.url}/perfil/seguranca?redirectTo=%2Fmoderacao`);
      await waitForHydration(page);
      await expectAccessible(page);
      await shot(page, `${tag}-1-senha`);
      await page.getByLabel("Sua senha").fill("nao-e-a-senha");
      await page.getByRole("button", { name: "Continuar" }).click();
      await page.getByText("Senha incorreta").waitFor();
      await page.getByLabel("Sua senha").fill(TEST_PASSWORD);
      await page.getByRole("button", { name: "Continuar" }).click();

      await page.getByRole("heading", { level: 2, name: "Passo 2 de 2: conecte o aplicativo" }).waitFor();
      await expect(
        page
          .getByRole("img", { name: /Código QR/ })
          .locator("svg")
          .count(),
      ).resolves.toBe(1);
      await expectAccessible(page);
      await shot(page, `${tag}-2-qr`);
      const app = authenticatorFromKey((await page.getByTestId("totp-secret").textContent())!);
      await page.getByLabel("Código do aplicativo").fill("000000" === (await authenticatorCode(app)) ? "111111" : "000000");
      await page.getByRole("button", { name: "Ativar verificação" }).click();
      await page.getByText("Código incorreto. Confira o aplicativo e tente de novo.").waitFor();
      await expectAccessible(page);
      await page.getByLabel("Código do aplicativo").fill(await authenticatorCode(app));
      await page.getByRole("button", { name: "Ativar verificação" }).click();

      await page.getByRole("heading", { level: 2, name: "Guarde seus códigos de recuperação" }).waitFor();
      const codes = await page.getByRole("list", { name: "Códigos de recuperação" }).getByRole("listitem").allTextContents();
      expect(codes).toHaveLength(10);
      const download = page.getByRole("link", { name: "Baixar (.txt)" });
      await expect(download.getAttribute("download")).resolves.toBe("recanto-codigos-de-recuperacao.txt");
      expect(decodeURIComponent((await download.getAttribute("href"))!)).toContain(codes[0]!);
      await expectAccessible(page);
      await shot(page, `${tag}-3-codigos`);
      await page.getByRole("link", { name: "Já guardei, continuar" }).click();
      await page.waitForURL(`${t.app.url}/moderacao`);
      await page.getByRole("heading", { level: 1, name: "Moderação" }).waitFor();
      await context.close();

      // The next sign-in stops at the code step, which accepts a recovery code instead, and goes on to where the visitor was going.
      const again = await t.browser.newContext({ locale: "pt-BR", colorScheme, viewport });
      const next = await again.newPage();
      await next.goto(`${t.app.url}/moderacao`);
      await next.waitForURL(`${t.app.url}/login?redirectTo=%2Fmoderacao`);
      await next.getByLabel("Email", { exact: true }).fill(operator.email);
      await next.getByLabel("Senha", { exact: true }).fill(TEST_PASSWORD);
      await next.getByRole("button", { name: "Entrar", exact: true }).click();
      await next.waitForURL(`${t.app.url}/login/verificacao?redirectTo=%2Fmoderacao`);
      await waitForHydration(next);
      await next.getByLabel("Código do aplicativo").fill("12345");
      await next.getByRole("button", { name: "Verificar" }).click();
      await next.getByText("Digite os 6 números do aplicativo autenticador.").waitFor();
      await expectAccessible(next);
      await shot(next, `${tag}-4-codigo`);
      await next.getByRole("link", { name: "Usar um código de recuperação" }).click();
      await next.getByLabel("Código de recuperação").fill(codes[0]!);
      await expectAccessible(next);
      await shot(next, `${tag}-5-recuperacao`);
      await next.getByRole("button", { name: "Verificar" }).click();
      await next.waitForURL(`${t.app.url}/moderacao`);
      await next.getByText("Login realizado com sucesso!").waitFor();

      // Once on, an operator may only get new recovery codes.
      await next.goto(`${t.app.url}/perfil/seguranca`);
      await next.getByText("Contas de operador não podem desativar a verificação em duas etapas.", { exact: false }).waitFor();
      await expect(next.getByRole("button", { name: "Desativar verificação" }).count()).resolves.toBe(0);
      await expectAccessible(next);
      await shot(next, `${tag}-6-ativada`);
      await again.close();
    },
    // The whole set-up and two sign-ins, with six axe runs: longer than most browser tests.
    120_000,
  );

  it("a guest with the second factor on who signs in from the dialog goes through the code step and back to the page", async () => {
    const guest = await createTestAccount(t.app, "guest", { secondFactor: true, name: "Gabi Guarda" });
    const context = await t.browser.newContext({ locale: "pt-BR" });
    const page = await context.newPage();
    await page.goto(`${t.app.url}/favoritos`);
    await waitForHydration(page);
    await page.getByRole("main").getByRole("button", { name: "Entrar", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Entrar no Recanto" });
    await dialog.getByLabel("Email", { exact: true }).fill(guest.email);
    await dialog.getByLabel("Senha", { exact: true }).fill(TEST_PASSWORD);
    await dialog.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.waitForURL(`${t.app.url}/login/verificacao?redirectTo=%2Ffavoritos`);
    await page.getByLabel("Código do aplicativo").fill(await authenticatorCode(guest.authenticator!));
    await page.getByRole("button", { name: "Verificar" }).click();
    await page.waitForURL(`${t.app.url}/favoritos`);
    await page.getByText("Login realizado com sucesso!").waitFor();
    await context.close();
  });
});
