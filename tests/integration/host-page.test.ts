import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../common/validation/accounts";
import { users } from "../../server/db/schema";
import { signedInAs } from "../support/accounts";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertProperty } from "../support/factories";
import { Client } from "../support/http";

const MONTH_AND_YEAR = new Intl.DateTimeFormat("pt-BR", { month: "long", year: "numeric", timeZone: "America/Sao_Paulo" });

/** The card titles on a page, in order (each card's title is its link's text). */
const cardTitles = (html: string) => [...html.matchAll(/<h3[^>]*><a [^>]*>([^<]+)<\/a><\/h3>/g)].map((m) => m[1]!);

describe(`a host's public page (${engine})`, () => {
  const t = useTestApp();
  let host: Awaited<ReturnType<typeof signedInAs>>;
  const published: string[] = [];
  const anonymous = () => new Client(t.app.url);

  beforeAll(async () => {
    host = await signedInAs(t.app, "host", { name: "Helena Maria Souza", email: "helena.souza@example.com", phone: "5548991234567" });
    const saved = await host.client.post("/perfil", {
      intent: "update-profile",
      name: "Helena Maria Souza",
      phone: "(48) 99123-4567",
      location: "",
      bio: "Cuido das cabanas com meu pai desde 2010.\nGosto de receber famílias.",
      "idioma-pt": "on",
      "idioma-en": "on",
    });
    expect(saved.status).toBe(302);
    const db = t.app.database.db;
    // Newest first on the page: created from the oldest.
    for (let i = 14; i >= 1; i--) {
      const title = `Cabana ${String(i).padStart(2, "0")}`;
      published.unshift(title);
      await insertProperty(db, host.id, { title, status: "approved", createdAt: new Date(Date.now() - i * 60_000) });
    }
    await insertProperty(db, host.id, { title: "Em análise", status: "pending" });
    await insertProperty(db, host.id, { title: "Pausada", status: "approved", isActive: false });
    await insertProperty(db, host.id, { title: "Recusada", status: "rejected" });
  });

  it("shows the first name, the month they joined, bio, languages and the public listings a page at a time, newest first", async () => {
    const res = await anonymous().get(`/anfitriao/${host.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("s-maxage");
    const html = await res.text();
    expect(html).toContain("<h1");
    expect(html).toContain(">Helena</h1>");
    expect(html).toContain(`No Recanto desde ${MONTH_AND_YEAR.format(new Date())}`);
    expect(html).toContain("Cuido das cabanas com meu pai desde 2010.\nGosto de receber famílias.");
    expect(html).toContain("Fala português e inglês.");
    expect(html).toContain("14 hospedagens publicadas");
    expect(html).toContain("<title>Helena no Recanto | Recanto</title>");
    expect(html).toContain('<meta property="og:title" content="Helena no Recanto"/>');
    expect(html).toMatch(/<meta property="og:description" content="Helena está no Recanto desde [^"]+ e tem 14 hospedagens publicadas\."/);
    expect(cardTitles(html)).toEqual(published.slice(0, 12));

    const second = await (await anonymous().get(`/anfitriao/${host.id}?pagina=2`)).text();
    expect(cardTitles(second)).toEqual(published.slice(12));
    for (const hidden of ["Em análise", "Pausada", "Recusada"]) expect(html + second).not.toContain(hidden);
  });

  it("has one address per page: page 1 has none, a page past the end goes to the last", async () => {
    const first = await anonymous().get(`/anfitriao/${host.id}?pagina=1`);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe(`/anfitriao/${host.id}`);
    const past = await anonymous().get(`/anfitriao/${host.id}?pagina=9`);
    expect(past.headers.get("location")).toBe(`/anfitriao/${host.id}?pagina=2`);
  });

  it("never shows what is private, to a visitor or another user: surname, email, phone", async () => {
    const guest = await signedInAs(t.app, "guest");
    const pages = [await (await anonymous().get(`/anfitriao/${host.id}`)).text(), await (await guest.client.get(`/anfitriao/${host.id}`)).text()];
    const listing = await t.app.database.db.query.properties.findFirst({ where: (p, { eq }) => eq(p.title, "Cabana 01") });
    pages.push(await (await anonymous().get(`/accommodation/${listing!.slug}`)).text());
    for (const html of pages) {
      for (const secret of ["Souza", "Maria", "helena.souza", "99123", "991234567", "5548"]) expect(html).not.toContain(secret);
    }
  });

  it("is linked from each of the host's listings", async () => {
    const listing = await t.app.database.db.query.properties.findFirst({ where: (p, { eq }) => eq(p.title, "Cabana 03") });
    const html = await (await anonymous().get(`/accommodation/${listing!.slug}`)).text();
    expect(html).toContain(`href="/anfitriao/${host.id}"`);
    expect(html).toContain("Conheça Helena");
  });

  it("does not exist for a guest, a host with nothing published, or an unknown id", async () => {
    const guest = await signedInAs(t.app, "guest");
    const quiet = await signedInAs(t.app, "host");
    await insertProperty(t.app.database.db, quiet.id, { title: "Ainda em análise", status: "pending" });
    for (const id of [guest.id, quiet.id, "nao-existe", "x".repeat(300)]) {
      const res = await anonymous().get(`/anfitriao/${encodeURIComponent(id)}`);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("Anfitrião não encontrado");
    }
  });

  it("refuses HTML in the bio with a message, storing nothing, and shows a new bio at once", async () => {
    const before = await t.app.database.db.select({ bio: users.bio }).from(users).where(eq(users.id, host.id));
    for (const bio of ['<a href="https://golpe.example">Pix aqui</a>', "Oi <b>tudo bem</b>", "<!-- x --> oi", "<img src=x onerror=alert(1)>"]) {
      const res = await host.client.post("/perfil?editar=1", { intent: "update-profile", name: "Helena Maria Souza", phone: "", location: "", bio });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(MESSAGES.bioMarkup.replace(/</g, "&lt;").replace(/>/g, "&gt;"));
    }
    expect(await t.app.database.db.select({ bio: users.bio }).from(users).where(eq(users.id, host.id))).toEqual(before);

    // Plain "<" is text, and a cached page shows the change at once (the catalogue's version moved).
    await anonymous().get(`/anfitriao/${host.id}`);
    const saved = await host.client.post("/perfil", { intent: "update-profile", name: "Helena Maria Souza", phone: "", location: "", bio: "Amo receber <3", "idioma-libras": "on" });
    expect(saved.status).toBe(302);
    const html = await (await anonymous().get(`/anfitriao/${host.id}`)).text();
    expect(html).toContain("Amo receber &lt;3");
    expect(html).toContain("Fala Libras.");
  });
});
