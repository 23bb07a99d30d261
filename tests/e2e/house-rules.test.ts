import fs from "node:fs/promises";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { properties } from "../../server/db/schema";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { photoJpeg } from "../support/images";
import { loginAsNewAccount, loginViaForm, waitForHydration } from "./helpers";

const SHOTS = "/tmp/shots-rules";
const TITLE = "Cabana do Rio Claro";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const OTHER_RULES = "Visitas só com aviso prévio.\nApague a fogueira antes de dormir.";
const DETAILS = "Remarcação sem custo em caso de chuva forte.";

const section = (page: Page, name: string) => page.getByRole("group", { name });

describe.skipIf(!hasChromium)("a host states house rules and a cancellation policy, and the listing shows them (Chromium)", () => {
  const t = useBrowserApp();
  const db = () => t.app.services.database.db;

  beforeAll(async () => {
    await fs.mkdir(SHOTS, { recursive: true });
  });

  /** The listing the first test saves and approves; each view below reads it, as its host. */
  let saved: { id: string; slug: string; hostEmail: string } | undefined;

  it("fills the rules and the policy and saves them", async () => {
    const context = await t.browser.newContext({ locale: "pt-BR", ...DESKTOP });
    const page = await context.newPage();
    const host = await loginAsNewAccount(page, t.app, "premium-host");
    await page.goto(`${t.app.url}/adicionar-propriedade`);
    await waitForHydration(page);

    await page.locator('input[type="file"]').setInputFiles([{ name: "cabana.jpg", mimeType: "image/jpeg", buffer: await photoJpeg(1200, 800) }]);
    await page.getByText("Concluído").first().waitFor();
    await page.getByLabel("Título").fill(TITLE);
    await page.getByLabel("Descrição").fill("Cabana de madeira à beira do rio, com fogueira e muito silêncio.");
    await page.getByLabel("Tipo de propriedade").selectOption("Cabana");
    await page.getByLabel("Localização", { exact: true }).fill("Gonçalves - MG");
    await page.getByLabel("Preço por noite (R$)").click();
    await page.getByLabel("Preço por noite (R$)").pressSequentially("380");
    await page.getByLabel("WhatsApp (com código do país)").fill("+55 35 99123-4567");

    const rules = section(page, "Regras da casa");
    await rules.getByLabel("Check-in a partir de").selectOption("15:00");
    await rules.getByLabel("Check-out até").selectOption("11:00");
    // Half the quiet hours: the browser says what is missing before anything is sent.
    await rules.getByLabel("Começa às").selectOption("22:00");
    await page.getByRole("button", { name: "Cadastrar Propriedade" }).click();
    await rules.getByText("Informe o início e o fim do horário de silêncio.").waitFor();
    await expect(page.evaluate(() => document.activeElement?.getAttribute("name"))).resolves.toBe("quietHoursFrom");
    await rules.getByLabel("Termina às").selectOption("08:00");
    await rules.getByRole("checkbox", { name: "Aceita pets" }).check();
    await section(page, "Fumar").getByRole("radio", { name: "Não permitido" }).check();
    await section(page, "Festas e eventos").getByRole("radio", { name: "Não permitido" }).check();
    await rules.getByLabel("Outras regras (opcional)").fill(OTHER_RULES);
    const policy = section(page, "Política de cancelamento");
    await policy.getByRole("radio", { name: /^Moderada/ }).check();
    await policy.getByLabel("Detalhes da política (opcional)").fill(DETAILS);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Cadastrar Propriedade" }).click();
    await page.waitForURL(`${t.app.url}/minhas-propriedades`);

    const [row] = await db().select().from(properties).where(eq(properties.hostId, host.id));
    expect(row).toMatchObject({
      checkInFrom: "15:00",
      checkOutUntil: "11:00",
      quietHours: "22:00-08:00",
      smokingAllowed: false,
      partiesAllowed: false,
      otherRules: OTHER_RULES,
      cancellationPolicy: "moderada",
      cancellationNotes: DETAILS,
      features: ["pets"],
    });
    await context.close();
    // An operator approves it.
    await db().update(properties).set({ status: "approved" }).where(eq(properties.id, row!.id));
    saved = { id: row!.id, slug: row!.slug, hostEmail: host.email };
  });

  // One test a view (each logs in and checks two pages with axe): together they outlast a test's time on a busy machine.
  const views = [
    { colorScheme: "light", width: "390", size: PHONE },
    { colorScheme: "light", width: "1280", size: DESKTOP },
    { colorScheme: "dark", width: "390", size: PHONE },
    { colorScheme: "dark", width: "1280", size: DESKTOP },
  ] as const;
  it.each(views)("finds them on the edit form and on the public listing ($colorScheme, $width px)", async ({ colorScheme, width, size }) => {
    if (!saved) throw new Error("the first test did not save the listing");
    const row = saved;
    const themed = await t.browser.newContext({ locale: "pt-BR", colorScheme, ...size });
    const own = await themed.newPage();
    await loginViaForm(own, t.app, row.hostEmail);

    // The edit form loads what was saved.
    await own.goto(`${t.app.url}/editar-propriedade/${row.id}`);
    await waitForHydration(own);
    const form = section(own, "Regras da casa");
    await expect(form.getByLabel("Check-in a partir de").inputValue()).resolves.toBe("15:00");
    await expect(form.getByLabel("Termina às").inputValue()).resolves.toBe("08:00");
    await expect(section(own, "Fumar").getByRole("radio", { name: "Não permitido" }).isChecked()).resolves.toBe(true);
    await expect(section(own, "Política de cancelamento").getByRole("radio", { name: /^Moderada/ }).isChecked()).resolves.toBe(true);
    await expect(form.getByLabel("Outras regras (opcional)").inputValue()).resolves.toBe(OTHER_RULES);
    await expectAccessible(own);
    await form.screenshot({ path: `${SHOTS}/form-rules-${width}-${colorScheme}.png` });
    await section(own, "Política de cancelamento").screenshot({ path: `${SHOTS}/form-policy-${width}-${colorScheme}.png` });

    // The public listing shows what was stated.
    await own.goto(`${t.app.url}/accommodation/${row.slug}`);
    await waitForHydration(own);
    const shown = own.getByRole("region", { name: "Regras da casa" });
    await expect(shown.getByRole("listitem").allTextContents()).resolves.toEqual([
      "Check-in a partir de 15:00",
      "Check-out até 11:00",
      "Silêncio entre 22:00 e 08:00",
      "Aceita pets",
      "Proibido fumar",
      "Festas e eventos não são permitidos",
    ]);
    await expect(shown.getByText("Visitas só com aviso prévio.", { exact: false }).innerText()).resolves.toBe(OTHER_RULES);
    const cancellation = own.getByRole("region", { name: "Política de cancelamento" });
    await cancellation.getByText("Reembolso integral se o cancelamento for feito até 5 dias antes do check-in.", { exact: false }).waitFor();
    await cancellation.getByText(DETAILS).waitFor();
    await expectAccessible(own);
    await shown.scrollIntoViewIfNeeded();
    await own.screenshot({ path: `${SHOTS}/listing-${width}-${colorScheme}.png` });
    await cancellation.screenshot({ path: `${SHOTS}/listing-policy-${width}-${colorScheme}.png` });
    if (colorScheme === "light" && width === "390") {
      await cancellation.getByRole("link", { name: "Saiba mais sobre cancelamentos" }).click();
      await own.waitForURL(`${t.app.url}/politica-cancelamento`);
      await own.getByRole("heading", { level: 1, name: "Política de cancelamento" }).waitFor();
      await own.getByText("Reembolso integral se o cancelamento for feito até 5 dias antes do check-in.").waitFor();
    }
    await themed.close();
  });
});
