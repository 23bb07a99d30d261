import fs from "node:fs";
import http, { type IncomingHttpHeaders } from "node:http";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { deferredScripts } from "../../app/lib/scripts-after-load";
import { PROPERTY_TYPES } from "../../common/catalog";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAs } from "../support/accounts";
import { serverEntryPath, useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertHost, insertProperty } from "../support/factories";
import type { Client } from "../support/http";

describe(`pages streamed through compression (${engine})`, () => {
  const t = useTestApp();
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);
  let guest: Client;

  beforeAll(async () => {
    const host = await insertHost(t.app.database.db);
    // Every carousel of the home page full: a page that outruns the compressor and waits for it to drain, again and again.
    for (const propertyType of PROPERTY_TYPES) {
      for (let i = 0; i < 8; i++) await insertProperty(t.app.database.db, host.id, { title: `${propertyType} Comprimida ${i + 1}`, propertyType });
    }
    ({ client: guest } = await signedInAs(t.app, "guest"));
    process.on("warning", onWarning);
  });
  afterAll(() => {
    process.off("warning", onWarning);
  });

  it("leaves no drain listener behind: whole pages in brotli and gzip, and no MaxListenersExceededWarning", async () => {
    for (const encoding of ["br", "gzip", "br", "gzip"]) {
      // Signed in, so each page is drawn and streamed again rather than served from the page cache.
      const res = await guest.request("/", { headers: { "accept-encoding": encoding } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe(encoding);
      const html = await res.text();
      expect(html).toContain("Cabana Comprimida 1");
      expect(html).toContain("</html>");
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((w) => w.name === "MaxListenersExceededWarning").map((w) => w.message)).toEqual([]);
  });

  it("serves each script as compressed at build: brotli, else zopfli's gzip, else as is; none compressed again per request", async () => {
    const html = await (await fetch(t.app.url)).text();
    const preloads = deferredScripts(html);
    const script = preloads.find((href) => /^\/assets\/entry\.client-[\w-]+\.js$/.test(href))!;
    // Every script the page preloads is sent as a file of the build (with its length), the routes'
    // manifest (which React Router writes apart) included: none is compressed per request.
    expect(preloads.filter((href) => /\/manifest-/.test(href))).toHaveLength(1);
    for (const href of preloads) {
      for (const accept of ["br", "gzip"]) {
        const res = await rawGet(t.app.url + href, { "accept-encoding": accept });
        expect([res.status, res.headers["content-length"]], `${href} (${accept})`).toEqual([200, String(res.body.length)]);
      }
    }
    const file = path.join(path.dirname(serverEntryPath), "../client", script);
    const plain = fs.readFileSync(file);
    const atBuild = { br: fs.readFileSync(`${file}.br`), gzip: fs.readFileSync(`${file}.gz`) };
    for (const [accept, encoding] of [["gzip, deflate, br", "br"], ["gzip", "gzip"], ["identity", null]] as const) {
      const res = await rawGet(t.app.url + script, { "accept-encoding": accept });
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding ?? undefined);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers["content-type"]).toMatch(/javascript/);
      expect(res.body.equals(encoding ? atBuild[encoding] : plain)).toBe(true);
    }
    // An asset that is not there: a plain 404, whatever the browser accepts; other methods find no file.
    for (const accept of ["br", "gzip"]) {
      const missing = await rawGet(`${t.app.url}/assets/nao-existe-123.js`, { "accept-encoding": accept });
      expect(missing.status).toBe(404);
      expect(missing.headers["content-encoding"]).toBeUndefined();
      expect(missing.body.toString()).toBe("Arquivo não encontrado.");
    }
    const posted = await fetch(t.app.url + script, { method: "POST", headers: { origin: t.app.url, "accept-encoding": "br" } });
    expect(posted.status).not.toBe(200);
    // Its answer decodes as it says it is encoded (a page sent plain but marked brotli would not).
    await expect(posted.text()).resolves.toContain("</html>");
    // Smaller than the compressor's own gzip at its best, and the same code.
    expect(gunzipSync(atBuild.gzip).equals(plain)).toBe(true);
    expect(atBuild.gzip.length).toBeLessThan(gzipSync(plain, { level: 9 }).length);
  });
});

/** A GET whose body comes as sent (fetch would decode it). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}
