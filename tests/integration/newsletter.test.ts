import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newsletterSubscribers } from "../../server/db/schema";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { Client, observableAnswer } from "../support/http";
import { waitForMails } from "../support/mail";

describe(`newsletter (${engine})`, () => {
  // Behind a trusted proxy, so a test can sign up from a network of its own without meeting the others' per-network limit.
  const t = useTestApp({ TRUST_PROXY: "1" });

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
    expect(again.status).toBe(200);
    expect(await rows("leitora@example.com")).toHaveLength(1);

    const mails = await waitForMails(t.app, "leitora@example.com", "Confirme sua inscrição na newsletter do Recanto", 2);
    const links = mails.map((m) => m.text.match(/https?:\/\/\S+newsletter\/confirmar\S+/)![0]);
    expect(links[1]).toBe(links[0]);
    const confirm = await client.get(links[0]!);
    expect(confirm.status).toBe(302);
    expect((await rows("leitora@example.com"))[0]!.confirmedAt).toBeInstanceOf(Date);

    const home = await client.get("/");
    expect(await home.text()).toContain("Inscrição confirmada!");

    const reused = await new Client(t.app.url).get(links[0]!);
    expect(reused.status).toBe(302);
    expect(await (await new Client(t.app.url).get("/")).text()).not.toContain("Inscrição confirmada!");
  });

  it("answers a repeat sign-up exactly as a first one, and only the mailbox learns it was already subscribed", async () => {
    const subscribed = "assinante@example.com";
    await new Client(t.app.url).post("/newsletter", { email: subscribed });
    const [mail] = await waitForMails(t.app, subscribed, "Confirme sua inscrição na newsletter do Recanto");
    await new Client(t.app.url).get(mail!.text.match(/https?:\/\/\S+newsletter\/confirmar\S+/)![0]);
    const [before] = await rows(subscribed);
    expect(before!.confirmedAt).toBeInstanceOf(Date);

    const network = { "x-forwarded-for": "198.51.100.40" };
    for (const path of ["/newsletter", "/newsletter.data"]) {
      const repeat = await new Client(t.app.url).post(path, { email: subscribed }, network);
      const fresh = await new Client(t.app.url).post(path, { email: `nova-${path.length}@example.com` }, network);
      expect(repeat.status).toBe(200);
      expect(await observableAnswer(repeat)).toEqual(await observableAnswer(fresh));
    }
    expect(await rows(subscribed)).toEqual([before]);
    await waitForMails(t.app, subscribed, "Você já está inscrito na newsletter do Recanto", 2);
  });

  it("concurrent sign-ups of one address store a single row", async () => {
    const results = await Promise.all(
      Array.from({ length: 3 }, (_, i) => new Client(t.app.url).post("/newsletter", { email: "corrida@example.com" }, { "x-n": String(i) })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await rows("corrida@example.com")).toHaveLength(1);
  });
});
