import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addNights, nightOf, type Night } from "../../common/nights";
import { readFeedNights } from "../../server/availability/feed-nights";
import { hostBlockedNights, properties } from "../../server/db/schema";
import { createTestAccount } from "../support/accounts";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { insertProperty } from "../support/factories";
import { airbnbFeed, startFeedServer } from "../support/feed-server";
import { loginViaForm, waitForHydration } from "./helpers";

const today = nightOf(new Date());
const night = (days: number): Night => addNights(today, days);
const day = (page: Page, n: Night) => page.locator(`[data-night="${n}"]`);
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]", { hasText: text }).first();

describe.skipIf(!hasChromium)("a host keeps a listing's calendar, synced with another channel's, in Chromium", () => {
  const t = useBrowserApp({ CALENDAR_FEEDS_FROM_LOOPBACK: "true" });
  let feeds: Awaited<ReturnType<typeof startFeedServer>>;
  let host: Awaited<ReturnType<typeof createTestAccount>>;
  let listingId = "";

  beforeAll(async () => {
    feeds = await startFeedServer();
    host = await createTestAccount(t.app, "host", { name: "Anfitriã do Calendário" });
    listingId = (await insertProperty(t.app.services.database.db, host.id, { title: "Cabana do Calendário" })).id;
  });
  afterAll(() => feeds?.close());

  const listingSlug = async () =>
    (await t.app.services.database.db.select({ slug: properties.slug }).from(properties).where(eq(properties.id, listingId)))[0]!;
  const byHand = async () =>
    (await t.app.services.database.db.select({ night: hostBlockedNights.night }).from(hostBlockedNights).where(eq(hostBlockedNights.propertyId, listingId)))
      .map((r) => r.night)
      .sort();

  async function calendarPage(viewport = { width: 1280, height: 900 }, colorScheme: "light" | "dark" = "light") {
    const context = await t.browser.newContext({ viewport, colorScheme, locale: "pt-BR" });
    const page = await context.newPage();
    await loginViaForm(page, t.app, host.email);
    await page.goto(`${t.app.url}/minhas-propriedades`);
    await page.getByRole("link", { name: "Calendário de Cabana do Calendário" }).click();
    await page.waitForURL(`**/minhas-propriedades/${listingId}/calendario`);
    await waitForHydration(page);
    return { context, page };
  }

  it("imports a connected calendar, blocks nights by click, Shift-click, keyboard and drag, exports them all, and frees a night the feed frees", async () => {
    feeds.set("/airbnb.ics", airbnbFeed([{ checkIn: night(10), checkOut: night(13) }]));
    const { context, page } = await calendarPage();

    await page.getByLabel("Nome").fill("Airbnb");
    await page.getByLabel("Endereço do calendário (iCal)").fill(`${feeds.base}/airbnb.ics`);
    await page.getByRole("button", { name: "Conectar calendário" }).click();
    await toast(page, "Calendário conectado: 3 noites ocupadas.").waitFor();
    for (const n of [10, 11, 12]) await expect.poll(() => day(page, night(n)).getAttribute("aria-label")).toContain("bloqueada pelo calendário Airbnb");
    await expect(day(page, night(13)).getAttribute("aria-label")).resolves.toContain("livre");
    await expect(page.getByRole("list", { name: "Legenda" }).innerText()).resolves.toContain("Bloqueada pelo calendário Airbnb");
    await expect(page.getByText(/Última sincronização: \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/).count()).resolves.toBe(1);

    // A click, then Shift-click: two more nights.
    await day(page, night(20)).click();
    await day(page, night(21)).click({ modifiers: ["Shift"] });
    await expect.poll(byHand).toEqual([night(20), night(21)]);
    await expect(day(page, night(21)).getAttribute("aria-pressed")).resolves.toBe("true");

    // A night another calendar took is freed there, not here.
    await day(page, night(11)).click();
    await toast(page, "Esta noite foi bloqueada pelo calendário Airbnb.").waitFor();

    // Keyboard alone: Enter on one night, arrows, Shift+Enter for the run between.
    await day(page, night(24)).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Shift+Enter");
    await expect.poll(byHand).toEqual([night(20), night(21), night(24), night(25), night(26)]);
    // Enter again frees the focused one.
    await page.keyboard.press("Enter");
    await expect.poll(byHand).toEqual([night(20), night(21), night(24), night(25)]);

    // A drag from one night to another, in the middle of the window (toasts come at its top).
    await day(page, night(3)).evaluate((element) => element.scrollIntoView({ block: "center" }));
    const from = (await day(page, night(3)).boundingBox())!;
    const to = (await day(page, night(5)).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(byHand).toEqual([night(3), night(4), night(5), night(20), night(21), night(24), night(25)]);

    // The exported feed holds every taken night, imported and by hand.
    const exported = await page.getByLabel("Endereço do calendário desta propriedade (iCal)").inputValue();
    const text = await (await fetch(exported)).text();
    const read = await readFeedNights(text, { today, ownDomain: "outro.example" });
    expect(read).toMatchObject({ ok: true, nights: [3, 4, 5, 10, 11, 12, 20, 21, 24, 25].map(night) });

    // The stay on the other channel ends a night earlier: the next sync frees that night here.
    feeds.set("/airbnb.ics", airbnbFeed([{ checkIn: night(10), checkOut: night(12) }]));
    await page.getByRole("button", { name: "Sincronizar agora – Airbnb" }).click();
    await toast(page, "Calendário sincronizado: 2 noites ocupadas.").waitFor();
    await expect.poll(() => day(page, night(12)).getAttribute("aria-label")).toContain("livre");
    await context.close();
  });

  it("a guest searching dates with a taken night does not find the listing, finds it for free dates, and sees its taken nights greyed on its page", async () => {
    const context = await t.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "pt-BR" });
    const page = await context.newPage();
    const results = (from: number, to: number) => `${t.app.url}/?location=${encodeURIComponent("Campos do Jordão - SP")}&checkIn=${night(from)}&checkOut=${night(to)}`;
    const listing = page.getByRole("link", { name: "Cabana do Calendário" });
    // The 10th and 11th are taken by the connected calendar, the 20th and 21st by hand (the test above).
    for (const [from, to] of [
      [9, 11],
      [20, 23],
    ] as const) {
      await page.goto(results(from, to));
      await page.getByText(/propriedades? encontradas?|Nenhuma propriedade/).first().waitFor();
      await expect(listing.count()).resolves.toBe(0);
    }
    // The 12th, freed at its origin and synced (the test above), is free in search too.
    await page.goto(results(12, 13));
    await expect(listing.count()).resolves.toBe(1);
    await page.goto(results(13, 16));
    await listing.click();
    await page.waitForURL("**/accommodation/**");
    await waitForHydration(page);
    const card = page.getByRole("region", { name: "Preço e contato" });
    await expect(card.getByLabel("Check-in").inputValue()).resolves.toBe(night(13));
    await expect(card.getByText("R$ 300,00 × 3 noites = R$ 900,00").count()).resolves.toBe(1);
    await expect(card.getByText("Calendário atualizado há menos de 1 hora").count()).resolves.toBe(1);

    await card.getByRole("button", { name: "Ver noites disponíveis" }).click();
    const cell = (n: number) => card.locator(`[data-day="${night(n)}"]`);
    await cell(11).waitFor();
    for (const n of [11, 20, 21]) {
      await expect(cell(n).getByRole("button").getAttribute("aria-label"), String(n)).resolves.toContain("indisponível");
      await expect(cell(n).getByRole("button").isDisabled(), String(n)).resolves.toBe(true);
    }
    await expect(cell(14).getByRole("button").isDisabled()).resolves.toBe(false);
    await expectAccessible(page);

    // A stay typed over a taken night is asked about only once the guest confirms it.
    await card.getByLabel("Check-in").fill(night(19));
    await card.getByLabel("Check-out").fill(night(22));
    await card.getByRole("button", { name: "Contatar via WhatsApp" }).click();
    await expect(card.getByRole("alert").innerText()).resolves.toContain("Estas datas incluem noites já ocupadas no calendário do anfitrião.");
    await card.getByRole("button", { name: "Escolher outras datas" }).click();
    await expect(card.getByRole("alert").count()).resolves.toBe(0);
    await context.close();
  });

  it("the listing's night picker passes axe at 390 and 1280 px, light and dark", async () => {
    const slug = (await listingSlug()).slug;
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 900 },
    ]) {
      for (const colorScheme of ["light", "dark"] as const) {
        const context = await t.browser.newContext({ viewport, colorScheme, locale: "pt-BR" });
        const page = await context.newPage();
        await page.goto(`${t.app.url}/accommodation/${slug}`);
        await waitForHydration(page);
        const card = page.getByRole("region", { name: "Preço e contato" });
        await card.getByRole("button", { name: "Ver noites disponíveis" }).click();
        await card.getByRole("grid").first().waitFor();
        await page.screenshot({ path: `/tmp/shots/listing-picker-${viewport.width}-${colorScheme}.png`, fullPage: viewport.width > 400 });
        await expectAccessible(page);
        await context.close();
      }
    }
  });

  it("shows a feed that cannot be read, keeps its nights, and refuses an address that is not a calendar's", async () => {
    feeds.set("/quebrado.ics", "<html>Página não encontrada</html>");
    const { context, page } = await calendarPage();
    await page.getByLabel("Nome").fill("Booking.com");
    await page.getByLabel("Endereço do calendário (iCal)").fill(`${feeds.base}/quebrado.ics`);
    await page.getByRole("button", { name: "Conectar calendário" }).click();
    await toast(page, "Calendário conectado, mas a leitura falhou.").waitFor();
    await expect(page.getByText("Este endereço não é um calendário iCal.").first().isVisible()).resolves.toBe(true);

    await page.getByLabel("Nome").fill("Outro");
    await page.getByLabel("Endereço do calendário (iCal)").fill(`${feeds.base}/quebrado.ics`);
    await page.getByRole("button", { name: "Conectar calendário" }).click();
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "Este calendário já está conectado a esta propriedade." }).count()).toBe(1);
    await context.close();
  });

  it("passes axe at 390 and 1280 px, light and dark", async () => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 900 },
    ]) {
      for (const scheme of ["light", "dark"] as const) {
        const { context, page } = await calendarPage(viewport, scheme);
        await expectAccessible(page);
        await context.close();
      }
    }
  });

  it("sends anyone else's host back to their own list, and their changes nowhere", async () => {
    const other = await createTestAccount(t.app, "host", { name: "Outra Anfitriã" });
    const context = await t.browser.newContext();
    const page = await context.newPage();
    await loginViaForm(page, t.app, other.email);
    await page.goto(`${t.app.url}/minhas-propriedades/${listingId}/calendario`);
    await page.waitForURL("**/minhas-propriedades");
    await toast(page, "Erro ao carregar calendário").waitFor();
    const before = await byHand();
    const answer = await page.evaluate(
      async ([path, n]) => {
        const res = await fetch(path!, { method: "POST", body: new URLSearchParams({ intent: "noites", bloquear: n! }) });
        return res.status;
      },
      [`/minhas-propriedades/${listingId}/calendario.data`, night(40)],
    );
    expect(answer).toBe(404);
    expect(await byHand()).toEqual(before);
    const own = await t.app.services.database.db
      .select()
      .from(hostBlockedNights)
      .where(and(eq(hostBlockedNights.propertyId, listingId), eq(hostBlockedNights.night, night(40))));
    expect(own).toEqual([]);
    await context.close();
  });
});
