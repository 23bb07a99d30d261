import fs from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { TEST_PASSWORD } from "../support/accounts";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { loginAsNewAccount } from "./helpers";

describe.skipIf(!hasChromium)("downloading and deleting one's own data in Chromium", () => {
  const t = useBrowserApp();

  it("downloads the data as JSON, then deletes the account after typing the email", async () => {
    const context = await t.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await loginAsNewAccount(page, t.app, "guest", { name: "Lara Dados", email: "lara@example.com" });
    await page.goto(`${t.app.url}/perfil`);
    await expectAccessible(page);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Baixar meus dados" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^recanto-meus-dados-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await fs.readFile((await download.path())!, "utf8"));
    expect(data.account).toMatchObject({ name: "Lara Dados", email: "lara@example.com" });

    await page.getByText("Excluir minha conta").click();
    await page.getByLabel("Digite seu email para confirmar").fill("outra@example.com");
    await page.getByRole("button", { name: "Excluir definitivamente" }).click();
    await page.getByText("Digite o email da sua conta para confirmar a exclusão.").waitFor();

    await page.getByLabel("Digite seu email para confirmar").fill("lara@example.com");
    await page.getByRole("button", { name: "Excluir definitivamente" }).click();
    await page.waitForURL(`${t.app.url}/`);
    await page.getByText("Conta excluída").waitFor();

    await page.goto(`${t.app.url}/login`);
    await page.getByLabel("Email", { exact: true }).fill("lara@example.com");
    await page.getByLabel("Senha", { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.getByText("Email ou senha incorretos").waitFor();
    await context.close();
  });
});
