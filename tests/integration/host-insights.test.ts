import { beforeAll, describe, expect, it } from "vitest";
import { addNights, nightOf } from "../../common/nights";
import { viewBeaconUrl } from "../../common/view-beacon";
import { signedInAs } from "../support/accounts";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertProperty } from "../support/factories";
import { Client } from "../support/http";
import { contactListing, ownAddress } from "../support/stays";

const BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const INSIGHTS = "/minhas-propriedades/desempenho";
const DAY = 86_400_000;
const dayMonth = (night: string) => `${night.slice(8, 10)}/${night.slice(5, 7)}`;

/** The total shown for a metric in the page's summary. */
const total = (html: string, label: string) => new RegExp(`${label}</dt><dd[^>]*>([^<]*)</dd>`).exec(html)?.[1];

describe(`host insights (${engine})`, () => {
  const t = useTestApp({ TRUST_PROXY: "1" });
  const db = () => t.app.database.db;
  let host: Awaited<ReturnType<typeof signedInAs>>;
  let listing: { id: string; slug: string };
  let other: { id: string; slug: string };

  const browser = (client = new Client(t.app.url)) => {
    ownAddress(client).headers.set("user-agent", BROWSER);
    return client;
  };
  const beacon = (client: Client, kind: "pagina" | "galeria", id = listing.id) => client.request(viewBeaconUrl(kind, id), { method: "POST", headers: { origin: t.app.url } });

  beforeAll(async () => {
    host = await signedInAs(t.app, "premium-host", { name: "Marina Costa" });
    listing = await insertProperty(db(), host.id, { title: "Cabana do Desempenho", status: "approved", whatsappContact: "5548991234567" });
    other = await insertProperty(db(), host.id, { title: "Chalé Sem Visitas", status: "approved", whatsappContact: "5548991234567" });
  });

  it("shows each view, gallery opening, favourite and contact once, on its day, for all listings or one", async () => {
    const guest = await signedInAs(t.app, "guest", { name: "Ana Lima" });
    browser(guest.client);
    const anonymous = browser();
    for (let i = 0; i < 3; i++) {
      await beacon(guest.client, "pagina");
      await beacon(anonymous, "pagina");
    }
    await beacon(guest.client, "galeria");
    await beacon(guest.client, "galeria");
    expect((await guest.client.post("/api/favoritos", { propertyId: listing.id, favorite: "true" })).status).toBe(200);
    expect((await guest.client.post("/api/favoritos", { propertyId: listing.id, favorite: "true" })).status).toBe(200);
    // A contact two days ago (the app's clock moved), and one today, twice (one conversation).
    const clock = t.app.services.clock;
    const realNow = clock.now;
    clock.now = () => new Date(Date.now() - 2 * DAY);
    try {
      await contactListing(guest.client, listing.slug);
    } finally {
      clock.now = realNow;
    }
    const bia = await signedInAs(t.app, "guest", { name: "Beatriz" });
    browser(bia.client);
    await contactListing(bia.client, listing.slug);
    await contactListing(bia.client, listing.slug);

    const today = nightOf(new Date());
    const page = await host.client.get(INSIGHTS);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(total(html, "Visualizações da página")).toBe("2");
    expect(total(html, "Aberturas da galeria")).toBe("1");
    expect(total(html, "Novos favoritos")).toBe("1");
    expect(total(html, "Contatos pelo WhatsApp")).toBe("2");
    expect(html).toContain(`aria-label="Visualizações da página: 2 no período, no máximo 2 em ${dayMonth(today)}."`);
    expect(html).toContain(`aria-label="Contatos pelo WhatsApp: 2 no período, no máximo 1 em ${dayMonth(addNights(today, -2))}."`);
    expect(html).toContain("Ver em tabela");
    // The first-100 promotion: nothing paid, said so.
    expect(html).toContain("período grátis do Premium");

    // The summary on /perfil: the last 30 days, with the way to the page; a guest's profile has none.
    const profile = await (await host.client.get("/perfil")).text();
    expect(profile).toContain("Últimos 30 dias");
    expect(total(profile, "Visualizações da página")).toBe("2");
    expect(total(profile, "Contatos pelo WhatsApp")).toBe("2");
    expect(profile).toContain(`href="${INSIGHTS}"`);
    expect(await (await guest.client.get("/perfil")).text()).not.toContain("Ver desempenho");

    const one = await (await host.client.get(`${INSIGHTS}?anuncio=${other.id}&periodo=7`)).text();
    expect(total(one, "Visualizações da página")).toBe("0");
    expect(total(one, "Contatos pelo WhatsApp")).toBe("0");
    expect(one).toContain("Chalé Sem Visitas");
  });

  it("shows a host their own numbers only: anonymous, guests, operators and other hosts are refused", async () => {
    const anonymous = await new Client(t.app.url).get(INSIGHTS);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain("/login");
    // A guest, and an operator (a guest otherwise), are sent home.
    for (const kind of ["guest", "operator"] as const) {
      const res = await (await signedInAs(t.app, kind)).client.get(INSIGHTS);
      expect(res.status, kind).toBe(302);
      expect(res.headers.get("location"), kind).toBe("/");
    }

    const stranger = await signedInAs(t.app, "host", { name: "Outro Anfitrião" });
    const own = await (await stranger.client.get(INSIGHTS)).text();
    expect(total(own, "Visualizações da página")).toBe("0");
    expect(own).not.toContain("Cabana do Desempenho");
    // Without a plan (no promotion slot, no subscription) there is no cost to share out.
    expect(own).toContain("Sem plano ativo");
    for (const id of [listing.id, listing.id.toUpperCase(), "00000000-0000-4000-8000-000000000000", "x"]) {
      const res = await stranger.client.get(`${INSIGHTS}?anuncio=${encodeURIComponent(id)}`);
      expect(res.status, id).toBe(404);
      expect(await res.text()).not.toContain("Cabana do Desempenho");
    }
  });
});
