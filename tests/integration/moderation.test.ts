import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { formatBRL, formatDate } from "../../common/format";
import { MODERATION_MESSAGES } from "../../common/moderation";
import { DEFAULT_QUERY } from "../../common/property-query";
import { properties } from "../../server/db/schema";
import { findForModeration, moderate, moderationQueue, moderationStatements, pendingCount, QUEUE_PAGE_SIZE } from "../../server/moderation/moderation";
import { searchProperties } from "../../server/properties/search";
import { searchInput } from "../../server/properties/search-input";
import { signedInAs } from "../support/accounts";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertHost, insertProperty, testImages } from "../support/factories";
import { Client } from "../support/http";

const DAY = 86_400_000;
const REASON = "As fotos não mostram o interior da cabana.\nEnvie fotos dos quartos e do banheiro.";

describe(`moderation (${engine})`, () => {
  const t = useTestApp();
  const db = () => t.app.database.db;
  let admin: Client;
  let adminId: string;
  let host: { id: string; email: string; name: string };

  const statusOf = async (id: string) =>
    (await db().select({ status: properties.status, reason: properties.rejectionReason }).from(properties).where(eq(properties.id, id)))[0];
  const mailsTo = async (email: string) => (await t.app.outbox()).filter((m) => m.to.includes(email));
  const publicSearch = (search: string) => searchProperties(db(), searchInput({ ...DEFAULT_QUERY, search }, { types: [], pageSize: 9 }));
  /** Removes every pending property, so each test that counts starts from an empty queue. */
  const clearQueue = () => db().delete(properties).where(eq(properties.status, "pending"));
  const pending = (title: string, extra: Parameters<typeof insertProperty>[2] = {}) =>
    insertProperty(db(), host.id, { title, status: "pending", ...extra }, testImages(2, `mod/${title.replace(/\W+/g, "-")}`));

  beforeAll(async () => {
    ({ client: admin, id: adminId } = await signedInAs(t.app, "operator", { name: "Olga Operadora" }));
    const row = await insertHost(db(), { name: "Helena Anfitriã" });
    host = { id: row.id, email: row.email, name: row.name };
  });

  describe("who may see it", () => {
    it("sends logged-out visitors to the login and back, and changes nothing on a post", async () => {
      const { id } = await pending("Cabana trancada");
      const anonymous = new Client(t.app.url);
      for (const path of ["/moderacao", `/moderacao/${id}`]) {
        const res = await anonymous.get(path);
        expect(res.status).toBe(302);
        expect(res.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      }
      const post = await anonymous.post(`/moderacao/${id}`, { intent: "approve" });
      expect(post.status).toBe(302);
      expect(post.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
      expect((await statusOf(id))?.status).toBe("pending");
    });

    it("shows guests and hosts the site's 404, and refuses their decisions", async () => {
      const { id } = await pending("Cabana proibida");
      const guest = await signedInAs(t.app, "guest");
      const other = await signedInAs(t.app, "host");
      for (const { client } of [guest, other]) {
        for (const path of ["/moderacao", `/moderacao/${id}`, "/moderacao/nao-existe"]) {
          const res = await client.get(path);
          expect(res.status, path).toBe(404);
          const html = await res.text();
          expect(html).toContain("Oops! Page not found");
          expect(html).not.toContain("Cabana proibida");
          expect(html).not.toContain("aguardando análise");
        }
        for (const fields of [{ intent: "approve" }, { intent: "reject", reason: REASON }, { intent: "unpublish", reason: REASON }] as Record<string, string>[]) {
          expect((await client.post(`/moderacao/${id}`, fields)).status).toBe(404);
        }
        // No moderation entry in their menu either.
        expect(await (await client.get("/")).text()).not.toContain("Moderação");
      }
      expect(await statusOf(id)).toEqual({ status: "pending", reason: null });
      expect(await mailsTo(host.email)).toEqual([]);
    });
  });

  describe("the queue", () => {
    it("says so when nothing waits, and counts zero in the operator's menu", async () => {
      await clearQueue();
      const res = await admin.get("/moderacao");
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("Nenhuma propriedade aguardando análise");
      expect(html).toContain('aria-label="Menu da conta de Olga Operadora"');
      expect(await pendingCount(db())).toBe(0);
    });

    it("lists pending properties oldest first with host, type, place, price, date and cover; the menu shows the count", async () => {
      await clearQueue();
      const otherHost = await insertHost(db(), { name: "Bruno Barqueiro" });
      const now = Date.now();
      await insertProperty(db(), host.id, { title: "Chalé recente", propertyType: "Chalé", status: "pending", createdAt: new Date(now - DAY) });
      const barco = await insertProperty(
        db(),
        otherHost.id,
        { title: "Casa barco antiga", propertyType: "Casas Barco", location: "Manaus - AM", priceCents: 123456, status: "pending", createdAt: new Date(now - 10 * DAY) },
        testImages(1, "mod/barco"),
      );
      // Sent back after an edit: it keeps its place (creation order) and shows when it changed.
      await db().update(properties).set({ updatedAt: new Date(now - 2 * DAY) }).where(eq(properties.id, barco.id));
      await insertProperty(db(), host.id, { title: "Cabana sem fotos", status: "pending", createdAt: new Date(now - 5 * DAY) }, []);
      await insertProperty(db(), host.id, { title: "Já aprovada", status: "approved" });
      await insertProperty(db(), host.id, { title: "Já recusada", status: "rejected" });

      const html = await (await admin.get("/moderacao")).text();
      expect(html).toContain("3 propriedades aguardando análise");
      const order = ["Casa barco antiga", "Cabana sem fotos", "Chalé recente"].map((title) => html.indexOf(title));
      expect(order.every((at) => at > 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      expect(html).not.toContain("Já aprovada");
      expect(html).not.toContain("Já recusada");
      for (const text of ["Bruno Barqueiro", "Helena Anfitriã", "Casas Barco · Manaus - AM", formatBRL(123456), "Enviada em"]) {
        expect(html, text).toContain(text);
      }
      expect(html).toContain(formatDate(new Date(now - 10 * DAY)));
      expect(html.match(/Atualizada em/g)).toHaveLength(1);
      expect(html).toContain(formatDate(new Date(now - 2 * DAY)));
      expect(html).toContain("/media/mod/barco-1-800.webp");
      expect(html).toContain("Sem fotos");
      // The operator's menu counts them (the header is drawn on every page).
      expect(await (await admin.get("/")).text()).toContain('aria-label="Menu da conta de Olga Operadora, 3 propriedades aguardando análise"');
      expect(await pendingCount(db())).toBe(3);
    });

    it("pages the queue, and a page past the end goes to the last one", async () => {
      await clearQueue();
      const start = Date.now() - 100 * DAY;
      for (let i = 0; i < QUEUE_PAGE_SIZE + 3; i++) {
        await insertProperty(db(), host.id, { title: `Fila ${String(i + 1).padStart(2, "0")}`, status: "pending", createdAt: new Date(start + i * DAY) }, []);
      }
      const first = await moderationQueue(db(), 1);
      expect(first).toMatchObject({ total: QUEUE_PAGE_SIZE + 3, page: 1, pageCount: 2 });
      expect(first.items.map((i) => i.title).slice(0, 2)).toEqual(["Fila 01", "Fila 02"]);
      const page2 = await (await admin.get("/moderacao?page=2")).text();
      expect(page2).toContain("Fila 21");
      expect(page2).not.toContain("Fila 20<");
      expect(page2).toContain('aria-label="Página anterior"');
      const past = await admin.get("/moderacao?page=9");
      expect(past.status).toBe(302);
      expect(past.headers.get("location")).toBe("/moderacao?page=2");
      expect((await admin.get("/moderacao?page=1")).headers.get("location")).toBe("/moderacao");
      expect((await admin.get("/moderacao?page=abc")).headers.get("location")).toBe("/moderacao");
      await clearQueue();
    });

    it("counts and pages on the pending-only partial index (the header's count runs on every operator page)", async () => {
      const plans = await db().transaction(async (tx) => {
        // Tiny test tables are cheaper to scan; forbid that to see whether the index can serve the query at all.
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const explain = async (statement: ReturnType<typeof moderationStatements.count> | ReturnType<typeof moderationStatements.page>) => {
          const result = (await tx.execute(sql`EXPLAIN ${statement}`)) as unknown as { rows: Record<string, string>[] };
          return result.rows.map((row) => Object.values(row)[0]).join("\n");
        };
        return [await explain(moderationStatements.count(db())), await explain(moderationStatements.page(db(), 2, QUEUE_PAGE_SIZE))];
      });
      for (const plan of plans) expect(plan).toContain("properties_pending_idx");
    });
  });

  describe("the property page", () => {
    it("shows a pending property as guests would see it, every photo, the host and the decisions; by id or slug", async () => {
      const { id, slug } = await insertProperty(
        db(),
        host.id,
        {
          title: "Casa na árvore & mata",
          description: "Entre as copas.\nCafé da manhã na varanda.",
          propertyType: "Casa na Árvore",
          location: "Urubici - SC",
          priceCents: 45000,
          maxGuests: 3,
          amenities: ["Wi-Fi", "Lareira interna"],
          safetyItems: ["Extintor de incêndio"],
          status: "pending",
        },
        testImages(7, "mod/arvore"),
      );
      for (const key of [id, slug, id.toUpperCase()]) {
        const res = await admin.get(`/moderacao/${key}`);
        expect(res.status, key).toBe(200);
        const html = await res.text();
        expect(html).toMatch(/<h1[^>]*>Casa na árvore &amp; mata<\/h1>/);
        for (const text of [
          "Aguardando análise",
          "Urubici - SC",
          "Até 3 hóspedes",
          "Entre as copas.\nCafé da manhã na varanda.",
          "Lareira interna",
          "Extintor de incêndio",
          "7 fotos",
          "Helena Anfitriã",
          host.email,
          "(11) 90000-0001",
          ">Aprovar<",
          ">Recusar<",
          "Motivo da recusa",
          'name="robots" content="noindex"',
        ]) {
          expect(html, text).toContain(text);
        }
        expect(html).toContain(formatBRL(45000));
        expect(html).toContain("/media/mod/arvore-7-800.webp");
      }
      // The public pages still do not know it.
      expect((await fetch(`${t.app.url}/accommodation/${slug}`)).status).toBe(404);
      expect((await admin.get("/moderacao/00000000-0000-0000-0000-000000000000")).status).toBe(404);
      expect((await admin.get(`/moderacao/${"x".repeat(500)}`)).status).toBe(404);
    });
  });

  describe("decisions", () => {
    it("approves: public at once in search, detail and category, reason cleared, host emailed with the public link", async () => {
      const { id, slug } = await pending("Refúgio Zimbrasil aprovado");
      // Sent back after an earlier refusal: approving clears the old reason.
      await db().update(properties).set({ rejectionReason: "Faltavam fotos do banheiro." }).where(eq(properties.id, id));
      expect(await (await admin.get(`/moderacao/${id}`)).text()).toContain("Motivo da recusa anterior");
      expect((await publicSearch("Zimbrasil")).items).toEqual([]);
      const res = await admin.post(`/moderacao/${id}`, { intent: "approve" });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/moderacao");
      expect(await statusOf(id)).toEqual({ status: "approved", reason: null });

      expect((await publicSearch("Zimbrasil")).items.map((i) => i.id)).toEqual([id]);
      expect((await fetch(`${t.app.url}/accommodation/${slug}`)).status).toBe(200);
      expect(await (await fetch(`${t.app.url}/category/cabanas`)).text()).toContain("Refúgio Zimbrasil aprovado");

      const [mail, ...more] = (await mailsTo(host.email)).filter((m) => m.text.includes("Zimbrasil"));
      expect(more).toEqual([]);
      expect(mail!.subject).toBe("Sua propriedade foi aprovada");
      expect(mail!.text).toContain("Olá, Helena Anfitriã!");
      expect(mail!.text).toContain("já aparece nas buscas");
      expect(mail!.text).toContain(`${t.app.url}/accommodation/${slug}`);
      // The toast comes with the next page.
      expect(await (await admin.get("/moderacao")).text()).toContain("Ela já aparece nas buscas. Avisamos o anfitrião por email.");
    });

    it("approves an inactive property without publishing it; the email points to Minhas Propriedades", async () => {
      const { id } = await pending("Refúgio Quoxal inativo", { isActive: false });
      expect((await admin.post(`/moderacao/${id}`, { intent: "approve" })).status).toBe(302);
      expect((await statusOf(id))?.status).toBe("approved");
      expect((await publicSearch("Quoxal")).items).toEqual([]);
      const mail = (await mailsTo(host.email)).find((m) => m.text.includes("Quoxal"))!;
      expect(mail.subject).toBe("Sua propriedade foi aprovada");
      expect(mail.text).toContain("Ela está desativada");
      expect(mail.text).toContain(`${t.app.url}/minhas-propriedades`);
    });

    it("rejects only with a reason of at least 10 characters, stores it and emails it with the edit link", async () => {
      const { id, slug } = await pending("Refúgio Plumvale recusado");
      for (const [reason, message] of [
        ["", MODERATION_MESSAGES.reasonRequired],
        ["   \n  ", MODERATION_MESSAGES.reasonRequired],
        ["Curto.", MODERATION_MESSAGES.reasonShort],
        ["x".repeat(1001), MODERATION_MESSAGES.reasonLong],
      ] as const) {
        const res = await admin.post(`/moderacao/${id}`, { intent: "reject", reason });
        expect(res.status).toBe(400);
        expect(await res.text()).toContain(message);
      }
      expect(await statusOf(id)).toEqual({ status: "pending", reason: null });

      const res = await admin.post(`/moderacao/${id}`, { intent: "reject", reason: `  ${REASON.replace("\n", "\r\n")}  ` });
      expect(res.status).toBe(302);
      expect(await statusOf(id)).toEqual({ status: "rejected", reason: REASON });
      expect((await fetch(`${t.app.url}/accommodation/${slug}`)).status).toBe(404);
      expect((await publicSearch("Plumvale")).items).toEqual([]);

      const mail = (await mailsTo(host.email)).find((m) => m.text.includes("Plumvale"))!;
      expect(mail.subject).toBe("Sua propriedade precisa de ajustes");
      expect(mail.text).toContain("ainda não pode ser publicada");
      expect(mail.text).toContain(REASON);
      expect(mail.text).toContain(`${t.app.url}/editar-propriedade/${id}`);
      // The page now shows the decision and no buttons.
      const html = await (await admin.get(`/moderacao/${id}`)).text();
      expect(html).toContain("Recusada");
      expect(html).toContain("As fotos não mostram o interior da cabana.");
      expect(html).not.toContain(">Aprovar<");
    });

    it("refuses an unknown decision, and a second decision on the same property says it was already moderated", async () => {
      const { id } = await pending("Refúgio Twindle");
      expect((await admin.post(`/moderacao/${id}`, { intent: "publicar" })).status).toBe(400);
      expect((await admin.post(`/moderacao/${id}`, { intent: "approve" })).status).toBe(302);
      for (const fields of [{ intent: "approve" }, { intent: "reject", reason: REASON }] as Record<string, string>[]) {
        const again = await admin.post(`/moderacao/${id}`, fields);
        expect(again.status).toBe(409);
        expect(await again.text()).toContain(MODERATION_MESSAGES.alreadyModerated);
      }
      expect(await statusOf(id)).toEqual({ status: "approved", reason: null });
      expect((await mailsTo(host.email)).filter((m) => m.text.includes("Twindle"))).toHaveLength(1);
      expect((await admin.post("/moderacao/00000000-0000-0000-0000-000000000000", { intent: "approve" })).status).toBe(404);
    });

    it("lets exactly one of two operators deciding at once act; the other is told", async () => {
      const second = await signedInAs(t.app, "operator", { name: "Segundo Operador" });
      for (let round = 0; round < 3; round++) {
        const { id } = await pending(`Refúgio Duelo ${round}`);
        const [a, b] = await Promise.all([
          admin.post(`/moderacao/${id}`, { intent: "approve" }),
          second.client.post(`/moderacao/${id}`, { intent: "reject", reason: REASON }),
        ]);
        expect([a.status, b.status].sort()).toEqual([302, 409]);
        const final = await statusOf(id);
        expect(final?.status).toBe(a.status === 302 ? "approved" : "rejected");
        expect((await mailsTo(host.email)).filter((m) => m.text.includes(`Duelo ${round}`))).toHaveLength(1);
      }
      // The same race straight against the domain function, many at once.
      const { id } = await pending("Refúgio Multidão");
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          moderate(t.app.services, i % 2 ? adminId : second.id, id, i % 3 ? { kind: "approve" } : { kind: "reject", reason: REASON }),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.status)).toEqual(Array(7).fill(409));
    });

    it("refuses a nonsense version (far future, far past, not a date) with 400 and changes nothing", async () => {
      const { id } = await pending("Refúgio do Futuro");
      for (const reviewedAt of ["+275760-09-13T00:00:00.000Z", "9999-12-31T23:59:59Z", "1900-01-01", "ontem"]) {
        const res = await admin.post(`/moderacao/${id}`, { intent: "approve", reviewedAt });
        expect(res.status, reviewedAt).toBe(400);
      }
      expect((await statusOf(id))?.status).toBe("pending");
    });

    it("refuses a decision on a version the operator did not see (the host saved an edit meanwhile)", async () => {
      const { id } = await pending("Refúgio Mudancinha");
      const seen = (await findForModeration(db(), id))!.updatedAt;
      // The page sends the version it showed.
      expect(await (await admin.get(`/moderacao/${id}`)).text()).toContain(`name="reviewedAt" value="${seen}"`);
      await db().update(properties).set({ title: "Refúgio Mudancinha com piscina", updatedAt: sql`now()` }).where(eq(properties.id, id));
      for (const fields of [{ intent: "approve", reviewedAt: seen }, { intent: "reject", reason: REASON, reviewedAt: seen }] as Record<string, string>[]) {
        const res = await admin.post(`/moderacao/${id}`, fields);
        expect(res.status).toBe(409);
        expect(await res.text()).toContain(MODERATION_MESSAGES.changedMeanwhile);
      }
      expect(await statusOf(id)).toEqual({ status: "pending", reason: null });
      expect((await admin.post(`/moderacao/${id}`, { intent: "approve", reviewedAt: "ontem" })).status).toBe(400);
      // The version on screen now (microseconds in the database, milliseconds in the page) is accepted.
      const current = (await findForModeration(db(), id))!.updatedAt;
      expect((await admin.post(`/moderacao/${id}`, { intent: "approve", reviewedAt: current })).status).toBe(302);
      expect((await statusOf(id))?.status).toBe("approved");
    });

    it("keeps the decision when the email fails, and tells the operator", async () => {
      const { id } = await pending("Refúgio Semcorreio");
      const mailer = t.app.services.mailer;
      const send = mailer.send;
      mailer.send = () => Promise.reject(new Error("SMTP fora do ar"));
      try {
        expect((await admin.post(`/moderacao/${id}`, { intent: "approve" })).status).toBe(302);
      } finally {
        mailer.send = send;
      }
      expect((await statusOf(id))?.status).toBe("approved");
      expect((await publicSearch("Semcorreio")).items).toHaveLength(1);
      expect(await (await admin.get("/moderacao")).text()).toContain("Não foi possível enviar o email ao anfitrião");
    });

    it("lets an operator unpublish an approved property with a reason (not a pending one)", async () => {
      const { id, slug } = await insertProperty(db(), host.id, { title: "Refúgio Vexlo publicado" });
      expect((await publicSearch("Vexlo")).items).toHaveLength(1);
      const page = await (await admin.get(`/moderacao/${slug}`)).text();
      expect(page).toContain("Despublicar esta propriedade");
      expect(page).toContain(`href="/accommodation/${slug}"`);
      expect((await admin.post(`/moderacao/${id}`, { intent: "unpublish", reason: "curto" })).status).toBe(400);
      const res = await admin.post(`/moderacao/${id}`, { intent: "unpublish", reason: "Anúncio denunciado: o endereço não existe." });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(`/moderacao/${id}`);
      expect(await statusOf(id)).toEqual({ status: "rejected", reason: "Anúncio denunciado: o endereço não existe." });
      expect((await publicSearch("Vexlo")).items).toEqual([]);
      expect((await fetch(`${t.app.url}/accommodation/${slug}`)).status).toBe(404);
      const mail = (await mailsTo(host.email)).find((m) => m.text.includes("Vexlo"))!;
      expect(mail.subject).toBe("Sua propriedade precisa de ajustes");
      expect(mail.text).toContain("retirou");
      expect(mail.text).toContain(`${t.app.url}/editar-propriedade/${id}`);

      const { id: waiting } = await pending("Refúgio Vexlo pendente");
      expect((await admin.post(`/moderacao/${waiting}`, { intent: "unpublish", reason: REASON })).status).toBe(409);
      expect((await statusOf(waiting))?.status).toBe("pending");
    });

    it("does not let an operator decide on a property of their own", async () => {
      const operatorHost = await signedInAs(t.app, "operator", { name: "Operadora Anfitriã" });
      const { id } = await insertProperty(db(), operatorHost.id, { title: "Refúgio da operadora", status: "pending" });
      const page = await (await operatorHost.client.get(`/moderacao/${id}`)).text();
      expect(page).toContain("outra pessoa da equipe precisa analisá-la");
      expect(page).not.toContain(">Aprovar<");
      const res = await operatorHost.client.post(`/moderacao/${id}`, { intent: "approve" });
      expect(res.status).toBe(403);
      expect((await statusOf(id))?.status).toBe("pending");
      expect((await admin.post(`/moderacao/${id}`, { intent: "approve" })).status).toBe(302);
    });
  });
});
