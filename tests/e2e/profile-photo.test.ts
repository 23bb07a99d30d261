import fs from "node:fs/promises";
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { PROFILE_PHOTO_MESSAGES, UPLOAD_MESSAGES } from "../../common/image-upload";
import { imageUrl } from "../../common/media";
import { users } from "../../server/db/schema";
import { createTestAccount } from "../support/accounts";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { insertProperty } from "../support/factories";
import { photoJpeg } from "../support/images";
import { loginViaForm, waitForHydration } from "./helpers";

const SHOTS = "/tmp/shots";

/** A portrait-like photo: a face-coloured disc on a background, as a phone's JPEG would be. */
function portrait(background: string, width = 900, height = 1200) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${background}"/>
    <circle cx="${width / 2}" cy="${height * 0.4}" r="${width * 0.22}" fill="#e0ac69"/>
    <rect x="${width * 0.2}" y="${height * 0.62}" width="${width * 0.6}" height="${height * 0.4}" rx="${width * 0.2}" fill="#2f653d"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

const ANY_PHOTO_BUTTON = /^(Adicionar|Trocar) foto$/;
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]", { hasText: text }).first();
const accountButton = (page: Page) => page.getByRole("button", { name: /^Menu da conta/ });

/** The src of the loaded <img> inside `scope` (it must have decoded: a broken image fails). */
async function loadedImage(scope: Locator) {
  const img = scope.locator("img");
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  return img.evaluate((el: HTMLImageElement) => el.currentSrc);
}

