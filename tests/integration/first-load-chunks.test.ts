import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertHost, insertProperty } from "../support/factories";

/** The files every page loads: the client entry, the bundler's runtime, the root route and the shell. */
const EVERY_PAGE = new Set(["entry.client", "rolldown-runtime", "root", "shell"]);

/** A chunk's name without its content hash: "category_home-gsiybCcS.js" -> "category_home". */
const chunkName = (href: string) => /\/assets\/(.+)-[\w-]{8}\.js$/.exec(href)?.[1] ?? href;

describe(`first-load scripts grouped by the pages that load them (${engine})`, () => {
  const t = useTestApp();
  const pages: Record<string, string> = { home: "/", category: "/category/cabanas", login: "/login", planos: "/planos", "como-funciona": "/como-funciona" };

  beforeAll(async () => {
    const host = await insertHost(t.app.database.db);
    const property = await insertProperty(t.app.database.db, host.id);
    pages.accommodation = `/accommodation/${property.slug}`;
    pages["property-gallery"] = `/property-gallery/${property.slug}`;
  });

  it("a page preloads the shell, its own route and chunks of modules it shares with other pages, named by them, and nothing named after a single module", async () => {
    for (const [route, path] of Object.entries(pages)) {
      const res = await fetch(t.app.url + path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      const chunks = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => chunkName(m[1]!));
      expect(chunks, path).toContain("shell");
      expect(chunks, path).toContain(route);
      // A set of up to three is named by its members ("category_favoritos_home"); a wider one by a hash of them.
      const strangers = chunks.filter((name) => !EVERY_PAGE.has(name) && name !== route && !name.split("_").includes(route) && !name.startsWith("shared-"));
      expect(strangers, `${path} loads chunks named for other pages or for single modules`).toEqual([]);
    }
  });
});
