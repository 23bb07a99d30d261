import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { deferredScripts } from "../../app/lib/scripts-after-load";
import { PAGE_SETS_FILE } from "../../vite.config";
import { serverEntryPath, useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertHost, insertProperty } from "../support/factories";

/** The files every page loads: the client entry, the bundler's runtime, the root route, the shell and the routes' manifest. */
const EVERY_PAGE = new Set(["entry.client", "rolldown-runtime", "root", "shell", "manifest"]);

/** A chunk's name without its content hash: "category_home-gsiybCcS.js" -> "category_home". */
const chunkName = (file: string) => /assets\/(.+)-[\w-]{8}\.js$/.exec(file)?.[1] ?? file;

describe(`first-load scripts grouped by the pages that load them (${engine})`, () => {
  const t = useTestApp();
  /** The build's record of each chunk and the entries (pages, the shell, parts loaded on demand) that need all of it. */
  const servedBy: Record<string, string[]> = JSON.parse(fs.readFileSync(path.resolve(path.dirname(serverEntryPath), "..", PAGE_SETS_FILE), "utf8"));
  const pages: Record<string, string> = { home: "/", category: "/category/cabanas", login: "/login", planos: "/planos", "como-funciona": "/como-funciona" };

  beforeAll(async () => {
    const host = await insertHost(t.app.database.db);
    const property = await insertProperty(t.app.database.db, host.id);
    pages.accommodation = `/accommodation/${property.slug}`;
    pages["property-gallery"] = `/property-gallery/${property.slug}`;
  });

  it("a page preloads the shell, its own route and chunks whose every module it needs, in few files", async () => {
    for (const [route, url] of Object.entries(pages)) {
      const res = await fetch(t.app.url + url);
      expect(res.status, url).toBe(200);
      const html = await res.text();
      const files = deferredScripts(html).map((href) => href.slice(1));
      // Fetched once the page has loaded its styles and the first screen's images: nothing before.
      expect(html, url).not.toMatch(/<link rel="modulepreload"|<script[^>]* type="module"/);
      const names = files.map(chunkName);
      expect(names, url).toContain("shell");
      expect(names, url).toContain(route);
      const foreign = files.filter((file) => {
        const entries = servedBy[file];
        if (!entries) return !EVERY_PAGE.has(chunkName(file)); // not a chunk of this build (the routes' manifest is none)
        if (entries.length === 0) return !EVERY_PAGE.has(chunkName(file)) && chunkName(file) !== route;
        return !entries.includes(route) && !entries.includes("shell");
      });
      expect(foreign, `${url} preloads chunks holding code it does not need`).toEqual([]);
      // One chunk per module would be dozens (44 on the home page before the grouping).
      expect(files.length, url).toBeLessThanOrEqual(32);
    }
  });

  it("what the server alone draws stays out of the browser's first load: Mais filtros' boxes, the chips' wording", async () => {
    const html = await (await fetch(`${t.app.url}/category/cabanas?amenities=Wi-Fi`)).text();
    // The server drew both: the <details> section that serves without JavaScript, and the chip.
    expect(html).toContain("Para quem é");
    expect(html).toContain("Remover filtro: Wi-Fi");
    const code = await Promise.all(deferredScripts(html).map(async (href) => (await fetch(t.app.url + href)).text()));
    const holding = (text: string) => deferredScripts(html).filter((_, i) => code[i]!.includes(text));
    expect(holding("Para quem é"), "a group title of Mais filtros' boxes").toEqual([]);
    expect(holding("até 24 horas antes do check-in"), "a cancellation policy's text").toEqual([]);
    expect(holding("Perto de você · até"), "the chips' wording").toEqual([]);
  });

  it("the shell every page loads is React's own (React DOM's element tag and version, no Preact)", async () => {
    const html = await (await fetch(`${t.app.url}/login`)).text();
    const shell = deferredScripts(html).find((href) => chunkName(href.slice(1)) === "shell")!;
    const code = await (await fetch(t.app.url + shell)).text();
    const { version } = JSON.parse(fs.readFileSync("node_modules/react-dom/package.json", "utf8")) as { version: string };
    expect(code).toContain("react.transitional.element");
    expect(code).toContain(version);
    expect(code).not.toMatch(/preact/i);
  });
});
