import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { REPORT_MESSAGES } from "../../common/reports";
import { identityVerifications, properties, reports, users } from "../../server/db/schema";
import { signedInAs } from "../support/accounts";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertProperty } from "../support/factories";
import { Client } from "../support/http";
import { waitForMail } from "../support/mail";

const inPage = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

describe(`the safety notice before WhatsApp (${engine})`, () => {
  const t = useTestApp();
  const db = () => t.app.database.db;
  let host: Awaited<ReturnType<typeof signedInAs>>;
  let listing: { id: string; slug: string };

  beforeAll(async () => {
    host = await signedInAs(t.app, "host", { name: "Marina Costa" });
    listing = await insertProperty(db(), host.id, { title: "Cabana do Notice", status: "approved", whatsappContact: "5548991234567" });
  });

  it("shows once per listing, without JavaScript: a page, then the form's post opens WhatsApp with the stay", async () => {
    const guest = await signedInAs(t.app, "guest");
    const path = `/accommodation/${listing.slug}/contato?checkin=2027-03-10&checkout=2027-03-13&guests=2`;
    const first = await guest.client.get(path);
    expect(first.status).toBe(200);
    const notice = await first.text();
    expect(notice).toContain("Antes de falar com Marina");
    expect(notice).toContain("A identidade de Marina ainda não foi verificada pelo Recanto.");
    expect(notice).toContain("Nunca pague a terceiros");
    expect(notice).toContain(`href="/denunciar/anuncio/${listing.slug}"`);
    expect(notice).toContain('name="checkin" value="2027-03-10"');
    expect(notice).not.toContain("wa.me");
    expect(notice).not.toContain("991234567");

    const go = await guest.client.post(path, { intent: "abrir-whatsapp", checkin: "2027-03-10", checkout: "2027-03-13", guests: "2" });
    expect(go.status).toBe(302);
    const whatsapp = new URL(go.headers.get("location")!);
    expect(whatsapp.origin + whatsapp.pathname).toBe("https://wa.me/5548991234567");
    expect(whatsapp.searchParams.get("text")).toContain("10/03/2027");

    // Seen: one click straight to WhatsApp; a post without the button's intent shows nothing new either.
    const again = await guest.client.get(path);
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toMatch(/^https:\/\/wa\.me\/5548991234567/);

    // Another listing of the same host: the notice again.
    const other = await insertProperty(db(), host.id, { title: "Outra do Notice", status: "approved", whatsappContact: "5548991234567" });
    expect((await guest.client.get(`/accommodation/${other.slug}/contato`)).status).toBe(200);
    // Another guest sees it for the first listing.
    const second = await signedInAs(t.app, "guest");
    expect((await second.client.get(path)).status).toBe(200);
    // Signed out: sign in first.
    const anonymous = await new Client(t.app.url).get(path);
    expect(anonymous.headers.get("location")).toMatch(/^\/login/);
  });

  it("names the verified host's legal name: the name their Pix key must show", async () => {
    await db().insert(identityVerifications).values({
      userId: host.id,
      documentKind: "cpf",
      document: "52998224725",
      legalName: "Marina Souza Costa",
      status: "approved",
      decidedAt: new Date(),
    });
    const guest = await signedInAs(t.app, "guest");
    const notice = await (await guest.client.get(`/accommodation/${listing.slug}/contato`)).text();
    expect(notice).toContain("A identidade de Marina foi verificada pelo Recanto. O nome no documento é <strong>Marina Souza Costa</strong>");
    expect(notice).toContain("Pague só para uma chave Pix em nome de <strong>Marina Souza Costa</strong>");
    expect(notice).not.toContain("ainda não foi verificada");
  });
});

