import fs from "node:fs/promises";
import type { BrowserContextOptions, Locator, Page } from "playwright-core";
import AxeBuilder from "@axe-core/playwright";
import { beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { insertHost, insertProperty } from "../support/factories";
import { openPage, reachFor, waitForHydration } from "./helpers";

const SHOTS = "/tmp/shots-filters";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
/** Gramado - RS. */
const GRAMADO = { latitude: -29.3746, longitude: -50.8764 };

/** Waits until the results of the page's current URL have rendered (not the previous ones, not skeletons). */
async function results(page: Page) {
  const { pathname, search } = new URL(page.url());
  await page.locator(`main section[data-results-for="${pathname}${search}"]`).waitFor();
}
async function resultCount(page: Page): Promise<number> {
  const text = (await page.locator("main section[data-results-for]").getByText(/propriedades? encontradas?|Nenhuma propriedade/).first().textContent()) ?? "";
  return Number(text.match(/\d+/)?.[0] ?? 0);
}

const labelText = (box: Locator) => box.evaluate((el) => el.closest("label")?.textContent ?? "");

/** An option's count, once the counts have arrived: "Wi-Fi (12)" -> 12. */
async function optionCount(option: Locator): Promise<number> {
  await expect.poll(() => labelText(option), { timeout: 10_000 }).toMatch(/\(\d+\)$/);
  return Number((await labelText(option)).match(/\((\d+)\)$/)![1]);
}

/** The first option of a group (by its legend) that finds something, with its count. */
async function firstFinding(dialog: Locator, legend: string): Promise<{ box: Locator; name: string; count: number }> {
  const boxes = dialog.getByRole("group", { name: legend }).getByRole("checkbox");
  for (let i = 0; i < (await boxes.count()); i++) {
    const box = boxes.nth(i);
    const count = await optionCount(box);
    if (count > 0) return { box, name: (await labelText(box)).replace(/ \(\d+\)$/, ""), count };
  }
  throw new Error(`no option of ${legend} finds anything`);
}

/** Ticks a box and waits for the counts to follow: the total becomes what that option found. */
async function tick(dialog: Locator, option: { box: Locator; count: number }) {
  await option.box.check();
  await dialog.getByRole("button", { name: `Mostrar ${option.count === 1 ? "1 hospedagem" : `${option.count} hospedagens`}` }).waitFor();
}

describe.skipIf(!hasChromium)("Mais filtros, sort and distance, Perto de mim, and a listing's attributes (demo catalogue, Chromium)", () => {
  const t = useBrowserApp(undefined, { demo: true });
  const slugs = {} as { stated: string; unstated: string };

  beforeAll(async () => {
    const db = t.app.database.db;
    const host = await insertHost(db);
    slugs.stated = (
      await insertProperty(db, host.id, { title: "Cabana com tudo informado", features: ["pets", "step-free", "road:terra", "signal:vivo", "signal:tim", "internet:satelite", "power:rede", "power:solar"] })
    ).slug;
    slugs.unstated = (await insertProperty(db, host.id, { title: "Cabana sem informação" })).slug;
  });

  const open = (path: string, options: BrowserContextOptions = {}) => openPage(t.app, t.browser, path, options);

  it("counts each option, ticks an amenity, a road and a carrier, and shows what the counts said", async () => {
    const { context, page } = await open("/category/glamping", DESKTOP);
    await reachFor(page, "filtros");
    const before = await resultCount(page);
    await page.getByRole("button", { name: "Mais filtros", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Mais filtros" });
    await dialog.getByRole("button", { name: `Mostrar ${before} hospedagens` }).waitFor();

    const amenity = await firstFinding(dialog, "Comodidades");
    await tick(dialog, amenity);
    const road = await firstFinding(dialog, "Acesso de carro");
    await tick(dialog, road);
    const signal = await firstFinding(dialog, "Sinal de celular");
    await tick(dialog, signal);
    // "Limpar" empties the groups (the counts follow); the boxes are ticked again.
    await dialog.getByRole("button", { name: "Limpar" }).click();
    await dialog.getByRole("button", { name: `Mostrar ${before} hospedagens` }).waitFor();
    await expect(dialog.getByRole("checkbox", { checked: true }).count()).resolves.toBe(0);
    for (const option of [amenity, road, signal]) await option.box.check();
    await dialog.getByRole("button", { name: `Mostrar ${signal.count === 1 ? "1 hospedagem" : `${signal.count} hospedagens`}` }).waitFor();

    await dialog.getByRole("button", { name: /^Mostrar/ }).click();
    await page.waitForURL((url) => url.searchParams.has("signal"));
    await results(page);
    await expect(dialog.isVisible()).resolves.toBe(false);
    const url = new URL(page.url());
    expect(url.searchParams.get("amenities")).toBe(amenity.name);
    expect(url.searchParams.get("road")).not.toBeNull();
    expect(url.searchParams.get("page")).toBeNull();
    await expect(resultCount(page)).resolves.toBe(signal.count);
    const chips = page.getByRole("group", { name: "Filtros aplicados" });
    await expect(chips.getByRole("link", { name: `Remover filtro: ${amenity.name}` }).count()).resolves.toBe(1);
    await expect(chips.getByRole("link", { name: `Remover filtro: Acesso: ${road.name}` }).count()).resolves.toBe(1);
    await expect(chips.getByRole("link", { name: /^Remover filtro: (Sinal|Sem sinal)/ }).count()).resolves.toBe(1);
    await expect(page.getByRole("button", { name: "Mais filtros · 3" }).count()).resolves.toBe(1);

    // The page's other filters keep them: a new order does not drop the ticked options.
    await page.getByLabel("Ordenar por").selectOption("price-low");
    await page.waitForURL(/sort=price-low/);
    expect(new URL(page.url()).searchParams.get("amenities")).toBe(amenity.name);
    await context.close();
  });

  it("works by keyboard alone: opens, Escape returns to the trigger, Space ticks, the last button applies", async () => {
    const { context, page } = await open("/category/chales", DESKTOP);
    await reachFor(page, "filtros", "keyboard");
    const trigger = page.getByRole("button", { name: "Mais filtros", exact: true });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Mais filtros" });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Mais filtros");

    await page.keyboard.press("Enter");
    await dialog.waitFor();
    await expect(page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).resolves.toBe("Fechar");
    await page.keyboard.press("Tab");
    await expect(page.evaluate(() => (document.activeElement as HTMLInputElement).value)).resolves.toBe("Wi-Fi");
    await page.keyboard.press("Space");
    await expect(dialog.getByRole("checkbox", { name: /^Wi-Fi/ }).isChecked()).resolves.toBe(true);
    // Focus stays in the dialog: back from the first control is the last one, "Mostrar …".
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toMatch(/^Mostrar/);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("amenities") === "Wi-Fi");
    await results(page);
    await context.close();
  });

  it("is accessible with the dialog open, light and dark, on a phone and a desktop", async () => {
    await fs.mkdir(SHOTS, { recursive: true });
    for (const colorScheme of ["light", "dark"] as const) {
      for (const [name, size] of [["390", PHONE], ["1280", DESKTOP]] as const) {
        const { context, page } = await open("/category/cabanas?location=Gramado+-+RS&raio=100", { ...size, colorScheme });
        await reachFor(page, "filtros");
        // On a phone the filters beyond the search are folded under "Filtros".
        if (name === "390") await page.getByRole("button", { name: "Filtros", exact: true }).click();
        await page.getByRole("button", { name: "Mais filtros", exact: true }).click();
        const dialog = page.getByRole("dialog", { name: "Mais filtros" });
        await dialog.getByRole("button", { name: /^Mostrar \d+ hospedage/ }).waitFor();
        await page.screenshot({ path: `${SHOTS}/category-dialog-${name}-${colorScheme}.png` });
        await expectAccessible(page);
        await dialog.getByRole("button", { name: "Fechar" }).click();
        await page.screenshot({ path: `${SHOTS}/category-${name}-${colorScheme}.png`, fullPage: name === "390" });
        await expectAccessible(page);
        await context.close();
      }
    }
  });

  it.each([
    [390, "light"],
    [390, "dark"],
    [1280, "light"],
    [1280, "dark"],
  ] as const)("the price slider's thumbs are targets of at least 24px (WCAG 2.2), at %ipx (%s)", async (width, colorScheme) => {
    const { page, context } = await open("/category/chales", { viewport: { width, height: 900 }, colorScheme });
    if (width < 1024) await page.getByRole("button", { name: "Filtros", exact: true }).click();
    const low = page.getByRole("slider", { name: "Preço mínimo" });
    await low.waitFor();
    const box = (await low.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(24);
    // axe leaves target size out of its default rules: asked for by name.
    const results = await new AxeBuilder({ page }).withRules(["target-size"]).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await context.close();
  });

  it("without JavaScript, Mais filtros is a section of the GET form", async () => {
    const context = await t.browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${t.app.url}/category/glamping?sort=price-low`);
    await page.getByText("Mais filtros", { exact: true }).click();
    await page.getByRole("checkbox", { name: "Wi-Fi" }).check();
    await page.getByRole("checkbox", { name: "Aceita pets" }).check();
    await page.getByRole("button", { name: "Mostrar hospedagens" }).click();
    await page.waitForURL((url) => url.searchParams.has("amenities"));
    const url = new URL(page.url());
    expect(url.searchParams.get("amenities")).toBe("Wi-Fi");
    expect(url.searchParams.get("features")).toBe("petsAllowed");
    expect(url.searchParams.get("sort")).toBe("price-low");
    await expect(page.getByRole("link", { name: "Remover filtro: Aceita pets" }).count()).resolves.toBe(1);
    await expect(page.getByText("Mais filtros · 2", { exact: true }).count()).resolves.toBe(1);
    await context.close();
  });

  it("home results: Mais filtros beside the search form; on a phone, a section of the drawer", async () => {
    const desktop = await open("/?propertyType=Cabana", DESKTOP);
    await fs.mkdir(SHOTS, { recursive: true });
    await desktop.page.screenshot({ path: `${SHOTS}/home-results-1280.png` });
    await desktop.page.getByRole("button", { name: "Mais filtros", exact: true }).click();
    const dialog = desktop.page.getByRole("dialog", { name: "Mais filtros" });
    const pets = dialog.getByRole("checkbox", { name: /^Aceita pets/ });
    const count = await optionCount(pets);
    await tick(dialog, { box: pets, count });
    await dialog.getByRole("button", { name: /^Mostrar/ }).click();
    await desktop.page.waitForURL((url) => url.searchParams.get("features") === "petsAllowed" && url.searchParams.get("propertyType") === "Cabana");
    await results(desktop.page);
    await expect(resultCount(desktop.page)).resolves.toBe(count);
    await desktop.context.close();

    const phone = await open("/", PHONE);
    await phone.page.getByRole("button", { name: "Filtros" }).click();
    const drawer = phone.page.getByRole("dialog", { name: "Filtros" });
    await drawer.getByText("Mais filtros", { exact: true }).click();
    const fibra = drawer.getByRole("checkbox", { name: /^Fibra/ });
    await optionCount(fibra);
    await fibra.check();
    await expectAccessible(phone.page);
    await phone.page.screenshot({ path: `${SHOTS}/drawer-390.png` });
    await drawer.getByRole("button", { name: "Buscar" }).click();
    await phone.page.waitForURL((url) => url.search === "?internet=fibra");
    await results(phone.page);
    await phone.context.close();
  });

  it("sorts by distance, and offers the distance, only around a place", async () => {
    const { context, page } = await open("/category/chales", DESKTOP);
    const sortOptions = () => page.getByLabel("Ordenar por").locator("option").allTextContents();
    await expect(sortOptions()).resolves.toEqual(["Mais recentes", "Menor preço", "Maior preço"]);
    await expect(page.getByLabel("Distância").count()).resolves.toBe(0);

    await page.goto(`${t.app.url}/category/chales?location=Gramado+-+RS`);
    await waitForHydration(page);
    await expect(sortOptions()).resolves.toEqual(["Mais próximos", "Mais recentes", "Menor preço", "Maior preço"]);
    await expect(page.getByLabel("Ordenar por").inputValue()).resolves.toBe("distance");
    await expect(page.getByLabel("Distância").inputValue()).resolves.toBe("50");
    await expect(page.getByLabel("Distância").locator("option").allTextContents()).resolves.toEqual(["Até 10 km", "Até 25 km", "Até 50 km", "Até 100 km"]);
    await page.getByLabel("Distância").selectOption("100");
    await page.waitForURL((url) => url.searchParams.get("raio") === "100");
    await results(page);
    await page.getByLabel("Ordenar por").selectOption("newest");
    await page.waitForURL((url) => url.searchParams.get("sort") === "newest");
    await results(page);
    // Back to the search's own order: the URL leaves it implicit.
    await page.getByLabel("Ordenar por").selectOption("distance");
    await page.waitForURL((url) => !url.searchParams.has("sort") && url.searchParams.get("raio") === "100");
    await results(page);

    // The home's results offer it too, beside the order.
    await page.goto(`${t.app.url}/?location=Gramado+-+RS`);
    await waitForHydration(page);
    await expect(page.getByLabel("Distância").inputValue()).resolves.toBe("50");
    await page.getByLabel("Distância").selectOption("25");
    await page.waitForURL((url) => url.searchParams.get("raio") === "25");
    await results(page);
    await expect(page.getByRole("link", { name: /Gramado - RS · até 25 km/ }).count()).resolves.toBe(1);
    await context.close();
  });

  it("Perto de mim searches around the guest's position, nearest first", async () => {
    const { context, page } = await open("/", { ...DESKTOP, geolocation: GRAMADO, permissions: ["geolocation"] });
    await waitForHydration(page);
    await reachFor(page, "busca-inicio");
    await page.getByRole("button", { name: "Perto de mim" }).click();
    await page.waitForURL((url) => url.searchParams.get("near") === "-29.37,-50.88");
    await results(page);
    const distances = (await page.locator("main article").getByText(/^a \d+ km de você$/).allTextContents()).map((d) => Number(d.match(/\d+/)![0]));
    expect(distances.length).toBeGreaterThan(0);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    await expect(page.getByRole("link", { name: /^Remover filtro: Perto de você/ }).count()).resolves.toBe(1);

    // On a category page too.
    await page.goto(`${t.app.url}/category/chales`);
    await waitForHydration(page);
    await reachFor(page, "filtros");
    await page.getByRole("button", { name: "Perto de mim" }).click();
    await page.waitForURL((url) => url.pathname === "/category/chales" && url.searchParams.get("near") === "-29.37,-50.88");
    await results(page);
    await expect(page.getByLabel("Ordenar por").inputValue()).resolves.toBe("distance");
    await context.close();
  });

  it("Perto de mim says so in Portuguese when the position is refused", async () => {
    const { context, page } = await open("/category/chales", DESKTOP);
    await reachFor(page, "filtros");
    await page.getByRole("button", { name: "Perto de mim" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "localização" }).textContent()).resolves.toBe(
      "Você não permitiu o acesso à sua localização. Libere a permissão no navegador ou digite uma cidade.",
    );
    expect(new URL(page.url()).search).toBe("");
    await context.close();
  });

  it("a listing shows what its host stated of access and structure, or that nothing was stated", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      for (const [name, size] of [["390", PHONE], ["1280", DESKTOP]] as const) {
        const { context, page } = await open(`/accommodation/${slugs.stated}`, { ...size, colorScheme });
        const section = page.getByRole("region", { name: "Acesso e estrutura" });
        await expect(section.getByRole("listitem").allTextContents()).resolves.toEqual([
          "Acessível: entrada sem degraus",
          "Acesso de carro: Estrada de terra",
          "Sinal de celular: Vivo, TIM",
          "Internet: Satélite",
          "Rede elétrica",
          "Energia solar",
        ]);
        // Pets are with the house rules.
        await expect(page.getByRole("region", { name: "Regras da casa" }).getByRole("listitem").allTextContents()).resolves.toEqual(["Aceita pets"]);
        await section.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/detail-${name}-${colorScheme}.png` });
        await expectAccessible(page);
        await context.close();
      }
    }
    const { context, page } = await open(`/accommodation/${slugs.unstated}`);
    await expect(page.getByRole("region", { name: "Acesso e estrutura" }).getByText("O anfitrião ainda não informou.").count()).resolves.toBe(1);
    await context.close();
  });
});
