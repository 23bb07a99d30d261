import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMailer } from "../../server/adapters/email";
import { createLogger } from "../../server/logger";

describe("outbox mailer (no SMTP configured)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps every email to one address written in the same millisecond, in the order sent", async () => {
    const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), "recanto-outbox-"));
    const mailer = createMailer({ outboxDir, from: "Recanto <nao-responda@recanto.test>", logger: createLogger("silent") });
    vi.spyOn(Date, "now").mockReturnValue(Date.UTC(2026, 10, 24, 12));

    for (const n of [1, 2, 3]) {
      await mailer.send({ to: "leitora@example.com", subject: `Email ${n}`, text: `corpo ${n}`, html: `<p>corpo ${n}</p>` });
    }

    const files = (await fs.readdir(outboxDir)).sort();
    const subjects = await Promise.all(files.map(async (f) => (await simpleParser(await fs.readFile(path.join(outboxDir, f)))).subject));
    expect(subjects).toEqual(["Email 1", "Email 2", "Email 3"]);
    await fs.rm(outboxDir, { recursive: true, force: true });
  });
});
