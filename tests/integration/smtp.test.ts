import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PASSWORD } from "../support/accounts";
import { startTestApp, type TestApp } from "../support/app";
import { engine } from "../support/database";
import { Client } from "../support/http";

describe(`email over SMTP when SMTP_URL is set (${engine})`, () => {
  const received: { to: string; subject: string; text: string }[] = [];
  let smtp: SMTPServer;
  let app: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), subject: mail.subject ?? "", text: mail.text ?? "" });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    app = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it("delivers the sign-up confirmation to the SMTP server and nothing to the outbox", async () => {
    const res = await new Client(app.url).post("/cadastro", {
      name: "Sofia Martins",
      email: "sofia@example.com",
      phone: "(31) 99876-1234",
      userType: "guest",
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
      terms: "on",
    });
    expect(res.status).toBe(302);
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(1);
    expect(received[0]).toMatchObject({ to: "sofia@example.com", subject: "Confirme seu email no Recanto" });
    expect(received[0]!.text).toContain(`${app.url}/api/auth/verify-email?token=`);
    expect(await app.outbox()).toEqual([]);
  });
});
