import { eq, inArray, sql, type SQLWrapper } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addNights, nightOf } from "../../common/nights";
import { DEFAULT_QUERY } from "../../common/property-query";
import { bayesianScore } from "../../common/reviews";
import type { Database } from "../../server/db/client";
import { contacts, properties, stays } from "../../server/db/schema";
import { COUNT_CAP, reviewsExist, searchProperties, searchStatements } from "../../server/properties/search";
import { searchInput } from "../../server/properties/search-input";
import { signedInAs } from "../support/accounts";
import { useTestApp } from "../support/app";
import { municipalityByLabel } from "../../server/cities/places";
import { createTestDatabase, engine } from "../support/database";
import { insertHost, insertManyProperties, insertProperty } from "../support/factories";
import { confirmStay, contactListing, ownAddress } from "../support/stays";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const at = (h: number) => new Date(Date.UTC(2026, 0, 1) + h * HOUR);
const REVIEW = { cleanliness: "5", location: "5", communication: "5", value: "4", accuracy: "5", text: "Lugar lindo, tudo limpo e o anfitrião respondeu sempre muito rápido." };
/** The cards' titles in the page's order. */
const titles = (html: string) => [...html.matchAll(/class="card-link"[^>]*>([^<]+)</g)].map((m) => m[1]);
const RATING_OPTION = '<option value="rating">Mais bem avaliados</option>';

