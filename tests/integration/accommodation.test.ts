import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { formatBRL } from "../../common/format";
import { addNights, formatNight, nightOf } from "../../common/nights";
import { properties } from "../../server/db/schema";
import { signedInAs } from "../support/accounts";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertHost, insertProperty, testImages } from "../support/factories";
import { Client, observableAnswer } from "../support/http";

const PHONE = "5511987650001";
/** The whole opening tag that carries `attribute`. */
function tagWith(html: string, attribute: string) {
  const at = html.indexOf(attribute);
  if (at < 0) return "";
  return html.slice(html.lastIndexOf("<", at), html.indexOf(">", at) + 1);
}

const NOT_FOUND = ["Propriedade não encontrada", "Esta propriedade não existe ou foi removida.", "Voltar ao início"];

describe(`property detail and WhatsApp contact over HTTP (${engine})`, () => {
  const t = useTestApp();
  const db = () => t.app.database.db;
  const listed: Record<string, { id: string; slug: string }> = {};

  beforeAll(async () => {
    const host = await insertHost(db(), { phone: PHONE });
    const add = async (key: string, fields: Parameters<typeof insertProperty>[2], images = testImages(1, `acc/${key}`)) => {
      listed[key] = await insertProperty(db(), host.id, fields, images);
    };
    await add(
      "cabana",
      {
        title: "Cabana do Vale & Rio",
        description: "Cabana de madeira à beira do rio.\nCafé coado e silêncio.",
        propertyType: "Cabana",
        location: "Urubici - SC",
        priceCents: 45000,
        maxGuests: 4,
        bedrooms: 2,
        bathrooms: 1,
        amenities: ["Wi-Fi", "Lareira interna", "Estacionamento"],
        safetyItems: ["Extintor de incêndio", "Kit de primeiros socorros"],
        whatsappContact: PHONE,
      },
      testImages(7, "acc/cabana"),
    );
    await add("semFotos", { title: "Chalé sem fotos", propertyType: "Chalé", whatsappContact: PHONE }, []);
    await add("pendente", { title: "Propriedade pendente", status: "pending" });
    await add("rejeitada", { title: "Propriedade rejeitada", status: "rejected" });
    await add("inativa", { title: "Propriedade inativa", isActive: false });
    await add("semNumero", { title: "Casa sem WhatsApp", whatsappContact: "" });
    await add("numeroNacional", { title: "Casa com número antigo", whatsappContact: "(21) 99876-5432", maxGuests: 6 });
  });

  describe("the detail page", () => {
    it("renders a public property by slug: title, facts, price, texts, amenities, safety items, 'Novo', grid and preview tags", async () => {
      const res = await fetch(`${t.app.url}/accommodation/${listed.cabana!.slug}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("<title>Cabana do Vale &amp; Rio | Recanto</title>");
      expect(html).toMatch(/<h1[^>]*>Cabana do Vale &amp; Rio<\/h1>/);
      for (const text of [
        "Urubici - SC",
        "Até 4 hóspedes",
        "2 quartos",
        "1 banheiro",
        formatBRL(45000),
        "/ noite",
        "Novo",
        "Sobre este lugar",
        "Cabana de madeira à beira do rio.\nCafé coado e silêncio.",
        "Comodidades",
        "Wi-Fi",
        "Lareira interna",
        "Estacionamento",
        "Itens de segurança",
        "Extintor de incêndio",
        "Kit de primeiros socorros",
        "Contatar via WhatsApp",
        "Mostrar todas as fotos",
        "+2",
      ]) {
        expect(html, text).toContain(text);
      }
      // No made-up rating ("4.8" or "4,8" on its own; the page's data holds timestamps like "34.896Z").
      expect(html).not.toMatch(/(?<![\d.])4[.,]8(?!\d)/);
      expect(html).toContain('href="/category/cabanas"');
      const gallery = `/property-gallery/${listed.cabana!.slug}`;
      for (const n of [1, 2, 3, 4]) expect(html).toContain(`href="${gallery}?foto=${n}"`);
      // The '+2' tile and 'Mostrar todas as fotos' open the whole gallery.
      expect(html.match(new RegExp(`href="${gallery}"`, "g"))).toHaveLength(2);
      // Five photos in the grid, the cover loaded eagerly.
      expect(html.match(/src="\/media\/acc\/cabana-\d-800\.webp" srcSet="\/media\/acc\/cabana-\d-400\.webp 400w, /g)).toHaveLength(5);
      // The contact form works without JavaScript: a GET to the contact route in a new tab.
      const form = tagWith(html, `action="/accommodation/${listed.cabana!.slug}/contato"`);
      expect(form).toMatch(/^<form/);
      expect(form).toContain('method="get"');
      expect(form).toContain('target="_blank"');
      expect(tagWith(html, 'name="checkin"')).toContain('type="date"');
      expect(tagWith(html, 'name="checkout"')).toContain('type="date"');
      expect(tagWith(html, 'name="guests"')).toMatch(/^<select/);
      expect(html.match(/<option value="\d+"/g)).toHaveLength(4);
      expect(html).toContain(`min="${nightOf(new Date())}"`);

      const pageUrl = `${t.app.url}/accommodation/${listed.cabana!.slug}`;
      expect(html).toContain(`<meta property="og:title" content="Cabana do Vale &amp; Rio"/>`);
      expect(html).toContain(`<meta property="og:url" content="${pageUrl}"/>`);
      // Its link-preview card (tests/integration/listing-cards.test.ts), named by what it shows.
      expect(html).toMatch(new RegExp(`<meta property="og:image" content="${t.app.url}/og/${listed.cabana!.id}/[0-9a-f]{16}\\.jpg"/>`));
      expect(html).toMatch(/<meta name="description" content="Cabana em Urubici - SC, R\$\s450,00 \/ noite\. Cabana de madeira/);
      expect(html).toContain(`<link rel="canonical" href="${pageUrl}"/>`);
    });

    it("renders the same property by its uuid, in any case", async () => {
      for (const key of [listed.cabana!.id, listed.cabana!.id.toUpperCase()]) {
        const res = await fetch(`${t.app.url}/accommodation/${key}`);
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(html).toContain("Cabana do Vale &amp; Rio");
        expect(html).toContain(`action="/accommodation/${listed.cabana!.slug}/contato"`);
      }
    });

    it("shows the placeholder photo and no gallery button when there are no images", async () => {
      const res = await fetch(`${t.app.url}/accommodation/${listed.semFotos!.slug}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("Sem fotos");
      expect(html).not.toContain("Mostrar todas as fotos");
      // Its card is drawn on the brand's colour (tests/integration/listing-cards.test.ts).
      expect(html).toContain(`<meta property="og:image" content="${t.app.url}/og/${listed.semFotos!.id}/`);
      expect(html).toContain('href="/category/chales"');
      expect(html).toContain("O anfitrião ainda não informou as comodidades.");
    });

    it.each([
      ["pending", () => listed.pendente!.slug],
      ["rejected", () => listed.rejeitada!.slug],
      ["inactive", () => listed.inativa!.slug],
      ["inactive, by uuid", () => listed.inativa!.id],
      ["unknown uuid", () => "00000000-0000-4000-8000-000000000000"],
      ["garbage id", () => "%27%20OR%201%3D1%20--"],
      ["very long id", () => "x".repeat(3000)],
    ])("answers 404 with the spec's text for a %s property", async (_label, key) => {
      const res = await fetch(`${t.app.url}/accommodation/${key()}`);
      expect(res.status).toBe(404);
      const html = await res.text();
      for (const text of NOT_FOUND) expect(html).toContain(text);
      expect(html).toContain("<title>Propriedade não encontrada | Recanto</title>");
      expect(html).not.toContain("Propriedade pendente");
    });

    it("never puts the host's number in the page, logged out or in", async () => {
      const { client } = await signedInAs(t.app, "guest");
      for (const get of [(p: string) => fetch(`${t.app.url}${p}`), (p: string) => client.get(p)]) {
        for (const key of ["cabana", "semFotos", "numeroNacional"] as const) {
          const html = await (await get(`/accommodation/${listed[key]!.slug}`)).text();
          for (const fragment of [PHONE, "987650001", "98765-0001", "998765432", "99876-5432"]) expect(html).not.toContain(fragment);
        }
      }
    });

    it("shows 'Erro ao carregar a propriedade.' with a 500 when the database fails, without crashing", async () => {
      const unread = await insertProperty(db(), (await insertHost(db())).id, { title: "Cabana Ainda Não Lida" });
      const address = `${t.app.url}/accommodation/${listed.cabana!.slug}`;
      await fetch(address);
      const spy = vi.spyOn(t.app.services.database.db, "select").mockImplementation(() => {
        throw new Error("database down");
      });
      try {
        // The page kept for visitors stays as it was: the catalogue's version has not moved.
        expect((await fetch(address)).headers.get("x-page-cache")).toBe("hit");
        // A listing no request has read in this version of the catalogue is drawn, and its loader fails.
        const res = await fetch(`${t.app.url}/accommodation/${unread.slug}`);
        expect(res.status).toBe(500);
        const html = await res.text();
        expect(html).toContain("Propriedade não encontrada");
        expect(html).toContain("Erro ao carregar a propriedade.");
        expect(html).toContain("Voltar ao início");
      } finally {
        spy.mockRestore();
      }
      expect((await fetch(`${t.app.url}/accommodation/${listed.cabana!.slug}`)).status).toBe(200);
    });
  });

  describe("a listing awaiting approval", () => {
    const BANNER = "Pré-visualização · em análise";
    let owner: Awaited<ReturnType<typeof signedInAs>>;
    let pending: { id: string; slug: string };
    let rejected: { id: string; slug: string };

    beforeAll(async () => {
      owner = await signedInAs(t.app, "host");
      pending = await insertProperty(db(), owner.id, { title: "Cabana Ainda em Análise", status: "pending", whatsappContact: PHONE }, testImages(3, "acc/analise"));
      rejected = await insertProperty(db(), owner.id, { title: "Cabana Recusada da Anfitriã", status: "rejected" });
    });

    it("is shown to its host and to operators in the public layout, marked as a preview, kept by no cache and indexed by no search engine; anyone else gets the 404", async () => {
      const operator = await signedInAs(t.app, "operator");
      for (const [who, client] of [["host", owner.client], ["operator", operator.client]] as const) {
        for (const key of [pending.slug, pending.id]) {
          const res = await client.get(`/accommodation/${key}`);
          expect(res.status, `${who} ${key}`).toBe(200);
          expect(res.headers.get("cache-control"), who).toBe("private, no-store");
          expect(res.headers.get("x-robots-tag"), who).toBe("noindex");
          expect(res.headers.get("x-page-cache"), who).toBeNull();
          const html = await res.text();
          expect(html).toContain(BANNER);
          expect(html).toMatch(/<h1[^>]*>Cabana Ainda em Análise<\/h1>/);
          expect(html).toContain('<meta name="robots" content="noindex"/>');
          expect(html).not.toContain('rel="canonical"');
          expect(html).not.toContain('property="og:');
          expect(html).toContain("Contatar via WhatsApp");
          expect(html).not.toContain(PHONE);
        }
        // Its photos too: the page's grid opens the gallery.
        const gallery = await client.get(`/property-gallery/${pending.slug}`);
        expect(gallery.status, who).toBe(200);
        expect(gallery.headers.get("cache-control"), who).toBe("private, no-store");
        expect(await gallery.text()).toContain("Cabana Ainda em Análise");
      }
      // The host's list links to it; the host's own text on the card stays.
      const list = await (await owner.client.get("/minhas-propriedades")).text();
      expect(list).toContain(`href="/accommodation/${pending.slug}?from=%2Fminhas-propriedades"`);
      expect(list).toContain("Ver pré-visualização");

      // Anyone else, and a rejected listing, get the same 404 as a listing that does not exist.
      const otherHost = await signedInAs(t.app, "host");
      const guest = await signedInAs(t.app, "guest");
      const operatorWithoutSecondFactor = await signedInAs(t.app, "operator", { secondFactor: false });
      const anonymous = new Client(t.app.url);
      const visitors = [
        ["another host", otherHost.client],
        ["a guest", guest.client],
        ["an operator without the second factor", operatorWithoutSecondFactor.client],
        ["an anonymous visitor", anonymous],
      ] as const;
      for (const [who, client] of visitors) {
        for (const path of [`/accommodation/${pending.slug}`, `/accommodation/${pending.id}`, `/property-gallery/${pending.slug}`]) {
          const res = await client.get(path);
          expect(res.status, `${who} ${path}`).toBe(404);
          expect(res.headers.get("cache-control"), `${who} ${path}`).toMatch(/no-store/);
          const html = await res.text();
          expect(html, `${who} ${path}`).not.toContain("Cabana Ainda em Análise");
          expect(html).not.toContain(BANNER);
        }
        const missing = observableAnswer(await client.get("/accommodation/cabana-que-nao-existe-0000000000"));
        const hidden = observableAnswer(await client.get(`/accommodation/${pending.slug}`));
        expect(await hidden, who).toEqual(await missing);
      }
      const res = await owner.client.get(`/accommodation/${rejected.slug}`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("Cabana Recusada da Anfitriã");
    });

    it("once approved, is the public page: cacheable, indexed, without the banner", async () => {
      const listing = await insertProperty(db(), owner.id, { title: "Cabana Aprovada Depois", status: "pending" });
      expect((await owner.client.get(`/accommodation/${listing.slug}`)).status).toBe(200);
      await db().update(properties).set({ status: "approved" }).where(eq(properties.id, listing.id));
      const res = await fetch(`${t.app.url}/accommodation/${listing.slug}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toMatch(/^public, /);
      const html = await res.text();
      expect(html).not.toContain(BANNER);
      expect(html).not.toContain('content="noindex"');
      expect(await (await owner.client.get(`/accommodation/${listing.slug}`)).text()).not.toContain(BANNER);
    });
  });

  describe("the contact route", () => {
    const contactPath = (key: string, query = "") => `/accommodation/${key}/contato${query}`;
    const textOf = (location: string | null) => new URL(location!).searchParams.get("text");
    let client: Client;

    beforeAll(async () => {
      ({ client } = await signedInAs(t.app, "guest"));
      // Past each listing's safety notice (tests/integration/reports-and-notice.test.ts): contacts go straight to WhatsApp.
      for (const { slug } of Object.values(listed)) await client.post(contactPath(slug), { intent: "abrir-whatsapp" });
    });

    it("sends logged-out visitors to /login, coming back to the property", async () => {
      const res = await fetch(`${t.app.url}${contactPath(listed.cabana!.slug, "?guests=2")}`, { redirect: "manual" });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(`/accommodation/${listed.cabana!.slug}`)}`);
    });

    it("sends logged-out visitors on an overlong address to the plain login page (its return path would not fit in a header)", async () => {
      const res = await fetch(`${t.app.url}${contactPath(encodeURIComponent("😀".repeat(1200)))}`, { redirect: "manual" });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/login");
    });

    it("redirects a signed-in visitor to the exact wa.me link with the dates and guests", async () => {
      const checkIn = addNights(nightOf(new Date()), 10);
      const checkOut = addNights(nightOf(new Date()), 13);
      const res = await client.get(contactPath(listed.cabana!.slug, `?checkin=${checkIn}&checkout=${checkOut}&guests=3`));
      expect(res.status).toBe(302);
      const message = [
        'Olá! Vi a propriedade "Cabana do Vale & Rio" no Recanto e gostaria de mais informações.',
        `${t.app.url}/accommodation/${listed.cabana!.slug}`,
        "",
        `Check-in: ${formatNight(checkIn)}`,
        `Check-out: ${formatNight(checkOut)}`,
        "3 hóspedes",
      ].join("\n");
      expect(res.headers.get("location")).toBe(`https://wa.me/${PHONE}?text=${encodeURIComponent(message)}`);
    });

    it("works by uuid too, and names the property by its slug link", async () => {
      const res = await client.get(contactPath(listed.cabana!.id, "?guests=1"));
      expect(res.status).toBe(302);
      expect(res.headers.get("location")!.startsWith(`https://wa.me/${PHONE}?text=`)).toBe(true);
      expect(textOf(res.headers.get("location"))).toContain(`/accommodation/${listed.cabana!.slug}\n\n1 hóspede`);
    });

    it("adds the 55 to a number stored without it", async () => {
      const res = await client.get(contactPath(listed.numeroNacional!.slug));
      expect(res.headers.get("location")!.startsWith("https://wa.me/5521998765432?text=")).toBe(true);
    });

    const today = nightOf(new Date());
    it.each([
      ["past dates", `?checkin=${addNights(today, -3)}&checkout=${addNights(today, -1)}&guests=2`, "2 hóspedes"],
      ["check-out before check-in", `?checkin=${addNights(today, 5)}&checkout=${addNights(today, 4)}&guests=2`, "2 hóspedes"],
      ["impossible dates", "?checkin=2030-02-30&checkout=2030-02-31&guests=2", "2 hóspedes"],
      ["garbage dates", `?checkin=%3Cscript%3E&checkout=${"9".repeat(500)}&guests=2`, "2 hóspedes"],
      ["too many guests", `?checkin=${addNights(today, 1)}&checkout=${addNights(today, 2)}&guests=5`, `Check-out: ${formatNight(addNights(today, 2))}`],
      ["zero guests", "?guests=0", null],
      ["non-numeric guests", "?guests=dois&guests=3", null],
      ["repeated and empty fields", "?checkin=&checkout=&guests=", null],
    ])("drops %s from the message (never an error)", async (_label, query, lastLine) => {
      const res = await client.get(contactPath(listed.cabana!.slug, query));
      expect(res.status).toBe(302);
      const lines = textOf(res.headers.get("location"))!.split("\n");
      if (lastLine === null) expect(lines).toHaveLength(2);
      else expect(lines.at(-1)).toBe(lastLine);
      expect(lines.join("\n")).not.toContain("script");
    });

    it.each([
      ["pending", () => listed.pendente!.slug],
      ["rejected", () => listed.rejeitada!.slug],
      ["inactive", () => listed.inativa!.slug],
      ["unknown", () => "nao-existe"],
    ])("answers 404 for a %s property, revealing no number", async (_label, key) => {
      const res = await client.get(contactPath(key()));
      expect(res.status).toBe(404);
      expect(res.headers.get("location")).toBeNull();
      expect(await res.text()).toContain("Propriedade não encontrada");
    });

    it("sends the visitor back with the spec's toast when the property has no number", async () => {
      const res = await client.get(contactPath(listed.semNumero!.slug));
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(`/accommodation/${listed.semNumero!.slug}`);
      const page = await client.get(res.headers.get("location")!);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Contato não disponível");
      expect(html).toContain("Número do WhatsApp não encontrado para esta propriedade.");
    });

    it("treats a number that cannot be dialled like a missing one", async () => {
      await db().update(properties).set({ whatsappContact: "123" }).where(eq(properties.id, listed.semNumero!.id));
      const res = await client.get(contactPath(listed.semNumero!.slug));
      expect(res.headers.get("location")).toBe(`/accommodation/${listed.semNumero!.slug}`);
    });

    it("stops one account after 60 contacts in an hour", async () => {
      const { client: scraper } = await signedInAs(t.app, "guest");
      for (let i = 0; i < 60; i++) {
        // The first goes through the safety notice's button, the others straight to WhatsApp.
        const res = i === 0 ? await scraper.post(contactPath(listed.cabana!.slug), { intent: "abrir-whatsapp" }) : await scraper.get(contactPath(listed.cabana!.slug));
        expect(res.headers.get("location")!.startsWith("https://wa.me/"), `contact ${i + 1}`).toBe(true);
      }
      const blocked = await scraper.get(contactPath(listed.cabana!.slug));
      expect(blocked.status).toBe(302);
      expect(blocked.headers.get("location")).toBe(`/accommodation/${listed.cabana!.slug}`);
      expect(await (await scraper.get(blocked.headers.get("location")!)).text()).toContain("Muitos contatos em pouco tempo");
      // Another account is not affected.
      expect((await client.get(contactPath(listed.cabana!.slug))).headers.get("location")!.startsWith("https://wa.me/")).toBe(true);
    });
  });
});
