import { describe, expect, it } from "vitest";
import { hasChromium, useBrowserApp } from "../support/browser";
import { waitForHydration } from "./helpers";

describe.skipIf(!hasChromium)("the header's menus in Chromium", () => {
  const t = useBrowserApp();

  async function freshPage() {
    const context = await t.browser.newContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${t.app.url}/como-funciona`);
    await waitForHydration(page);
    const menuCode = () => scripts.filter((path) => /\/header-menus-[\w-]+\.js$/.test(path));
    return { context, page, menuCode };
  }

  it("loads the menus' code when one is wanted, not with the page; a click opens the menu at once", async () => {
    const { context, page, menuCode } = await freshPage();
    expect(menuCode()).toEqual([]);
    await page.getByRole("button", { name: /^Tema:/ }).click();
    await page.getByRole("menuitemradio", { name: "Escuro" }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    await page.getByRole("button", { name: "Tema: Escuro" }).waitFor();
    expect(menuCode()).toHaveLength(1);
    await context.close();
  });

  it("by keyboard: Enter opens on the first item, arrows move, Escape closes back on the button; later opens work alike", async () => {
    const { context, page } = await freshPage();
    const button = page.getByRole("button", { name: "Menu da conta" });
    await button.focus();
    await page.keyboard.press("Enter");
    const first = page.getByRole("menuitem", { name: "Entrar" });
    await first.waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent === "Entrar");
    await page.keyboard.press("ArrowDown");
    await page.waitForFunction(() => document.activeElement?.textContent === "Cadastre-se");
    await page.keyboard.press("Escape");
    await first.waitFor({ state: "detached" });
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.activeElement?.textContent === "Entrar");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/login");
    await context.close();
  });
});
