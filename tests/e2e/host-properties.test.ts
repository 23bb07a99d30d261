import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { IMAGE_WIDTHS, variantKey } from "../../common/media";
import { properties, propertyImages } from "../../server/db/schema";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { photoJpeg } from "../support/images";
import { loginAsNewAccount, typeBeforeHydration, waitForHydration } from "./helpers";

const SHOTS = "/tmp/shots";
const TITLE = "Chalé do Vale Verde";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]", { hasText: text }).first();

describe.skipIf(!hasChromium)("a Premium host adds, edits, hides and deletes a listing, in Chromium", () => {
  const t = useBrowserApp();
  const db = () => t.app.services.database.db;

  beforeAll(async () => {
    await fs.mkdir(SHOTS, { recursive: true });
  });

  it("keeps a price typed before the form hydrated, written out in full once the field is left", async () => {
    const context = await t.browser.newContext();
    const page = await context.newPage();
    await loginAsNewAccount(page, t.app, "premium-host", { name: "Heitor Apressado" });
    const price = page.getByLabel("Preço por noite (R$)");
    await typeBeforeHydration(page, `${t.app.url}/adicionar-propriedade`, () => price.fill("420"));
    await page.getByLabel("Título").click();
    await price.click();
    await expect(price.inputValue()).resolves.toBe("420,00");
    await context.close();
  });

  it("adds a listing with six photos (a 12 MP photo with GPS, a PNG), which an operator approves; edits, hides, shows and deletes it", async () => {
    const context = await t.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const host = await loginAsNewAccount(page, t.app, "premium-host", { name: "Helena Anfitriã" });
    await page.goto(`${t.app.url}/adicionar-propriedade`);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "Adicionar Propriedade" }).waitFor();
    await expectAccessible(page);

    // Sent empty: the browser shows every rule's message, and nothing reaches the server.
    await page.getByRole("button", { name: "Cadastrar Propriedade" }).click();
    await page.getByText("O título deve ter pelo menos 3 caracteres.").waitFor();
    await page.getByText("O preço por noite deve ser maior que zero.").waitFor();
    await page.getByText("A localização deve ter pelo menos 3 caracteres.").waitFor();
    // The toast's title is not repeated in its description.
    await expect(toast(page, "Imagens obrigatórias").innerText()).resolves.toBe("Imagens obrigatórias\nAdicione pelo menos uma imagem da propriedade");

    const photos = [
      { name: "camera-12mp.jpg", mimeType: "image/jpeg", buffer: await photoJpeg(4000, 3000, { gps: true }) },
      { name: "varanda.png", mimeType: "image/png", buffer: await sharp({ create: { width: 900, height: 600, channels: 4, background: "#88aa66" } }).png().toBuffer() },
      ...(await Promise.all([1, 2, 3, 4].map(async (i) => ({ name: `foto-${i}.jpg`, mimeType: "image/jpeg", buffer: await photoJpeg(1600 + i * 10, 1066, { gps: true }) })))),
    ];
    await page.locator('input[type="file"]').setInputFiles(photos);
    await page.getByText("Concluído").first().waitFor();
    const gallery = page.getByRole("list", { name: "Fotos da propriedade (a primeira é a capa)" });
    await expect.poll(() => gallery.getByRole("listitem").count(), { timeout: 30_000 }).toBe(6);

    await page.getByLabel("Título").fill(TITLE);
    await page.getByLabel("Descrição").fill("Chalé de madeira com lareira, varanda e vista para o vale.");
    await page.getByLabel("Tipo de propriedade").selectOption("Chalé");
    await page.getByLabel("Localização", { exact: true }).fill("Gonçalves - MG");
    const price = page.getByLabel("Preço por noite (R$)");
    await expect(price.inputValue()).resolves.toBe("0,00");
    await price.click();
    await expect(price.inputValue()).resolves.toBe("");
    // After the refused submit the message follows what is typed, as typed: "0,9" is R$ 0,90, too little; "420" is R$ 420,00.
    const priceError = page.locator("#price-error");
    await price.pressSequentially("0,9");
    await expect(price.inputValue()).resolves.toBe("0,9");
    await expect.poll(() => priceError.textContent()).toBe("O preço por noite deve ser de pelo menos R$ 1,00.");
    await price.fill("");
    await price.pressSequentially("420");
    await expect(price.inputValue()).resolves.toBe("420");
    await expect.poll(() => priceError.count()).toBe(0);
    await price.press("Tab");
    await expect(price.inputValue()).resolves.toBe("420,00");
    await page.getByLabel("Máximo de hóspedes").selectOption("4");
    await page.getByLabel("Wi-Fi").check();
    await page.getByLabel("Lareira interna").check();
    await page.getByLabel("WhatsApp (com código do país)").fill("+55 35 99123-4567");
    await page.screenshot({ path: `${SHOTS}/adicionar-propriedade-form.png`, fullPage: true });
    await page.getByRole("button", { name: "Cadastrar Propriedade" }).click();
    await page.waitForURL(`${t.app.url}/minhas-propriedades`);
    await toast(page, "Propriedade cadastrada!").waitFor();
    await page.getByRole("article").getByText("Em análise").waitFor();
    await page.getByText("+5 fotos").waitFor();
    await expectAccessible(page);

    const [row] = await db().select().from(properties).where(eq(properties.hostId, host.id));
    expect(row).toMatchObject({ title: TITLE, status: "pending", priceCents: 42000, maxGuests: 4, whatsappContact: "5535991234567" });
    const images = await db().select().from(propertyImages).where(eq(propertyImages.propertyId, row!.id));
    expect(images).toHaveLength(6);
    // No stored file keeps the camera's metadata (GPS included).
    const mediaDir = t.app.services.storage.localDir!;
    for (const image of images) {
      for (const width of IMAGE_WIDTHS) {
        const file = path.join(mediaDir, variantKey(image.storageKey, width));
        const meta = await sharp(await fs.readFile(file)).metadata();
        expect(meta.exif, file).toBeUndefined();
      }
    }

    // The operator approves it: it is in search and on its page at once, with responsive images.
    await db().update(properties).set({ status: "approved" }).where(eq(properties.id, row!.id));
    await page.goto(`${t.app.url}/?search=${encodeURIComponent("Vale Verde")}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: TITLE }).click();
    await page.waitForURL((url) => url.pathname === `/accommodation/${row!.slug}`);
    const cover = page.locator("main img[srcset]").first();
    await expect(cover.getAttribute("srcset")).resolves.toMatch(/-400\.webp 400w, .*-800\.webp 800w/);

    // Edit the price: still published.
    await page.goto(`${t.app.url}/minhas-propriedades`);
    await waitForHydration(page);
    await page.getByRole("link", { name: `Editar ${TITLE}` }).click();
    await page.waitForURL(`${t.app.url}/editar-propriedade/${row!.id}`);
    await waitForHydration(page);
    await expectAccessible(page);
    await page.getByLabel("Preço por noite (R$)").fill("");
    await page.getByLabel("Preço por noite (R$)").pressSequentially("480");
    await page.getByRole("button", { name: "Salvar Alterações" }).click();
    await page.waitForURL(`${t.app.url}/minhas-propriedades`);
    await toast(page, "Propriedade atualizada").waitFor();
    await page.getByRole("article").getByText("Publicada").waitFor();
    await page.getByText("R$\u00a0480,00").waitFor();

    // Hide it: gone from search; show it again.
    const onOff = page.getByRole("switch", { name: `Ativa – ${TITLE}` });
    await onOff.click();
    await toast(page, "Propriedade desativada").waitFor();
    expect((await db().select({ isActive: properties.isActive }).from(properties).where(eq(properties.id, row!.id)))[0]!.isActive).toBe(false);
    expect((await page.request.get(`${t.app.url}/accommodation/${row!.slug}`)).status()).toBe(404);
    await page.getByRole("switch", { name: `Inativa – ${TITLE}` }).click();
    await toast(page, "Propriedade ativada").waitFor();
    expect((await page.request.get(`${t.app.url}/accommodation/${row!.slug}`)).status()).toBe(200);

    // Delete after confirming: rows and files are gone.
    await page.getByRole("button", { name: `Excluir ${TITLE}` }).click();
    await page.getByRole("alertdialog").getByText("Esta ação não pode ser desfeita.", { exact: false }).waitFor();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Excluir", exact: true }).click();
    await toast(page, "Propriedade excluída").waitFor();
    await page.getByText("Nenhuma propriedade cadastrada").waitFor();
    expect(await db().select().from(properties).where(eq(properties.id, row!.id))).toHaveLength(0);
    for (const image of images) expect(await t.app.services.storage.exists(variantKey(image.storageKey, 800))).toBe(false);
    await context.close();
  });
});
