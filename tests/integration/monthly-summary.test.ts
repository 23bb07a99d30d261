import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { addNights, nightOf, startOfNight } from "../../common/nights";
import { viewBeaconUrl } from "../../common/view-beacon";
import { createMailer } from "../../server/adapters/email";
import { monthlySummaries, monthlySummaryMonths, subscriptions, users } from "../../server/db/schema";
import { monthlySummaryJob } from "../../server/jobs/jobs";
import { runJob } from "../../server/jobs/runner";
import { sendMonthlySummaries } from "../../server/insights/monthly-summary";
import { signedInAs } from "../support/accounts";
import { useTestApp, type TestApp } from "../support/app";
import { engine } from "../support/database";
import { insertProperty } from "../support/factories";
import { Client } from "../support/http";
import { contactListing, ownAddress } from "../support/stays";

const BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const MONTHS = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"];
/** "novembro de 2026" for any day of that month, written out here rather than by the code under test. */
const monthName = (night: string) => `${MONTHS[Number(night.slice(5, 7)) - 1]} de ${night.slice(0, 4)}`;
const subjectFor = (night: string) => `Seu resumo de ${monthName(night)} no Recanto`;

type Mail = Awaited<ReturnType<TestApp["outbox"]>>[number];

describe(`monthly summary email (${engine})`, () => {
  const t = useTestApp({ TRUST_PROXY: "1" });
  const db = () => t.app.database.db;
  const clock = () => t.app.services.clock;
  const realNow = () => new Date();
  afterEach(() => {
    clock().now = realNow;
  });
  const at = (instant: Date) => {
    clock().now = () => instant;
  };
  const mailsTo = async (email: string) => (await t.app.outbox()).filter((mail) => mail.to.includes(email));
  const optOutLink = (mail: Mail) => {
    const link = mail.text.match(/https?:\/\/\S+\/resumo-mensal\/cancelar\?token=\S+/)?.[0];
    if (!link) throw new Error(`no opt-out link in:\n${mail.text}`);
    return new URL(link);
  };
  /** The switch as /perfil draws it. */
  const checkbox = async (client: Client) => /<input[^>]*name="receber"[^>]*>/.exec(await (await client.get("/perfil")).text())?.[0] ?? "";
  const setting = async (id: string) => (await db().select({ on: users.monthlySummaryEmail }).from(users).where(eq(users.id, id)))[0]!.on;

  // The month the data is made in (favourites are dated by the database's own clock), and the next one's first day.
  const thisMonth = nightOf(new Date());
  const nextMonthFirst = (() => {
    const [y, m] = thisMonth.split("-").map(Number) as [number, number];
    return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
  })();
  const lastMonthDay = addNights(`${thisMonth.slice(0, 8)}01`, -1);

  let marina: Awaited<ReturnType<typeof signedInAs>>;
  let paulo: Awaited<ReturnType<typeof signedInAs>>;
  let quieta: Awaited<ReturnType<typeof signedInAs>>;
  let semAnuncio: Awaited<ReturnType<typeof signedInAs>>;

  beforeAll(async () => {
    // Marina: the first-100 promotion (nothing paid), two public listings and one awaiting moderation.
    marina = await signedInAs(t.app, "premium-host", { name: "Marina Costa" });
    const cabana = await insertProperty(db(), marina.id, { title: "Cabana do Resumo", status: "approved", whatsappContact: "5548991234567" });
    await insertProperty(db(), marina.id, { title: "Chalé Sem Visitas", status: "approved" });
    await insertProperty(db(), marina.id, { title: "Casa Ainda em Análise", status: "pending" });
    // Paulo pays for the plan and has one listing.
    paulo = await signedInAs(t.app, "host", { name: "Paulo Pires" });
    await db().insert(subscriptions).values({ id: `sub_${paulo.id}`, userId: paulo.id, status: "active", currentPeriodEnd: new Date(Date.now() + 60 * 86_400_000) });
    const refugio = await insertProperty(db(), paulo.id, { title: "Refúgio do Paulo", status: "approved", whatsappContact: "5548991234568" });
    // Quieta switched the summary off on /perfil; Sem Anúncio has nothing public.
    quieta = await signedInAs(t.app, "premium-host", { name: "Quieta Lima" });
    await insertProperty(db(), quieta.id, { title: "Cabana Silenciosa", status: "approved" });
    semAnuncio = await signedInAs(t.app, "premium-host", { name: "Sem Anúncio" });
    await insertProperty(db(), semAnuncio.id, { title: "Rascunho", status: "pending" });

    // This month: two people see Cabana do Resumo (one twice), one opens its gallery, saves it and
    // contacts it, another contacts it; someone contacts Paulo's listing.
    const ana = await signedInAs(t.app, "guest", { name: "Ana Lima" });
    const bia = await signedInAs(t.app, "guest", { name: "Beatriz Reis" });
    const anonymous = new Client(t.app.url);
    for (const client of [ana.client, bia.client, anonymous]) ownAddress(client).headers.set("user-agent", BROWSER);
    const beacon = (client: Client, kind: "pagina" | "galeria", id: string) => client.request(viewBeaconUrl(kind, id), { method: "POST", headers: { origin: t.app.url } });
    await beacon(ana.client, "pagina", cabana.id);
    await beacon(ana.client, "pagina", cabana.id);
    await beacon(anonymous, "pagina", cabana.id);
    await beacon(ana.client, "galeria", cabana.id);
    expect((await ana.client.post("/api/favoritos", { propertyId: cabana.id, favorite: "true" })).status).toBe(200);
    await contactListing(ana.client, cabana.slug);
    await contactListing(bia.client, cabana.slug);
    await contactListing(bia.client, refugio.slug);
  });

  it("is switched off on /perfil by its owner only: another account's post changes its own setting, an anonymous one nothing", async () => {
    expect(await (await quieta.client.get("/perfil")).text()).toContain("Receber o resumo mensal de desempenho por email");
    const off = await quieta.client.post("/perfil", { intent: "monthly-summary" });
    expect(off.status).toBe(302);
    expect(await setting(quieta.id)).toBe(false);
    expect(await checkbox(quieta.client)).not.toContain("checked");

    // A guest posting the same form changes only their own row; signed out, it is the login page.
    const guest = await signedInAs(t.app, "guest");
    expect((await guest.client.post("/perfil", { intent: "monthly-summary" })).status).toBe(302);
    expect(await setting(guest.id)).toBe(false);
    expect(await setting(marina.id)).toBe(true);
    const anonymous = await new Client(t.app.url).post("/perfil", { intent: "monthly-summary" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain("/login");
    // From another site: refused before the action.
    expect((await marina.client.post("/perfil", { intent: "monthly-summary" }, { origin: "https://golpe.example" })).status).toBe(403);
    expect(await setting(marina.id)).toBe(true);

    // Switched on again and off, as the checkbox sends it.
    expect((await quieta.client.post("/perfil", { intent: "monthly-summary", receber: "on" })).status).toBe(302);
    expect(await setting(quieta.id)).toBe(true);
    expect(await checkbox(quieta.client)).toContain('checked=""');
    expect((await quieta.client.post("/perfil", { intent: "monthly-summary" })).status).toBe(302);
    expect(await setting(quieta.id)).toBe(false);
  });

  it("sends last month's numbers from the 1st in Brazil's time, once per host, to hosts with a public listing who want it", async () => {
    // 23:59 on the month's last day in Brazil (02:59 on the 1st in UTC): still this month, so the summary is of the month before.
    at(new Date(startOfNight(nextMonthFirst).getTime() - 60_000));
    expect(await runJob(t.app.services, monthlySummaryJob)).toEqual({ ran: true, count: 2 });
    expect((await mailsTo(marina.email)).map((mail) => mail.subject)).toEqual([subjectFor(lastMonthDay)]);
    expect(await runJob(t.app.services, monthlySummaryJob)).toEqual({ ran: true, count: 0 });

    // 00:00:30 on the 1st: this month's summary.
    at(new Date(startOfNight(nextMonthFirst).getTime() + 30_000));
    expect(await runJob(t.app.services, monthlySummaryJob)).toEqual({ ran: true, count: 2 });
    const [toMarina] = (await mailsTo(marina.email)).filter((mail) => mail.subject === subjectFor(thisMonth));
    expect(toMarina).toBeDefined();
    const text = toMarina!.text;
    expect(text).toContain("Olá, Marina!");
    expect(text).toContain(`Veja como foram seus anúncios em ${monthName(thisMonth)}.`);
    expect(text).toContain(
      [
        "Todos os anúncios (2)",
        "  Visualizações da página: 2",
        "  Aberturas da galeria: 1",
        "  Novos favoritos: 1",
        "  Contatos pelo WhatsApp: 2",
        "  Custo por contato: R$\u00a00,00",
        `  Seu Premium estava no período grátis em ${monthName(thisMonth)}: nada foi pago por estes contatos.`,
      ].join("\n"),
    );
    expect(text).toContain(["Cabana do Resumo", "  Visualizações da página: 2", "  Aberturas da galeria: 1", "  Novos favoritos: 1", "  Contatos pelo WhatsApp: 2"].join("\n"));
    expect(text).toContain(["Chalé Sem Visitas", "  Visualizações da página: 0", "  Aberturas da galeria: 0", "  Novos favoritos: 0", "  Contatos pelo WhatsApp: 0"].join("\n"));
    expect(text).not.toContain("Casa Ainda em Análise");
    expect(text).toContain(`Ver desempenho: ${t.app.url}/minhas-propriedades/desempenho`);
    expect(text).toContain(`Para não receber mais, desmarque a opção em Meu Perfil ou use o link abaixo.\nCancelar o resumo mensal: ${t.app.url}/resumo-mensal/cancelar?token=`);
    const link = optOutLink(toMarina!);
    expect(toMarina!.headers.get("list-unsubscribe")).toBe(`<${link.href}>`);
    expect(toMarina!.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(toMarina!.html).toContain('<caption style="text-align:left;font-weight:bold;padding:0 0 4px">Cabana do Resumo</caption>');
    expect(toMarina!.html).toContain(`href="${t.app.url}/minhas-propriedades/desempenho"`);
    expect(toMarina!.html).toContain(`href="${link.href.replace(/&/g, "&#38;")}"`);

    // Paulo pays: R$ 39,90 over his one contact. One listing: one table, named after it.
    const [toPaulo] = (await mailsTo(paulo.email)).filter((mail) => mail.subject === subjectFor(thisMonth));
    expect(toPaulo!.text).toContain(
      [
        "Refúgio do Paulo",
        "  Visualizações da página: 0",
        "  Aberturas da galeria: 0",
        "  Novos favoritos: 0",
        "  Contatos pelo WhatsApp: 1",
        "  Custo por contato: R$\u00a039,90",
        `  R$\u00a039,90 do plano ÷ 1 contato em ${monthName(thisMonth)}, em todos os anúncios.`,
      ].join("\n"),
    );
    expect(toPaulo!.text).not.toContain("Todos os anúncios");

    // Nobody else: the host who switched it off, the host without a public listing, the guests.
    expect(await mailsTo(quieta.email)).toEqual([]);
    expect(await mailsTo(semAnuncio.email)).toEqual([]);
    expect((await t.app.outbox()).filter((mail) => mail.subject.startsWith("Seu resumo de"))).toHaveLength(4);

    // The host's data export says which summaries were sent, and the setting.
    const exported = await (await marina.client.get("/perfil/dados")).json();
    expect(exported.account.monthlySummaryEmail).toBe(true);
    expect(exported.monthlySummariesSent.map((row: { month: string }) => row.month)).toEqual([`${thisMonth.slice(0, 8)}01`, `${lastMonthDay.slice(0, 8)}01`]);

    // Run again, later that month: nothing more, and the month's mark makes it one read.
    at(new Date(startOfNight(nextMonthFirst).getTime() + 5 * 86_400_000));
    expect(await runJob(t.app.services, monthlySummaryJob)).toEqual({ ran: true, count: 0 });
    expect((await db().select().from(monthlySummaryMonths).where(eq(monthlySummaryMonths.month, thisMonth.slice(0, 8) + "01"))).length).toBe(1);
    expect((await t.app.outbox()).filter((mail) => mail.subject.startsWith("Seu resumo de"))).toHaveLength(4);
  });

  it("claims each host once even when runs overlap (the job's lock aside)", async () => {
    const following = addNights(nextMonthFirst, 40);
    at(new Date(startOfNight(following).getTime() + 60_000));
    const runs = await Promise.all(Array.from({ length: 3 }, () => sendMonthlySummaries({ ...contextOf(t.app), now: () => clock().now() })));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(2);
    const month = previousMonthFirst(following);
    expect((await t.app.outbox()).filter((mail) => mail.subject === subjectFor(month))).toHaveLength(2);
    expect(await db().select().from(monthlySummaries).where(eq(monthlySummaries.month, month))).toHaveLength(2);
  });

  it("switches off from the email's link without signing in: the page asks, the button (or the mail client's one-click post) does it", async () => {
    const [mail] = (await mailsTo(marina.email)).filter((m) => m.subject === subjectFor(thisMonth));
    const link = optOutLink(mail!);
    const path = link.pathname + link.search;
    const stranger = new Client(t.app.url);

    // Opening the link (as a person, or a mail scanner) changes nothing: it asks.
    const page = await stranger.get(path);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain("Cancelar o resumo mensal?");
    expect(html).toContain("Não quero mais receber");
    expect(await setting(marina.id)).toBe(true);

    // A tampered token, a token for someone else's id with Marina's signature, none: refused, nothing changed.
    const token = link.searchParams.get("token")!;
    const [id, signature] = [token.slice(0, token.lastIndexOf(".")), token.slice(token.lastIndexOf(".") + 1)];
    const flipped = `${id}.${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    for (const bad of [flipped, `${paulo.id}.${signature}`, `${id}.`, id, ""]) {
      const res = await stranger.get(`/resumo-mensal/cancelar?token=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(await res.text()).toContain("Link inválido");
      const post = await stranger.request(`/resumo-mensal/cancelar?token=${encodeURIComponent(bad)}`, { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } });
      expect(post.status, bad).toBe(400);
      expect(await post.text()).toContain("Link inválido: nada foi alterado.");
    }
    expect(await setting(marina.id)).toBe(true);
    expect(await setting(paulo.id)).toBe(true);

    // The mail client's one-click POST: from its own servers (no Origin of ours, another site's even), no session.
    const oneClick = await stranger.request(path, { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example" } });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain("você não vai mais receber o resumo mensal");
    expect(await setting(marina.id)).toBe(false);
    expect(await setting(paulo.id)).toBe(true);
    // The page now says so; its button, posted by a browser, comes back to it.
    expect(await (await stranger.get(path)).text()).toContain("Resumo mensal cancelado");
    const button = await navigationPost(`${t.app.url}${path}`, "List-Unsubscribe=One-Click");
    expect(button.status).toBe(303);
    expect(button.location).toBe(path);

    // The exemption is that one address: other posts from another site are still refused.
    expect((await stranger.request("/perfil", { method: "POST", body: "intent=monthly-summary", headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example" } })).status).toBe(403);

    // Opted out: no summary the month after.
    const later = addNights(nextMonthFirst, 70);
    at(new Date(startOfNight(later).getTime() + 60_000));
    expect(await runJob(t.app.services, monthlySummaryJob)).toEqual({ ran: true, count: 1 });
    expect((await mailsTo(marina.email)).filter((m) => m.subject === subjectFor(previousMonthFirst(later)))).toEqual([]);
    expect((await mailsTo(paulo.email)).filter((m) => m.subject === subjectFor(previousMonthFirst(later)))).toHaveLength(1);
  });

  it("takes the claim back when the email cannot be sent, so the next run sends it", async () => {
    const later = addNights(nextMonthFirst, 100);
    const month = previousMonthFirst(later);
    at(new Date(startOfNight(later).getTime() + 60_000));
    // An SMTP server that takes the connection and refuses the message.
    const smtp = new SMTPServer({ authOptional: true, disabledCommands: ["STARTTLS"], onData: (stream, _session, callback) => stream.on("end", () => callback(Object.assign(new Error("Caixa indisponível"), { responseCode: 550 }))).resume() });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    try {
      const refusing = createMailer({ smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, outboxDir: "", from: t.app.services.config.MAIL_FROM, logger: t.app.services.logger });
      await expect(runJob({ ...t.app.services, mailer: refusing }, monthlySummaryJob)).rejects.toThrow("Caixa indisponível");
    } finally {
      await new Promise<void>((resolve) => smtp.close(resolve));
    }
    expect(await db().select().from(monthlySummaries).where(and(eq(monthlySummaries.hostId, paulo.id), eq(monthlySummaries.month, month)))).toEqual([]);
    expect(await db().select().from(monthlySummaryMonths).where(eq(monthlySummaryMonths.month, month))).toEqual([]);
    expect(await runJob(t.app.services, monthlySummaryJob)).toEqual({ ran: true, count: 1 });
    expect((await mailsTo(paulo.email)).filter((m) => m.subject === subjectFor(month))).toHaveLength(1);
  });
});

/** The first day of the month before the one `night` is in. */
function previousMonthFirst(night: string) {
  return `${addNights(`${night.slice(0, 8)}01`, -1).slice(0, 8)}01`;
}

function contextOf(app: TestApp) {
  const { services } = app;
  return { db: services.database.db, storage: services.storage, config: services.config, mailer: services.mailer, now: () => services.clock.now(), signal: new AbortController().signal };
}

/** A form posted by a browser navigating (fetch may not send Sec-Fetch-Mode: navigate). */
function navigationPost(url: string, body: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body), origin: new URL(url).origin, "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on("error", reject);
    req.end(body);
  });
}
