import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nightOf } from "../../common/nights";
import type { Database } from "../../server/db/client";
import { monthlySummaries, monthlySummaryMonths } from "../../server/db/schema";
import { createTestDatabase, engine } from "../support/database";
import { insertHost, insertProperty } from "../support/factories";
import { serverProcesses } from "../support/server-process";

const HOSTS = 30;

/**
 * Two server processes on one PostgreSQL database both run the monthly summary at start: every host
 * with a public listing gets last month's summary once, from one of them, and the month is marked
 * finished. PGlite allows a single process per data directory, so this is PostgreSQL's.
 */
describe.skipIf(engine !== "postgres")("monthly summaries sent by two processes: each host once (PostgreSQL; PGlite has one process)", () => {
  let database: Database;
  const processes = serverProcesses(() => database);
  // The month before this one (Brazil's), as the processes' clocks see it.
  const today = nightOf(new Date());
  const [year, month] = today.split("-").map(Number) as [number, number];
  const lastMonth = month === 1 ? `${year - 1}-12-01` : `${year}-${String(month - 1).padStart(2, "0")}-01`;

  beforeAll(async () => {
    database = await createTestDatabase();
    for (let i = 0; i < HOSTS; i++) {
      const host = await insertHost(database.db, { name: `Anfitriã ${i}`, email: `anfitria-${i}@example.com` });
      await insertProperty(database.db, host.id, { title: `Cabana ${i}`, status: "approved" });
    }
  });
  afterAll(async () => {
    processes.stop();
    await database?.close();
  });

  it("emails every host once", async () => {
    await Promise.all([processes.start(), processes.start()]);
    const finished = async () => (await database.db.select({ n: count() }).from(monthlySummaryMonths).where(eq(monthlySummaryMonths.month, lastMonth)))[0]!.n;
    await expect.poll(finished, { timeout: 60_000, interval: 250 }).toBe(1);
    expect((await database.db.select({ n: count() }).from(monthlySummaries).where(eq(monthlySummaries.month, lastMonth)))[0]!.n).toBe(HOSTS);
    const summaries = [];
    for (const dir of processes.dataDirs) {
      const outbox = path.join(dir, "outbox");
      for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
        const mail = await simpleParser(fs.readFileSync(path.join(outbox, file)));
        if (mail.subject?.startsWith("Seu resumo de")) summaries.push(mail.to && !Array.isArray(mail.to) ? mail.to.text : "");
      }
    }
    expect(summaries.sort()).toEqual(Array.from({ length: HOSTS }, (_, i) => `anfitria-${i}@example.com`).sort());
  });
});
