import { PROPERTY_TYPES } from "../../common/catalog";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAs } from "../support/accounts";
import { useTestApp } from "../support/app";
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
});
