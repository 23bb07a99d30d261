import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertHost, insertProperty } from "../support/factories";

/** A person's browser (the test's own client, "node", is taken for a robot). */
const BROWSER = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36";

/** Reads a streamed answer piece by piece, as a browser does. */
function reader(response: Response) {
  const stream = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  return {
    /** Everything received so far, once `done(text)` holds or the answer ends. */
    async until(done: (text: string) => boolean): Promise<string> {
      while (!done(text)) {
        const { value, done: ended } = await stream.read();
        if (ended) break;
        text += decoder.decode(value, { stream: true });
      }
      return text;
    },
  };
}

/**
 * While the listings' table is locked, the home page's rows cannot be read: the page must still be
 * sent at once, its frame and the rows' skeletons first, and each row after them when it can be
 * read. Crawlers get the whole page in one answer. PostgreSQL only (the integration-postgres project,
 * DATABASE_URL set): PGlite answers one statement at a time in the app's own process, so a test
 * cannot hold a lock apart from the page it asks for.
 */
describe.runIf(engine === "postgres")("documents stream: the frame and skeletons first, slow lists after", () => {
  const t = useTestApp();

  /** Runs `work` while another session holds the listings' table, which no read can pass. */
  async function withListingsLocked<T>(work: () => Promise<T>): Promise<T> {
    let unlock!: () => void;
    const unlocked = new Promise<void>((resolve) => (unlock = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const lock = t.app.database.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE properties IN ACCESS EXCLUSIVE MODE`);
      locked();
      await unlocked;
    });
    await isLocked;
    try {
      return await work();
    } finally {
      unlock();
      await lock;
    }
  }

  it("sends a person the page's frame and the rows' skeletons at once, then each row once it is read", async () => {
    const host = await insertHost(t.app.database.db);
    await insertProperty(t.app.database.db, host.id, { title: "Cabana do riacho escondido", propertyType: "Cabana" });

    let rest!: Promise<string>;
    const first = await withListingsLocked(async () => {
      const page = reader(await fetch(`${t.app.url}/`, { headers: { "user-agent": BROWSER } }));
      const shell = await page.until((text) => text.includes('aria-label="Carregando Cabanas"') && text.includes("</footer>"));
      rest = page.until(() => false);
      return shell;
    });
    // Sent while no listing could be read: the header, the search form and the footer, the rows as skeletons.
    expect(first).toContain("Encontre seu refúgio na natureza");
    expect(first).not.toContain("Cabana do riacho escondido");
    // Then the row, put in place of its skeleton by React's inline script.
    const whole = await rest;
    expect(whole).toContain("Cabana do riacho escondido");
    expect(whole).toMatch(/<\/html>\s*$/);

    // A page sent in parts is not kept for other visitors (they would see its skeletons first): the
    // next drawing, whole, is.
    const again = await fetch(`${t.app.url}/`, { headers: { "user-agent": BROWSER } });
    expect([again.headers.get("x-page-cache"), await again.text()]).toEqual(["miss", expect.not.stringContaining('aria-label="Carregando')]);
    expect((await fetch(`${t.app.url}/`, { headers: { "user-agent": BROWSER } })).headers.get("x-page-cache")).toBe("hit");
  });

  it("sends a crawler the whole page in one answer, rows included", async () => {
    const host = await insertHost(t.app.database.db);
    await insertProperty(t.app.database.db, host.id, { title: "Chalé da serra para o robô", propertyType: "Chalé" });

    let answered = false;
    const { response } = await withListingsLocked(async () => {
      const response = fetch(`${t.app.url}/category/chales`, { headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } });
      void response.then(() => (answered = true));
      // Nothing is sent while the results cannot be read.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(answered).toBe(false);
      return { response };
    });
    const html = await (await response).text();
    expect(html).toContain("Chalé da serra para o robô");
    // No part was sent after a skeleton (React marks such a part `<!--$?-->`).
    expect(html).not.toContain("<!--$?-->");
  });
});
