import { describe, expect, it } from "vitest";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { waitForHydration } from "./helpers";

const PAGES = [
  { path: "/central-ajuda", h1: "Central de Ajuda" },
  { path: "/como-funciona", h1: "Como funciona" },
  { path: "/politica-cancelamento", h1: "Política de cancelamento" },
  { path: "/termos-uso", h1: "Termos de Uso" },
  { path: "/termos", h1: "Termos de Uso" },
  { path: "/privacidade", h1: "Política de Privacidade" },
  { path: "/anuncie-conosco", h1: "Anuncie conosco" },
];

describe.skipIf(!hasChromium)("static pages, 404 and footer links in Chromium", () => {
  const t = useBrowserApp();

  it("every informational page answers 200 with its title, the disclaimer and no serious axe violation", async () => {
    const context = await t.browser.newContext();
    // Two pages at a time: axe is the slow part and runs in each page's own renderer.
    const articles: Record<string, string> = {};
    const queue = [...PAGES];
    async function worker() {
      const page = await context.newPage();
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { path, h1 } = next;
        const response = await page.goto(`${t.app.url}${path}`);
        expect(response?.status(), path).toBe(200);
        await expect(page.getByRole("heading", { level: 1 }).allTextContents(), path).resolves.toEqual([h1]);
        const disclaimer = page.getByRole("complementary", { name: "Aviso de responsabilidade" });
        await expect(disclaimer.textContent(), path).resolves.toContain("Não participamos, não intermediamos");
        articles[path] = await page.locator("article").innerText();
        await expectAccessible(page);
      }
    }
    await Promise.all([worker(), worker()]);
    // /termos is an alias: the very same page as /termos-uso.
    expect(articles["/termos"]).toBe(articles["/termos-uso"]);
    await context.close();
  });

  it("/privacidade names the data rights options and /anuncie-conosco leads to sign-up", async () => {
    const context = await t.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${t.app.url}/privacidade`);
    const privacy = await page.locator("article").innerText();
    expect(privacy).toContain("Baixar meus dados");
    expect(privacy).toContain("Excluir minha conta");

    await page.goto(`${t.app.url}/anuncie-conosco`);
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Quero anunciar" }).getAttribute("href")).resolves.toBe("/cadastro");
    await expect(main.getByRole("link", { name: "Criar conta de anfitrião" }).getAttribute("href")).resolves.toBe("/cadastro");
    await main.getByRole("link", { name: "Criar conta de anfitrião" }).click();
    await page.waitForURL(`${t.app.url}/cadastro`);
    await page.getByRole("heading", { level: 1, name: "Criar conta no Recanto" }).waitFor();
    await context.close();
  });

  it("the home page passes axe", async () => {
    const context = await t.browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(`${t.app.url}/`);
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "Encontre seu refúgio na natureza" }).waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it("an unknown path is a 404 page with a working link home, and passes axe", async () => {
    const context = await t.browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(`${t.app.url}/essa-pagina-nao-existe/mesmo`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Oops! Page not found");
    await expectAccessible(page);
    await page.getByRole("main").getByRole("link", { name: "Voltar ao início" }).click();
    await page.waitForURL(`${t.app.url}/`);
    await page.getByRole("heading", { level: 1, name: "Encontre seu refúgio na natureza" }).waitFor();
    await context.close();
  });

  it("every footer link leads to a real page, both server-rendered and by client navigation", async () => {
    const context = await t.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${t.app.url}/`);
    await waitForHydration(page);
    const footer = page.getByRole("contentinfo");
    const categories = footer.getByRole("navigation", { name: "Categorias" }).getByRole("link");
    const pages = footer.getByRole("navigation", { name: "Recanto" }).getByRole("link");
    await expect(categories.count()).resolves.toBe(6);
    await expect(pages.count()).resolves.toBe(6);
    const links = [...(await categories.all()), ...(await pages.all())];
    const targets: { name: string; href: string }[] = [];
    for (const link of links) targets.push({ name: (await link.textContent())!.trim(), href: (await link.getAttribute("href"))! });
    expect(targets.map((t) => t.href)).toEqual(expect.arrayContaining(PAGES.filter((p) => p.path !== "/termos").map((p) => p.path)));

    let title = await page.getByRole("heading", { level: 1 }).textContent();
    for (const { name, href } of targets) {
      // A full page load of the link's address…
      const response = await context.request.get(`${t.app.url}${href}`);
      expect(response.status(), href).toBe(200);
      const html = await response.text();
      expect(html, href).not.toContain("Categoria não encontrada");
      expect(html, href).not.toContain("Oops! Page not found");

      // …and a click on it in the footer, which every page has (client-side navigation: the document stays).
      await page.getByRole("contentinfo").getByRole("link", { name, exact: true }).click();
      await page.waitForURL(`${t.app.url}${href}`);
      const h1 = page.getByRole("heading", { level: 1 });
      await page.waitForFunction((previous) => document.querySelector("h1")?.textContent !== previous, title);
      title = await h1.textContent();
      expect(title, href).not.toBe("Categoria não encontrada");
      expect(title, href).not.toBe("Oops! Page not found");
      if (href.startsWith("/category/")) expect(title, href).toBe(name);
    }
    await context.close();
  });
});
