/**
 * Thousands of generated hostile requests against every route (tests/support/fuzz.ts), as a
 * visitor and as a guest, a Premium host with listings and an operator: none may answer 5xx, and
 * afterwards no row may break a rule of the schema or of the forms' validation.
 *
 * The inputs come from a fixed seed, so a run is repeatable; FUZZ_SEED=n tries others, FUZZ_RUNS=n
 * sets how many, and FUZZ_ONLY=i,j sends only those requests of the seed's list (a failure names its
 * seed and index). FUZZ_LOG_LEVEL=error shows the server's log lines of a failure; FUZZ_DEBUG=1
 * prints how many answers of each status each kind of request got.
 */
import { attributeTags, attributesFromTags } from "../../common/stay-attributes";
import { addNights, BRAZIL_ZONE, nightOf } from "../../common/nights";
import { checkReply, checkReview, STAY_MAX_NIGHTS, STAY_START_WITHIN_DAYS } from "../../common/reviews";
import http from "node:http";
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { eq, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { locationCheck } from "../../common/cities";
import { propertySchema } from "../../common/property-form";
import { PROPERTY_STATUSES } from "../../common/property-card";
import { validateEmail, validateProfile } from "../../common/validation/accounts";
import { LANGUAGES } from "../../common/languages";
import { MAX_IMAGES_PER_PROPERTY } from "../../common/image-upload";
import { municipalities } from "../../server/cities/cities";
import { MAX_STAGED_UPLOADS_PER_USER } from "../../server/media/uploads";
import type { Db } from "../../server/db/client";
import { contacts, imageUploads, properties, reviews, stays } from "../../server/db/schema";
import { createTestAccount, TEST_PASSWORD } from "../support/accounts";
import { startTestApp, type TestApp } from "../support/app";
import { engine } from "../support/database";
import { insertHost, insertProperty } from "../support/factories";
import { fuzzRequests, send, type FuzzAnswer, type FuzzRequest, type Role } from "../support/fuzz";
import { solidPng } from "../support/images";
import { startStripeStub } from "../support/stripe-stub";

const SEED = Number(process.env.FUZZ_SEED ?? 20261129);
const RUNS = Number(process.env.FUZZ_RUNS ?? 5000);
const ONLY = process.env.FUZZ_ONLY?.split(",").map(Number);
/** The suite's own run (not a replay or an exploration), which is known to get past validation. */
const SUITE_RUN = !process.env.FUZZ_SEED && !process.env.FUZZ_RUNS && !ONLY;
/** Requests in flight at once: enough to overlap database waits on two cores, few enough to stay fair to other tests. */
const CONCURRENCY = 6;
/** Sessions are checked (and signed in again if a request ended them) between chunks of this many requests. */
const CHUNK = 100;

async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe(`fuzzing every route with hostile input (${engine})`, { timeout: 600_000 }, () => {
  let stub: Awaited<ReturnType<typeof startStripeStub>>;
  let app: TestApp;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const accounts = {} as Record<Exclude<Role, "anonymous">, { id: string; email: string; cookie?: string }>;
  let requests: FuzzRequest[] = [];

  /** A fresh session cookie made by better-auth directly: the run's failed logins may have rate limited the login form. */
  async function sessionCookie(email: string) {
    const { headers } = await app.services.auth.api.signInEmail({ body: { email, password: TEST_PASSWORD }, returnHeaders: true });
    return headers
      .getSetCookie()
      .map((line) => line.split(";")[0]!)
      .join("; ");
  }

  /** Signs an account in again when a request ended its session (sign-out, "sair de todos os dispositivos"). */
  async function restoreEndedSessions() {
    for (const account of Object.values(accounts)) {
      const token = decodeURIComponent(/recanto\.session_token=([^;.]+)/.exec(account.cookie ?? "")?.[1] ?? "");
      const alive = await queryRows(app.database.db, sql`select 1 from sessions where token = ${token} and expires_at > now()`);
      if (!alive.length) account.cookie = await sessionCookie(account.email);
    }
  }

  beforeAll(async () => {
    stub = await startStripeStub();
    app = await startTestApp({ STRIPE_SECRET_KEY: "sk_test_fuzz", STRIPE_WEBHOOK_SECRET: "whsec_fuzz", STRIPE_API_URL: stub.url, TRUST_PROXY: "1", ...(process.env.FUZZ_LOG_LEVEL && { LOG_LEVEL: process.env.FUZZ_LOG_LEVEL }) });
    const db = app.database.db;
    accounts.guest = await createTestAccount(app, "guest");
    accounts.host = await createTestAccount(app, "premium-host", { phone: "5511987654321" });
    accounts.operator = await createTestAccount(app, "operator");
    for (const account of Object.values(accounts)) account.cookie = await sessionCookie(account.email);

    // Keys of their own: edits and deletions remove image files, and the media folder is shared.
    const prefix = `fuzz-${randomUUID()}`;
    const other = await insertHost(db);
    const listings = [];
    for (const [i, status] of (["approved", "approved", "approved", "pending", "pending", "rejected", "approved", "pending"] as const).entries()) {
      const images = Array.from({ length: 1 + (i % 3) }, (_, n) => ({ storageKey: `${prefix}/p${i}-${n}`, width: 1200, height: 800, alt: `Foto ${n + 1}` }));
      listings.push(await insertProperty(db, accounts.host.id, { title: `Chalé de teste ${i}`, status, isActive: i !== 6, ...(status === "rejected" && { rejectionReason: "Faltam fotos do banheiro." }) }, images));
    }
    for (let i = 0; i < 3; i++) {
      listings.push(await insertProperty(db, other.id, { title: `Cabana alheia ${i}`, status: i ? "approved" : "pending" }, [{ storageKey: `${prefix}/o${i}`, width: 800, height: 600, alt: "Foto" }]));
    }
    const uploads = await db
      .insert(imageUploads)
      .values(Array.from({ length: 20 }, (_, i) => ({ userId: i < 16 ? accounts.host.id : other.id, storageKey: `${prefix}/u${i}`, width: 1200, height: 800 })))
      .returning({ id: imageUploads.id });
    const images = await queryRows<{ id: string }>(db, sql`select id from property_images`);

    // The guest's contacts of the host's public listings, one at each stage a form acts on (no stay
    // yet; a stay the host stated; a stay to review; a review to reply to), and the host's own
    // contact of another's listing.
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
    const today = nightOf(new Date());
    const contactRows = await db
      .insert(contacts)
      .values([
        { guestId: accounts.guest.id, hostId: accounts.host.id, propertyId: listings[0]!.id, createdAt: daysAgo(2) },
        { guestId: accounts.guest.id, hostId: accounts.host.id, propertyId: listings[1]!.id, createdAt: daysAgo(2), checkIn: addNights(today, 3), checkOut: addNights(today, 5), guests: 2 },
        { guestId: accounts.guest.id, hostId: accounts.host.id, propertyId: listings[2]!.id, createdAt: daysAgo(10) },
        { guestId: accounts.guest.id, hostId: accounts.host.id, propertyId: listings[1]!.id, createdAt: daysAgo(12) },
        { guestId: accounts.host.id, hostId: other.id, propertyId: listings[9]!.id, createdAt: daysAgo(2) },
      ])
      .returning({ id: contacts.id, propertyId: contacts.propertyId });
    const [, stated, toReview, reviewed] = contactRows as [(typeof contactRows)[number], (typeof contactRows)[number], (typeof contactRows)[number], (typeof contactRows)[number]];
    const sides = { guestId: accounts.guest.id, hostId: accounts.host.id };
    const stayRows = await db
      .insert(stays)
      .values([
        { ...sides, contactId: stated.id, propertyId: stated.propertyId, checkIn: addNights(today, 3), checkOut: addNights(today, 5), statedBy: "host", hostConfirmedAt: daysAgo(1) },
        { ...sides, contactId: toReview.id, propertyId: toReview.propertyId, checkIn: addNights(today, -9), checkOut: addNights(today, -2), statedBy: "guest", guestConfirmedAt: daysAgo(2), hostConfirmedAt: daysAgo(2) },
        { ...sides, contactId: reviewed.id, propertyId: reviewed.propertyId, checkIn: addNights(today, -11), checkOut: addNights(today, -3), statedBy: "host", hostConfirmedAt: daysAgo(3), guestConfirmedAt: daysAgo(3) },
      ])
      .returning({ id: stays.id });
    const review = { rating: 4, cleanliness: 5, location: 4, communication: 5, value: 4, accuracy: 4, text: "Cabana linda, muito limpa e o anfitrião respondeu tudo rápido." };
    const [reviewRow] = await db
      .insert(reviews)
      .values({ ...review, stayId: stayRows[2]!.id, propertyId: reviewed.propertyId, authorId: accounts.guest.id, stayedUntil: addNights(today, -3), status: "published" })
      .returning({ id: reviews.id });
    await db.update(properties).set({ reviewCount: 1, ratingSum: review.rating }).where(eq(properties.id, reviewed.propertyId));

    const pools = {
      baseUrl: app.url,
      emails: [...Object.values(accounts).map((a) => a.email), other.email],
      propertyIds: listings.map((l) => l.id),
      slugs: listings.map((l) => l.slug),
      imageIds: images.map((r) => r.id),
      uploadIds: uploads.map((u) => u.id),
      contactIds: contactRows.map((c) => c.id),
      stayIds: stayRows.map((s) => s.id),
      reviewIds: [reviewRow!.id],
      png: await solidPng(24, 16),
    };
    const all = fc.sample(fuzzRequests(pools), { seed: SEED, numRuns: RUNS });
    requests = ONLY ? ONLY.map((i) => all[i]!) : all;
  }, 180_000);

  afterAll(async () => {
    agent.destroy();
    await app?.close();
    await stub?.close();
  });

  it(`answers every generated request below 500 (seed ${SEED})`, async () => {
    const failures: { index: number; request: FuzzRequest; answer: FuzzAnswer }[] = [];
    /** How many answers of each status each kind of request got (FUZZ_DEBUG=1 prints it: is the generator still reaching past validation?). */
    const tally = new Map<string, number>();
    const runStart = new Date().toISOString();
    for (let start = 0; start < requests.length; start += CHUNK) {
      await restoreEndedSessions();
      const chunk = requests.slice(start, start + CHUNK);
      let next = 0;
      const worker = async () => {
        while (next < chunk.length) {
          const offset = next++;
          const request = chunk[offset]!;
          const cookie = request.role === "anonymous" ? undefined : accounts[request.role].cookie;
          const answer = await send(app.url, agent, request, cookie);
          const key = `${request.kind} ${answer.status}`;
          tally.set(key, (tally.get(key) ?? 0) + 1);
          if (answer.status >= 500 || answer.status === 0) failures.push({ index: ONLY ? ONLY[start + offset]! : start + offset, request, answer });
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    }
    if (process.env.FUZZ_DEBUG) console.log([...tally].sort().map(([key, n]) => `${key}: ${n}`).join("\n"));
    const report = failures.slice(0, 15).map(({ index, request, answer }) => ({
      index,
      kind: request.kind,
      role: request.role,
      request: `${request.method} ${request.path}`.slice(0, 400),
      headers: JSON.stringify(request.headers).slice(0, 400),
      body: JSON.stringify(request.body.slice(0, 300)),
      answer: answer.error ?? `${answer.status} ${answer.sample ?? ""}`,
    }));
    expect(
      report,
      `${failures.length} of ${requests.length} requests failed; replay with FUZZ_SEED=${SEED} FUZZ_ONLY=${failures.map((f) => f.index).slice(0, 20).join(",")}`,
    ).toEqual([]);
    // The run got past the refusals too: result lists, uploads, favourites, new listings, edits and decisions.
    if (SUITE_RUN) {
      for (const reached of ["search-results 200", "image-upload 201", "favourite 200"]) expect(tally.get(reached), reached).toBeGreaterThan(0);
      const [made] = await queryRows<{ added: number; changed: number }>(
        app.database.db,
        sql`select count(*) filter (where created_at > ${runStart}::timestamptz)::int as added,
                   count(*) filter (where created_at <= ${runStart}::timestamptz and updated_at > ${runStart}::timestamptz)::int as changed
            from properties`,
      );
      expect(made!.added).toBeGreaterThan(0);
      expect(made!.changed).toBeGreaterThan(0);
      // Saved forms carried house rules and cancellation policies (the seeded listings have none).
      const [rules] = await queryRows<{ quiet: number; policies: number; notes: number }>(
        app.database.db,
        sql`select count(quiet_hours)::int as quiet, count(cancellation_policy)::int as policies, count(other_rules)::int as notes from properties`,
      );
      for (const [what, n] of Object.entries(rules!)) expect(n, what).toBeGreaterThan(0);
    }
  });

  it("leaves no row that breaks a rule", async () => {
    const db = app.database.db;
    const broken: string[] = [];
    const rows = <T,>(query: SQL) => queryRows<T>(db, query);

    // Orphans and owners (the foreign keys should make these impossible; this checks they are there).
    for (const [rule, query] of [
      ["property owned by a missing user or a guest", sql`select p.id from properties p left join users u on u.id = p.host_id where u.id is null or u.user_type <> 'host'`],
      ["favourite of a missing property or user", sql`select f.property_id as id from favorites f left join properties p on p.id = f.property_id left join users u on u.id = f.user_id where p.id is null or u.id is null`],
      ["session of a missing user", sql`select s.id from sessions s left join users u on u.id = s.user_id where u.id is null`],
      ["credential of a missing user", sql`select a.id from accounts a left join users u on u.id = a.user_id where u.id is null`],
      ["image of a missing property", sql`select i.id from property_images i left join properties p on p.id = i.property_id where p.id is null`],
      ["staged upload of a missing user", sql`select i.id from image_uploads i left join users u on u.id = i.user_id where u.id is null`],
      ["staged upload also attached to a property", sql`select i.id from image_uploads i join property_images p on p.storage_key = i.storage_key`],
      ["property without a photo or with too many", sql`select p.id from properties p left join property_images i on i.property_id = p.id group by p.id having count(i.id) < 1 or count(i.id) > ${MAX_IMAGES_PER_PROPERTY}`],
      ["photo positions not 0..n-1", sql`select property_id as id from property_images group by property_id having min(position) <> 0 or max(position) <> count(*) - 1 or count(distinct position) <> count(*)`],
      ["more staged uploads than allowed", sql`select user_id as id from image_uploads group by user_id having count(*) > ${MAX_STAGED_UPLOADS_PER_USER}`],
      ["status outside the known ones", sql`select id from properties where status not in (${sql.join(PROPERTY_STATUSES.map((s) => sql`${s}`), sql`, `)})`],
      ["rejection reason on a property that is not rejected, or none on one that is", sql`select id from properties where (status = 'rejected') <> (rejection_reason is not null)`],
      ["subscription or billing customer of a missing user", sql`select s.id from subscriptions s left join users u on u.id = s.user_id where u.id is null union all select b.customer_id from billing_customers b left join users u on u.id = b.user_id where u.id is null`],
      ["municipality out of step with the location", sql`select p.id from properties p join municipalities m on m.code = p.municipality_code where m.label <> p.location`],
      ["location naming a municipality without it", sql`select p.id from properties p join municipalities m on m.label = p.location where p.municipality_code is distinct from m.code or p.latitude is null`],
      ["listing hidden by reports without enough open reporters", sql`select p.id from properties p where p.status = 'reported' and (select count(distinct r.reporter_id) from reports r where r.property_id = p.id and r.resolved_at is null) < 3`],
      ["spoken language outside the offered ones", sql`select id from users where not languages <@ array[${sql.join(LANGUAGES.map(({ code }) => sql`${code}`), sql`, `)}]::text[]`],
      ["report on one's own listing", sql`select r.id from reports r join properties p on p.id = r.property_id where p.host_id = r.reporter_id`],
      ["promotion counter out of step with its grants", sql`select c.id from promotion_counter c where c.used <> (select count(*) from promotion_grants)`],
      ["contact of one's own listing, or naming another host than the listing's", sql`select c.id from contacts c join properties p on p.id = c.property_id where c.guest_id = c.host_id or c.host_id <> p.host_id`],
      [
        "stay out of step with its contact, or with dates its form refuses",
        sql`select s.id from stays s join contacts c on c.id = s.contact_id
            where s.guest_id <> c.guest_id or s.host_id <> c.host_id or s.property_id <> c.property_id
               or s.check_out <= s.check_in or s.check_out - s.check_in > ${STAY_MAX_NIGHTS}::int
               or s.check_in < (c.created_at at time zone ${BRAZIL_ZONE})::date or s.check_in > (c.created_at at time zone ${BRAZIL_ZONE})::date + ${STAY_START_WITHIN_DAYS}::int`,
      ],
      [
        "signed review without a stay both sides confirmed, by its guest, after check-out",
        sql`select r.id from reviews r left join stays s on s.id = r.stay_id
            where r.author_id is not null and (s.id is null or s.guest_id <> r.author_id or s.property_id <> r.property_id or s.host_confirmed_at is null or s.guest_confirmed_at is null
               or r.stayed_until <> s.check_out or (r.created_at at time zone ${BRAZIL_ZONE})::date < s.check_out)`,
      ],
      [
        "listing's review count or rating sum out of step with its published reviews",
        sql`select p.id from properties p left join reviews r on r.property_id = p.id and r.status = 'published'
            group by p.id having p.review_count <> count(r.id) or p.rating_sum <> coalesce(sum(r.rating), 0)`,
      ],
    ] as const) {
      const found = await rows<{ id: string }>(query);
      if (found.length) broken.push(`${rule}: ${found.map((r) => r.id).slice(0, 5).join(", ")}`);
    }

    // Every stored user and property is what its own form would accept, as the form would store it.
    const realPlaces = locationCheck(municipalities());
    for (const user of await rows<{ id: string; name: string; email: string; phone: string; location: string; bio: string; user_type: string; role: string }>(
      sql`select id, name, email, phone, location, bio, user_type, role from users`,
    )) {
      const profile = validateProfile({ name: user.name, phone: user.phone ? `+${user.phone}` : "", location: user.location, bio: user.bio }, realPlaces);
      const email = validateEmail(user.email);
      if (!profile.ok) broken.push(`user ${user.id}: ${profile.message}`);
      else if (profile.data.name !== user.name || profile.data.location !== user.location || profile.data.bio !== user.bio) broken.push(`user ${user.id}: text not stored as the form cleans it`);
      if (!email.ok || email.data !== user.email) broken.push(`user ${user.id}: email ${JSON.stringify(user.email)}`);
      if (!/^(\d{8,15})?$/.test(user.phone)) broken.push(`user ${user.id}: phone ${JSON.stringify(user.phone)}`);
      if (!["guest", "host"].includes(user.user_type) || !["user", "admin"].includes(user.role)) broken.push(`user ${user.id}: type ${user.user_type}, role ${user.role}`);
    }
    const schema = propertySchema((input) => (/^\d{8,15}$/.test(input) ? input : null), realPlaces).omit({ imageIds: true });
    for (const p of await rows<Record<string, unknown> & { id: string }>(
      sql`select id, title, description, property_type, location, price_cents, max_guests, bedrooms, bathrooms, amenities, safety_items, whatsapp_contact, features, latitude, longitude, show_exact_location,
                 check_in_from, check_out_until, quiet_hours, smoking_allowed, parties_allowed, other_rules, cancellation_policy, cancellation_notes from properties`,
    )) {
      const attributes = attributesFromTags(p.features as string[]);
      if (attributeTags(attributes).join() !== (p.features as string[]).join()) broken.push(`property ${p.id}: features ${JSON.stringify(p.features)}`);
      const stored = {
        title: p.title,
        description: p.description,
        propertyType: p.property_type,
        location: p.location,
        priceCents: p.price_cents,
        maxGuests: p.max_guests,
        bedrooms: p.bedrooms,
        bathrooms: p.bathrooms,
        amenities: p.amenities,
        safetyItems: p.safety_items,
        whatsappContact: p.whatsapp_contact,
        ...attributes,
        checkInFrom: p.check_in_from,
        checkOutUntil: p.check_out_until,
        quietHours: p.quiet_hours,
        smokingAllowed: p.smoking_allowed,
        partiesAllowed: p.parties_allowed,
        otherRules: p.other_rules,
        cancellationPolicy: p.cancellation_policy,
        cancellationNotes: p.cancellation_notes,
        pin: p.latitude === null ? null : { lat: p.latitude, lng: p.longitude },
        showExactLocation: p.show_exact_location,
      };
      // The form posts "no signal" as the choice "none".
      const signal = attributes.signal === null ? [] : attributes.signal.length === 0 ? ["none"] : attributes.signal;
      const parsed = schema.safeParse({ ...stored, signal });
      if (!parsed.success) broken.push(`property ${p.id}: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
      else if (JSON.stringify(parsed.data) !== JSON.stringify(stored)) broken.push(`property ${p.id}: not stored as the form cleans it`);
    }
    for (const r of await rows<Record<string, string | number | null> & { id: string }>(
      sql`select id, rating, cleanliness, location, communication, value, accuracy, text, host_reply from reviews`,
    )) {
      const review = checkReview(Object.fromEntries(Object.entries(r).map(([key, value]) => [key, String(value)])));
      if (!review.ok || review.data.text !== r.text) broken.push(`review ${r.id}: ${review.ok ? "text not stored as the form cleans it" : review.message}`);
      const reply = r.host_reply === null ? null : checkReply(r.host_reply);
      if (reply && (!reply.ok || reply.reply !== r.host_reply)) broken.push(`review ${r.id}: reply ${reply.ok ? "not stored as the form cleans it" : reply.message}`);
    }
    for (const row of await rows<{ email: string }>(sql`select email from newsletter_subscribers`)) {
      const email = validateEmail(row.email);
      if (!email.ok || email.data !== row.email) broken.push(`newsletter subscriber ${JSON.stringify(row.email)}`);
    }
    // PostgreSQL refuses NUL in text; what it stored from invalid UTF-8 must at least be whole characters.
    for (const row of await rows<{ t: string }>(sql`select name || email || location || bio as t from users union all select title || description || location || coalesce(other_rules, '') || coalesce(cancellation_notes, '') from properties`)) {
      if (row.t.includes("\0") || /[\ud800-\udfff]/.test(row.t.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ""))) broken.push(`text with NUL or a lone surrogate: ${JSON.stringify(row.t.slice(0, 80))}`);
    }
    expect(broken).toEqual([]);
  });
});
