import type { Page } from "playwright-core";
import type { TestApp } from "../support/app";

type Mail = Awaited<ReturnType<TestApp["outbox"]>>[number];

/** Signs in through the real /login form and waits until the browser has left the login page. */
export async function loginViaForm(page: Page, app: TestApp, email: string, password: string) {
  await page.goto(`${app.url}/login`);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
}

/** The newest outbox email to `to` with `subject`, waiting briefly because some emails are sent after the response. */
export async function waitForMail(app: TestApp, to: string, subject: string, count = 1): Promise<Mail> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const mails = (await app.outbox()).filter((m) => m.to.includes(to) && m.subject === subject);
    if (mails.length >= count) return mails[mails.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no email "${subject}" to ${to} (found ${mails.length}, wanted ${count})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first absolute link in an email's text that contains `part`. */
export function linkIn(mail: Mail, part: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((l) => l.includes(part));
  if (!link) throw new Error(`no link containing "${part}" in:\n${mail.text}`);
  return link;
}

/**
 * Waits until React has hydrated the page (the footer's newsletter field, near the end of the
 * tree, carries React's props): before that, menus, dialogs and fetcher forms do not react yet.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const el = document.getElementById("newsletter-email");
    return !!el && Object.keys(el).some((k) => k.startsWith("__reactProps"));
  });
  await waitForStreamedContent(page);
}

/**
 * Streamed sections (carousels, results, favourites) arrive in hidden containers that React moves
 * into place a moment later, in batches, possibly after the load event: wait until none is left.
 */
export async function waitForStreamedContent(page: Page) {
  await page.waitForFunction(() => !document.querySelector('div[hidden][id^="S:"]'));
}
