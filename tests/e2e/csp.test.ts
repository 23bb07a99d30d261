import { describe, expect, it } from "vitest";
import { hasChromium, useBrowserApp } from "../support/browser";
import { waitForHydration } from "./helpers";

describe.skipIf(!hasChromium)("the Content-Security-Policy in Chromium", () => {
  const t = useBrowserApp();

  it("lets the app hydrate and work while blocking nothing of ours", async () => {
    const context = await t.browser.newContext();
    const page = await context.newPage();
    const violations: string[] = [];
    page.on("console", (msg) => {
      if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
    });
    for (const path of ["/", "/login", "/cadastro", "/central-ajuda"]) {
      await page.goto(`${t.app.url}${path}`);
      await waitForHydration(page);
    }
    await page.getByRole("button", { name: "Menu da conta" }).click();
    await page.getByRole("menuitem", { name: "Entrar" }).waitFor();
    expect(violations).toEqual([]);
    await context.close();
  });
});