describe(`reports of listings and hosts (${engine})`, () => {
  const t = useTestApp({ REPORTS_TO_HIDE: "3" });
  const db = () => t.app.database.db;
  let host: Awaited<ReturnType<typeof signedInAs>>;
  let listing: { id: string; slug: string };
  const openReports = () => db().select().from(reports).where(isNull(reports.resolvedAt));
  /** Reporters whose accounts are a month old: the limit for new accounts is tested on its own. */
  const veteran = async () => {
    const account = await signedInAs(t.app, "guest");
    await db().update(users).set({ createdAt: new Date(Date.now() - 30 * 24 * 3600_000) }).where(eq(users.id, account.id));
    return account;
  };
  const report = (client: Client, path: string, fields: Record<string, string>) => client.post(path, fields);

  beforeAll(async () => {
    host = await signedInAs(t.app, "host", { name: "Caio Prado", email: "caio.prado@example.com" });
    listing = await insertProperty(db(), host.id, { title: "Chalé Denunciado", status: "approved" });
  });

  it("refuses bad reports with a message, storing nothing, and sends visitors to sign in", async () => {
    const path = `/denunciar/anuncio/${listing.slug}`;
    const guest = await veteran();
    for (const [fields, message] of [
      [{ details: "Pediram Pix para outra pessoa." }, REPORT_MESSAGES.reason],
      [{ reason: "spam", details: "Pediram Pix para outra pessoa." }, REPORT_MESSAGES.reason],
      [{ reason: "golpe", details: "curto" }, REPORT_MESSAGES.detailsShort],
      [{ reason: "golpe", details: '<a href="https://x.example">veja</a> aqui o golpe' }, REPORT_MESSAGES.detailsMarkup],
      [{ reason: "golpe", details: "x".repeat(1001) }, REPORT_MESSAGES.detailsLong],
    ] as const) {
      const res = await report(guest.client, path, fields);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(inPage(message));
    }
    const own = await report(host.client, path, { reason: "golpe", details: "Denunciando a mim mesmo." });
    expect(own.status).toBe(403);
    expect(await own.text()).toContain(inPage(REPORT_MESSAGES.ownListing));
    const self = await report(host.client, `/denunciar/anfitriao/${host.id}`, { reason: "outro", details: "Denunciando a mim mesmo." });
    expect(self.status).toBe(403);
    expect(await openReports()).toEqual([]);

    expect((await new Client(t.app.url).get(path)).headers.get("location")).toMatch(/^\/login/);
    expect((await guest.client.get("/denunciar/anuncio/nao-existe")).status).toBe(404);
    expect((await guest.client.get(`/denunciar/outra-coisa/${listing.slug}`)).status).toBe(404);
  });

  it("counts an account once; the third distinct account hides the listing until an operator dismisses the reports", async () => {
    const path = `/denunciar/anuncio/${listing.slug}`;
    const [a, b, c] = [await veteran(), await veteran(), await veteran()];
    expect((await report(a.client, path, { reason: "golpe", details: "Pediram um Pix para uma terceira pessoa." })).status).toBe(302);
    const twice = await report(a.client, path, { reason: "fotos", details: "Também as fotos são de outro lugar." });
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain(inPage(REPORT_MESSAGES.already));
    expect((await report(b.client, path, { reason: "fotos", details: "As fotos são de um hotel em Gramado." })).status).toBe(302);
    expect((await db().select({ status: properties.status }).from(properties).where(eq(properties.id, listing.id)))[0]!.status).toBe("approved");
    expect((await report(c.client, path, { reason: "falso", details: "O endereço não existe, fui lá." })).status).toBe(302);

    expect((await db().select({ status: properties.status }).from(properties).where(eq(properties.id, listing.id)))[0]!.status).toBe("reported");
    expect((await new Client(t.app.url).get(`/accommodation/${listing.slug}`)).status).toBe(404);
    const hidden = await waitForMail(t.app, host.email, "Seu anúncio saiu das buscas após denúncias");
    expect(hidden.text).toContain("Golpe ou pedido de Pix suspeito");
    const hostView = await (await host.client.get("/minhas-propriedades")).text();
    expect(hostView).toContain("Oculta após denúncias");

    // Others cannot see or decide reports.
    const queuePath = "/moderacao/denuncias";
    const reviewPath = `/moderacao/denuncias/anuncio/${listing.id}`;
    for (const client of [a.client, host.client]) {
      expect((await client.get(queuePath)).status).toBe(404);
      expect((await client.get(reviewPath)).status).toBe(404);
      expect((await client.post(reviewPath, { intent: "dismiss" })).status).toBe(404);
    }
    expect(await openReports()).toHaveLength(3);

    const operator = await signedInAs(t.app, "operator");
    const queue = await (await operator.client.get(queuePath)).text();
    expect(queue).toContain("Chalé Denunciado");
    expect(queue).toContain("3 pessoas denunciaram");
    const review = await (await operator.client.get(reviewPath)).text();
    expect(review).toContain("As fotos são de um hotel em Gramado.");
    const dismissed = await operator.client.post(reviewPath, { intent: "dismiss" });
    expect(dismissed.status).toBe(302);
    expect((await db().select({ status: properties.status }).from(properties).where(eq(properties.id, listing.id)))[0]!.status).toBe("approved");
    expect(await openReports()).toEqual([]);
    await waitForMail(t.app, host.email, "Seu anúncio voltou às buscas");
    expect((await new Client(t.app.url).get(`/accommodation/${listing.slug}`)).status).toBe(200);
  });

  it("lets an operator unpublish a reported listing with a reason; host reports are kept for review without hiding anything", async () => {
    const other = await insertProperty(db(), host.id, { title: "Chalé Golpe", status: "approved" });
    const reporter = await veteran();
    expect((await report(reporter.client, `/denunciar/anuncio/${other.slug}`, { reason: "golpe", details: "Pediu sinal por Pix a um primo." })).status).toBe(302);
    expect((await report(reporter.client, `/denunciar/anfitriao/${host.id}`, { reason: "golpe", details: "Pede Pix para terceiros." })).status).toBe(302);
    const operator = await signedInAs(t.app, "operator");
    const taken = await operator.client.post(`/moderacao/denuncias/anuncio/${other.id}`, { intent: "unpublish", reason: "Pedido de pagamento a terceiros, confirmado pela equipe." });
    expect(taken.status).toBe(302);
    expect((await db().select({ status: properties.status }).from(properties).where(eq(properties.id, other.id)))[0]!.status).toBe("rejected");
    const closed = await db().select().from(reports).where(eq(reports.propertyId, other.id));
    expect(closed.map((r) => r.outcome)).toEqual(["unpublished"]);
    const hostReports = await db().select().from(reports).where(and(eq(reports.hostId, host.id), isNull(reports.resolvedAt)));
    expect(hostReports).toHaveLength(1);
    expect(await (await operator.client.get(`/moderacao/denuncias/anfitriao/${host.id}`)).text()).toContain("Pede Pix para terceiros.");
  });

  it("counts fresh accounts only once they went through the listing's contact; unconfirmed emails cannot report", async () => {
    const target = await insertProperty(db(), host.id, { title: "Chalé Alvo de Contas Novas", status: "approved", whatsappContact: "5548991234567" });
    const path = `/denunciar/anuncio/${target.slug}`;
    const status = async () => (await db().select({ status: properties.status }).from(properties).where(eq(properties.id, target.id)))[0]!.status;
    for (let i = 0; i < 3; i++) {
      const fresh = await signedInAs(t.app, "guest");
      expect((await report(fresh.client, path, { reason: "golpe", details: "Conta nova denunciando em lote." })).status).toBe(302);
    }
    expect(await status()).toBe("approved");
    for (let i = 0; i < 2; i++) {
      const established = await veteran();
      expect((await report(established.client, path, { reason: "fotos", details: "As fotos são de outro lugar." })).status).toBe(302);
    }
    expect(await status()).toBe("approved");
    // A fresh account that went through the notice was about to deal with the host: it counts.
    const contacted = await signedInAs(t.app, "guest");
    expect((await contacted.client.post(`/accommodation/${target.slug}/contato`, { intent: "abrir-whatsapp" })).status).toBe(302);
    expect((await report(contacted.client, path, { reason: "golpe", details: "Pediu sinal por Pix para a cunhada." })).status).toBe(302);
    expect(await status()).toBe("reported");

    const unconfirmed = await veteran();
    await db().update(users).set({ emailVerified: false }).where(eq(users.id, unconfirmed.id));
    const refusedReport = await report(unconfirmed.client, `/denunciar/anfitriao/${host.id}`, { reason: "outro", details: "Sem confirmar o email." });
    expect(refusedReport.status).toBe(403);
    expect(await refusedReport.text()).toContain(inPage(REPORT_MESSAGES.unconfirmed));
    expect(await db().select().from(reports).where(eq(reports.reporterId, unconfirmed.id))).toEqual([]);
  });

  it("unpublishing a listing hidden by reports, from its moderation page, closes its reports with it", async () => {
    const edited = await insertProperty(db(), host.id, { title: "Chalé Editado Após Denúncias", status: "approved" });
    for (let i = 0; i < 3; i++) {
      const reporter = await veteran();
      expect((await report(reporter.client, `/denunciar/anuncio/${edited.slug}`, { reason: "falso", details: "Anúncio falso, o lugar não existe." })).status).toBe(302);
    }
    const status = async () => (await db().select({ status: properties.status }).from(properties).where(eq(properties.id, edited.id)))[0]!.status;
    expect(await status()).toBe("reported");
    const operator = await signedInAs(t.app, "operator");
    // Unpublished from its own moderation page: the reports are decided with it.
    const taken = await operator.client.post(`/moderacao/${edited.id}`, { intent: "unpublish", reason: "Anúncio de um lugar que não existe, confirmado." });
    expect(taken.status).toBe(302);
    expect(await status()).toBe("rejected");
    expect((await db().select().from(reports).where(eq(reports.propertyId, edited.id))).map((r) => r.outcome)).toEqual(["unpublished", "unpublished", "unpublished"]);
  });

  it("limits new accounts to a few reports a day", async () => {
    const newcomer = await signedInAs(t.app, "guest");
    const targets = await Promise.all([1, 2, 3, 4].map((n) => insertProperty(db(), host.id, { title: `Alvo ${n}`, status: "approved" })));
    for (const target of targets.slice(0, 3)) {
      expect((await report(newcomer.client, `/denunciar/anuncio/${target.slug}`, { reason: "outro", details: "Anúncio estranho, confiram." })).status).toBe(302);
    }
    const fourth = await report(newcomer.client, `/denunciar/anuncio/${targets[3]!.slug}`, { reason: "outro", details: "Anúncio estranho, confiram." });
    expect(fourth.status).toBe(429);
    expect(await db().select().from(reports).where(eq(reports.propertyId, targets[3]!.id))).toEqual([]);
  });

  it("exports the reports a person made, and deleting the account removes them", async () => {
    const reporter = await veteran();
    await report(reporter.client, `/denunciar/anuncio/${listing.slug}`, { reason: "improprio", details: "Descrição com ofensas." });
    const exported = JSON.parse(await (await reporter.client.get("/perfil/dados")).text());
    expect(exported.reportsMade).toEqual([expect.objectContaining({ listing: "Chalé Denunciado", reason: "improprio", details: "Descrição com ofensas.", decidedAt: null })]);
    expect((await reporter.client.post("/perfil", { intent: "delete-account", confirmEmail: reporter.email })).status).toBe(302);
    expect(await db().select().from(reports).where(eq(reports.reporterId, reporter.id))).toEqual([]);
  });
});