describe(`rating sort and the cards' ratings (${engine})`, () => {
  const t = useTestApp({ TRUST_PROXY: "1" });
  const db = () => t.app.database.db;
  const page = async (path: string) => {
    const res = await fetch(`${t.app.url}${path}`);
    expect(res.status, path).toBe(200);
    return res.text();
  };

  let host: Awaited<ReturnType<typeof signedInAs>>;
  let reviewed: { id: string; slug: string };

  beforeAll(async () => {
    host = await signedInAs(t.app, "host", { name: "Rosa Andrade" });
    ownAddress(host.client);
    reviewed = await insertProperty(db(), host.id, { title: "Cabana do Ipê", createdAt: at(1), whatsappContact: "5548991234567" });
    await insertProperty(db(), host.id, { title: "Cabana do Jequitibá", createdAt: at(2) });
  });

  it("offers 'Mais bem avaliados' only once a listing has a real review, and the card shows its average and count instead of 'Novo'", async () => {
    const before = await page("/category/cabanas");
    expect(before).not.toContain(RATING_OPTION);
    expect(before).toContain("Mais recentes");
    expect(before.match(/class="card-new">Novo</g)).toHaveLength(2);
    expect(await page("/?search=cabana")).not.toContain('value="rating"');
    // A link asking for it still works, newest first since every listing ties, and says so.
    const asked = await page("/category/cabanas?sort=rating");
    expect(titles(asked)).toEqual(["Cabana do Jequitibá", "Cabana do Ipê"]);
    expect(asked).toContain('<option value="rating" selected="">Mais bem avaliados</option>');

    // Five guests stay and review it through the site: 5, 5, 5, 5 and 4 stars.
    const today = nightOf(new Date());
    const guests = [];
    for (const name of ["Ana Lima", "Bruno Reis", "Caio Prado", "Dora Melo", "Enzo Faria"]) {
      const guest = await signedInAs(t.app, "guest", { name });
      ownAddress(guest.client);
      await contactListing(guest.client, reviewed.slug);
      const [contact] = await db().select().from(contacts).where(eq(contacts.guestId, guest.id));
      const stayId = await confirmStay(host.client, guest.client, contact!.id, async () => (await db().select().from(stays).where(eq(stays.contactId, contact!.id)))[0]!.id, {
        checkin: today,
        checkout: addNights(today, 2),
      });
      guests.push({ guest, stayId });
    }
    // After check-out, and over a week later, so the accounts are no longer new (a burst of new accounts waits for an operator).
    t.app.services.clock.now = () => new Date(Date.now() + 9 * DAY);
    try {
      for (const [i, { guest, stayId }] of guests.entries()) {
        expect((await guest.client.post(`/avaliar/${stayId}`, { ...REVIEW, rating: i === 4 ? "4" : "5" })).status).toBe(302);
      }
    } finally {
      t.app.services.clock.now = () => new Date();
    }

    const after = await page("/category/cabanas");
    expect(after).toContain(RATING_OPTION);
    expect(after).toContain('aria-label="Nota 4,8 de 5, 5 avaliações"');
    const card = after.slice(after.indexOf(">Cabana do Ipê<"));
    expect(card.slice(0, card.indexOf("</article>"))).toMatch(/<span class="card-rating" role="img" aria-label="Nota 4,8 de 5, 5 avaliações"><svg[^]*?<\/svg>4,8<span class="card-count">\(<!-- -->5<!-- -->\)<\/span><\/span>/);
    expect(after.match(/class="card-new">Novo</g)).toHaveLength(1);
    expect(await page("/?search=cabana")).toContain(RATING_OPTION);
    // Rated above the listing without reviews (4,5), whichever is newer.
    expect(titles(await page("/category/cabanas?sort=rating"))).toEqual(["Cabana do Ipê", "Cabana do Jequitibá"]);
  });

  it("ranks by the Bayesian average: forty 4.8s above one 5, listings without reviews at the prior 4.5 (newest first among ties), low ratings below", async () => {
    const listings = [
      { title: "Chalé de uma nota 5", createdAt: at(10), reviewCount: 1, ratingSum: 5 },
      { title: "Chalé de quarenta notas 4,8", createdAt: at(11), reviewCount: 40, ratingSum: 192 },
      { title: "Chalé sem avaliações antigo", createdAt: at(12), reviewCount: 0, ratingSum: 0 },
      { title: "Chalé de média exata 4,5", createdAt: at(13), reviewCount: 2, ratingSum: 9 },
      { title: "Chalé sem avaliações novo", createdAt: at(14), reviewCount: 0, ratingSum: 0 },
      { title: "Chalé de notas baixas", createdAt: at(15), reviewCount: 3, ratingSum: 9 },
    ];
    const ids: string[] = [];
    for (const { reviewCount, ratingSum, ...fields } of listings) {
      const { id } = await insertProperty(db(), host.id, { ...fields, propertyType: "Chalé" });
      // Reviews by the dozen, for the order only: the listing's figures as the reviews would leave them.
      await db().update(properties).set({ reviewCount, ratingSum }).where(eq(properties.id, id));
      ids.push(id);
    }
    // The stored score is common/reviews.ts's (the migration spells the prior out).
    const scores = await db().select({ id: properties.id, score: properties.ratingScore }).from(properties).where(inArray(properties.id, ids));
    for (const [i, { reviewCount, ratingSum }] of listings.entries()) {
      expect(scores.find((s) => s.id === ids[i])!.score).toBeCloseTo(bayesianScore(ratingSum, reviewCount), 12);
    }
    expect(bayesianScore(5, 1)).toBeCloseTo(4.583, 3);
    expect(bayesianScore(192, 40)).toBeCloseTo(4.767, 3);

    const expected = [
      "Chalé de quarenta notas 4,8",
      "Chalé de uma nota 5",
      "Chalé sem avaliações novo",
      "Chalé de média exata 4,5",
      "Chalé sem avaliações antigo",
      "Chalé de notas baixas",
    ];
    const category = await page("/category/chales?sort=rating");
    expect(titles(category)).toEqual(expected);
    expect(category).toContain('aria-label="Nota 4,8 de 5, 40 avaliações"');
    expect(category).toContain('aria-label="Nota 5,0 de 5, 1 avaliação"');
    expect(category).toContain('aria-label="Nota 3,0 de 5, 3 avaliações"');
    expect(titles(await page("/?search=chal%C3%A9&sort=rating"))).toEqual(expected);
    expect(titles(await page("/?propertyType=Chal%C3%A9&sort=rating"))).toEqual(expected);
  });
});

