import { and, eq, inArray, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addNights, nightOf } from "../../common/nights";
import { accounts, contacts, footprints, newsletterSubscribers, properties, reviews, sessions, stays, users } from "../../server/db/schema";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { signedInAs, signIn, signUpViaForm, TEST_PASSWORD } from "../support/accounts";
import { insertProperty } from "../support/factories";
import { Client } from "../support/http";
import { confirmStay, contactListing, HOST_CONTACTS, ownAddress } from "../support/stays";

const DAY = 86_400_000;
const REVIEW = { rating: "5", cleanliness: "5", location: "4", communication: "5", value: "4", accuracy: "5", text: "Chalé impecável, trilha na porta e café da manhã caprichado." };

describe(`the user's own data: export and deletion (${engine})`, () => {
  // Reviews need each person on an address of their own (ownAddress), behind the trusted proxy.
  const t = useTestApp({ TRUST_PROXY: "1" });
  const db = () => t.app.database.db;
  /** Moves the app's clock `days` from now; `resetClock` puts it back. */
  const moveClock = (days: number) => (t.app.services.clock.now = () => new Date(Date.now() + days * DAY));
  const resetClock = () => (t.app.services.clock.now = () => new Date());

  async function signUp(email: string, name: string) {
    const client = await signUpViaForm(t.app.url, email, "host", name);
    await client.post("/newsletter", { email });
    return client;
  }

  it("'Baixar meus dados' downloads this user's data and nobody else's", async () => {
    const ana = await signUp("ana-lgpd@example.com", "Ana Lgpd");
    await signUp("bruno-lgpd@example.com", "Bruno Lgpd");
    const [anaRow] = await t.app.database.db.select({ id: users.id }).from(users).where(eq(users.email, "ana-lgpd@example.com"));
    await insertProperty(t.app.database.db, anaRow!.id, { title: "Cabana da Ana", amenities: ["Wi-Fi"] }, []);
    const res = await ana.get("/perfil/dados");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="recanto-meus-dados-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.text();
    const data = JSON.parse(body);
    expect(data.account).toMatchObject({ name: "Ana Lgpd", email: "ana-lgpd@example.com", phone: "5548991234567", userType: "host" });
    expect(data.sessions).toHaveLength(1);
    // The listing as the host gave it, without the search machinery derived from it.
    expect(data.properties).toHaveLength(1);
    expect(data.properties[0]).toMatchObject({ title: "Cabana da Ana", amenities: ["Wi-Fi"] });
    for (const derived of ["searchVector", "locationFolded", "facetLanes", "hostId"]) expect(data.properties[0], derived).not.toHaveProperty(derived);
    expect(data.newsletter).toMatchObject({ confirmedAt: null });
    expect(body).not.toContain("bruno");
    expect(body).not.toMatch(/password|token/i);

    const anonymous = await new Client(t.app.url).get("/perfil/dados");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/login?redirectTo=%2Fperfil%2Fdados");
  });

  it("keeps signed-in pages and their data out of every cache; what is the same for everyone keeps its own policy", async () => {
    const dora = await signUp("dora-cache@example.com", "Dora Cache");
    for (const path of ["/", "/perfil", "/perfil.data", "/perfil/dados.data", "/favoritos", "/category/chales.data"]) {
      const res = await dora.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
    }
    expect((await dora.get("/perfil/dados")).headers.get("cache-control")).toBe("no-store");
    expect((await dora.get("/brazilian-cities.json")).headers.get("cache-control")).toBe("public, max-age=86400");
    expect((await new Client(t.app.url).get("/")).headers.get("cache-control") ?? "").not.toContain("private");
  });

  it("'Excluir minha conta' needs the account's email, then removes the account, sessions, credentials and consent", async () => {
    const carla = await signUp("carla-lgpd@example.com", "Carla Lgpd");
    const otherDevice = await signIn(t.app, "carla-lgpd@example.com");
    const diego = await signUp("diego-lgpd@example.com", "Diego Lgpd");
    const [carlaRow] = await t.app.database.db.select({ id: users.id }).from(users).where(eq(users.email, "carla-lgpd@example.com"));

    // Typing someone else's email deletes nothing: the session decides whose account it is.
    const wrong = await carla.post("/perfil", { intent: "delete-account", confirmEmail: "diego-lgpd@example.com" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Digite o email da sua conta para confirmar a exclusão.");
    expect(await t.app.database.db.select().from(users).where(eq(users.id, carlaRow!.id))).toHaveLength(1);

    const done = await carla.post("/perfil", { intent: "delete-account", confirmEmail: "Carla-LGPD@example.com" });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/");
    expect(await t.app.database.db.select().from(users).where(eq(users.id, carlaRow!.id))).toEqual([]);
    expect(await t.app.database.db.select().from(sessions).where(eq(sessions.userId, carlaRow!.id))).toEqual([]);
    expect(await t.app.database.db.select().from(accounts).where(eq(accounts.userId, carlaRow!.id))).toEqual([]);
    expect(
      await t.app.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "carla-lgpd@example.com")),
    ).toEqual([]);

    expect((await otherDevice.get("/perfil")).status).toBe(302);
    expect((await new Client(t.app.url).post("/login", { email: "carla-lgpd@example.com", password: TEST_PASSWORD })).status).toBe(401);
    expect((await diego.get("/perfil")).status).toBe(200);
  });

  /** A host with `count` public listings, and a guest who contacted each choosing a stay (from today, two nights, 2 guests). */
  async function contacted(count: number, names: { host: string; guest: string }) {
    const host = await signedInAs(t.app, "host", { name: names.host });
    ownAddress(host.client);
    const guest = await signedInAs(t.app, "guest", { name: names.guest });
    ownAddress(guest.client);
    const today = nightOf(new Date());
    const dates = { checkin: today, checkout: addNights(today, 2) };
    const made = [];
    for (let i = 0; i < count; i++) {
      const listing = await insertProperty(db(), host.id, { title: `${names.host.split(" ")[0]}, chalé ${i + 1}`, status: "approved", whatsappContact: "5548991234567" });
      await contactListing(guest.client, listing.slug, { ...dates, guests: "2" });
      const [contact] = await db().select().from(contacts).where(and(eq(contacts.guestId, guest.id), eq(contacts.propertyId, listing.id)));
      made.push({ listing, contact: contact! });
    }
    const stayOf = async (contactId: string) => (await db().select({ id: stays.id }).from(stays).where(eq(stays.contactId, contactId)))[0]!.id;
    return { host, guest, dates, made, stayOf };
  }

  it("'Baixar meus dados' has each side's contacts, stays, reviews, answers and replies, and of the other person only what they already see", async () => {
    const { host, guest, dates, made, stayOf } = await contacted(1, { host: "Helena Prates", guest: "Gabriel Moura" });
    const [{ listing, contact }] = made as [(typeof made)[number]];
    const stayId = await confirmStay(host.client, guest.client, contact.id, () => stayOf(contact.id), dates);
    moveClock(3);
    try {
      expect((await guest.client.post("/perfil", { intent: "anfitriao-respondeu", contato: contact.id, resposta: "hora" })).status).toBe(302);
      expect((await guest.client.post(`/avaliar/${stayId}`, REVIEW)).status).toBe(302);
      const [review] = await db().select({ id: reviews.id }).from(reviews).where(eq(reviews.stayId, stayId));
      expect((await host.client.post(HOST_CONTACTS, { intent: "responder-avaliacao", avaliacao: review!.id, contato: contact.id, reply: "Obrigada pela visita, volte sempre!" })).status).toBe(302);
    } finally {
      resetClock();
    }
    const link = `/accommodation/${listing.slug}`;
    const stay = { checkIn: dates.checkin, checkOut: dates.checkout, statedBy: "host", hostConfirmedAt: expect.any(String), guestConfirmedAt: expect.any(String) };

    const guestBody = await (await guest.client.get("/perfil/dados")).text();
    const mine = JSON.parse(guestBody);
    expect(mine.contactsMade).toEqual([
      {
        listing: { title: "Helena, chalé 1", link },
        contactedAt: expect.any(String),
        chosen: { checkIn: dates.checkin, checkOut: dates.checkout, guests: 2 },
        hostResponded: { questionEmailedAt: null, answer: "Em até 1 hora", answeredAt: expect.any(String) },
        stay: { ...stay, statedAt: expect.any(String), reviewInvitationEmailedAt: null },
      },
    ]);
    expect(mine.reviewsWritten).toEqual([
      {
        listing: { title: "Helena, chalé 1", link },
        stayedUntil: dates.checkout,
        rating: 5,
        cleanliness: 5,
        location: 4,
        communication: 5,
        value: 4,
        accuracy: 5,
        text: REVIEW.text,
        status: "published",
        hiddenReason: null,
        decidedAt: null,
        writtenAt: expect.any(String),
        editedAt: expect.any(String),
        hostReply: "Obrigada pela visita, volte sempre!",
        hostRepliedAt: expect.any(String),
      },
    ]);
    expect(mine).toMatchObject({ contactsReceived: [], reviewRepliesWritten: [] });
    expect(mine).not.toHaveProperty("responsiveness");
    // Footprints are counted, never copied: the stay's confirmation and the review left two.
    const prints = await db().select().from(footprints).where(eq(footprints.userId, guest.id));
    expect(mine.securityFootprints).toMatchObject({ kept: prints.length });
    expect(prints.length).toBeGreaterThanOrEqual(2);
    for (const print of prints) expect(guestBody).not.toContain(print.address);
    for (const other of [host.id, host.email, "Prates"]) expect(guestBody).not.toContain(other);

    const hostBody = await (await host.client.get("/perfil/dados")).text();
    const theirs = JSON.parse(hostBody);
    // The guest's name and chosen stay, as "Contatos recebidos" shows them; not the guest's answer, which only counts.
    expect(theirs.contactsReceived).toEqual([
      { listing: { title: "Helena, chalé 1", link }, guest: "Gabriel Moura", contactedAt: expect.any(String), chosen: { checkIn: dates.checkin, checkOut: dates.checkout, guests: 2 }, stay: { ...stay, statedAt: expect.any(String) } },
    ]);
    expect(theirs.responsiveness).toEqual({ windowDays: 90, answers: { "Em até 1 hora": 1, "No mesmo dia": 0, Depois: 0, "Não respondeu": 0 }, badge: null });
    // The reply is the host's; the review it answers is the guest's.
    expect(theirs.reviewRepliesWritten).toEqual([{ listing: { title: "Helena, chalé 1", link }, reviewWrittenAt: expect.any(String), reply: "Obrigada pela visita, volte sempre!", repliedAt: expect.any(String) }]);
    expect(theirs).toMatchObject({ contactsMade: [], reviewsWritten: [] });
    for (const other of [guest.id, guest.email, REVIEW.text]) expect(hostBody).not.toContain(other);
  });

  it("'Excluir minha conta' of a guest removes their contacts, stays, footprints and unpublished reviews, and keeps the published one unsigned", async () => {
    const { host, guest, dates, made, stayOf } = await contacted(3, { host: "Irene Falcão", guest: "Joaquim Teixeira" });
    const [published, held, hidden] = made as [(typeof made)[number], (typeof made)[number], (typeof made)[number]];
    const first = await confirmStay(host.client, guest.client, published.contact.id, () => stayOf(published.contact.id), dates);
    moveClock(3);
    try {
      expect((await guest.client.post(`/avaliar/${first}`, REVIEW)).status).toBe(302);
    } finally {
      resetClock();
    }
    // The host states the other two stays, and the guest confirms them from the host's own address: their reviews wait for an operator.
    for (const { contact } of [held, hidden]) expect((await host.client.post(HOST_CONTACTS, { intent: "informar-hospedagem", contato: contact.id, ...dates })).status).toBe(302);
    guest.client.headers.set("x-forwarded-for", host.client.headers.get("x-forwarded-for")!);
    const others = [];
    for (const { contact } of [held, hidden]) {
      const id = await stayOf(contact.id);
      expect((await guest.client.post("/perfil", { intent: "confirmar-hospedagem", hospedagem: id, contato: contact.id })).status).toBe(302);
      others.push(id);
    }
    moveClock(3);
    try {
      for (const id of others) expect((await guest.client.post(`/avaliar/${id}`, REVIEW)).status).toBe(302);
    } finally {
      resetClock();
    }
    // An operator hides one of them, with a reason.
    await db().update(reviews).set({ status: "hidden", hiddenReason: "Avaliação do próprio anfitrião.", decidedAt: new Date() }).where(eq(reviews.stayId, others[1]!));
    const written = await db().select({ id: reviews.id, stayId: reviews.stayId, status: reviews.status }).from(reviews).where(eq(reviews.authorId, guest.id));
    expect(written.map((r) => r.status).sort()).toEqual(["held", "hidden", "published"]);
    expect(await db().select().from(footprints).where(eq(footprints.userId, guest.id))).not.toEqual([]);

    const done = await guest.client.post("/perfil", { intent: "delete-account", confirmEmail: guest.email });
    expect(done.status).toBe(302);
    expect(await db().select().from(contacts).where(eq(contacts.guestId, guest.id))).toEqual([]);
    expect(await db().select().from(stays).where(eq(stays.guestId, guest.id))).toEqual([]);
    expect(await db().select().from(footprints).where(eq(footprints.userId, guest.id))).toEqual([]);
    const left = await db().select().from(reviews).where(inArray(reviews.id, written.map((r) => r.id)));
    expect(left).toEqual([expect.objectContaining({ id: written.find((r) => r.status === "published")!.id, authorId: null, stayId: null, status: "published", text: REVIEW.text, rating: 5 })]);
    // Only the published review was ever counted: the listings' figures stand as they were.
    const figures = await db().select({ id: properties.id, n: properties.reviewCount, sum: properties.ratingSum }).from(properties).where(eq(properties.hostId, host.id));
    expect(Object.fromEntries(figures.map((f) => [f.id, [f.n, f.sum]]))).toEqual({ [published.listing.id]: [1, 5], [held.listing.id]: [0, 0], [hidden.listing.id]: [0, 0] });
    // The listing shows it as "Hóspede do Recanto", without the guest's name.
    const page = await (await new Client(t.app.url).get(`/accommodation/${published.listing.slug}`)).text();
    expect(page).toContain(REVIEW.text);
    expect(page).toContain("Hóspede do Recanto");
    expect(page).not.toContain("Joaquim");
    // As the privacy page says.
    const policy = await (await new Client(t.app.url).get("/privacidade")).text();
    for (const said of ["aparecem como “Hóspede do Recanto”", "assinaturas (hashes) do endereço IP e do navegador: 90 dias"]) expect(policy).toContain(said);

    // The host deletes theirs: the listings go, and with them the review, the contacts and the stays.
    expect((await host.client.post("/perfil", { intent: "delete-account", confirmEmail: host.email })).status).toBe(302);
    expect(await db().select().from(reviews).where(eq(reviews.propertyId, published.listing.id))).toEqual([]);
    expect(await db().select().from(contacts).where(eq(contacts.hostId, host.id))).toEqual([]);
    expect(await db().select().from(stays).where(or(eq(stays.hostId, host.id), eq(stays.propertyId, published.listing.id)))).toEqual([]);
  });
});
