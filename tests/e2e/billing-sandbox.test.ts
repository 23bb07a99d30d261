import fs from "node:fs/promises";
import { eq, sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { formatDate } from "../../common/format";
import { promotionCounter, sandboxSubscriptions, subscriptions, users } from "../../server/db/schema";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { signUpInBrowser, waitForHydration } from "./helpers";

const SHOTS = "/tmp/shots";

describe.skipIf(!hasChromium)("plans as a new host lives them, with no billing keys (the local sandbox), in Chromium", () => {
  const t = useBrowserApp();
  const db = () => t.app.services.database.db;

  beforeAll(async () => {
    await fs.mkdir(SHOTS, { recursive: true });
  });

  /** Clicks a plans button and returns the tab it opens, loaded. */
  async function opensTab(page: Page, name: string) {
    const [tab] = await Promise.all([page.context().waitForEvent("page"), page.getByRole("button", { name, exact: true }).click()]);
    await tab.waitForLoadState();
    await tab.waitForURL((url) => url.pathname.startsWith("/assinatura/teste/"));
    await waitForHydration(tab);
    return tab;
  }

  it("a new host has six free months; the 101st subscribes through the test checkout, lists, cancels and loses Premium at the period end", async () => {
    const context = await t.browser.newContext();
    const page = await context.newPage();

    // One of the first 100: Premium free, with its end date.
    await signUpInBrowser(page, t.app, { name: "Primeira Anfitriã", email: "primeira@example.com", type: "Anfitrião - Quero anunciar" });
    await page.goto(`${t.app.url}/planos`);
    await page.getByText("6 Meses Grátis").first().waitFor();
    await context.clearCookies();

    // Every slot taken: the next host is on the free plan.
    await db().update(promotionCounter).set({ used: 100 }).where(eq(promotionCounter.id, 1));
    await signUpInBrowser(page, t.app, { name: "Centésima Primeira", email: "cento-e-um@example.com", type: "Anfitrião - Quero anunciar" });
    const [host] = await db().select({ id: users.id }).from(users).where(eq(users.email, "cento-e-um@example.com"));
    await page.goto(`${t.app.url}/adicionar-propriedade`);
    await page.getByRole("heading", { name: "Plano Premium Necessário" }).waitFor();

    await page.goto(`${t.app.url}/planos`);
    await waitForHydration(page);
    expect(await page.getByText("6 Meses Grátis").count()).toBe(0);

    // Assinar Agora opens the labelled test checkout in a new tab.
    const checkout = await opensTab(page, "Assinar Agora");
    await checkout.getByText("Ambiente de teste.").waitFor();
    await checkout.getByText("Recanto Premium · R$\u00a039,90/mês").waitFor();
    await expectAccessible(checkout);
    await checkout.screenshot({ path: `${SHOTS}/sandbox-checkout.png`, fullPage: true });
    await checkout.getByRole("button", { name: "Aprovar pagamento de teste" }).click();
    await checkout.waitForURL((url) => url.pathname === "/assinatura-sucesso");
    await expectAccessible(checkout);
    await checkout.getByRole("link", { name: /propriedade/i }).first().click();
    await checkout.waitForURL(`${t.app.url}/adicionar-propriedade`);
    await checkout.getByRole("heading", { name: "Adicionar Propriedade" }).waitFor();
    expect(await checkout.getByText("Plano Premium Necessário").count()).toBe(0);

    // Back on the plans tab, the page notices the new plan.
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await page.getByRole("button", { name: "Gerenciar Assinatura" }).waitFor();

    // Gerenciar Assinatura opens the test portal; cancelling keeps Premium until the period ends.
    const portal = await opensTab(page, "Gerenciar Assinatura");
    await portal.getByText("Situação: Ativa").waitFor();
    await expectAccessible(portal);
    await portal.getByRole("button", { name: "Cancelar assinatura" }).click();
    await portal.getByText("Assinatura cancelada").first().waitFor();
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, host!.id));
    expect(sub).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    await portal.getByText(`Termina em ${formatDate(sub!.currentPeriodEnd!)}`).waitFor();
    await portal.getByRole("button", { name: "Reativar assinatura" }).waitFor();
    await portal.close();

    await page.goto(`${t.app.url}/adicionar-propriedade`);
    await page.getByRole("heading", { name: "Adicionar Propriedade" }).waitFor();
    expect(await page.getByText("Plano Premium Necessário").count()).toBe(0);

    // The paid month runs out (the clock moved past the period end the sandbox recorded).
    const past = sql`now() - interval '1 minute'`;
    await db().update(sandboxSubscriptions).set({ currentPeriodEnd: past }).where(eq(sandboxSubscriptions.id, sub!.id));
    await db().update(subscriptions).set({ currentPeriodEnd: past }).where(eq(subscriptions.id, sub!.id));
    await page.goto(`${t.app.url}/adicionar-propriedade`);
    await page.getByRole("heading", { name: "Plano Premium Necessário" }).waitFor();
    await page.goto(`${t.app.url}/planos`);
    await page.getByRole("button", { name: "Assinar Agora" }).waitFor();
    await context.close();
  });

  it("the test checkout's Cancelar returns to the plans with nothing charged", async () => {
    const context = await t.browser.newContext();
    const page = await context.newPage();
    await db().update(promotionCounter).set({ used: 100 }).where(eq(promotionCounter.id, 1));
    await signUpInBrowser(page, t.app, { name: "Desistente", email: "desiste@example.com", type: "Anfitrião - Quero anunciar" });
    await page.goto(`${t.app.url}/planos`);
    await waitForHydration(page);
    const checkout = await opensTab(page, "Assinar Agora");
    await checkout.getByRole("button", { name: "Cancelar", exact: true }).click();
    await checkout.waitForURL((url) => url.pathname === "/planos" && url.searchParams.get("checkout") === "cancelado");
    await checkout.getByRole("button", { name: "Assinar Agora" }).waitFor();
    const [host] = await db().select({ id: users.id }).from(users).where(eq(users.email, "desiste@example.com"));
    expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, host!.id))).toHaveLength(0);
    await context.close();
  });
});
