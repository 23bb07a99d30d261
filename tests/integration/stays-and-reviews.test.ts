import { and, eq, isNotNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addNights, nightOf } from "../../common/nights";
import { RESPONSE_QUESTION_CLOSED, REVIEW_MESSAGES, STAY_MESSAGES } from "../../common/reviews";
import { contacts, properties, reviews, stays } from "../../server/db/schema";
import { runJob } from "../../server/jobs/runner";
import { responseQuestionsJob, reviewInvitationsJob } from "../../server/jobs/jobs";
import { signedInAs } from "../support/accounts";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertProperty } from "../support/factories";
import { Client } from "../support/http";
import { confirmStay, contactListing, HOST_CONTACTS, ownAddress } from "../support/stays";

const inPage = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
const DAY = 86_400_000;

const REVIEW = { rating: "5", cleanliness: "5", location: "4", communication: "5", value: "4", accuracy: "5", text: "Cabana linda, muito limpa e o anfitrião respondeu tudo rápido." };

describe(`contacts, stays and reviews (${engine})`, () => {
  const t = useTestApp({ TRUST_PROXY: "1" });
  const db = () => t.app.database.db;
  const clock = () => t.app.services.clock;
  let host: Awaited<ReturnType<typeof signedInAs>>;
  let listing: { id: string; slug: string };
  const realNow = () => new Date();

  /** Moves the app's clock `days` from now (negative: back); `reset` puts it back. */
  const moveClock = (days: number) => (clock().now = () => new Date(Date.now() + days * DAY));
  const resetClock = () => (clock().now = realNow);

  async function guest(name = "Júlia Prado") {
    const account = await signedInAs(t.app, "guest", { name });
    ownAddress(account.client);
    return account;
  }
  const contactOf = async (guestId: string, propertyId = listing.id) =>
    (await db().select().from(contacts).where(and(eq(contacts.guestId, guestId), eq(contacts.propertyId, propertyId))))[0]!;
  const stayOf = async (contactId: string) => (await db().select().from(stays).where(eq(stays.contactId, contactId)))[0];

  beforeAll(async () => {
    host = await signedInAs(t.app, "host", { name: "Marina Costa" });
    ownAddress(host.client);
    listing = await insertProperty(db(), host.id, { title: "Cabana das Avaliações", status: "approved", whatsappContact: "5548991234567" });
  });

  it("records each WhatsApp contact of a signed-in guest once a day, with the stay chosen; not the host's own, nor a link from another site", async () => {
    const ana = await guest("Ana Lima");
    const whatsapp = await contactListing(ana.client, listing.slug, { checkin: "2027-03-10", checkout: "2027-03-13", guests: "2" });
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/5548991234567/);
    const first = await contactOf(ana.id);
    expect(first).toMatchObject({ hostId: host.id, checkIn: "2027-03-10", checkOut: "2027-03-13", guests: 2 });

    // The same day again with other dates: one contact, with the latest choice.
    await contactListing(ana.client, listing.slug, { checkin: "2027-04-01", checkout: "2027-04-03" });
    const rows = await db().select().from(contacts).where(eq(contacts.guestId, ana.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first.id, checkIn: "2027-04-01", checkOut: "2027-04-03" });

    // Another site's link shows the notice page (its button posts), and records nothing.
    const other = await guest();
    await contactListing(other.client, listing.slug);
    await db().delete(contacts).where(eq(contacts.guestId, other.id));
    const crossSite = await other.client.request(`/accommodation/${listing.slug}/contato`, { headers: { "sec-fetch-site": "cross-site" } });
    expect(crossSite.status).toBe(200);
    expect(await crossSite.text()).toContain("Entendi, abrir o WhatsApp");
    expect(await db().select().from(contacts).where(eq(contacts.guestId, other.id))).toHaveLength(0);

    // The host's own listing: WhatsApp opens, nothing is recorded.
    await contactListing(host.client, listing.slug);
    expect(await db().select().from(contacts).where(eq(contacts.guestId, host.id))).toHaveLength(0);
  });

  it("shows contacts to their host and their guest only", async () => {
    const bia = await guest("Beatriz Nogueira");
    await contactListing(bia.client, listing.slug, { checkin: "2027-05-02", checkout: "2027-05-04", guests: "2" });
    const received = await (await host.client.get(HOST_CONTACTS)).text();
    expect(received).toContain("Beatriz Nogueira");
    expect(received).toContain("02/05/2027 a 04/05/2027 · 2 hóspedes");
    const perListing = await (await host.client.get(`${HOST_CONTACTS}?anuncio=${listing.id}`)).text();
    expect(perListing).toContain("Beatriz Nogueira");

    const own = await (await bia.client.get("/perfil")).text();
    expect(own).toContain("Meus contatos");
    expect(own).toContain(inPage("Cabana das Avaliações"));

    const otherHost = await signedInAs(t.app, "host", { name: "Outro Anfitrião" });
    const theirs = await (await otherHost.client.get(HOST_CONTACTS)).text();
    expect(theirs).not.toContain("Beatriz");
    expect(theirs).toContain("Nenhum contato ainda");
    const otherGuest = await guest("Carlos Outro");
    expect(await (await otherGuest.client.get("/perfil")).text()).not.toContain(inPage("Cabana das Avaliações"));
    // A guest is no host: no "Contatos recebidos".
    expect((await bia.client.get(HOST_CONTACTS)).status).not.toBe(200);
  });

  it("makes a stay only when both sides confirm; refuses strangers, the wrong side and wrong dates, storing nothing", async () => {
    const carla = await guest("Carla Dias");
    await contactListing(carla.client, listing.slug);
    const contact = await contactOf(carla.id);
    const today = nightOf(new Date());

    // Another host, another guest: refused, nothing stored.
    const otherHost = await signedInAs(t.app, "host");
    const intruder = await otherHost.client.post(HOST_CONTACTS, { intent: "informar-hospedagem", contato: contact.id, checkin: addNights(today, 3), checkout: addNights(today, 5) });
    expect(intruder.status).toBe(403);
    expect(await intruder.text()).toContain(inPage(STAY_MESSAGES.notYourContact));
    const otherGuest = await guest();
    expect((await otherGuest.client.post("/perfil", { intent: "informar-hospedagem", contato: contact.id, checkin: today, checkout: addNights(today, 1) })).status).toBe(403);
    expect(await stayOf(contact.id)).toBeUndefined();

    // Dates: before the contact, the wrong way round, too long; a guest cannot say they stayed in the future.
    for (const [dates, message] of [
      [{ checkin: addNights(today, -3), checkout: addNights(today, 1) }, STAY_MESSAGES.beforeContact],
      [{ checkin: addNights(today, 5), checkout: addNights(today, 5) }, STAY_MESSAGES.order],
      [{ checkin: addNights(today, 1), checkout: addNights(today, 200) }, STAY_MESSAGES.tooLong],
      [{ checkin: "2027-02-30", checkout: "2027-03-02" }, STAY_MESSAGES.dates],
    ] as const) {
      const res = await host.client.post(HOST_CONTACTS, { intent: "informar-hospedagem", contato: contact.id, ...dates });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(inPage(message));
    }
    const future = await carla.client.post("/perfil", { intent: "informar-hospedagem", contato: contact.id, checkin: addNights(today, 2), checkout: addNights(today, 4) });
    expect(await future.text()).toContain(inPage(STAY_MESSAGES.notStayedYet));
    expect(await stayOf(contact.id)).toBeUndefined();

    // The host states it; confirming one's own statement is refused; the guest confirms.
    expect((await host.client.post(HOST_CONTACTS, { intent: "informar-hospedagem", contato: contact.id, checkin: addNights(today, 2), checkout: addNights(today, 4) })).status).toBe(302);
    const stay = (await stayOf(contact.id))!;
    expect(stay).toMatchObject({ statedBy: "host", guestConfirmedAt: null });
    const own = await host.client.post(HOST_CONTACTS, { intent: "confirmar-hospedagem", hospedagem: stay.id, contato: contact.id });
    expect(own.status).toBe(403);
    expect(await own.text()).toContain(inPage(STAY_MESSAGES.ownConfirmation));
    expect((await otherGuest.client.post("/perfil", { intent: "confirmar-hospedagem", hospedagem: stay.id })).status).toBe(404);
    expect((await host.client.post(HOST_CONTACTS, { intent: "informar-hospedagem", contato: contact.id, checkin: addNights(today, 2), checkout: addNights(today, 4) })).status).toBe(409);
    expect((await carla.client.post("/perfil", { intent: "confirmar-hospedagem", hospedagem: stay.id, contato: contact.id })).status).toBe(302);
    expect((await stayOf(contact.id))!.guestConfirmedAt).not.toBeNull();
    expect(await (await carla.client.get("/perfil")).text()).toContain(`Hospedagem confirmada: ${addNights(today, 2).split("-").reverse().join("/")}`);

    // Either side withdraws before check-out (a stranger cannot); after check-out it stands.
    expect((await otherHost.client.post(HOST_CONTACTS, { intent: "retirar-hospedagem", hospedagem: stay.id })).status).toBe(404);
    moveClock(5);
    try {
      const late = await carla.client.post("/perfil", { intent: "retirar-hospedagem", hospedagem: stay.id, contato: contact.id });
      expect(late.status).toBe(409);
      expect(await late.text()).toContain(inPage(STAY_MESSAGES.checkedOut));
    } finally {
      resetClock();
    }
    expect((await carla.client.post("/perfil", { intent: "retirar-hospedagem", hospedagem: stay.id, contato: contact.id })).status).toBe(302);
    expect(await stayOf(contact.id)).toBeUndefined();
  });

  it("invites once after check-out, takes one review within 30 days, editable for 48 hours; the host replies once", async () => {
    const davi = await guest("Davi Souza");
    await contactListing(davi.client, listing.slug);
    const contact = await contactOf(davi.id);
    const today = nightOf(new Date());
    const stayId = await confirmStay(host.client, davi.client, contact.id, async () => (await stayOf(contact.id))!.id, { checkin: addNights(today, 1), checkout: addNights(today, 3) });

    // Before check-out: no form, no invitation.
    expect(await (await davi.client.get(`/avaliar/${stayId}`)).text()).toContain(inPage(REVIEW_MESSAGES.notYet));
    expect(await runJob(t.app.services, reviewInvitationsJob)).toEqual({ ran: true, count: 0 });

    moveClock(4);
    try {
      expect(await runJob(t.app.services, reviewInvitationsJob)).toEqual({ ran: true, count: 1 });
      expect(await runJob(t.app.services, reviewInvitationsJob)).toEqual({ ran: true, count: 0 });
      const invitation = (await t.app.outbox()).filter((mail) => mail.to.includes(davi.email));
      expect(invitation).toHaveLength(1);
      expect(invitation[0]!.subject).toBe("Como foi a sua hospedagem em “Cabana das Avaliações”?");
      expect(invitation[0]!.text).toContain(`${t.app.url}/avaliar/${stayId}`);

      // Another guest, the host: not theirs to review.
      const stranger = await guest();
      expect(await (await stranger.client.get(`/avaliar/${stayId}`)).text()).toContain(inPage(REVIEW_MESSAGES.noStay));
      expect((await stranger.client.post(`/avaliar/${stayId}`, REVIEW)).status).toBe(409);
      expect((await host.client.post(`/avaliar/${stayId}`, REVIEW)).status).toBe(409);

      // Bad input: no rating, a short text, HTML. Nothing stored.
      for (const [fields, message] of [
        [{ ...REVIEW, rating: "6" }, REVIEW_MESSAGES.rating],
        [{ ...REVIEW, value: "" }, REVIEW_MESSAGES.subRating("Custo-benefício")],
        [{ ...REVIEW, text: "Muito bom." }, REVIEW_MESSAGES.textShort],
        [{ ...REVIEW, text: 'Ótimo lugar <a href="https://golpe.example">clique aqui</a> para mais fotos' }, REVIEW_MESSAGES.markup],
      ] as const) {
        const res = await davi.client.post(`/avaliar/${stayId}`, fields);
        expect(res.status).toBe(400);
        expect(await res.text()).toContain(inPage(message));
      }
      expect(await db().select().from(reviews).where(eq(reviews.stayId, stayId))).toHaveLength(0);

      const sent = await davi.client.post(`/avaliar/${stayId}`, REVIEW);
      expect(sent.status).toBe(302);
      expect(sent.headers.get("location")).toBe(`/accommodation/${listing.slug}#avaliacoes`);
      const [review] = await db().select().from(reviews).where(eq(reviews.stayId, stayId));
      expect(review).toMatchObject({ status: "published", rating: 5, authorId: davi.id });
      expect((await db().select({ n: properties.reviewCount, sum: properties.ratingSum }).from(properties).where(eq(properties.id, listing.id)))[0]).toEqual({ n: 1, sum: 5 });

      // Edited within 48 hours (the rating follows); not after.
      expect((await davi.client.post(`/avaliar/${stayId}`, { ...REVIEW, rating: "4" })).status).toBe(302);
      expect((await db().select({ sum: properties.ratingSum }).from(properties).where(eq(properties.id, listing.id)))[0]!.sum).toBe(4);
      moveClock(4 + 3);
      const late = await davi.client.post(`/avaliar/${stayId}`, { ...REVIEW, rating: "1" });
      expect(await late.text()).toContain(inPage(REVIEW_MESSAGES.editClosed));
      expect((await db().select({ rating: reviews.rating }).from(reviews).where(eq(reviews.id, review!.id)))[0]!.rating).toBe(4);

      // The host replies once, publicly; nobody else can.
      const otherHost = await signedInAs(t.app, "host");
      expect((await otherHost.client.post(HOST_CONTACTS, { intent: "responder-avaliacao", avaliacao: review!.id, reply: "Obrigada!" })).status).toBe(404);
      expect((await host.client.post(HOST_CONTACTS, { intent: "responder-avaliacao", avaliacao: review!.id, contato: contact.id, reply: "<b>Obrigada</b>" })).status).toBe(400);
      expect((await host.client.post(HOST_CONTACTS, { intent: "responder-avaliacao", avaliacao: review!.id, contato: contact.id, reply: "Obrigada, Davi! Volte sempre." })).status).toBe(302);
      const again = await host.client.post(HOST_CONTACTS, { intent: "responder-avaliacao", avaliacao: review!.id, contato: contact.id, reply: "De novo" });
      expect(await again.text()).toContain(inPage(REVIEW_MESSAGES.replied));
      expect((await db().select({ reply: reviews.hostReply }).from(reviews).where(eq(reviews.id, review!.id)))[0]!.reply).toBe("Obrigada, Davi! Volte sempre.");

      // The listing shows it to anyone: the average and count, the sub-ratings, the review, the reply; the host page the host's average.
      const page = await (await new Client(t.app.url).get(`/accommodation/${listing.slug}`)).text();
      expect(page).toContain('<span class="sr-only">Nota média </span>4,0<span class="sr-only"> de 5</span> · 1 avaliação');
      expect(page).toContain("Localização");
      expect(page).toContain("Davi");
      expect(page).not.toContain("Souza");
      expect(page).toContain(inPage(REVIEW.text));
      expect(page).toContain("Obrigada, Davi! Volte sempre.");
      expect(page).toContain(`href="/denunciar/avaliacao/${review!.id}"`);
      expect(await (await new Client(t.app.url).get(`/anfitriao/${host.id}`)).text()).toContain("4,0 · 1 avaliação");
    } finally {
      resetClock();
    }
  });

  it("refuses a review past 30 days after check-out, and a second review of one stay", async () => {
    const eva = await guest("Eva Ramos");
    await contactListing(eva.client, listing.slug);
    const contact = await contactOf(eva.id);
    const today = nightOf(new Date());
    const stayId = await confirmStay(host.client, eva.client, contact.id, async () => (await stayOf(contact.id))!.id, { checkin: today, checkout: addNights(today, 2) });
    moveClock(2 + 31);
    try {
      const late = await eva.client.post(`/avaliar/${stayId}`, REVIEW);
      expect(await late.text()).toContain(inPage(REVIEW_MESSAGES.windowClosed));
      // The invitation is not sent once the window has closed.
      expect(await runJob(t.app.services, reviewInvitationsJob)).toEqual({ ran: true, count: 0 });
      moveClock(3);
      expect((await eva.client.post(`/avaliar/${stayId}`, REVIEW)).status).toBe(302);
      expect(await (await eva.client.get(`/avaliar/${stayId}`)).text()).toContain("Editar avaliação");
      moveClock(6);
      expect(await (await eva.client.get(`/avaliar/${stayId}`)).text()).toContain(inPage(REVIEW_MESSAGES.editClosed));
    } finally {
      resetClock();
    }
    expect(await db().select().from(reviews).where(eq(reviews.stayId, stayId))).toHaveLength(1);
  });

  it("holds for an operator a review from the host's own network, counted only once published", async () => {
    const sock = await signedInAs(t.app, "guest", { name: "Conta Nova" });
    sock.client.headers.set("x-forwarded-for", host.client.headers.get("x-forwarded-for")!);
    await contactListing(sock.client, listing.slug);
    const contact = await contactOf(sock.id);
    const today = nightOf(new Date());
    const stayId = await confirmStay(host.client, sock.client, contact.id, async () => (await stayOf(contact.id))!.id, { checkin: today, checkout: addNights(today, 1) });
    const before = (await db().select({ n: properties.reviewCount }).from(properties).where(eq(properties.id, listing.id)))[0]!.n;
    moveClock(2);
    try {
      const sent = await sock.client.post(`/avaliar/${stayId}`, REVIEW);
      expect(sent.status).toBe(302);
      expect(sent.headers.get("location")).toBe("/perfil#meus-contatos");
    } finally {
      resetClock();
    }
    expect((await db().select().from(reviews).where(eq(reviews.stayId, stayId)))[0]).toMatchObject({ status: "held", heldFor: "same-network" });
    expect((await db().select({ n: properties.reviewCount }).from(properties).where(eq(properties.id, listing.id)))[0]!.n).toBe(before);
  });

  it("asks each guest once, a day after the contact, whether the host answered; three fast answers make the badge", async () => {
    const other = await insertProperty(db(), host.id, { title: "Chalé das Respostas", status: "approved", whatsappContact: "5548991234567" });
    const guests = [await guest("Fábio Respondido"), await guest("Gina Respondida"), await guest("Hugo Respondido")];
    for (const g of guests) await contactListing(g.client, other.slug);
    const page = async () => new Client(t.app.url).get(`/accommodation/${other.slug}`).then((res) => res.text());
    expect(await page()).not.toContain("Costuma responder");

    // Not before a day has passed; then once per contact, whatever the runs.
    await runJob(t.app.services, responseQuestionsJob);
    expect((await t.app.outbox()).filter((mail) => mail.subject === "Marina respondeu sua mensagem?" && mail.to.includes(guests[0]!.email))).toHaveLength(0);
    moveClock(1.05);
    try {
      await runJob(t.app.services, responseQuestionsJob);
      expect(await runJob(t.app.services, responseQuestionsJob)).toEqual({ ran: true, count: 0 });
      for (const g of guests) {
        const asked = (await t.app.outbox()).filter((mail) => mail.subject === "Marina respondeu sua mensagem?" && mail.to.includes(g.email));
        expect(asked).toHaveLength(1);
        expect(asked[0]!.text).toContain(`${t.app.url}/perfil#respondeu`);
      }
      const contact = await contactOf(guests[0]!.id, other.id);
      // Only the guest answers their own contact, once, with one of the four answers.
      expect((await host.client.post("/perfil", { intent: "anfitriao-respondeu", contato: contact.id, resposta: "hora" })).status).toBe(404);
      expect((await guests[1]!.client.post("/perfil", { intent: "anfitriao-respondeu", contato: contact.id, resposta: "hora" })).status).toBe(404);
      expect((await guests[0]!.client.post("/perfil", { intent: "anfitriao-respondeu", contato: contact.id, resposta: "logo" })).status).toBe(400);
      expect(await (await guests[0]!.client.get("/perfil")).text()).toContain("O anfitrião respondeu?");
      for (const g of guests) {
        const mine = await contactOf(g.id, other.id);
        expect((await g.client.post("/perfil", { intent: "anfitriao-respondeu", contato: mine.id, resposta: g === guests[2] ? "dia" : "hora" })).status).toBe(302);
      }
      expect((await guests[0]!.client.post("/perfil", { intent: "anfitriao-respondeu", contato: contact.id, resposta: "nao" })).status).toBe(302);
      expect((await contactOf(guests[0]!.id, other.id)).response).toBe("hora");
      expect(await (await guests[0]!.client.get("/perfil")).text()).not.toContain("O anfitrião respondeu?");
      expect(await page()).toContain("Costuma responder em até 1 hora");
      const figures = await (await host.client.get(HOST_CONTACTS)).text();
      expect(figures).toContain("Seus anúncios mostram: “Costuma responder em até 1 hora”.");
    } finally {
      resetClock();
    }
  });

  it("lets a guest say they stayed, which only the host confirms", async () => {
    const iara = await guest("Iara Campos");
    await contactListing(iara.client, listing.slug);
    const contact = await contactOf(iara.id);
    const today = nightOf(new Date());
    expect((await iara.client.post("/perfil", { intent: "informar-hospedagem", contato: contact.id, checkin: today, checkout: addNights(today, 2) })).status).toBe(302);
    const stay = (await stayOf(contact.id))!;
    expect(stay).toMatchObject({ statedBy: "guest", hostConfirmedAt: null });
    const own = await iara.client.post("/perfil", { intent: "confirmar-hospedagem", hospedagem: stay.id, contato: contact.id });
    expect(own.status).toBe(403);
    expect(await own.text()).toContain(inPage(STAY_MESSAGES.ownConfirmation));
    expect((await stayOf(contact.id))!.hostConfirmedAt).toBeNull();
    expect(await (await host.client.get(HOST_CONTACTS)).text()).toContain("O hóspede disse que se hospedou");
    expect((await host.client.post(HOST_CONTACTS, { intent: "confirmar-hospedagem", hospedagem: stay.id, contato: contact.id })).status).toBe(302);
    expect((await stayOf(contact.id))!.hostConfirmedAt).not.toBeNull();
  });

  it("holds the third review in a day from accounts under a week old: a burst is a campaign, not guests", async () => {
    const target = await insertProperty(db(), host.id, { title: "Cabana da Campanha", status: "approved", whatsappContact: "5548991234567" });
    const today = nightOf(new Date());
    const stayIds: { client: Awaited<ReturnType<typeof guest>>["client"]; stayId: string }[] = [];
    for (const name of ["Nova Um", "Nova Dois", "Nova Três"]) {
      const fresh = await guest(name);
      await contactListing(fresh.client, target.slug);
      const contact = await contactOf(fresh.id, target.id);
      stayIds.push({ client: fresh.client, stayId: await confirmStay(host.client, fresh.client, contact.id, async () => (await stayOf(contact.id))!.id, { checkin: today, checkout: addNights(today, 1) }) });
    }
    moveClock(2);
    try {
      for (const { client, stayId } of stayIds) expect((await client.post(`/avaliar/${stayId}`, REVIEW)).status).toBe(302);
    } finally {
      resetClock();
    }
    const statuses = await db().select({ status: reviews.status, heldFor: reviews.heldFor }).from(reviews).where(eq(reviews.propertyId, target.id)).orderBy(reviews.createdAt);
    expect(statuses).toEqual([
      { status: "published", heldFor: null },
      { status: "published", heldFor: null },
      { status: "held", heldFor: "new-accounts" },
    ]);
    expect((await db().select({ n: properties.reviewCount }).from(properties).where(eq(properties.id, target.id)))[0]!.n).toBe(2);
  });

  it("makes one visit one stay: a second contact cannot carry a stay overlapping the first", async () => {
    const joao = await guest("João Repetido");
    const today = nightOf(new Date());
    await contactListing(joao.client, listing.slug);
    const first = await contactOf(joao.id);
    await confirmStay(host.client, joao.client, first.id, async () => (await stayOf(first.id))!.id, { checkin: addNights(today, 5), checkout: addNights(today, 8) });
    // Two days later, another contact of the same listing: a new contact, but not a second stay on the same nights.
    moveClock(2);
    try {
      await contactListing(joao.client, listing.slug);
      const contactsOfJoao = await db().select().from(contacts).where(eq(contacts.guestId, joao.id)).orderBy(contacts.createdAt);
      expect(contactsOfJoao).toHaveLength(2);
      const second = contactsOfJoao[1]!;
      const overlapping = await host.client.post(HOST_CONTACTS, { intent: "informar-hospedagem", contato: second.id, checkin: addNights(today, 6), checkout: addNights(today, 9) });
      expect(overlapping.status).toBe(409);
      expect(await overlapping.text()).toContain(inPage(STAY_MESSAGES.overlaps));
      expect(await stayOf(second.id)).toBeUndefined();
      // The nights after the first stay are another visit.
      expect((await host.client.post(HOST_CONTACTS, { intent: "informar-hospedagem", contato: second.id, checkin: addNights(today, 8), checkout: addNights(today, 10) })).status).toBe(302);
    } finally {
      resetClock();
    }
  });

  it("takes an answer only while the question is open, and counts one answer per guest", async () => {
    const quiet = await signedInAs(t.app, "host", { name: "Quieta Anfitriã" });
    ownAddress(quiet.client);
    const place = await insertProperty(db(), quiet.id, { title: "Cabana Silenciosa", status: "approved", whatsappContact: "5548991234567" });
    const eager = await guest("Léo Apressado");
    await contactListing(eager.client, place.slug);
    const early = await contactOf(eager.id, place.id);
    const tooSoon = await eager.client.post("/perfil", { intent: "anfitriao-respondeu", contato: early.id, resposta: "hora" });
    expect(tooSoon.status).toBe(409);
    expect(await tooSoon.text()).toContain(inPage(RESPONSE_QUESTION_CLOSED));
    expect((await contactOf(eager.id, place.id)).response).toBeNull();
    // Three contacts on three days, three answers: one guest counts once, so no badge.
    for (let day = 1; day <= 3; day++) {
      moveClock(day * 1.1);
      try {
        if (day > 1) await contactListing(eager.client, place.slug);
        moveClock(day * 1.1 + 1.05);
        const open = (await db().select().from(contacts).where(and(eq(contacts.guestId, eager.id), eq(contacts.propertyId, place.id)))).find((c) => c.response === null);
        if (open) expect((await eager.client.post("/perfil", { intent: "anfitriao-respondeu", contato: open.id, resposta: "hora" })).status).toBe(302);
      } finally {
        resetClock();
      }
    }
    const answered = await db().select().from(contacts).where(and(eq(contacts.guestId, eager.id), eq(contacts.propertyId, place.id), isNotNull(contacts.response)));
    expect(answered.length).toBeGreaterThanOrEqual(3);
    expect(await (await quiet.client.get(HOST_CONTACTS)).text()).toContain("Com pelo menos 3 respostas");
    expect(await (await new Client(t.app.url).get(`/accommodation/${place.slug}`)).text()).not.toContain("Costuma responder");
  });
});
