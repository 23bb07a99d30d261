import { describe, expect, it } from "vitest";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";

describe(`pages drawn one at a time (PAGE_CONCURRENCY=1, ${engine})`, () => {
  const t = useTestApp({ PAGE_CONCURRENCY: "1" });
  // A cookie other than the theme's: the page cache steps aside and every page is drawn.
  const drawn = (path: string, signal?: AbortSignal) => fetch(t.app.url + path, { headers: { cookie: "visto=1" }, signal });

  it("answers every visitor in line, including after some leave while waiting", async () => {
    const leaving = Array.from({ length: 4 }, () => new AbortController());
    const left = leaving.map((c) => drawn("/category/chales", c.signal).catch((err: unknown) => err));
    const waiting = Array.from({ length: 12 }, (_, i) => drawn(i % 2 ? "/" : "/category/chales"));
    for (const c of leaving) c.abort();
    const answers = await Promise.all(waiting);
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    await Promise.all(answers.map((r) => r.text()));
    await Promise.all(left);
    expect((await drawn("/")).status).toBe(200);
  });
});
