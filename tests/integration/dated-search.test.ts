import { beforeAll, describe, expect, it } from "vitest";
import { addNights, formatNight, nightOf, type Night } from "../../common/nights";
import { addMinStayPeriod, changeHostNights, setMinNights } from "../../server/availability/calendar";
import { connectFeed, syncFeedNow } from "../../server/availability/feed-sync";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertHost, insertProperty } from "../support/factories";
import { airbnbFeed, startFeedServer } from "../support/feed-server";

const today = nightOf(new Date());
const night = (days: number): Night => addNights(today, days);
const titlesIn = (html: string) => [...html.matchAll(/class="card-link"[^>]*>([^<]+)</g)].map((m) => m[1]).sort();
/** One card's text, from its title to the next card. */
const cardOf = (html: string, title: string) => {
  const start = html.indexOf(`>${title}<`);
  return html.slice(start, html.indexOf("</article>", start)).replaceAll("\u00a0", " ");
};

describe(`search by dates (${engine})`, () => {
  const t = useTestApp({ CALENDAR_FEEDS_FROM_LOOPBACK: "true" });
  const get = (path: string) => fetch(`${t.app.url}${path}`, { redirect: "manual" });
  const page = async (path: string) => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    return res.text();
  };

  beforeAll(async () => {
    const db = t.app.database.db;
    const host = await insertHost(db);
    const listing = (title: string, priceCents = 30_000) => insertProperty(db, host.id, { title, location: "Cunha - SP", priceCents }).then((p) => p.id);
    const taken = await listing("Refúgio ocupado no Natal");
    await listing("Refúgio sem calendário");
    const longStay = await listing("Refúgio de cinco noites");
    const period = await listing("Refúgio do feriado");
    const synced = await listing("Refúgio sincronizado", 31_000);
    expect(await changeHostNights(db, host.id, taken, { block: [night(10), night(11), night(12)] }, today)).toMatchObject({ ok: true });
    expect(await setMinNights(db, host.id, longStay, 5)).toMatchObject({ ok: true });
    expect(await addMinStayPeriod(db, host.id, period, { starts: night(30), ends: night(32), nights: 4 }, today)).toMatchObject({ ok: true });
    const feeds = await startFeedServer();
    feeds.set("/cal.ics", airbnbFeed([{ checkIn: night(40), checkOut: night(42) }]));
    const feed = await connectFeed(db, host.id, synced, { name: "Airbnb", url: `${feeds.base}/cal.ics` });
    if (!feed.ok) throw new Error(feed.title);
    await syncFeedNow(db, feed.value, { syncEveryMs: 1_800_000, allowLoopback: true, ownDomain: "recanto.test" });
    await feeds.close();
  });

  const search = (from: number, to: number, more = "") => page(`/?location=Cunha+-+SP&checkIn=${night(from)}&checkOut=${night(to)}${more}`);

  it("leaves out listings with a taken night in the stay, or a minimum stay it does not meet", async () => {
    const all = ["Refúgio de cinco noites", "Refúgio do feriado", "Refúgio ocupado no Natal", "Refúgio sem calendário", "Refúgio sincronizado"];
    expect(titlesIn(await page("/?location=Cunha+-+SP"))).toEqual(all);
    // The 10th to the 12th are taken: any stay over one of them leaves that listing out; the checkout's night is not the stay's.
    expect(titlesIn(await search(9, 11))).toEqual(["Refúgio do feriado", "Refúgio sem calendário", "Refúgio sincronizado"]);
    expect(titlesIn(await search(12, 14))).not.toContain("Refúgio ocupado no Natal");
    expect(titlesIn(await search(13, 18))).toEqual(all);
    expect(titlesIn(await search(8, 10))).toContain("Refúgio ocupado no Natal");
    // Four nights at least for a check-in in the period, the listing's own minimum elsewhere.
    expect(titlesIn(await search(31, 33))).not.toContain("Refúgio do feriado");
    expect(titlesIn(await search(31, 35))).toContain("Refúgio do feriado");
    expect(titlesIn(await search(29, 31))).toContain("Refúgio do feriado");
    // Nights read from a connected calendar count the same.
    expect(titlesIn(await search(41, 43))).not.toContain("Refúgio sincronizado");
    expect(titlesIn(await search(42, 44))).toContain("Refúgio sincronizado");
  });

  it("shows the stay's total on each card, and which listings keep no calendar", async () => {
    const html = await search(13, 18);
    expect(cardOf(html, "Refúgio sincronizado")).toContain("R$ 310,00 × 5 noites = R$ 1.550,00");
    expect(cardOf(html, "Refúgio sem calendário")).toContain("Disponibilidade a confirmar");
    for (const kept of ["Refúgio sincronizado", "Refúgio ocupado no Natal"]) expect(cardOf(html, kept)).not.toContain("Disponibilidade a confirmar");
    expect(html).toContain(`${formatNight(night(13))} a ${formatNight(night(18))}`);
    // Without dates, neither.
    expect(await page("/?location=Cunha+-+SP")).not.toContain("Disponibilidade a confirmar");
  });

  it("filters category pages the same way", async () => {
    const html = await page(`/category/cabanas?location=Cunha+-+SP&checkIn=${night(9)}&checkOut=${night(11)}`);
    expect(titlesIn(html)).not.toContain("Refúgio ocupado no Natal");
    expect(titlesIn(html)).toContain("Refúgio sem calendário");
  });

  it("drops dates it cannot search by, saying why, never a 500", async () => {
    for (const [query, message] of [
      [`checkIn=${night(5)}&checkOut=${night(3)}`, "A data de check-out deve ser posterior à data de check-in."],
      [`checkIn=${night(-3)}&checkOut=${night(2)}`, "A data de check-in não pode ser anterior a hoje."],
      [`checkIn=${night(2)}&checkOut=${night(400)}`, "A estadia pode ter no máximo 365 noites."],
      [`checkIn=2027-02-30&checkOut=${night(2)}`, "Informe uma data de check-in válida."],
      [`checkIn=${night(2)}`, "Informe a data de check-in e a de check-out."],
    ]) {
      for (const path of ["/?location=Cunha+-+SP&", "/category/cabanas?location=Cunha+-+SP&"]) {
        const res = await get(`${path}${query}`);
        expect(res.status, query).toBe(302);
        expect(res.headers.get("location"), query).not.toMatch(/check(In|Out)/);
        const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
        const next = await (await fetch(new URL(res.headers.get("location")!, t.app.url), { headers: { cookie } })).text();
        expect(next, query).toContain(message);
      }
    }
  });

  it("reads the dates a search's words name", async () => {
    const res = await get(`/?search=${encodeURIComponent("refúgio de 13 a 18 de janeiro")}`);
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("location")!, t.app.url);
    const year = to.searchParams.get("checkIn")!.slice(0, 4);
    expect(to.searchParams.get("checkIn")).toBe(`${year}-01-13`);
    expect(to.searchParams.get("checkOut")).toBe(`${year}-01-18`);
    expect(to.searchParams.get("search")).toBe("refúgio");
  });
});