describe(`rating sort past the count cap (${engine})`, () => {
  let database: Database;
  const input = { ...searchInput(DEFAULT_QUERY, { types: ["Contêiner"], pageSize: 9 }), sort: "rating" as const };

  beforeAll(async () => {
    database = await createTestDatabase();
    const host = await insertHost(database.db);
    // More than the cap, in threes created at the same time.
    await insertManyProperties(database.db, host.id, COUNT_CAP + 10, (n) => ({
      title: `Contêiner ${n}`,
      propertyType: "Contêiner",
      maxGuests: 1 + (n % 6),
      createdAt: at(-Math.floor(n / 3)),
    }));
    // A tenth reviewed, in tied pairs of scores: 1 to 30 reviews averaging 3 to 5.
    await database.db.execute(sql`
      UPDATE properties SET review_count = 1 + (n / 2) % 30, rating_sum = (1 + (n / 2) % 30) * (3 + (n / 2) % 3)
      FROM (SELECT id, row_number() OVER (ORDER BY created_at, id)::int AS n FROM properties) numbered
      WHERE numbered.id = properties.id AND numbered.n % 10 = 0`);
    // The best of all is the oldest: the first page lies outside the newest matches the count collects.
    await database.db.execute(sql`UPDATE properties SET review_count = 60, rating_sum = 300 WHERE id = (SELECT id FROM properties ORDER BY created_at, id LIMIT 1)`);
  });
  afterAll(() => database?.close());

  it("gives every page in score order, ties newest first, whether it comes with the count, from the rating index or from the reviewed listings", async () => {
    const campos = municipalityByLabel("Campos do Jordão - SP")!;
    for (const [label, filter, capped] of [
      ["all of them (capped)", { minGuests: 1 }, true],
      ["5+ guests (under the cap)", { minGuests: 5 }, false],
      // Every listing is in Campos do Jordão: the first pages are those rated above the prior.
      ["around Campos do Jordão (capped)", { minGuests: 1, center: { lat: campos.lat, lng: campos.lng }, radiusKm: 10 }, true],
    ] as const) {
      const first = await searchProperties(database.db, { ...input, ...filter });
      expect(first.totalIsCapped, label).toBe(capped);
      const [best] = await database.db
        .select({ id: properties.id })
        .from(properties)
        .where(sql`property_type = 'Contêiner' AND max_guests >= ${filter.minGuests}`)
        .orderBy(sql`rating_score DESC, created_at DESC, id DESC`)
        .limit(1);
      expect(first.items[0]!.id, label).toBe(best!.id);
      if ("center" in filter) {
        const statements = searchStatements(database.db, { ...input, ...filter });
        expect((await statements.ratedPage(2)).length).toBe(9);
        expect((await statements.ratedPage(first.pageCount)).length).toBe(0);
      }
      const seen: string[] = [];
      for (let p = 1; p <= first.pageCount; p++) {
        const found = await searchProperties(database.db, { ...input, ...filter, page: p });
        if ([1, 2, 37, first.pageCount - 1, first.pageCount].includes(p)) {
          const walked = await searchStatements(database.db, { ...input, ...filter, page: p }).page(p);
          expect(found.items.map((i) => i.id), `${label}, page ${p}`).toEqual(walked.map((i) => i.id));
        }
        seen.push(...found.items.map((i) => i.id));
      }
      const rows = await database.db
        .select({ id: properties.id, score: properties.ratingScore, createdAt: properties.createdAt })
        .from(properties)
        .where(inArray(properties.id, seen));
      const byId = new Map(rows.map((r) => [r.id, r]));
      const ordered = seen.map((id) => byId.get(id)!);
      for (let i = 1; i < ordered.length; i++) {
        const [a, b] = [ordered[i - 1]!, ordered[i]!];
        expect(a.score > b.score || (a.score === b.score && a.createdAt >= b.createdAt), `${label}: ${i}`).toBe(true);
      }
      // No listing twice; under the cap, every one (capped, the last page is full: 112 × 9 > 1,000).
      expect(new Set(seen).size).toBe(seen.length);
      if (!capped) expect(seen.length).toBe(first.total);
    }
  });

  it("ranks a filtered search's matches from the newest index alone, walks past the cap in the rating index alone, around a place in the reviewed listings' index alone, and asks that index whether reviews exist", async () => {
    // The planner's choice aside (table and bitmap scans off, and sorts, which a small table makes
    // cheap), the index must hold every column these read: an Index Scan means each row is read
    // (migrations 0028 and 0029).
    const filtered = { ...input, types: [], amenities: ["Wi-Fi"], minGuests: 2 } satisfies typeof input;
    const campos = municipalityByLabel("Campos do Jordão - SP")!;
    const around = { ...filtered, center: { lat: campos.lat, lng: campos.lng }, radiusKm: 10 };
    const plans = await database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      await tx.execute(sql`SET LOCAL enable_sort = off`);
      const explain = async (statement: SQLWrapper) =>
        ((await tx.execute(sql`EXPLAIN ${statement}`)) as unknown as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row)[0]).join("\n");
      return {
        ranked: await explain(searchStatements(database.db, filtered).ranked(1)),
        walked: await explain(searchStatements(database.db, filtered).page(1)),
        rated: await explain(searchStatements(database.db, around).ratedPage(1)),
        reviewed: await explain(sql`SELECT id FROM properties WHERE status = 'approved' AND is_active AND review_count > 0 LIMIT 1`),
      };
    });
    expect(plans.ranked).toContain("Index Only Scan Backward using properties_public_newest_idx");
    expect(plans.walked).toContain("Index Only Scan using properties_public_rating_idx");
    expect(plans.rated).toContain("Index Only Scan using properties_public_reviewed_idx");
    expect(plans.reviewed).toContain("properties_public_reviewed_idx");
    expect(await reviewsExist(database.db)).toBe(true);
  });
});
