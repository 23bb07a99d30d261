import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FileChooser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_MESSAGES } from "../../common/image-upload";
import { refusalJson } from "../../common/refusal";
import { imageUploads } from "../../server/db/schema";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { photoJpeg, solidPng } from "../support/images";
import { loginAsNewAccount, waitForHydration } from "./helpers";

const SHOTS = "/tmp/shots";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]", { hasText: text });
const zone = (page: Page) => page.getByRole("button", { name: /^Adicionar fotos/ });
const photos = (page: Page) => page.getByRole("list", { name: "Fotos da propriedade (a primeira é a capa)" }).getByRole("listitem");
const imageIds = (page: Page) => page.locator('input[type="hidden"][name="imageIds"]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));

describe.skipIf(!hasChromium)("the property form's photo uploader in Chromium", () => {
  const t = useBrowserApp();
  let dir = "";

  beforeAll(async () => {
    await fs.mkdir(SHOTS, { recursive: true });
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "recanto-uploader-"));
    await fs.writeFile(path.join(dir, "praia.jpg"), await photoJpeg(4000, 3000, { gps: true }));
    await fs.writeFile(path.join(dir, "varanda.png"), await solidPng(500, 400, true));
    await fs.writeFile(path.join(dir, "lago.webp"), await sharp(await solidPng(640, 480)).webp().toBuffer());
    await fs.writeFile(path.join(dir, "retrato.jpg"), await photoJpeg(600, 400, { orientation: 6 }));
    await fs.writeFile(path.join(dir, "nota.jpg"), "isto é texto com nome de foto\n".repeat(20));
    await fs.writeFile(path.join(dir, "animado.gif"), await sharp(await solidPng(20, 20)).gif().toBuffer());
    const huge = Buffer.alloc(50 * 1024 * 1024 + 1);
    huge.set([0xff, 0xd8, 0xff], 0);
    await fs.writeFile(path.join(dir, "enorme.jpg"), huge);
    for (let i = 1; i <= 8; i++) await fs.writeFile(path.join(dir, `extra-${i}.jpg`), await photoJpeg(300 + i * 10, 200));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  async function premiumHostPage() {
    const context = await t.browser.newContext({ locale: "pt-BR" });
    const page = await context.newPage();
    // Listening from the start: a chooser opened by a key press may come before a listener added then is in place.
    page.on("filechooser", (chooser) => choosers.get(page)?.(chooser));
    const user = await loginAsNewAccount(page, t.app, "premium-host", { name: "Helena Fotos" });
    await page.goto(`${t.app.url}/adicionar-propriedade`);
    await waitForHydration(page);
    return { page, context, userId: user.id };
  }

  const choosers = new Map<Page, (chooser: FileChooser) => void>();

  /** Opens the file picker from the drop zone with the keyboard and chooses these files. */
  async function chooseByKeyboard(page: Page, files: string[], key: "Enter" | "Space" = "Enter") {
    await zone(page).focus();
    const opened = new Promise<FileChooser>((resolve) => choosers.set(page, resolve));
    await page.keyboard.press(key);
    const chooser = await opened;
    choosers.delete(page);
    await chooser.setFiles(files.map((f) => path.join(dir, f)));
  }

  it("resizes in the browser, uploads with per-file progress, lists the photos in order with the cover first, reorders and removes", async () => {
    const { page, context, userId } = await premiumHostPage();
    await zone(page).waitFor();
    expect(await zone(page).getAttribute("tabindex")).toBe("0");
    await page.getByText("JPEG, PNG ou WebP, até 50MB cada. 0 de 10 imagens.").waitFor();

    // Held at the server's door so the progress can be seen before the answers come.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const bodies: { type: string; size: number; bytes: Buffer }[] = [];
    await page.route("**/api/imagens", async (route) => {
      const request = route.request();
      bodies.push({ type: (await request.headerValue("content-type")) ?? "", size: request.postDataBuffer()?.length ?? 0, bytes: request.postDataBuffer()! });
      await held;
      await route.continue();
    });
    await chooseByKeyboard(page, ["praia.jpg", "varanda.png", "lago.webp"]);
    const progress = page.getByRole("list", { name: "Envio das imagens" });
    await progress.getByText("praia.jpg").waitFor();
    await progress.getByRole("progressbar", { name: "Enviando praia.jpg" }).waitFor();
    await page.getByRole("status").filter({ hasText: "Enviando 3 imagens…" }).waitFor({ state: "attached" });
    await page.screenshot({ path: `${SHOTS}/uploader-progress.png`, fullPage: true });
    release();

    await toast(page, "Upload concluído").getByText("3 imagens enviadas com sucesso.").waitFor();
    expect(await progress.getByText("Concluído").count()).toBe(3);
    // The progress list clears 2 s after the batch.
    await progress.waitFor({ state: "detached", timeout: 4000 });
    await page.unroute("**/api/imagens");

    // Every body was a JPEG at most 1200 × 800 (quality 0.8), made by the browser: the 12-megapixel photo fits 1067 × 800.
    expect(bodies.map((b) => b.type)).toEqual(["image/jpeg", "image/jpeg", "image/jpeg"]);
    const sizes = await Promise.all(bodies.map(async (b) => sharp(b.bytes).metadata()));
    expect(sizes.map((m) => [m.format, m.width, m.height, m.exif])).toEqual(
      expect.arrayContaining([
        ["jpeg", 1067, 800, undefined],
        ["jpeg", 500, 400, undefined],
        ["jpeg", 640, 480, undefined],
      ]),
    );
    expect(Math.max(...bodies.map((b) => b.size))).toBeLessThan(1_000_000);

    // In the order chosen, the first marked as the cover; the form gets the ids in that order.
    const staged = await t.app.services.database.db.select().from(imageUploads).where(eq(imageUploads.userId, userId));
    expect(staged).toHaveLength(3);
    const ids = await imageIds(page);
    const widthOf = (id: string) => staged.find((s) => s.id === id)!.width;
    expect(ids.map(widthOf)).toEqual([1067, 500, 640]);
    await expect(photos(page).count()).resolves.toBe(3);
    await photos(page).nth(0).getByText("Capa").waitFor();
    expect(await page.getByText("Capa", { exact: true }).count()).toBe(1);
    await page.getByText("3 de 10 imagens.", { exact: false }).waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/uploader-photos.png`, fullPage: true });

    // Reorder by keyboard: the third photo moves left twice and becomes the cover; the focus stays on its buttons.
    const moveLeft = page.getByRole("button", { name: "Mover foto 3 para a esquerda" });
    await moveLeft.focus();
    await page.keyboard.press("Enter");
    expect((await imageIds(page)).map(widthOf)).toEqual([1067, 640, 500]);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Mover foto 2 para a esquerda");
    await page.keyboard.press("Enter");
    expect((await imageIds(page)).map(widthOf)).toEqual([640, 1067, 500]);
    // At the first place "left" is disabled: the focus went to "right".
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Mover foto 1 para a direita");
    await page.getByRole("status").filter({ hasText: "agora é a capa" }).waitFor({ state: "attached" });
    expect(await photos(page).nth(0).getByText("Capa").count()).toBe(1);
    expect(await page.getByRole("button", { name: "Mover foto 1 para a esquerda" }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Mover foto 3 para a direita" }).isDisabled()).toBe(true);

    // Remove: off the list (the server deletes files when the form is saved, or the cleanup does).
    await page.getByRole("button", { name: "Remover foto 2" }).click();
    await toast(page, "Imagem removida").waitFor();
    expect((await imageIds(page)).map(widthOf)).toEqual([640, 500]);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Remover foto 2");
    await context.close();
  });

  it("refuses wrong types, files over 50MB and a renamed text file with the spec's messages; at 10 photos the zone is disabled", async () => {
    const { page, context } = await premiumHostPage();

    await chooseByKeyboard(page, ["animado.gif"], "Space");
    await toast(page, "Tipo de arquivo não suportado. Use JPEG, PNG ou WebP.").getByText("animado.gif").waitFor();
    await chooseByKeyboard(page, ["enorme.jpg"]);
    await toast(page, "Arquivo muito grande. Máximo 50MB.").getByText("enorme.jpg").waitFor();
    // Called .jpg, but text: the browser cannot read it, the server says why.
    await chooseByKeyboard(page, ["nota.jpg"]);
    await toast(page, "Erro no upload").getByText("nota.jpg: Tipo de arquivo não suportado. Use JPEG, PNG ou WebP.").waitFor();
    await page.getByRole("list", { name: "Envio das imagens" }).getByText("Erro").waitFor();
    expect(await photos(page).count()).toBe(0);

    // Dropped files upload too (a portrait photo turned upright by its EXIF orientation).
    const bytes = [...(await fs.readFile(path.join(dir, "retrato.jpg")))];
    const transfer = await page.evaluateHandle((data) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(data)], "retrato.jpg", { type: "image/jpeg" }));
      return dt;
    }, bytes);
    await zone(page).dispatchEvent("dragenter", { dataTransfer: transfer });
    await page.getByText("Solte as imagens aqui").waitFor();
    await zone(page).dispatchEvent("drop", { dataTransfer: transfer });
    await toast(page, "Upload concluído").getByText("1 imagem enviada com sucesso.").waitFor();
    await photos(page).first().waitFor();
    const cover = await photos(page).first().getByRole("img").evaluate((img) => new Promise<number[]>((resolve) => {
      const image = img as HTMLImageElement;
      const done = () => resolve([image.naturalWidth, image.naturalHeight]);
      if (image.complete) done();
      else image.onload = done;
    }));
    expect(cover).toEqual([400, 600]);

    // Choosing more than fit: the first ones up to 10 are sent, the rest refused with the spec's alert.
    await chooseByKeyboard(page, ["extra-1.jpg", "extra-2.jpg", "extra-3.jpg", "extra-4.jpg", "extra-5.jpg", "extra-6.jpg", "extra-7.jpg", "extra-8.jpg", "praia.jpg", "lago.webp"]);
    await toast(page, "Máximo de 10 imagens permitidas").getByText("1 imagem não foi adicionada.").waitFor();
    await toast(page, "Upload concluído").getByText("9 imagens enviadas com sucesso.").waitFor();
    await expect(photos(page).count()).resolves.toBe(10);
    expect(await imageIds(page)).toHaveLength(10);

    // Full: disabled, saying why, out of the tab order; a drop only repeats the alert.
    await zone(page).and(page.locator('[aria-disabled="true"]')).waitFor();
    expect(await zone(page).getAttribute("tabindex")).toBe("-1");
    await zone(page).getByText("Máximo de 10 imagens permitidas").waitFor();
    await toast(page, "Máximo de 10 imagens permitidas").first().waitFor();
    const before = await toast(page, "Máximo de 10 imagens permitidas").count();
    await zone(page).dispatchEvent("drop", { dataTransfer: transfer });
    await expect.poll(() => toast(page, "Máximo de 10 imagens permitidas").count()).toBeGreaterThan(before);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/uploader-full.png`, fullPage: true });

    // Removing one enables it again.
    await page.getByRole("button", { name: "Remover foto 10" }).click();
    await zone(page).and(page.locator(":not([aria-disabled])")).waitFor();
    expect(await zone(page).getAttribute("tabindex")).toBe("0");
    await context.close();
  });

  it("sends a file again after the wait a busy server names (503, Retry-After), and says so if the server stays busy", async () => {
    const { page, context } = await premiumHostPage();
    // The server's busy answer (its own test: tests/integration/image-upload.test.ts), given here on demand.
    const busy = { status: 503, headers: { "retry-after": "1" }, json: refusalJson({ status: 503, title: UPLOAD_MESSAGES.busy }) };
    let busyFor = 1;
    let sent = 0;
    await page.route("**/api/imagens", async (route) => {
      sent++;
      if (sent <= busyFor) await route.fulfill(busy);
      else await route.continue();
    });
    await chooseByKeyboard(page, ["lago.webp"]);
    await toast(page, "Upload concluído").getByText("1 imagem enviada com sucesso.").waitFor();
    expect(sent).toBe(2);
    expect(await photos(page).count()).toBe(1);

    // Busy through every try: 1 + 3 sends, then the server's message on the file's error.
    sent = 0;
    busyFor = Infinity;
    await chooseByKeyboard(page, ["varanda.png"]);
    await toast(page, "Erro no upload").getByText(`varanda.png: ${UPLOAD_MESSAGES.busy}`).waitFor();
    expect(sent).toBe(4);
    expect(await photos(page).count()).toBe(1);
    await expectAccessible(page);
    await context.close();
  });
});
