import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { monthlySummaryJob } from "../../server/jobs/jobs";
import { runJob } from "../../server/jobs/runner";
import { createTestAccount } from "../support/accounts";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { insertProperty } from "../support/factories";
import { checkEveryLook, linkIn, loginViaForm, waitForHydration, type Look, type LookedPage } from "./helpers";

const SHOTS = "/tmp/shots-monthly-summary";

describe.skipIf(!hasChromium)("the monthly summary's switch and its emailed opt-out, in Chromium", () => {
  const t = useBrowserApp();
  const db = () => t.app.services.database.db;
  let host: Awaited<ReturnType<typeof createTestAccount>>;
  let optOut = "";

  const setting = async () => (await db().select({ on: users.monthlySummaryEmail }).from(users).where(eq(users.id, host.id)))[0]!.on;
  const newPage = async (look: Look = { viewport: { width: 1280, height: 900 }, colorScheme: "light" }) => {
    const context = await t.browser.newContext({ locale: "pt-BR", viewport: look.viewport, colorScheme: look.colorScheme });
    return { context, page: await context.newPage() };
  };

  /** The switch's section alone, to look at in each size and theme (the whole profile is long on a phone). */
  const lookAtTheSwitch = async (page: Page) => {
    const section = page.getByRole("region", { name: "Resumo mensal" });
    await section.scrollIntoViewIfNeeded();
    const dark = await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches);
    await section.screenshot({ path: `${SHOTS}/perfil-resumo-mensal-${page.viewportSize()!.width}-${dark ? "dark" : "light"}.png` });
  };

  beforeAll(async () => {
    host = await createTestAccount(t.app, "premium-host", { name: "Marina Costa" });
    await insertProperty(db(), host.id, { title: "Cabana do Resumo", status: "approved" });
    expect(await runJob(t.app.services, monthlySummaryJob)).toEqual({ ran: true, count: 1 });
    const [mail] = await t.app.outbox();
    expect(mail!.to).toBe(host.email);
    expect(mail!.subject).toMatch(/^Seu resumo de .+ no Recanto$/);
    const link = new URL(linkIn(mail!, "/resumo-mensal/cancelar"));
    optOut = link.pathname + link.search;
  });

  it("the host switches it off and on again on /perfil by keyboard", { timeout: 120_000 }, async () => {
    const { context, page } = await newPage();
    await loginViaForm(page, t.app, host.email);
    await page.goto(`${t.app.url}/perfil`);
    await waitForHydration(page);
    const box = page.getByRole("checkbox", { name: "Receber o resumo mensal de desempenho por email" });
    expect(await box.isChecked()).toBe(true);

    for (const [on, toast] of [
      [false, "Resumo mensal desativado"],
      [true, "Resumo mensal ativado"],
    ] as const) {
      await box.focus();
      await page.keyboard.press("Space");
      expect(await box.isChecked()).toBe(on);
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Salvar preferência");
      await page.keyboard.press("Enter");
      await page.getByText(toast).waitFor();
      await expect.poll(setting).toBe(on);
      expect(await box.isChecked()).toBe(on);
    }
    await page.reload();
    expect(await page.getByRole("checkbox", { name: "Receber o resumo mensal de desempenho por email" }).isChecked()).toBe(true);
    await context.close();
  });

  it("/perfil's switch and the emailed link's pages pass axe in light and dark, at 390 and 1280 px", { timeout: 300_000 }, async () => {
    const pages: LookedPage<"anyone" | "host">[] = [
      { path: "/perfil", as: "host", ready: "Meu Perfil", then: lookAtTheSwitch },
      { path: optOut, as: "anyone", ready: "Cancelar o resumo mensal?" },
      { path: `${optOut.slice(0, -3)}xyz`, as: "anyone", ready: "Link inválido" },
    ];
    await checkEveryLook(t.app, SHOTS, pages, async (as, look) => {
      const session = await newPage(look);
      if (as === "host") await loginViaForm(session.page, t.app, host.email);
      return session;
    });
    expect(await setting()).toBe(true);
  });

  it("the emailed link, opened without signing in, switches it off with one button", { timeout: 120_000 }, async () => {
    const { context, page } = await newPage();
    await page.goto(`${t.app.url}${optOut}`);
    await page.getByRole("heading", { level: 1, name: "Cancelar o resumo mensal?" }).waitFor();
    expect(await setting()).toBe(true);
    await page.getByRole("button", { name: "Não quero mais receber" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "Resumo mensal cancelado" }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(optOut);
    expect(await setting()).toBe(false);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/cancelado-1280-light.png`, fullPage: true });
    await context.close();
  });
});
