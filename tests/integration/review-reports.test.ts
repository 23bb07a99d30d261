import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { MODERATION_MESSAGES } from "../../common/moderation";
import { addNights, nightOf } from "../../common/nights";
import { REPORT_MESSAGES, REVIEW_HOLD_LABELS, REVIEW_REPORT_REASON_LABELS } from "../../common/reports";
import { contacts, properties, reports, reviews, stays, users } from "../../server/db/schema";
import { queueCounts } from "../../server/moderation/queue-counts";
import { signedInAs } from "../support/accounts";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertProperty } from "../support/factories";
import { Client } from "../support/http";
import { waitForMail } from "../support/mail";
import { confirmStay, contactListing, ownAddress } from "../support/stays";

const inPage = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
const DAY = 86_400_000;
const QUEUE = "/moderacao/denuncias";

const REVIEW = { rating: "5", cleanliness: "5", location: "4", communication: "5", value: "4", accuracy: "5", text: "Cabana linda, muito limpa e o anfitrião respondeu tudo rápido." };
const REPORT = { reason: "falso", details: "Essa pessoa nunca se hospedou aqui, conheço o lugar." };

describe(`reports of reviews and their moderation (${engine})`, () => {
  const t = useTestApp({ TRUST_PROXY: "1" });
  const db = () => t.app.database.db;
  let host: Awaited<ReturnType<typeof signedInAs>>;
  let operator: Awaited<ReturnType<typeof signedInAs>>;
  let listing: { id: string; slug: string };

  /**
   * A guest who stayed at the listing and reviewed it after check-out; from the host's network, the
   * review is held. Accounts are a month old, so that the file's reviews are no burst of new accounts.
   */
  async function reviewedBy(name: string, { hostNetwork = false } = {}) {
    const author = await signedInAs(t.app, "guest", { name });
    await db().update(users).set({ createdAt: new Date(Date.now() - 30 * DAY) }).where(eq(users.id, author.id));
    if (hostNetwork) author.client.headers.set("x-forwarded-for", host.client.headers.get("x-forwarded-for")!);
    else ownAddress(author.client);
    await contactListing(author.client, listing.slug);
    const [contact] = await db().select().from(contacts).where(and(eq(contacts.guestId, author.id), eq(contacts.propertyId, listing.id)));
    const today = nightOf(new Date());
    const stayId = await confirmStay(host.client, author.client, contact!.id, async () => (await db().select().from(stays).where(eq(stays.contactId, contact!.id)))[0]!.id, {
      checkin: today,
      checkout: addNights(today, 1),
    });
    t.app.services.clock.now = () => new Date(Date.now() + 2 * DAY);
    try {
      expect((await author.client.post(`/avaliar/${stayId}`, REVIEW)).status).toBe(302);
    } finally {
      t.app.services.clock.now = () => new Date();
    }
    const [review] = await db().select().from(reviews).where(eq(reviews.stayId, stayId));
    return { author, reviewId: review!.id, status: review!.status };
  }

  /** A reporter with a confirmed email, an address of their own and an account a month old (new accounts get 3 reports a day). */
  async function reporter(name = "Pessoa Denunciante") {
    const account = await signedInAs(t.app, "guest", { name });
    ownAddress(account.client);
    await db().update(users).set({ createdAt: new Date(Date.now() - 30 * DAY) }).where(eq(users.id, account.id));
    return account;
  }

  const reviewRow = async (id: string) => (await db().select().from(reviews).where(eq(reviews.id, id)))[0]!;
  const reportsOn = (id: string) => db().select().from(reports).where(eq(reports.reviewId, id));
  const listingRating = async () => (await db().select({ count: properties.reviewCount, sum: properties.ratingSum }).from(properties).where(eq(properties.id, listing.id)))[0]!;

  beforeAll(async () => {
    host = await signedInAs(t.app, "host", { name: "Marina Costa" });
    ownAddress(host.client);
    operator = await signedInAs(t.app, "operator", { name: "Olga Operadora" });
    listing = await insertProperty(db(), host.id, { title: "Cabana das Denúncias", status: "approved", whatsappContact: "5548991234567" });
  });

  it("takes a report of a published review; refuses its author, the listing's host, an unconfirmed email, a second report, a wrong reason, HTML and unpublished reviews, storing nothing", async () => {
    const { author, reviewId } = await reviewedBy("Ana Lima");
    const path = `/denunciar/avaliacao/${reviewId}`;
    const before = await listingRating();

    const guest = await reporter();
    const page = await (await guest.client.get(path)).text();
    expect(page).toContain("Denunciar avaliação");
    expect(page).toContain(REVIEW.text);
    for (const label of Object.values(REVIEW_REPORT_REASON_LABELS)) expect(page).toContain(inPage(label));
    expect(page).not.toContain("Fotos de outro lugar");

    for (const [fields, status, message] of [
      [{ ...REPORT, reason: "fotos" }, 400, REPORT_MESSAGES.reason],
      [{ ...REPORT, details: 'Veja <a href="https://x.example">aqui</a> a verdade.' }, 400, REPORT_MESSAGES.detailsMarkup],
    ] as const) {
      const res = await guest.client.post(path, fields);
      expect(res.status).toBe(status);
      expect(await res.text()).toContain(inPage(message));
    }

    // Its author and the listing's host see why instead of the form, and cannot send one.
    for (const [client, message] of [
      [author.client, REPORT_MESSAGES.ownReview],
      [host.client, REPORT_MESSAGES.reviewOfYourListing],
    ] as const) {
      const shown = await (await client.get(path)).text();
      expect(shown).toContain(inPage(message));
      expect(shown).not.toContain("Enviar denúncia");
      const res = await client.post(path, REPORT);
      expect(res.status).toBe(403);
      expect(await res.text()).toContain(inPage(message));
    }

    const unconfirmed = await reporter("Sem Confirmação");
    await db().update(users).set({ emailVerified: false }).where(eq(users.id, unconfirmed.id));
    const notConfirmed = await unconfirmed.client.post(path, REPORT);
    expect(notConfirmed.status).toBe(403);
    expect(await notConfirmed.text()).toContain(inPage(REPORT_MESSAGES.unconfirmed));
    expect(await reportsOn(reviewId)).toEqual([]);

    const sent = await guest.client.post(path, REPORT);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(`/accommodation/${listing.slug}#avaliacoes`);
    const twice = await guest.client.post(path, { reason: "improprio", details: "Também tem ofensas ao anfitrião." });
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain(inPage(REPORT_MESSAGES.already));
    expect((await reportsOn(reviewId)).map((r) => ({ reporterId: r.reporterId, reason: r.reason, resolvedAt: r.resolvedAt }))).toEqual([
      { reporterId: guest.id, reason: "falso", resolvedAt: null },
    ]);
    // Reports never hide a review: operators decide.
    expect((await reviewRow(reviewId)).status).toBe("published");
    expect(await listingRating()).toEqual(before);

    // A held review and a hidden one are not published: nobody reports them.
    const held = await reviewedBy("Conta Suspeita", { hostNetwork: true });
    expect(held.status).toBe("held");
    const hidden = await reviewedBy("Caio Escondido");
    await db().update(reviews).set({ status: "hidden", hiddenReason: "Ofensas ao anfitrião." }).where(eq(reviews.id, hidden.reviewId));
    for (const id of [held.reviewId, hidden.reviewId]) {
      const shown = await (await guest.client.get(`/denunciar/avaliacao/${id}`)).text();
      expect(shown).toContain(inPage(REPORT_MESSAGES.reviewNotPublished));
      expect(shown).not.toContain(REVIEW.text);
      const res = await guest.client.post(`/denunciar/avaliacao/${id}`, REPORT);
      expect(res.status).toBe(409);
      expect(await res.text()).toContain(inPage(REPORT_MESSAGES.reviewNotPublished));
      expect(await reportsOn(id)).toEqual([]);
    }

    // Unknown reviews, malformed ids and visitors.
    expect((await guest.client.get("/denunciar/avaliacao/8d0f4c1e-8f3a-4b1e-9c55-2f1f7a0b9e21")).status).toBe(404);
    expect((await guest.client.post("/denunciar/avaliacao/nao-e-um-id", REPORT)).status).toBe(404);
    expect((await new Client(t.app.url).get(path)).headers.get("location")).toMatch(/^\/login/);
  });

  it("lets an operator hide a reported review with a reason: it leaves the listing's rating, its reports close, the author and the host are emailed", async () => {
    const { author, reviewId } = await reviewedBy("Bruno Souza");
    for (const name of ["Primeira Pessoa", "Segunda Pessoa"]) {
      expect((await (await reporter(name)).client.post(`/denunciar/avaliacao/${reviewId}`, REPORT)).status).toBe(302);
    }
    const before = await listingRating();
    const waiting = (await queueCounts(db())).reports;

    const queue = await (await operator.client.get(QUEUE)).text();
    expect(queue).toContain("Avaliação de Bruno");
    expect(queue).toContain(`href="/moderacao/denuncias/avaliacao/${reviewId}"`);
    expect(queue).toContain("2 pessoas denunciaram");
    const decisionPath = `/moderacao/denuncias/avaliacao/${reviewId}`;
    const page = await (await operator.client.get(decisionPath)).text();
    for (const text of [REVIEW.text, "2 denúncias abertas", REPORT.details, REVIEW_REPORT_REASON_LABELS.falso!, "Cabana das Denúncias", "Marina Costa", "Motivo para ocultar", "Manter publicada"]) {
      expect(page, text).toContain(inPage(text));
    }
    expect(page).toContain(`Hospedagem de ${nightOf(new Date()).split("-").reverse().join("/")}`);

    // The reason is required, and plain text.
    for (const [reason, message] of [
      ["", MODERATION_MESSAGES.reasonRequired],
      ['<a href="https://x.example">link</a> impróprio', MODERATION_MESSAGES.reasonMarkup],
    ] as const) {
      const res = await operator.client.post(decisionPath, { intent: "hide", reason });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(inPage(message));
    }
    expect((await reviewRow(reviewId)).status).toBe("published");

    const reason = "A avaliação não descreve uma hospedagem real neste anúncio.";
    const hidden = await operator.client.post(decisionPath, { intent: "hide", reason });
    expect(hidden.status).toBe(302);
    expect(hidden.headers.get("location")).toBe(QUEUE);
    expect(await reviewRow(reviewId)).toMatchObject({ status: "hidden", hiddenReason: reason, decidedBy: operator.id, decidedAt: expect.any(Date) });
    expect(await listingRating()).toEqual({ count: before.count - 1, sum: before.sum - 5 });
    expect((await reportsOn(reviewId)).map((r) => [r.outcome, r.resolvedBy])).toEqual([
      ["hidden", operator.id],
      ["hidden", operator.id],
    ]);
    expect((await queueCounts(db())).reports).toBe(waiting - 1);
    expect(await (await operator.client.get(QUEUE)).text()).not.toContain(`/moderacao/denuncias/avaliacao/${reviewId}`);

    const toAuthor = await waitForMail(t.app, author.email, "Sua avaliação de “Cabana das Denúncias” foi ocultada");
    expect(toAuthor.text).toContain(reason);
    const toHost = await waitForMail(t.app, host.email, "Uma avaliação de “Cabana das Denúncias” foi ocultada");
    expect(toHost.text).toContain(reason);

    // Decided once: a second decision is refused, and the page has no buttons left.
    const again = await operator.client.post(decisionPath, { intent: "hide", reason });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(inPage(REPORT_MESSAGES.reviewDecided));
    const after = await (await operator.client.get(decisionPath)).text();
    expect(after).toContain(inPage(reason));
    expect(after).not.toContain("Motivo para ocultar");
  });

  it("keeps a reported review: the reports are dismissed, the review stays published and counted", async () => {
    const { reviewId } = await reviewedBy("Clara Nunes");
    expect((await (await reporter()).client.post(`/denunciar/avaliacao/${reviewId}`, { reason: "improprio", details: "Acho o texto agressivo demais." })).status).toBe(302);
    const before = await listingRating();
    const kept = await operator.client.post(`/moderacao/denuncias/avaliacao/${reviewId}`, { intent: "dismiss" });
    expect(kept.status).toBe(302);
    expect((await reviewRow(reviewId)).status).toBe("published");
    expect((await reportsOn(reviewId)).map((r) => r.outcome)).toEqual(["dismissed"]);
    expect(await listingRating()).toEqual(before);
    expect((await operator.client.post(`/moderacao/denuncias/avaliacao/${reviewId}`, { intent: "dismiss" })).status).toBe(409);
  });

  it("lists a review held for an operator with why; published, it counts in the listing's rating", async () => {
    const { reviewId, status } = await reviewedBy("Conta Vizinha", { hostNetwork: true });
    expect(status).toBe("held");
    const before = await listingRating();
    const waiting = (await queueCounts(db())).reports;

    const queue = await (await operator.client.get(QUEUE)).text();
    expect(queue).toContain("Avaliação de Conta · aguardando publicação");
    expect(queue).toContain(REVIEW_HOLD_LABELS["same-network"]);
    const decisionPath = `/moderacao/denuncias/avaliacao/${reviewId}`;
    const page = await (await operator.client.get(decisionPath)).text();
    expect(page).toContain(REVIEW_HOLD_LABELS["same-network"]);
    expect(page).toContain("Publicar avaliação");
    expect(page).not.toContain("Manter publicada");

    const published = await operator.client.post(decisionPath, { intent: "publish" });
    expect(published.status).toBe(302);
    expect(await reviewRow(reviewId)).toMatchObject({ status: "published", decidedBy: operator.id, hiddenReason: null });
    expect(await listingRating()).toEqual({ count: before.count + 1, sum: before.sum + 5 });
    expect((await queueCounts(db())).reports).toBe(waiting - 1);
    const again = await operator.client.post(decisionPath, { intent: "publish" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(inPage(REPORT_MESSAGES.reviewDecided));

    // A held review hidden instead: out of the queue, never counted, both told.
    const other = await reviewedBy("Outra Vizinha", { hostNetwork: true });
    await db().update(reviews).set({ heldFor: "new-accounts" }).where(eq(reviews.id, other.reviewId));
    expect(await (await operator.client.get(`/moderacao/denuncias/avaliacao/${other.reviewId}`)).text()).toContain(REVIEW_HOLD_LABELS["new-accounts"]);
    const countBefore = await listingRating();
    expect((await operator.client.post(`/moderacao/denuncias/avaliacao/${other.reviewId}`, { intent: "hide", reason: "Escrita da mesma rede do anfitrião, sem hospedagem real." })).status).toBe(302);
    expect((await reviewRow(other.reviewId)).status).toBe("hidden");
    expect(await listingRating()).toEqual(countBefore);
    await waitForMail(t.app, other.author.email, "Sua avaliação de “Cabana das Denúncias” foi ocultada");
  });

  it("lets no one else open or decide reviews: guests, hosts, operators without the second factor, visitors; nor an operator about a review of their own listing", async () => {
    const reported = await reviewedBy("Davi Reis");
    expect((await (await reporter()).client.post(`/denunciar/avaliacao/${reported.reviewId}`, REPORT)).status).toBe(302);
    const held = await reviewedBy("Conta Rede", { hostNetwork: true });
    const guest = await reporter("Hóspede Curiosa");
    const otherHost = await signedInAs(t.app, "host");
    const halfOperator = await signedInAs(t.app, "operator", { secondFactor: false });
    const visitor = new Client(t.app.url);

    for (const { reviewId } of [reported, held]) {
      const path = `/moderacao/denuncias/avaliacao/${reviewId}`;
      for (const [who, client] of [
        ["the author", reported.author.client],
        ["a guest", guest.client],
        ["the listing's host", host.client],
        ["another host", otherHost.client],
      ] as const) {
        for (const address of [QUEUE, path]) expect((await client.get(address)).status, `${who} ${address}`).toBe(404);
        for (const fields of [{ intent: "hide", reason: "Tentando ocultar sem ser da equipe." }, { intent: "publish" }, { intent: "dismiss" }] as Record<string, string>[]) {
          expect((await client.post(path, fields)).status, `${who} ${fields.intent}`).toBe(404);
        }
      }
      for (const [client, sentTo] of [
        [halfOperator.client, /^\/perfil\/seguranca/],
        [visitor, /^\/login/],
      ] as const) {
        expect((await client.get(path)).headers.get("location")).toMatch(sentTo);
        for (const fields of [{ intent: "hide", reason: "Tentando ocultar sem o segundo fator." }, { intent: "publish" }, { intent: "dismiss" }] as Record<string, string>[]) {
          const res = await client.post(path, fields);
          expect(res.status).toBe(302);
          expect(res.headers.get("location")).toMatch(sentTo);
        }
      }
    }
    expect((await reviewRow(reported.reviewId)).status).toBe("published");
    expect((await reviewRow(held.reviewId)).status).toBe("held");
    expect(await db().select().from(reports).where(and(eq(reports.reviewId, reported.reviewId), isNull(reports.resolvedAt)))).toHaveLength(1);

    // An operator who hosts the listing: someone else on the team decides.
    const hostOperator = await signedInAs(t.app, "operator", { name: "Operadora Anfitriã" });
    const ownListing = await insertProperty(db(), hostOperator.id, { title: "Chalé da Operadora", status: "approved" });
    await db().update(reviews).set({ propertyId: ownListing.id }).where(eq(reviews.id, held.reviewId));
    const path = `/moderacao/denuncias/avaliacao/${held.reviewId}`;
    expect(await (await hostOperator.client.get(path)).text()).toContain(inPage(REPORT_MESSAGES.reviewAboutYou));
    for (const fields of [{ intent: "hide", reason: "Ocultando avaliação do meu anúncio." }, { intent: "publish" }, { intent: "dismiss" }] as Record<string, string>[]) {
      const res = await hostOperator.client.post(path, fields);
      expect(res.status).toBe(403);
      expect(await res.text()).toContain(inPage(REPORT_MESSAGES.reviewAboutYou));
    }
    expect((await reviewRow(held.reviewId)).status).toBe("held");
  });
});
