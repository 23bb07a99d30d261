import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hasChromium, useBrowserApp } from "../support/browser";
import { LIMITS } from "../../common/limits";
import { linkIn, loginAsNewAccount, loginViaForm, typeBeforeHydration, waitForHydration, waitForMail } from "./helpers";

describe.skipIf(!hasChromium)("profile editing, sign-out everywhere and the newsletter in Chromium", () => {
  const t = useBrowserApp();

  /** The value shown next to a label in the read-only profile. */
  async function shown(page: Page, label: string) {
    const item = page.locator("dl > div").filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) });
    return (await item.locator("dd").innerText()).trim();
  }

  async function startEditing(page: Page) {
    await page.getByRole("link", { name: "Editar Perfil" }).click();
    await page.waitForURL(`${t.app.url}/perfil?editar=1`);
    await page.getByLabel("Nome completo").waitFor();
  }

  it("edits name, location and bio; Cancelar discards; an invalid phone is refused", async () => {
    const context = await t.browser.newContext();
    const page = await context.newPage();
    await loginAsNewAccount(page, t.app, "guest", { name: "Paula Perfil", email: "paula@example.com", phone: "5511987654321" });
    await page.goto(`${t.app.url}/perfil`);
    await expect(shown(page, "Nome completo")).resolves.toBe("Paula Perfil");
    await expect(shown(page, "Telefone")).resolves.toBe("(11) 98765-4321");
    await expect(shown(page, "Localização")).resolves.toBe("Não informado");

    await startEditing(page);
    await page.getByLabel("Nome completo").fill("Paula Nova");
    await page.getByLabel("Localização").fill("Paraty - RJ");
    await page.getByLabel("Bio").fill("Gosto de cachoeiras e chalés na serra.");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await page.waitForURL(`${t.app.url}/perfil`);
    await page.getByText("Perfil atualizado!").waitFor();
    await page.reload();
    await expect(shown(page, "Nome completo")).resolves.toBe("Paula Nova");
    await expect(shown(page, "Localização")).resolves.toBe("Paraty - RJ");
    await expect(shown(page, "Bio")).resolves.toBe("Gosto de cachoeiras e chalés na serra.");
    await expect(shown(page, "Telefone")).resolves.toBe("(11) 98765-4321");
    await page.getByRole("button", { name: "Menu da conta de Paula Nova" }).waitFor();

    // Cancelar leaves without saving.
    await startEditing(page);
    await expect(page.getByLabel("Nome completo").inputValue()).resolves.toBe("Paula Nova");
    await page.getByLabel("Nome completo").fill("Nome Descartado");
    await page.getByLabel("Localização").fill("Lugar Nenhum");
    await page.getByRole("link", { name: "Cancelar" }).click();
    await page.waitForURL(`${t.app.url}/perfil`);
    await expect(shown(page, "Nome completo")).resolves.toBe("Paula Nova");
    await expect(shown(page, "Localização")).resolves.toBe("Paraty - RJ");
    await startEditing(page);
    await expect(page.getByLabel("Nome completo").inputValue()).resolves.toBe("Paula Nova");
    await expect(page.getByLabel("Localização").inputValue()).resolves.toBe("Paraty - RJ");

    // An invalid phone: a Portuguese error, nothing saved (not even the other fields).
    await page.getByLabel("Telefone").fill("123");
    await page.getByLabel("Nome completo").fill("Paula Inválida");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toBe("Informe um telefone válido com DDD, por exemplo (11) 98765-4321.");
    await expect(page.getByLabel("Telefone").getAttribute("aria-invalid")).resolves.toBe("true");
    await page.goto(`${t.app.url}/perfil`);
    await expect(shown(page, "Telefone")).resolves.toBe("(11) 98765-4321");
    await expect(shown(page, "Nome completo")).resolves.toBe("Paula Nova");
    await context.close();
  });

  it("the bio's counter counts what was typed before the page hydrated, then every keystroke", async () => {
    const context = await t.browser.newContext();
    const page = await context.newPage();
    await loginAsNewAccount(page, t.app, "guest", { name: "Bia Contadora", email: "bia@example.com" });
    const bio = page.getByLabel("Bio");
    const counter = page.locator("#bio-hint");
    await typeBeforeHydration(page, `${t.app.url}/perfil?editar=1`, () => bio.fill("Serra"));
    await expect(counter.textContent()).resolves.toBe(`5 de ${LIMITS.bio} caracteres`);
    await bio.pressSequentially(" e mar");
    await expect(counter.textContent()).resolves.toBe(`11 de ${LIMITS.bio} caracteres`);
    await context.close();
  });

  it("Sair de todos os dispositivos ends this session and the one in another browser", async () => {
    const [first, second] = await Promise.all([t.browser.newContext(), t.browser.newContext()]);
    const [page, otherPage] = await Promise.all([first.newPage(), second.newPage()]);
    const otto = await loginAsNewAccount(page, t.app, "host", { name: "Otto Todos", email: "otto@example.com" });
    await loginViaForm(otherPage, t.app, otto.email);
    await otherPage.goto(`${t.app.url}/perfil`);
    await otherPage.getByRole("heading", { level: 1, name: "Meu Perfil" }).waitFor();

    await page.goto(`${t.app.url}/perfil`);
    await page.getByRole("button", { name: "Sair de todos os dispositivos" }).click();
    await page.waitForURL(`${t.app.url}/`);
    await page.getByText("Você saiu de todos os dispositivos.").waitFor();
    await page.getByRole("button", { name: "Menu da conta", exact: true }).waitFor();
    await page.goto(`${t.app.url}/perfil`);
    await page.waitForURL(`${t.app.url}/login?redirectTo=%2Fperfil`);

    await otherPage.goto(`${t.app.url}/perfil`);
    await otherPage.waitForURL(`${t.app.url}/login?redirectTo=%2Fperfil`);
    await Promise.all([first.close(), second.close()]);
  });

  it("the footer newsletter validates, asks for confirmation, and answers a repeat sign-up as a first one", async () => {
    const context = await t.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${t.app.url}/como-funciona`);
    await waitForHydration(page);
    const footer = page.getByRole("contentinfo");
    const field = footer.getByLabel("Seu email");
    const status = footer.getByRole("status");
    const submit = async (email: string, expected: string) => {
      await field.fill(email);
      await footer.getByRole("button", { name: "OK" }).click();
      await page.waitForFunction((text) => document.getElementById("newsletter-status")?.textContent === text, expected, { timeout: 5_000 });
    };

    await submit("nao-e-um-email", "Informe um email válido.");
    await expect(field.getAttribute("aria-invalid")).resolves.toBe("true");

    await submit("leitora@example.com", "Quase lá! Enviamos um link de confirmação para o seu email.");
    await expect(field.inputValue()).resolves.toBe("");
    const mail = await waitForMail(t.app, "leitora@example.com", "Confirme sua inscrição na newsletter do Recanto");

    const answer = "Quase lá! Enviamos um link de confirmação para o seu email.";
    await submit("leitora@example.com", answer);
    await waitForMail(t.app, "leitora@example.com", "Confirme sua inscrição na newsletter do Recanto", 2);

    await page.goto(linkIn(mail, "/newsletter/confirmar"));
    await page.waitForURL(`${t.app.url}/`);
    await page.getByText("Inscrição confirmada!").waitFor();
    await expect(status.textContent()).resolves.toBe("");
    await waitForHydration(page);

    await submit("leitora@example.com", answer);
    await waitForMail(t.app, "leitora@example.com", "Você já está inscrito na newsletter do Recanto");
    await context.close();
  });
});
