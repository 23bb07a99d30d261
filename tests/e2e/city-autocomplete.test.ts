import { describe, expect, it } from "vitest";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { loginAsNewAccount, typeBeforeHydration, waitForHydration } from "./helpers";

describe.skipIf(!hasChromium)("city autocomplete on the profile's location and the home search, in Chromium", () => {
  const t = useBrowserApp();

  async function openProfileEditor(email: string, blockCities = false) {
    const context = await t.browser.newContext();
    if (blockCities) await context.route("**/brazilian-cities.json", (route) => route.abort());
    const page = await context.newPage();
    await loginAsNewAccount(page, t.app, "guest", { name: "Caio Cidades", email });
    await page.goto(`${t.app.url}/perfil?editar=1`);
    await waitForHydration(page);
    return { context, page, input: page.getByRole("combobox", { name: "Localização" }) };
  }

  it("suggests 'City - UF' without accents from two letters, by keyboard, and saves the choice", async () => {
    const { context, page, input } = await openProfileEditor("caio@example.com");
    await input.fill("s");
    await expect(input.getAttribute("aria-expanded")).resolves.toBe("false");
    await input.fill("sao jo");
    const options = page.getByRole("option");
    await options.first().waitFor();
    const labels = await options.allTextContents();
    expect(labels.length).toBeLessThanOrEqual(10);
    expect(labels).toContain("São João del Rei - MG");
    await expectAccessible(page);

    await input.press("ArrowDown");
    await expect(options.first().getAttribute("aria-selected")).resolves.toBe("true");
    await expect(input.getAttribute("aria-activedescendant")).resolves.toBe(await options.first().getAttribute("id"));
    await input.press("ArrowUp"); // wraps to the last one
    await expect(options.last().getAttribute("aria-selected")).resolves.toBe("true");
    await input.press("ArrowDown");
    await input.press("Enter");
    await expect(input.inputValue()).resolves.toBe(labels[0]);
    await expect(input.getAttribute("aria-expanded")).resolves.toBe("false");

    await input.fill("xyzq");
    await page.getByText('Nenhuma cidade encontrada para "xyzq"').waitFor();
    await input.press("Escape");
    await expect(input.getAttribute("aria-expanded")).resolves.toBe("false");

    await input.fill("tiradentes");
    await page.getByRole("option", { name: "Tiradentes - MG" }).click();
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await page.getByText("Perfil atualizado!").waitFor();
    await page.getByText("Tiradentes - MG").waitFor();
    await context.close();
  });

  it("closes shortly after leaving the field", async () => {
    const { context, page, input } = await openProfileEditor("bia@example.com");
    await input.fill("paraty");
    await page.getByRole("option", { name: "Paraty - RJ" }).waitFor();
    await page.getByLabel("Bio").focus();
    await expect.poll(() => input.getAttribute("aria-expanded")).toBe("false");
    await context.close();
  });

  it("falls back to the 20 largest cities when the list cannot be loaded", async () => {
    const { context, page, input } = await openProfileEditor("davi@example.com", true);
    await input.fill("sao");
    await page.getByText("Usando lista reduzida de cidades").waitFor();
    await expect(page.getByRole("option").allTextContents()).resolves.toEqual(["São Luís - MA", "São Paulo - SP", "São Gonçalo - RJ"]);
    await context.close();
  });

  it("keeps a place typed before the page hydrated when the field is focused again, and searches it", async () => {
    const context = await t.browser.newContext();
    const page = await context.newPage();
    const onde = page.getByRole("combobox", { name: "Onde" });
    await typeBeforeHydration(page, `${t.app.url}/`, () => onde.fill("Gramado - RS"));
    await page.getByLabel("O que procura?").click();
    await onde.click();
    await expect(onde.inputValue()).resolves.toBe("Gramado - RS");
    await page.getByRole("button", { name: "Buscar" }).click();
    await page.waitForURL((url) => url.searchParams.get("location") === "Gramado - RS");
    await context.close();
  });
});
