import type { TestApp } from "./app";

export type Mail = Awaited<ReturnType<TestApp["outbox"]>>[number];

/** The outbox emails to `to` with `subject` once there are `count`, waiting a while because some emails are sent after the response. */
export async function waitForMails(app: TestApp, to: string, subject: string, count = 1): Promise<Mail[]> {
  const deadline = Date.now() + 15_000; // a loaded machine sends late
  for (;;) {
    const mails = (await app.outbox()).filter((m) => m.to.includes(to) && m.subject === subject);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`no email "${subject}" to ${to} (found ${mails.length}, wanted ${count})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The newest of them. */
export async function waitForMail(app: TestApp, to: string, subject: string, count = 1): Promise<Mail> {
  return (await waitForMails(app, to, subject, count)).at(-1)!;
}
