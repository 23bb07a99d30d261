import fs from "node:fs/promises";
import { and, asc, eq } from "drizzle-orm";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_MESSAGES } from "../../common/image-upload";
import { imageUrl } from "../../common/media";
import { fraudPhotoHashes, imageUploads, properties, propertyImages } from "../../server/db/schema";
import { PHOTO_MATCH_DISTANCE } from "../../server/media/photo-hash";
import { moderate } from "../../server/moderation/moderation";
import { createTestAccount, signIn, type TestAuthenticator } from "../support/accounts";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { formBody, LISTING_FORM, postForm } from "../support/listings";
import { resizedCopy, scenePhoto } from "../support/scenes";
import { uploadPhoto } from "../support/uploads";
import { loginViaForm, waitForHydration } from "./helpers";

const SHOTS = "/tmp/shots-photos";
const ORIGINAL_TITLE = "Cabana original da serra";
const COPY_TITLE = "Cabana copiada da serra";
const COPY_FILE = "cabana-copiada.jpg";
const REASON = "As fotos são de outra hospedagem, copiadas de um anúncio real.";
/** A photo-like scene (tests/support/scenes.ts), 1200 × 800: host A's photo. */
const SCENE = 1;

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]", { hasText: text });
const zone = (page: Page) => page.getByRole("button", { name: /^Adicionar fotos/ });
const formPhotos = (page: Page) => page.getByRole("list", { name: "Fotos da propriedade (a primeira é a capa)" }).getByRole("listitem");

/** Waits until a (lazy) image has loaded, scrolling it into view first; its natural width. */
async function loadedWidth(image: Locator): Promise<number> {
  await image.scrollIntoViewIfNeeded();
  return image.evaluate(
    (img) =>
      new Promise<number>((resolve) => {
        const image = img as HTMLImageElement;
        if (image.complete) return resolve(image.naturalWidth);
        image.addEventListener("load", () => resolve(image.naturalWidth), { once: true });
        image.addEventListener("error", () => resolve(0), { once: true });
      }),
  );
}

