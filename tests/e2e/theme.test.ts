import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { waitForHydration } from "./helpers";

/** The opening <html …> tag of a server-rendered document. */
function htmlTag(source: string) {
  return source.match(/<html[^>]*>/)?.[0] ?? "";
}

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("dark"));
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe.skipIf(!hasChromium)("light, dark and system themes in Chromium", () => {
  const t = useBrowserApp();

  /** Picks a theme in the header menu and waits until the server has stored the choice. */
  async function chooseTheme(page: Page, label: "Claro" | "Escuro" | "Sistema") {
    await waitForHydration(page);
    await page.getByRole("button", { name: /^Tema:/ }).click();
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/tema") && r.request().method() === "POST");
    await page.getByRole("menuitemradio", { name: label }).click();
    expect((await saved).status()).toBe(200);
    await page.getByRole("button", { name: `Tema: ${label}` }).waitFor();
  }

  it("dark is applied at once, stored, and server-rendered on the next visit without a flash", async () => {
    const context = await t.browser.newContext({ colorScheme: "light" });
    const page = await context.newPage();
    const first = await page.goto(`${t.app.url}/`);
    expect(htmlTag(await first!.text())).toContain('data-theme="system"');
    await expect(isDark(page)).resolves.toBe(false);

    await chooseTheme(page, "Escuro");
    await expect(isDark(page)).resolves.toBe(true);

    const reloaded = await page.reload();
    const tag = htmlTag(await reloaded!.text());
    expect(tag).toContain('data-theme="dark"');
    expect(tag).toContain('class="dark"');
    await expect(isDark(page)).resolves.toBe(true);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Tema: Escuro" }).click();
    await expect(page.getByRole("menuitemradio", { name: "Escuro" }).getAttribute("aria-checked")).resolves.toBe("true");
    await page.keyboard.press("Escape");

    // Back to light: the server renders it light again.
    await chooseTheme(page, "Claro");
    await expect(isDark(page)).resolves.toBe(false);
    const light = htmlTag(await (await page.reload())!.text());
    expect(light).toContain('data-theme="light"');
    expect(light).not.toContain("dark");
    await context.close();
  });

  it("system follows the OS preference before the app's JavaScript runs", async () => {
    const context = await t.browser.newContext({ colorScheme: "dark" });
    const page = await context.newPage();
    await page.goto(`${t.app.url}/`);
    // Choose something else first, so that "Sistema" is a real change stored in the cookie.
    await chooseTheme(page, "Claro");
    await expect(isDark(page)).resolves.toBe(false);
    await chooseTheme(page, "Sistema");
    await expect(isDark(page)).resolves.toBe(true);

    // Without the app's bundles, only the inline <head> script can set the class: that is the first paint.
    await context.route("**/assets/**", (route) => route.abort());
    for (const colorScheme of ["dark", "light"] as const) {
      await page.emulateMedia({ colorScheme });
      const response = await page.goto(`${t.app.url}/como-funciona`);
      const tag = htmlTag(await response!.text());
      expect(tag, colorScheme).toContain('data-theme="system"');
      expect(tag, colorScheme).not.toContain('class="dark"');
      await expect(isDark(page), colorScheme).resolves.toBe(colorScheme === "dark");
    }
    await context.close();
  });

  it("without JavaScript, Sistema follows the OS from the stylesheet, and a chosen theme is kept", async () => {
    const withScripts = await t.browser.newContext({ colorScheme: "light" });
    const lightPage = await withScripts.newPage();
    await lightPage.goto(`${t.app.url}/como-funciona`);
    const light = await background(lightPage);
    await chooseTheme(lightPage, "Escuro");
    const dark = await background(lightPage);
    expect(dark).not.toBe(light);
    await chooseTheme(lightPage, "Claro");
    const chosenLight = await withScripts.storageState();
    await withScripts.close();

    for (const [colorScheme, expected] of [["dark", dark], ["light", light]] as const) {
      const context = await t.browser.newContext({ javaScriptEnabled: false, colorScheme });
      const page = await context.newPage();
      await page.goto(`${t.app.url}/como-funciona`);
      await expect(isDark(page), colorScheme).resolves.toBe(false);
      await expect(background(page), `Sistema on a ${colorScheme} OS`).resolves.toBe(expected);
      await context.close();
    }
    const kept = await t.browser.newContext({ javaScriptEnabled: false, colorScheme: "dark", storageState: chosenLight });
    const page = await kept.newPage();
    await page.goto(`${t.app.url}/como-funciona`);
    await expect(background(page), "Claro on a dark OS").resolves.toBe(light);
    await kept.close();
  });

  it("going from Escuro to Sistema on a dark OS stays dark, also after the page data reloads", async () => {
    const context = await t.browser.newContext({ colorScheme: "dark" });
    const page = await context.newPage();
    await page.goto(`${t.app.url}/`);
    await chooseTheme(page, "Escuro");
    await chooseTheme(page, "Sistema");
    await expect(isDark(page)).resolves.toBe(true);
    await page.getByRole("link", { name: "Como funciona" }).first().click();
    await page.waitForURL(`${t.app.url}/como-funciona`);
    await expect(isDark(page)).resolves.toBe(true);
    await context.close();
  });

  it("follows OS changes only while Sistema is chosen", async () => {
    const context = await t.browser.newContext({ colorScheme: "light" });
    const page = await context.newPage();
    await page.goto(`${t.app.url}/`);
    const light = await background(page);
    await chooseTheme(page, "Claro");
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(isDark(page)).resolves.toBe(false);
    // The stylesheet's own dark (for Sistema without scripts) must not apply to a chosen Claro either.
    await expect(background(page)).resolves.toBe(light);

    await page.reload();
    await chooseTheme(page, "Escuro");
    await chooseTheme(page, "Sistema");
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => isDark(page)).toBe(false);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => isDark(page)).toBe(true);
    await context.close();
  });

  it("the header's button shows the chosen theme: its icon, and 'Tema: …' for screen readers and as a tooltip", async () => {
    const context = await t.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${t.app.url}/`);
    // From the default "Sistema": each choice is a change.
    const icons = [["Escuro", "moon"], ["Claro", "sun"], ["Sistema", "monitor"]] as const;
    for (const [label, icon] of icons) {
      await chooseTheme(page, label);
      const button = page.getByRole("button", { name: `Tema: ${label}` });
      await expect(button.getAttribute("title")).resolves.toBe(`Tema: ${label}`);
      await expect(button.locator("svg use").getAttribute("href")).resolves.toMatch(new RegExp(`\\.svg#${icon}$`));
    }
    await context.close();
  });

  it("dark mode passes axe on / and /login", async () => {
    const context = await t.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${t.app.url}/`);
    await chooseTheme(page, "Escuro");
    await page.reload();
    await expect(isDark(page)).resolves.toBe(true);
    await expectAccessible(page);
    await page.goto(`${t.app.url}/login`);
    await expect(isDark(page)).resolves.toBe(true);
    await page.getByRole("heading", { level: 1, name: "Entrar no Recanto" }).waitFor();
    await expectAccessible(page);
    await context.close();
  });
});
