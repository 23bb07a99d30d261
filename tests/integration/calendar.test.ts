import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addNights, nightOf, type Night } from "../../common/nights";
import { addMinStayPeriod, changeHostNights, exportedNights, hostCalendar, removeMinStayPeriod, renewCalendarToken, setMinNights } from "../../server/availability/calendar";
import { connectFeed, disconnectFeed, FEED_TEXTS, retryDelayMs, syncDueFeeds, syncFeedNow, type FeedSyncSettings } from "../../server/availability/feed-sync";
import { FEED_ERRORS } from "../../server/availability/feed-nights";
import { FEED_FETCH_ERRORS } from "../../server/availability/fetch-feed";
import type { Database } from "../../server/db/client";
import { calendarFeeds, feedNights, hostBlockedNights, properties } from "../../server/db/schema";
import { createTestDatabase, engine } from "../support/database";
import { airbnbFeed, startFeedServer } from "../support/feed-server";
import { insertHost, insertProperty } from "../support/factories";

const today = nightOf(new Date());
const night = (days: number): Night => addNights(today, days);
const settings: FeedSyncSettings = { syncEveryMs: 30 * 60_000, allowLoopback: true, ownDomain: "recanto.test", timeoutMs: 2_000 };

describe(`a listing's calendar (${engine})`, () => {
  let database: Database;
  let feeds: Awaited<ReturnType<typeof startFeedServer>>;
  let hostId = "";
  let otherHostId = "";

  beforeAll(async () => {
    [database, feeds] = await Promise.all([createTestDatabase(), startFeedServer()]);
    hostId = (await insertHost(database.db)).id;
    otherHostId = (await insertHost(database.db)).id;
  });
  afterAll(async () => {
    await Promise.all([database.close(), feeds.close()]);
  });

  const newListing = async () => (await insertProperty(database.db, hostId, { title: "Chalé com calendário" })).id;
  const unavailableOf = async (id: string) => (await database.db.select({ u: properties.unavailable }).from(properties).where(eq(properties.id, id)))[0]!.u;
  const takenOf = async (id: string) => (await hostCalendar(database.db, hostId, id, { first: today, last: night(540) }))!.taken;

  it("closes and opens nights by hand, keeping the listing's taken nights as ranges", async () => {
    const id = await newListing();
    expect(await changeHostNights(database.db, hostId, id, { block: [night(3), night(4), night(5), night(9)] }, today)).toEqual({ ok: true, value: 4 });
    // Again: nothing new.
    expect(await changeHostNights(database.db, hostId, id, { block: [night(4)] }, today)).toEqual({ ok: true, value: 0 });
    expect(await unavailableOf(id)).toBe(`{[${night(3)},${night(6)}),[${night(9)},${night(10)})}`);
    expect(await changeHostNights(database.db, hostId, id, { free: [night(4), night(9)] }, today)).toEqual({ ok: true, value: 2 });
    expect(await unavailableOf(id)).toBe(`{[${night(3)},${night(4)}),[${night(5)},${night(6)})}`);
    expect((await takenOf(id)).map((t) => t.night)).toEqual([night(3), night(5)]);
    // Both in one change; a night both closed and opened is refused whole.
    expect(await changeHostNights(database.db, hostId, id, { block: [night(7)], free: [night(3)] }, today)).toEqual({ ok: true, value: 2 });
    expect(await changeHostNights(database.db, hostId, id, { block: [night(8), night(5)], free: [night(5)] }, today)).toMatchObject({ ok: false, status: 400 });
    expect((await takenOf(id)).map((t) => t.night)).toEqual([night(5), night(7)]);
  });

  it("refuses bad nights and changes nothing", async () => {
    const id = await newListing();
    const cases: [unknown[], string][] = [
      [[], "Escolha ao menos uma noite."],
      [["2027-02-30"], "Datas inválidas. Use o formato dd/mm/aaaa."],
      [["amanhã"], "Datas inválidas. Use o formato dd/mm/aaaa."],
      [[night(-1)], "Escolha noites de hoje até 18 meses à frente."],
      [[night(600)], "Escolha noites de hoje até 18 meses à frente."],
      [Array.from({ length: 551 }, (_, i) => night(i % 540)), "Altere no máximo 550 noites de uma vez."],
    ];
    for (const [nights, title] of cases) {
      const answer = await changeHostNights(database.db, hostId, id, { block: nights }, today);
      expect(answer).toMatchObject({ ok: false, status: 400, title });
    }
    expect(await database.db.select().from(hostBlockedNights).where(eq(hostBlockedNights.propertyId, id))).toEqual([]);
    expect(await unavailableOf(id)).toBe("{}");
  });

  it("lets no one but the listing's host read or change its calendar", async () => {
    const id = await newListing();
    await changeHostNights(database.db, hostId, id, { block: [night(2)] }, today);
    const notYours = { ok: false, status: 404 };
    expect(await hostCalendar(database.db, otherHostId, id, { first: today, last: night(30) })).toBeNull();
    expect(await changeHostNights(database.db, otherHostId, id, { free: [night(2)] }, today)).toMatchObject(notYours);
    expect(await changeHostNights(database.db, otherHostId, id, { block: [night(7)] }, today)).toMatchObject(notYours);
    expect(await setMinNights(database.db, otherHostId, id, 5)).toMatchObject(notYours);
    expect(await addMinStayPeriod(database.db, otherHostId, id, { starts: night(10), ends: night(14), nights: 3 }, today)).toMatchObject(notYours);
    expect(await renewCalendarToken(database.db, otherHostId, id)).toMatchObject(notYours);
    expect(await connectFeed(database.db, otherHostId, id, { name: "Airbnb", url: `${feeds.base}/x.ics` })).toMatchObject(notYours);
    expect((await takenOf(id)).map((t) => t.night)).toEqual([night(2)]);
    const [row] = await database.db.select({ minNights: properties.minNights }).from(properties).where(eq(properties.id, id));
    expect(row!.minNights).toBe(1);
    expect(await database.db.select().from(calendarFeeds).where(eq(calendarFeeds.propertyId, id))).toEqual([]);
  });

  it("keeps a minimum stay for the listing and for periods, refusing what cannot be one", async () => {
    const id = await newListing();
    expect(await setMinNights(database.db, hostId, id, 2)).toEqual({ ok: true, value: 2 });
    expect(await setMinNights(database.db, hostId, id, 0)).toMatchObject({ ok: false, field: "minNights" });
    expect(await setMinNights(database.db, hostId, id, 366)).toMatchObject({ ok: false, field: "minNights" });
    const added = await addMinStayPeriod(database.db, hostId, id, { starts: night(60), ends: night(65), nights: 3 }, today);
    expect(added.ok).toBe(true);
    expect(await addMinStayPeriod(database.db, hostId, id, { starts: night(65), ends: night(60), nights: 3 }, today)).toMatchObject({ ok: false, field: "ends" });
    expect(await addMinStayPeriod(database.db, hostId, id, { starts: night(-9), ends: night(-2), nights: 3 }, today)).toMatchObject({ ok: false, field: "ends" });
    expect(await addMinStayPeriod(database.db, hostId, id, { starts: "ontem", ends: night(2), nights: 3 }, today)).toMatchObject({ ok: false, field: "starts" });
    const calendar = (await hostCalendar(database.db, hostId, id, { first: today, last: night(90) }))!;
    expect(calendar.property.minNights).toBe(2);
    expect(calendar.periods).toEqual([{ id: added.ok ? added.value : "", starts: night(60), ends: night(65), nights: 3 }]);
    expect(await removeMinStayPeriod(database.db, otherHostId, id, calendar.periods[0]!.id)).toMatchObject({ ok: false, status: 404 });
    expect(await removeMinStayPeriod(database.db, hostId, id, calendar.periods[0]!.id)).toEqual({ ok: true, value: true });
  });

  it("imports a connected calendar, keeps its last good nights when it breaks, and frees a night the feed frees", async () => {
    const id = await newListing();
    await changeHostNights(database.db, hostId, id, { block: [night(20)] }, today);
    feeds.set("/airbnb-1.ics", airbnbFeed([{ checkIn: night(10), checkOut: night(13) }]));
    const connected = await connectFeed(database.db, hostId, id, { name: " Airbnb ", url: `  ${feeds.base}/airbnb-1.ics ` });
    if (!connected.ok) throw new Error(connected.title);
    expect(await connectFeed(database.db, hostId, id, { name: "De novo", url: `${feeds.base}/airbnb-1.ics` })).toMatchObject({ ok: false, title: FEED_TEXTS.duplicate });

    expect(await syncFeedNow(database.db, connected.value, settings)).toEqual({ ok: true, value: { ok: true, nights: 3 } });
    expect(await takenOf(id)).toEqual([
      { night: night(10), by: [connected.value] },
      { night: night(11), by: [connected.value] },
      { night: night(12), by: [connected.value] },
      { night: night(20), by: ["host"] },
    ]);

    // Broken: the nights of the last good sync stay, the error is kept, the next try comes sooner.
    feeds.set("/airbnb-1.ics", "<html>Página não encontrada</html>");
    expect(await syncFeedNow(database.db, connected.value, settings)).toEqual({ ok: true, value: { ok: false, error: FEED_ERRORS.notCalendar } });
    const [broken] = await database.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, connected.value));
    expect(broken).toMatchObject({ lastError: FEED_ERRORS.notCalendar, failures: 1 });
    expect(broken!.nextSyncAt.getTime() - broken!.lastErrorAt!.getTime()).toBeLessThan(retryDelayMs(2, settings.syncEveryMs));
    expect((await takenOf(id)).map((t) => t.night)).toEqual([night(10), night(11), night(12), night(20)]);

    // The stay now ends a night earlier: that night is free again.
    feeds.set("/airbnb-1.ics", airbnbFeed([{ checkIn: night(10), checkOut: night(12) }]));
    await syncFeedNow(database.db, connected.value, settings);
    const [good] = await database.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, connected.value));
    expect(good).toMatchObject({ lastError: null, failures: 0 });
    expect(good!.lastSyncedAt).not.toBeNull();
    expect(await unavailableOf(id)).toBe(`{[${night(10)},${night(12)}),[${night(20)},${night(21)})}`);

    // Disconnected: its nights go with it, the host's stay.
    expect(await disconnectFeed(database.db, otherHostId, id, connected.value)).toMatchObject({ ok: false, status: 404 });
    expect(await disconnectFeed(database.db, hostId, id, connected.value)).toEqual({ ok: true, value: true });
    expect(await unavailableOf(id)).toBe(`{[${night(20)},${night(21)})}`);
    expect(await database.db.select().from(feedNights).where(eq(feedNights.feedId, connected.value))).toEqual([]);
  });

  it("refuses addresses that cannot be a calendar's, and loopback unless the setting allows it", async () => {
    const id = await newListing();
    for (const [url, title] of [
      ["", FEED_TEXTS.urlMissing],
      ["ftp://example.com/cal.ics", FEED_FETCH_ERRORS.scheme],
      ["file:///etc/passwd", FEED_FETCH_ERRORS.scheme],
      ["não é endereço", FEED_FETCH_ERRORS.scheme],
      ["https://user:senha@example.com/cal.ics", FEED_FETCH_ERRORS.address],
    ]) {
      expect(await connectFeed(database.db, hostId, id, { name: "Outro", url: url! })).toMatchObject({ ok: false, field: "url", title });
    }
    expect(await connectFeed(database.db, hostId, id, { name: "  ", url: `${feeds.base}/a.ics` })).toMatchObject({ ok: false, field: "name" });
    feeds.set("/local.ics", airbnbFeed([{ checkIn: night(1), checkOut: night(2) }]));
    const connected = await connectFeed(database.db, hostId, id, { name: "Local", url: `${feeds.base}/local.ics` });
    if (!connected.ok) throw new Error(connected.title);
    const before = feeds.fetchesOf("/local.ics");
    expect(await syncFeedNow(database.db, connected.value, { ...settings, allowLoopback: false })).toEqual({ ok: true, value: { ok: false, error: FEED_FETCH_ERRORS.address } });
    expect(feeds.fetchesOf("/local.ics")).toBe(before);
    expect(await unavailableOf(id)).toBe("{}");
  });

  it("exports every taken night under a secret that a new one replaces", async () => {
    const id = await newListing();
    const { calendarToken } = (await hostCalendar(database.db, hostId, id, { first: today, last: night(30) }))!;
    feeds.set("/booking.ics", airbnbFeed([{ checkIn: night(5), checkOut: night(7) }]));
    const connected = await connectFeed(database.db, hostId, id, { name: "Booking.com", url: `${feeds.base}/booking.ics` });
    if (!connected.ok) throw new Error(connected.title);
    await syncFeedNow(database.db, connected.value, settings);
    await changeHostNights(database.db, hostId, id, { block: [night(6), night(8)] }, today);
    expect((await exportedNights(database.db, calendarToken, today))!.nights).toEqual([night(5), night(6), night(8)]);
    // The same secret on the next visit.
    expect((await hostCalendar(database.db, hostId, id, { first: today, last: night(30) }))!.calendarToken).toBe(calendarToken);
    const renewed = await renewCalendarToken(database.db, hostId, id);
    if (!renewed.ok) throw new Error(renewed.title);
    expect(await exportedNights(database.db, calendarToken, today)).toBeNull();
    expect((await exportedNights(database.db, renewed.value, today))!.nights).toEqual([night(5), night(6), night(8)]);
    expect(await exportedNights(database.db, "curto", today)).toBeNull();
  });

  it("syncs due feeds several at once, a slow feed holding none of the others, each fetched once", async () => {
    const id = await newListing();
    const paths = Array.from({ length: 6 }, (_, i) => `/due-${i}.ics`);
    for (const [i, path] of paths.entries()) {
      feeds.set(path, airbnbFeed([{ checkIn: night(30 + i), checkOut: night(31 + i) }]), i === 0 ? { delayMs: 1_500 } : {});
      const connected = await connectFeed(database.db, hostId, id, { name: `Canal ${i}`, url: `${feeds.base}${path}` });
      expect(connected.ok).toBe(true);
    }
    expect(await syncDueFeeds(database.db, settings, { concurrency: 3 })).toBe(6);
    expect(paths.map(feeds.fetchesOf)).toEqual([1, 1, 1, 1, 1, 1]);
    // The slow one (the first due) was synced last: the others went on beside it.
    const synced = await database.db.select({ name: calendarFeeds.name, at: calendarFeeds.lastSyncedAt }).from(calendarFeeds).where(eq(calendarFeeds.propertyId, id));
    const slow = synced.find((f) => f.name === "Canal 0")!.at!;
    expect(synced.filter((f) => f.name !== "Canal 0").every((f) => f.at! < slow)).toBe(true);
    expect((await takenOf(id)).map((t) => t.night)).toEqual(paths.map((_, i) => night(30 + i)));
    // Nothing is due until their next turn.
    expect(await syncDueFeeds(database.db, settings)).toBe(0);
  });

  it("a change by hand and a sync at once both land", async () => {
    const id = await newListing();
    feeds.set("/together.ics", airbnbFeed([{ checkIn: night(40), checkOut: night(41) }]), { delayMs: 50 });
    const connected = await connectFeed(database.db, hostId, id, { name: "Airbnb", url: `${feeds.base}/together.ics` });
    if (!connected.ok) throw new Error(connected.title);
    await Promise.all([
      syncFeedNow(database.db, connected.value, settings),
      ...Array.from({ length: 5 }, (_, i) => changeHostNights(database.db, hostId, id, { block: [night(50 + i)] }, today)),
    ]);
    expect(await unavailableOf(id)).toBe(`{[${night(40)},${night(41)}),[${night(50)},${night(55)})}`);
  });
});
