import { describe, expect, it } from "vitest";
import { exportFeed, nightRuns } from "../../server/availability/export-feed";
import { readFeedNights } from "../../server/availability/feed-nights";

const OURS = "recanto.com.br";
const nights = ["2027-01-12", "2027-01-10", "2027-01-11", "2027-01-11", "2027-02-01", "2027-02-28", "2027-03-01"];
const feed = (changedAt = new Date("2026-11-29T12:00:00Z")) => exportFeed({ nights, feedKey: "k3y", domain: OURS, changedAt });

describe("a listing's own calendar feed", () => {
  it("groups nights into runs, across months", () => {
    expect(nightRuns(nights)).toEqual([
      { first: "2027-01-10", last: "2027-01-12" },
      { first: "2027-02-01", last: "2027-02-01" },
      { first: "2027-02-28", last: "2027-03-01" },
    ]);
    expect(nightRuns([])).toEqual([]);
  });

  it("writes one all-day event per run, ending on the day of departure, telling nothing but nights", () => {
    const text = feed();
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    expect(text).toContain("DTSTART;VALUE=DATE:20270110\r\nDTEND;VALUE=DATE:20270113");
    expect(text).toContain("UID:2027-02-28-2027-03-02-k3y@recanto.com.br");
    expect(text.split("\r\n").filter((line) => line.startsWith("SUMMARY:"))).toEqual(Array(3).fill("SUMMARY:Indisponível"));
    expect(text).not.toMatch(/DESCRIPTION|LOCATION|ATTENDEE|ORGANIZER/);
  });

  it("is the same text for the same nights, so a channel sees no change where there is none", () => {
    expect(feed()).toBe(feed());
  });

  it("read back by a parser as another channel would, holds every night; our own import leaves it out", async () => {
    const asChannel = await readFeedNights(feed(), { today: "2026-12-01", ownDomain: "airbnb.com" });
    expect(asChannel).toEqual({ ok: true, nights: [...new Set(nights)].sort(), events: 3 });
    const asUs = await readFeedNights(feed(), { today: "2026-12-01", ownDomain: OURS });
    expect(asUs).toEqual({ ok: true, nights: [], events: 3 });
  });
});
