import { expect } from "vitest";
import type { TestApp } from "./app";

const unescape = (xml: string) => xml.replaceAll("&amp;", "&").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll("&apos;", "'");

/** Each <url> or <sitemap> entry of a sitemap or its index: its address and lastmod, if any. */
export function entriesOf(xml: string) {
  return [...xml.matchAll(/<(?:url|sitemap)>(.*?)<\/(?:url|sitemap)>/gs)].map(([, body]) => ({
    loc: unescape(/<loc>(.*?)<\/loc>/s.exec(body!)![1]!),
    lastmod: /<lastmod>(.*?)<\/lastmod>/s.exec(body!)?.[1],
  }));
}

/** Every entry of every file the sitemap index names, as a crawler reads them, with the files' own sizes. */
export async function readSitemap(app: TestApp) {
  const index = await fetch(`${app.url}/sitemap.xml`);
  expect(index.status).toBe(200);
  expect(index.headers.get("content-type")).toContain("application/xml");
  expect(index.headers.get("cache-control")).toContain("s-maxage");
  const files = entriesOf(await index.text()).map((e) => e.loc);
  const sizes: Record<string, number> = {};
  const entries: { loc: string; lastmod: string | undefined }[] = [];
  for (const file of files) {
    expect(file.startsWith(`${app.url}/sitemaps/`)).toBe(true);
    const res = await fetch(file);
    expect(res.status).toBe(200);
    const found = entriesOf(await res.text());
    sizes[file] = found.length;
    entries.push(...found);
  }
  return { files, sizes, entries, locs: entries.map((e) => e.loc) };
}
