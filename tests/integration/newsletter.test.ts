import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newsletterSubscribers } from "../../server/db/schema";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { Client } from "../support/http";

describe(`newsletter (${engine})`, () => {
  const t = useTestApp();

  const rows = (email: string) => t.app.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));

  it.each([
    ["empty", ""],
    ["not an email", "isto não é email"],
    ["script", "<script>alert(1)</script>@x.com"],
    ["10,000 chars", `${"a".repeat(10_000)}@example.com`],
  ])("refuses %s with 400 and stores nothing", async (_label, email) => {
    const res = await new Client(t.app.url).post("/newsletter", { email });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Informe um email válido.");
    expect(await t.app.database.db.select().from(newsletterSubscribers)).toEqual([]);
  });

  it("stores the address once, emails a confirmation link, and confirms it", async () => {
    const client = new Client(t.app.url);
    const first = await client.post("/newsletter", { email: "Leitora@Example.com" });
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("Quase lá!");
    const again = await client.post("/newsletter", { email: "leitora@example.com" });
    expect(await again.text()).toContain("aguarda confirmação");
    expect(await rows("leitora@example.com")).toHaveLength(1);

    const mails = (await t.app.outbox()).filter((m) => m.to.includes("leitora@example.com"));
    expect(mails).toHaveLength(2);
    const link = mails[0]!.text.match(/https?:\/\/\S+newsletter\/confirmar\S+/)![0];
    const confirm = await client.get(link);
    expect(confirm.status).toBe(302);
    expect((await rows("leitora@example.com"))[0]!.confirmedAt).toBeInstanceOf(Date);

    const home = await client.get("/");
    expect(await home.text()).toContain("Inscrição confirmada!");
    const third = await client.post("/newsletter", { email: "leitora@example.com" });
    expect(await third.text()).toContain("Este email já está inscrito na nossa newsletter.");

    const reused = await new Client(t.app.url).get(link);
    expect(reused.status).toBe(302);
    expect(await (await new Client(t.app.url).get("/")).text()).not.toContain("Inscrição confirmada!");
  });

  it("concurrent sign-ups of one address store a single row", async () => {
    const results = await Promise.all(
      Array.from({ length: 3 }, (_, i) => new Client(t.app.url).post("/newsletter", { email: "corrida@example.com" }, { "x-n": String(i) })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await rows("corrida@example.com")).toHaveLength(1);
  });
});