describe.skipIf(!hasChromium)("a profile photo uploaded on /perfil, in the header and on the host's listing, in Chromium", () => {
  const t = useBrowserApp();
  const db = () => t.app.services.database.db;
  let host: Awaited<ReturnType<typeof createTestAccount>>;
  let slug: string;

  beforeAll(async () => {
    host = await createTestAccount(t.app, "premium-host", { name: "Helena Souza" });
    slug = (await insertProperty(db(), host.id, { title: "Chalé da Helena" })).slug;
    await fs.mkdir(SHOTS, { recursive: true });
  });

  async function signedIn(options: Parameters<typeof t.browser.newContext>[0] = {}) {
    const context = await t.browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 }, ...options });
    const page = await context.newPage();
    await loginViaForm(page, t.app, host.email);
    await page.goto(`${t.app.url}/perfil`);
    await waitForHydration(page);
    return { context, page };
  }

  /** Chooses a file through the page's own button ("Adicionar foto", or "Trocar foto" once there is one), as a person does. */
  async function choose(page: Page, button: "Adicionar foto" | "Trocar foto" | RegExp, file: { name: string; mimeType: string; buffer: Buffer }) {
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.getByRole("button", { name: button }).click()]);
    await chooser.setFiles(file);
  }

  const storedPhoto = async () => (await db().select({ image: users.image }).from(users).where(eq(users.id, host.id)))[0]!.image;

  it("uploads a photo, sees it in the header and on the listing, replaces it and removes it", async () => {
    const { context, page } = await signedIn();
    await expect(accountButton(page).innerText()).resolves.toContain("HS");
    await expect(page.getByRole("button", { name: "Remover foto" }).count()).resolves.toBe(0);

    await choose(page, "Adicionar foto", { name: "eu.jpg", mimeType: "image/jpeg", buffer: await portrait("#8dbb98") });
    await toast(page, PROFILE_PHOTO_MESSAGES.updated).waitFor();
    const first = (await storedPhoto())!;
    expect(first).toMatch(/^avatars\//);
    await expect(loadedImage(page.locator("main header picture"))).resolves.toContain(`/media/${first}-`);
    // The header's button shows it too (the 96 px square is enough for its 28 px), without reloading the page.
    await expect(loadedImage(accountButton(page))).resolves.toContain(`/media/${first}-96.`);
    await expect(accountButton(page).innerText()).resolves.not.toContain("HS");
    await expectAccessible(page);

    await page.goto(`${t.app.url}/accommodation/${slug}`);
    await waitForHydration(page);
    const hostSection = page.getByRole("region", { name: "Anfitrião" });
    await hostSection.getByText("Hospedado por Helena").waitFor();
    await expect(loadedImage(hostSection)).resolves.toContain(`/media/${first}-`);
    await expectAccessible(page);

    await page.goto(`${t.app.url}/perfil`);
    await waitForHydration(page);
    await choose(page, "Trocar foto", { name: "nova.png", mimeType: "image/png", buffer: await sharp(await portrait("#f1c27d", 1000, 700)).png().toBuffer() });
    await toast(page, PROFILE_PHOTO_MESSAGES.updated).waitFor();
    const second = (await storedPhoto())!;
    expect(second).not.toBe(first);
    await expect(loadedImage(accountButton(page))).resolves.toContain(`/media/${second}-96.`);
    expect((await page.request.get(`${t.app.url}${imageUrl(first, 256)}`)).status()).toBe(404);

    await page.getByRole("button", { name: "Remover foto" }).click();
    await toast(page, PROFILE_PHOTO_MESSAGES.removed).waitFor();
    await expect.poll(() => accountButton(page).innerText()).toContain("HS");
    expect(await storedPhoto()).toBeNull();
    expect((await page.request.get(`${t.app.url}${imageUrl(second, 256)}`)).status()).toBe(404);
    await context.close();
  });

  it("says why a file is refused, in Portuguese, and keeps the current photo", async () => {
    const { context, page } = await signedIn();
    const before = await storedPhoto();
    await choose(page, ANY_PHOTO_BUTTON, { name: "documento.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7") });
    await toast(page, PROFILE_PHOTO_MESSAGES.failed).getByText(UPLOAD_MESSAGES.type).waitFor();
    // Looks like a JPEG to the browser, but the server finds it cut short.
    const truncated = (await photoJpeg(600, 600)).subarray(0, 3000);
    await choose(page, ANY_PHOTO_BUTTON, { name: "cortada.jpg", mimeType: "image/jpeg", buffer: truncated });
    await toast(page, PROFILE_PHOTO_MESSAGES.failed).getByText(UPLOAD_MESSAGES.corrupt).waitFor();
    expect(await storedPhoto()).toBe(before);
    await context.close();
  });

  it.each(["light", "dark"] as const)("passes axe in the %s theme with a photo, on a phone and a desktop", async (colorScheme) => {
    const { context, page } = await signedIn({ colorScheme });
    if (await storedPhoto()) {
      await page.getByRole("button", { name: "Remover foto" }).click();
      await toast(page, PROFILE_PHOTO_MESSAGES.removed).waitFor();
    }
    // Without a photo: the initials, in the header and on the page.
    await expect.poll(() => accountButton(page).innerText()).toContain("HS");
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/perfil-sem-foto-1280-${colorScheme}.png`, clip: { x: 0, y: 0, width: 1280, height: 300 } });
    await choose(page, ANY_PHOTO_BUTTON, { name: "eu.jpg", mimeType: "image/jpeg", buffer: await portrait(colorScheme === "dark" ? "#5f9a6d" : "#b9d7c0") });
    await toast(page, PROFILE_PHOTO_MESSAGES.updated).waitFor();
    await context.close();
    for (const [name, viewport] of [
      ["1280", { width: 1280, height: 900 }],
      ["390", { width: 390, height: 844 }],
    ] as const) {
      const { context, page } = await signedIn({ colorScheme, viewport });
      await loadedImage(accountButton(page));
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/perfil-foto-${name}-${colorScheme}.png` });
      await page.goto(`${t.app.url}/accommodation/${slug}`);
      await waitForHydration(page);
      const hostSection = page.getByRole("region", { name: "Anfitrião" });
      await loadedImage(hostSection);
      await expectAccessible(page);
      await hostSection.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/anuncio-anfitriao-${name}-${colorScheme}.png` });
      await context.close();
    }
  });
});
