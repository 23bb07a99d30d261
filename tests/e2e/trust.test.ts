import { eq } from "drizzle-orm";
import type { BrowserContextOptions, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { properties, users } from "../../server/db/schema";
import { createTestAccount, TEST_PASSWORD } from "../support/accounts";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { insertProperty } from "../support/factories";
import { photoJpeg } from "../support/images";
import { VALID_DOCUMENTS } from "../support/identity";
import { checkEveryLook, loginViaForm, onToWhatsapp, SIZES, waitForHydration, type LookedPage } from "./helpers";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]", { hasText: text }).first();

describe.skipIf(!hasChromium)("trust: verified hosts, the notice before WhatsApp and reports, in Chromium", () => {
  const t = useBrowserApp({ REPORTS_TO_HIDE: "3" });
  const db = () => t.app.services.database.db;
  let host: Awaited<ReturnType<typeof createTestAccount>>;
  let operator: Awaited<ReturnType<typeof createTestAccount>>;
  let listing: { id: string; slug: string };
  let reported: { id: string; slug: string };

  beforeAll(async () => {
    host = await createTestAccount(t.app, "host", { name: "Marina Costa" });
    operator = await createTestAccount(t.app, "operator", { name: "Olga Operadora" });
    listing = await insertProperty(db(), host.id, { title: "Cabana Serra Confiável", status: "approved", whatsappContact: "5548991234567" });
    reported = await insertProperty(db(), host.id, { title: "Chalé Serra Duvidoso", status: "approved", whatsappContact: "5548991234567" });
  });

  async function newPage(options: BrowserContextOptions = {}) {
    const context = await t.browser.newContext({ locale: "pt-BR", viewport: SIZES[1], ...options });
    await context.route("https://wa.me/**", (route) => route.fulfill({ body: "ok", contentType: "text/plain" }));
    return { context, page: await context.newPage() };
  }

  /** A guest whose account is a month old (new accounts' reports are limited harder). */
  async function guest(name: string) {
    const account = await createTestAccount(t.app, "guest", { name });
    await db().update(users).set({ createdAt: new Date(Date.now() - 30 * 24 * 3600_000) }).where(eq(users.id, account.id));
    return account;
  }

  async function chooseImage(page: Page, label: RegExp, body: Buffer) {
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.getByRole("button", { name: label }).click()]);
    await chooser.setFiles({ name: "foto.jpg", mimeType: "image/jpeg", buffer: body });
  }

  it("a host asks, an operator approves; the badge shows on cards and the host page, and the notice names the legal name", async () => {
    const hostSide = await newPage();
    await loginViaForm(hostSide.page, t.app, host.email);
    await hostSide.page.goto(`${t.app.url}/perfil`);
    await waitForHydration(hostSide.page);
    const section = hostSide.page.getByRole("region", { name: "Verificação de identidade" });
    await section.getByLabel("Número do documento").fill(VALID_DOCUMENTS.cpf);
    await section.getByLabel("Nome completo ou razão social, como está no documento").fill("Marina Souza Costa");
    await section.getByLabel("Cadastur (opcional)").fill("26.012345.10.0001-4");
    await chooseImage(hostSide.page, /Foto do documento/, await photoJpeg(1200, 800));
    await chooseImage(hostSide.page, /Selfie segurando o documento/, await photoJpeg(800, 1000));
    await expect.poll(() => section.getByText("Foto enviada").count()).toBe(2);
    await expectAccessible(hostSide.page);
    await section.getByRole("button", { name: "Enviar para verificação" }).click();
    await toast(hostSide.page, "Pedido de verificação enviado").waitFor();
    await section.getByText(/em análise/).waitFor();

    const operatorSide = await newPage();
    await loginViaForm(operatorSide.page, t.app, operator.email, TEST_PASSWORD, operator.authenticator);
    await operatorSide.page.goto(`${t.app.url}/moderacao/verificacoes`);
    await operatorSide.page.getByRole("link", { name: "Marina Souza Costa" }).click();
    await operatorSide.page.getByRole("heading", { name: "Verificação de identidade" }).waitFor();
    // Both images, side by side, read through the operators' own route.
    const images = operatorSide.page.getByRole("img", { name: /enviada por Marina Costa/ });
    await expect(images.count()).resolves.toBe(2);
    await expect.poll(() => images.evaluateAll((all) => all.map((img) => (img as HTMLImageElement).naturalWidth > 0))).toEqual([true, true]);
    const [documentBox, selfieBox] = [await images.nth(0).boundingBox(), await images.nth(1).boundingBox()];
    expect(Math.abs(documentBox!.y - selfieBox!.y)).toBeLessThan(5);
    await expect(operatorSide.page.getByText(VALID_DOCUMENTS.cpf).count()).resolves.toBe(1);
    await expectAccessible(operatorSide.page);
    await operatorSide.page.getByLabel(/Conferi o Cadastur/).check();
    await operatorSide.page.getByRole("button", { name: "Aprovar verificação" }).click();
    await toast(operatorSide.page, "Identidade verificada").waitFor();
    await operatorSide.context.close();

    // The host sees it on /perfil; anyone sees the badges on the card and the host's page.
    await hostSide.page.reload();
    await hostSide.page.getByRole("region", { name: "Verificação de identidade" }).getByText(/Verificada em \d{2}\/\d{2}\/\d{4}/).waitFor();
    await hostSide.context.close();
    const visitor = await newPage();
    await visitor.page.goto(`${t.app.url}/?search=${encodeURIComponent("Serra Confiável")}`);
    const card = visitor.page.locator("main article", { hasText: "Cabana Serra Confiável" });
    await expect(card.getByText("Identidade verificada · Cadastur").isVisible()).resolves.toBe(true);
    await visitor.page.goto(`${t.app.url}/anfitriao/${host.id}`);
    const badges = visitor.page.getByRole("list", { name: "Selos do anfitrião" });
    await expect(badges.innerText()).resolves.toMatch(/Identidade verificada\s+Cadastur/);
    await expect(visitor.page.content()).resolves.not.toContain("Souza");
    await visitor.context.close();

    // A guest contacting the listing reads the legal name before WhatsApp opens, once.
    const traveller = await guest("Tiago Viajante");
    const guestSide = await newPage();
    await loginViaForm(guestSide.page, t.app, traveller.email);
    await guestSide.page.goto(`${t.app.url}/accommodation/${listing.slug}`);
    await waitForHydration(guestSide.page);
    const contact = () => guestSide.page.getByRole("region", { name: "Preço e contato" }).getByRole("button", { name: "Contatar via WhatsApp" }).click();
    const [tab] = await Promise.all([guestSide.context.waitForEvent("page"), contact()]);
    await tab.getByRole("heading", { name: "Antes de falar com Marina" }).waitFor();
    await expect(tab.getByText("O nome no documento é Marina Souza Costa").isVisible()).resolves.toBe(true);
    await expectAccessible(tab);
    expect((await onToWhatsapp(tab)).pathname).toBe("/5548991234567");
    // Seen: the next contact goes straight on.
    const [again] = await Promise.all([guestSide.context.waitForEvent("page"), contact()]);
    await again.waitForURL(/^https:\/\/wa\.me\//);
    await guestSide.context.close();
  });

  it("three guests report a listing and it leaves the results", async () => {
    const search = `${t.app.url}/?search=${encodeURIComponent("Serra Duvidoso")}`;
    const inResults = async () => {
      const { context, page } = await newPage();
      await page.goto(search);
      const found = await page.locator("main article", { hasText: "Chalé Serra Duvidoso" }).count();
      await context.close();
      return found;
    };
    expect(await inResults()).toBe(1);
    for (const [i, name] of ["Ana Hóspede", "Beto Hóspede", "Cris Hóspede"].entries()) {
      const reporter = await guest(name);
      const { context, page } = await newPage();
      await loginViaForm(page, t.app, reporter.email);
      await page.goto(`${t.app.url}/accommodation/${reported.slug}`);
      await page.getByRole("link", { name: "Denunciar anúncio" }).click();
      await page.getByRole("heading", { name: "Denunciar anúncio" }).waitFor();
      await page.getByLabel("Fotos de outro lugar").check();
      await page.getByLabel("O que aconteceu?").fill(`As fotos são de um hotel de Gramado (relato ${i + 1}).`);
      if (i === 0) await expectAccessible(page);
      await page.getByRole("button", { name: "Enviar denúncia" }).click();
      await toast(page, "Denúncia enviada").waitFor();
      await context.close();
    }
    await expect.poll(async () => (await db().select({ status: properties.status }).from(properties).where(eq(properties.id, reported.id)))[0]!.status).toBe("reported");
    expect(await inResults()).toBe(0);

    // The operator finds it first in the reports' queue.
    const { context, page } = await newPage();
    await loginViaForm(page, t.app, operator.email, TEST_PASSWORD, operator.authenticator);
    await page.goto(`${t.app.url}/moderacao/denuncias`);
    await expect(page.getByRole("list", { name: "Denúncias abertas" }).innerText()).resolves.toContain("3 pessoas denunciaram");
    await expectAccessible(page);
    await page.getByRole("link", { name: "Chalé Serra Duvidoso" }).click();
    await page.getByRole("heading", { name: "3 denúncias abertas" }).waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it("the new pages pass axe in light and dark, at 390 and 1280 px", { timeout: 360_000 }, async () => {
    const quietHost = await createTestAccount(t.app, "host", { name: "Rui Anfitrião" });
    await insertProperty(db(), quietHost.id, { title: "Cabana do Rui", status: "approved", whatsappContact: "5548991234567" });
    const looker = await guest("Lia Visitante");
    const pages: LookedPage<"anyone" | "guest" | "host" | "operator">[] = [
      { path: `/anfitriao/${host.id}`, as: "anyone", ready: "Marina" },
      { path: `/denunciar/anuncio/${listing.slug}`, as: "guest", ready: "Denunciar anúncio" },
      { path: `/denunciar/anfitriao/${host.id}`, as: "guest", ready: "Denunciar anfitrião" },
      { path: "/perfil", as: "host", ready: "Meu Perfil" },
      { path: "/moderacao/verificacoes", as: "operator", ready: "Moderação" },
      { path: "/moderacao/denuncias", as: "operator", ready: "Moderação" },
    ];
    const accounts = { guest: looker, host: quietHost, operator } as const;
    await checkEveryLook(
      t.app,
      "/tmp/shots-trust",
      pages,
      async (as, look) => {
        const session = await newPage(look);
        if (as !== "anyone") await loginViaForm(session.page, t.app, accounts[as].email, TEST_PASSWORD, as === "operator" ? operator.authenticator : null);
        return session;
      },
      // The notice: a guest's first contact with a listing.
      async (sessions, { viewport, colorScheme }) => {
        const { page } = sessions.get("guest")!;
        await page.goto(`${t.app.url}/accommodation/${listing.slug}/contato?viewport=${viewport.width}${colorScheme}`);
        await page.getByRole("heading", { level: 1, name: "Antes de falar com Marina" }).waitFor();
        await expectAccessible(page);
        await page.screenshot({ path: `/tmp/shots-trust/contato-${viewport.width}-${colorScheme}.png`, fullPage: true });
      },
    );
  });
});