describe.skipIf(!hasChromium)("stolen photos in Chromium: a resized, recompressed copy shows beside the original in moderation, and once refused for fraud it is refused at upload", () => {
  const t = useBrowserApp();
  const db = () => t.app.services.database.db;

  let original: { id: string; key: string };
  let copy: { id: string; key: string };
  let copyPhoto: Buffer;
  let hostB: { id: string; email: string; name: string };
  let operator: { id: string; email: string; authenticator: TestAuthenticator | null };
  /** Host B's browser, kept from listing the copy to trying it again. */
  let hostContext: BrowserContext;
  let hostPage: Page;
  /** The operator's browser, signed in once (the second factor included). */
  let operatorContext: BrowserContext;
  let operatorPage: Page;

  afterAll(async () => {
    await hostContext?.close();
    await operatorContext?.close();
  });

  /** Opens the add-listing form's file picker from its drop zone and chooses the copy. */
  async function chooseCopy(page: Page) {
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), zone(page).click()]);
    await chooser.setFiles({ name: COPY_FILE, mimeType: "image/jpeg", buffer: copyPhoto });
  }

  async function openAddListing(page: Page) {
    await page.goto(`${t.app.url}/adicionar-propriedade`);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "Adicionar Propriedade" }).waitFor();
  }

  beforeAll(async () => {
    await fs.mkdir(SHOTS, { recursive: true });
    const photo = await scenePhoto(SCENE);
    // The copy someone saves from host A's listing: 60 % of the width (720 × 480), JPEG quality 60.
    copyPhoto = await resizedCopy(photo, 0.6, 60);

    // Host A's approved listing, its photo uploaded as the form's uploader does (hashed at upload).
    const accountA = await createTestAccount(t.app, "premium-host", { name: "Ana Original" });
    const clientA = await signIn(t.app, accountA.email);
    const uploaded = await uploadPhoto(clientA, t.app.url, photo);
    const saved = await postForm(clientA, t.app.url, "/adicionar-propriedade", formBody({ ...LISTING_FORM, title: ORIGINAL_TITLE }, { imageIds: [uploaded.id] }));
    expect(saved.status, await saved.clone().text()).toBe(302);
    const [row] = await db().select({ id: properties.id }).from(properties).where(eq(properties.hostId, accountA.id));
    const [image] = await db().select({ storageKey: propertyImages.storageKey }).from(propertyImages).where(eq(propertyImages.propertyId, row!.id));
    original = { id: row!.id, key: image!.storageKey };

    operator = await createTestAccount(t.app, "operator", { name: "Olga Operadora" });
    const approved = await moderate(t.app.services, operator.id, original.id, { kind: "approve" });
    expect(approved.ok).toBe(true);
    hostB = await createTestAccount(t.app, "premium-host", { name: "Bruno Copiador" });
  });

  it("host B lists the copy through the add-listing form's uploader: saved, and waiting for review", async () => {
    hostContext = await t.browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } });
    hostPage = await hostContext.newPage();
    const page = hostPage;
    await loginViaForm(page, t.app, hostB.email);
    await openAddListing(page);

    await chooseCopy(page);
    await toast(page, "Upload concluído").getByText("1 imagem enviada com sucesso.").waitFor();
    await expect.poll(() => formPhotos(page).count()).toBe(1);

    await page.getByLabel("Título").fill(COPY_TITLE);
    await page.getByLabel("Descrição").fill("Cabana de madeira com lareira e vista para a serra, perto das cachoeiras.");
    await page.getByLabel("Tipo de propriedade").selectOption("Cabana");
    await page.getByLabel("Localização", { exact: true }).fill("Urubici - SC");
    await page.getByLabel("Preço por noite (R$)").fill("350");
    await page.getByLabel("WhatsApp (com código do país)").fill("+55 48 99123-4567");
    await page.getByRole("button", { name: "Cadastrar Propriedade" }).click();
    await page.waitForURL(`${t.app.url}/minhas-propriedades`);
    await toast(page, "Propriedade cadastrada!").waitFor();
    await page.getByRole("article").getByText("Em análise").waitFor();

    const [row] = await db().select({ id: properties.id, status: properties.status }).from(properties).where(eq(properties.hostId, hostB.id));
    expect(row?.status).toBe("pending");
    const images = await db().select({ storageKey: propertyImages.storageKey }).from(propertyImages).where(eq(propertyImages.propertyId, row!.id));
    expect(images).toHaveLength(1);
    copy = { id: row!.id, key: images[0]!.storageKey };
    expect(copy.key).not.toBe(original.key);
  });

  it("the operator sees B's photo beside A's, A's listing linked, how they matched; axe passes in light and dark at 390 and 1280 px", async () => {
    operatorContext = await t.browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } });
    operatorPage = await operatorContext.newPage();
    const page = operatorPage;
    await loginViaForm(page, t.app, operator.email, undefined, operator.authenticator);
    await page.goto(`${t.app.url}/moderacao`);
    await waitForHydration(page);
    await page.locator("ol li", { hasText: COPY_TITLE }).getByRole("link", { name: COPY_TITLE }).click();
    await page.waitForURL(`${t.app.url}/moderacao/${copy.id}`);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: COPY_TITLE }).waitFor();

    const section = page.getByRole("region", { name: "Fotos parecidas em outros anúncios" });
    await section.getByText("1 foto parecida em anúncios de outros anfitriões: confira se são do mesmo lugar.").waitFor();
    const pairs = section.getByRole("listitem");
    await expect(pairs.count()).resolves.toBe(1);
    const pair = pairs.first();
    const ours = pair.locator("figure", { hasText: "Esta foto" }).locator("img");
    const theirs = pair.locator("figure", { hasText: "Foto do outro anúncio" }).locator("img");
    // B's photo, and A's: each its own stored file.
    await expect(ours.getAttribute("src")).resolves.toBe(imageUrl(copy.key, 800));
    await expect(theirs.getAttribute("src")).resolves.toBe(imageUrl(original.key, 800));

    // A's listing, linked to its own moderation page, with its host and status.
    const link = pair.getByRole("link", { name: ORIGINAL_TITLE });
    await expect(link.getAttribute("href")).resolves.toBe(`/moderacao/${original.id}`);
    await pair.getByText("Ana Original", { exact: true }).waitFor();
    await pair.getByText("Aprovada", { exact: true }).waitFor();
    // How they matched: the same photo, resized or recompressed, a few bits apart.
    const how = (await pair.locator("dd", { hasText: "distância" }).innerText()).trim();
    const matched = how.match(/^igual: a mesma foto, talvez redimensionada ou recomprimida \(distância (\d+) de 64 bits\)$/);
    expect(matched, how).not.toBeNull();
    expect(Number(matched![1])).toBeLessThanOrEqual(PHOTO_MATCH_DISTANCE);

    for (const colorScheme of ["light", "dark"] as const) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.emulateMedia({ colorScheme });
        await page.goto(`${t.app.url}/moderacao/${copy.id}`);
        await waitForHydration(page);
        await expect(page.evaluate(() => document.documentElement.classList.contains("dark"))).resolves.toBe(colorScheme === "dark");
        await section.waitFor();

        // Both photos loaded (the lazy ones once near), side by side on one row, B's on the left.
        expect(await loadedWidth(ours), `B's photo at ${width} px`).toBeGreaterThan(0);
        expect(await loadedWidth(theirs), `A's photo at ${width} px`).toBeGreaterThan(0);
        const [left, right] = [(await ours.boundingBox())!, (await theirs.boundingBox())!];
        expect(Math.abs(left.y - right.y), `same row at ${width} px`).toBeLessThan(2);
        expect(left.x + left.width).toBeLessThanOrEqual(right.x);
        expect(Math.abs(left.width - right.width)).toBeLessThan(2);
        if (width === 1280) expect(left.width).toBeGreaterThan(200);
        // Nothing sticks out of the section or makes the page scroll sideways.
        expect(await section.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

        await expectAccessible(page);
        await section.screenshot({ path: `${SHOTS}/secao-fotos-parecidas-${colorScheme}-${width}.png` });
        // From the top: a full-page shot taken scrolled down draws the sticky header over the content.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${SHOTS}/moderacao-fotos-parecidas-${colorScheme}-${width}.png`, fullPage: true });
      }
    }
  });

  it("the operator refuses B's listing for fraud; B's same copy is then refused in the add-listing form's uploader with the Portuguese message, and not added", async () => {
    const page = operatorPage;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(`${t.app.url}/moderacao/${copy.id}`);
    await waitForHydration(page);
    await page.getByLabel("Motivo da recusa").fill(REASON);
    await page.getByLabel("Golpe ou fotos de outro lugar: as fotos não poderão ser enviadas de novo").check();
    await page.getByRole("button", { name: "Recusar" }).click();
    await page.waitForURL(`${t.app.url}/moderacao`);
    await toast(page, "Propriedade recusada").getByText("1 foto não poderá ser enviada de novo.", { exact: false }).waitFor();
    await operatorContext.close();
    expect((await db().select({ status: properties.status }).from(properties).where(eq(properties.id, copy.id)))[0]?.status).toBe("rejected");
    const flagged = await db().select({ storageKey: fraudPhotoHashes.storageKey }).from(fraudPhotoHashes).where(eq(fraudPhotoHashes.propertyId, copy.id));
    expect(flagged.map((row) => row.storageKey)).toEqual([copy.key, copy.key, copy.key]);

    // B tries the same copy again in a new listing.
    const host = hostPage;
    const staged = () => db().select({ id: imageUploads.id }).from(imageUploads).where(eq(imageUploads.userId, hostB.id)).orderBy(asc(imageUploads.id));
    const stagedBefore = await staged();
    await openAddListing(host);
    await chooseCopy(host);
    // The file's row says "Erro" (for 2 s: the progress list then clears), the toast says why, in Portuguese.
    await host.getByRole("list", { name: "Envio das imagens" }).getByRole("listitem").filter({ hasText: COPY_FILE }).getByText("Erro", { exact: true }).waitFor();
    await toast(host, "Erro no upload").getByText(`${COPY_FILE}: ${UPLOAD_MESSAGES.fraud}`).waitFor();
    await host.getByRole("status").filter({ hasText: "0 imagens enviadas, 1 com erro." }).waitFor({ state: "attached" });
    await zone(host).scrollIntoViewIfNeeded();
    // The toast settled (it slides in), for a readable screenshot.
    await host.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))));
    await host.screenshot({ path: `${SHOTS}/uploader-foto-recusada-por-fraude.png` });
    // Not added: no photo in the form, no id to submit, nothing staged on the server.
    expect(await formPhotos(host).count()).toBe(0);
    expect(await host.locator('input[type="hidden"][name="imageIds"]').count()).toBe(0);
    await host.getByText("0 de 10 imagens.", { exact: false }).waitFor();
    expect(await staged()).toEqual(stagedBefore);
    expect(await db().select({ id: properties.id }).from(properties).where(and(eq(properties.hostId, hostB.id), eq(properties.status, "pending")))).toEqual([]);
    await hostContext.close();
  });
});
