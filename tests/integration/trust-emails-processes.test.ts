import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { count, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addNights, nightOf } from "../../common/nights";
import type { Database } from "../../server/db/client";
import { contacts, stays } from "../../server/db/schema";
import { createTestDatabase, engine } from "../support/database";
import { insertHost, insertProperty } from "../support/factories";
import { serverProcesses } from "../support/server-process";

const GUESTS = 30;
const DAY = 86_400_000;

/**
 * Two server processes on one PostgreSQL database both run the review invitations and the "O
 * anfitrião respondeu?" question at start: every guest gets each email once, from one of them.
 * PGlite allows a single process per data directory, so this is PostgreSQL's.
 */
describe.skipIf(engine !== "postgres")("trust emails sent by two processes: each once (PostgreSQL; PGlite has one process)", () => {
  let database: Database;
  const processes = serverProcesses(() => database);

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    const host = await insertHost(db, { name: "Marina Costa" });
    const listing = await insertProperty(db, host.id, { title: "Cabana dos Dois Processos", status: "approved" });
    const today = nightOf(new Date());
    for (let i = 0; i < GUESTS; i++) {
      const guest = await insertHost(db, { name: `Hóspede ${i}`, email: `hospede-${i}@example.com`, userType: "guest" });
      const [contact] = await db
        .insert(contacts)
        .values({ guestId: guest.id, propertyId: listing.id, hostId: host.id, createdAt: new Date(Date.now() - 5 * DAY) })
        .returning({ id: contacts.id });
      await db.insert(stays).values({
        contactId: contact!.id,
        propertyId: listing.id,
        guestId: guest.id,
        hostId: host.id,
        checkIn: addNights(today, -3),
        checkOut: addNights(today, -1),
        statedBy: "host",
        hostConfirmedAt: new Date(),
        guestConfirmedAt: new Date(),
      });
    }
  });
  afterAll(async () => {
    processes.stop();
    await database?.close();
  });

  async function sentMails() {
    const mails = [];
    for (const dir of processes.dataDirs) {
      const outbox = path.join(dir, "outbox");
      for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
        const mail = await simpleParser(fs.readFileSync(path.join(outbox, file)));
        mails.push({ to: mail.to && !Array.isArray(mail.to) ? mail.to.text : "", subject: mail.subject ?? "" });
      }
    }
    return mails;
  }

  it("emails every guest each message once", async () => {
    await Promise.all([processes.start(), processes.start()]);
    const left = async () =>
      (await database.db.select({ n: count() }).from(stays).where(isNull(stays.reviewInvitedAt)))[0]!.n +
      (await database.db.select({ n: count() }).from(contacts).where(isNull(contacts.responseAskedAt)))[0]!.n;
    await expect.poll(left, { timeout: 60_000, interval: 250 }).toBe(0);
    const mails = await sentMails();
    const invitations = mails.filter((mail) => mail.subject === "Como foi a sua hospedagem em “Cabana dos Dois Processos”?");
    const questions = mails.filter((mail) => mail.subject === "Marina respondeu sua mensagem?");
    const everyGuest = Array.from({ length: GUESTS }, (_, i) => `hospede-${i}@example.com`).sort();
    expect(invitations.map((mail) => mail.to).sort()).toEqual(everyGuest);
    expect(questions.map((mail) => mail.to).sort()).toEqual(everyGuest);
    // The host's own email (the monthly summary, tests/integration/monthly-summary-processes.test.ts) aside.
    expect(mails.filter((mail) => mail.to.startsWith("hospede-"))).toHaveLength(2 * GUESTS);
  });
});
