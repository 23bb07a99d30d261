import { beforeAll, describe, expect, it } from "vitest";
import { HOST_LISTINGS_PAGE_SIZE } from "../../common/host-listings";
import type { NewProperty } from "../../server/properties/properties";
import { signedInAs } from "../support/accounts";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertProperty } from "../support/factories";
import type { Client } from "../support/http";

/** The titles of the cards on a page of /minhas-propriedades, in order (from their edit links). */
const cardTitles = (html: string) => [...html.matchAll(/aria-label="Editar ([^"]+)"/g)].map((m) => m[1]!);

/** The filter bar: each situation's count ({ Todas: 22, Publicadas: 14, … }), where it leads, and the one marked current. */
function filterBar(html: string) {
  const nav = html.match(/<nav aria-label="Filtrar por situação"[^>]*>(.*?)<\/nav>/s)?.[1] ?? "";
  const links = [...nav.matchAll(/<a ([^>]*)>([^<]+)<span[^>]*>(\d+)<\/span><\/a>/g)].map(([, attributes, label, count]) => ({
    label: label!.trim(),
    count: Number(count),
    href: attributes!.match(/href="([^"]+)"/)![1]!.replace(/&amp;/g, "&"),
    current: attributes!.includes('aria-current="page"'),
  }));
  return {
    counts: Object.fromEntries(links.map((l) => [l.label, l.count])),
    hrefs: Object.fromEntries(links.map((l) => [l.label, l.href])),
    current: links.filter((l) => l.current).map((l) => l.label),
  };
}

/** The page links of the pagination bar. */
const pageLinks = (html: string) => [...(html.match(/<nav aria-label="Paginação"[^>]*>(.*?)<\/nav>/s)?.[1] ?? "").matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));

describe(`a host's listings by situation, a page at a time (${engine})`, () => {
  const t = useTestApp();
  let host: Awaited<ReturnType<typeof signedInAs>>;
  /** The host's titles, newest first, by situation. */
  const made: Record<"publicadas" | "emAnalise" | "recusadas" | "inativas", string[]> = { publicadas: [], emAnalise: [], recusadas: [], inativas: [] };
  const newestFirst = () => [...made.publicadas, ...made.emAnalise, ...made.recusadas, ...made.inativas];

  beforeAll(async () => {
    host = await signedInAs(t.app, "host", { name: "Anfitriã de Muitas Casas" });
    // Created oldest last, so each group is newest first and the groups follow in the order above.
    const plan: [keyof typeof made, Partial<NewProperty>, number][] = [
      ["publicadas", { status: "approved" }, 14],
      ["emAnalise", { status: "pending" }, 3],
      // Hidden while waiting: still "Em análise", what the host waits on.
      ["emAnalise", { status: "pending", isActive: false }, 1],
      ["recusadas", { status: "rejected" }, 2],
      ["inativas", { status: "approved", isActive: false }, 2],
    ];
    let minutesAgo = 0;
    for (const [group, fields, count] of plan) {
      for (let i = 0; i < count; i++) {
        const title = `${group} ${made[group].length + 1}`;
        made[group].push(title);
        await insertProperty(t.app.database.db, host.id, { ...fields, title, createdAt: new Date(Date.now() - ++minutesAgo * 60_000) });
      }
    }
  });

  const page = async (client: Client, path: string) => {
    const res = await client.get(path);
    expect(res.status, path).toBe(200);
    return res.text();
  };

  it("shows 12 listings a page, newest first, with each situation's count and links that work without JavaScript", async () => {
    const first = await page(host.client, "/minhas-propriedades");
    expect(HOST_LISTINGS_PAGE_SIZE).toBe(12);
    expect(cardTitles(first)).toEqual(newestFirst().slice(0, 12));
    expect(first).toContain("22 propriedades");
    expect(filterBar(first)).toEqual({
      current: ["Todas"],
      counts: { Todas: 22, Publicadas: 14, "Em análise": 4, Recusadas: 2, Inativas: 2 },
      hrefs: {
        Todas: "/minhas-propriedades",
        Publicadas: "/minhas-propriedades?status=publicadas",
        "Em análise": "/minhas-propriedades?status=em-analise",
        Recusadas: "/minhas-propriedades?status=recusadas",
        Inativas: "/minhas-propriedades?status=inativas",
      },
    });
    expect(pageLinks(first)).toEqual(["/minhas-propriedades", "/minhas-propriedades?pagina=2", "/minhas-propriedades?pagina=2"]);

    const second = await page(host.client, "/minhas-propriedades?pagina=2");
    expect(cardTitles(second)).toEqual(newestFirst().slice(12));
    expect(pageLinks(second)).toEqual(["/minhas-propriedades", "/minhas-propriedades", "/minhas-propriedades?pagina=2"]);
  });

  it("filters by situation, pages within it, and says when a situation has none", async () => {
    expect(cardTitles(await page(host.client, "/minhas-propriedades?status=em-analise"))).toEqual(made.emAnalise);
    expect(cardTitles(await page(host.client, "/minhas-propriedades?status=recusadas"))).toEqual(made.recusadas);
    expect(cardTitles(await page(host.client, "/minhas-propriedades?status=inativas"))).toEqual(made.inativas);

    const published = await page(host.client, "/minhas-propriedades?status=publicadas");
    expect(cardTitles(published)).toEqual(made.publicadas.slice(0, 12));
    expect(filterBar(published).current).toEqual(["Publicadas"]);
    expect(pageLinks(published)).toContain("/minhas-propriedades?status=publicadas&pagina=2");
    expect(cardTitles(await page(host.client, "/minhas-propriedades?status=publicadas&pagina=2"))).toEqual(made.publicadas.slice(12));

    const other = await signedInAs(t.app, "host");
    await insertProperty(t.app.database.db, other.id, { title: "Única publicada", status: "approved" });
    const none = await page(other.client, "/minhas-propriedades?status=recusadas");
    expect(cardTitles(none)).toEqual([]);
    expect(none).toContain("Nenhuma propriedade recusada.");
    expect(none).toMatch(/<a [^>]*href="\/minhas-propriedades"[^>]*>Ver todas as propriedades<\/a>/);
  });

  it("sends addresses it does not understand, and pages past the end, to the clean address (never an error)", async () => {
    const cases: [string, string][] = [
      ["?status=arquivadas", "/minhas-propriedades"],
      ["?status=", "/minhas-propriedades"],
      ["?pagina=1", "/minhas-propriedades"],
      ["?pagina=abc", "/minhas-propriedades"],
      ["?pagina=-2", "/minhas-propriedades"],
      ["?pagina=2.5", "/minhas-propriedades"],
      ["?pagina=99999999999999999999", "/minhas-propriedades"],
      ["?pagina=0", "/minhas-propriedades"],
      ["?pagina=99", "/minhas-propriedades?pagina=2"],
      ["?status=recusadas&pagina=3", "/minhas-propriedades?status=recusadas"],
      ["?pagina=2&status=publicadas", "/minhas-propriedades?status=publicadas&pagina=2"],
      ["?status=inativas&utm_source=email", "/minhas-propriedades?status=inativas"],
      ["?status=Publicadas&pagina=%D9%A3", "/minhas-propriedades"],
    ];
    for (const [search, location] of cases) {
      const res = await host.client.get(`/minhas-propriedades${search}`);
      expect([search, res.status, res.headers.get("location")]).toEqual([search, 302, location]);
    }
  });

  it("counts and lists only the signed-in host's own listings; guests and visitors never see them", async () => {
    const other = await signedInAs(t.app, "host");
    await insertProperty(t.app.database.db, other.id, { title: "Casa da outra anfitriã", status: "rejected" });
    for (const path of ["/minhas-propriedades", "/minhas-propriedades?status=publicadas", "/minhas-propriedades?status=recusadas"]) {
      const html = await page(other.client, path);
      expect(html).toContain("1 propriedade<");
      for (const title of newestFirst()) expect(cardTitles(html)).not.toContain(title);
    }
    expect(filterBar(await page(other.client, "/minhas-propriedades")).counts).toEqual({ Todas: 1, Publicadas: 0, "Em análise": 0, Recusadas: 1, Inativas: 0 });
    // The host's own page is untouched by the other's listing.
    expect(filterBar(await page(host.client, "/minhas-propriedades")).counts.Todas).toBe(22);

    const guest = await signedInAs(t.app, "guest");
    expect((await guest.client.get("/minhas-propriedades?status=publicadas")).headers.get("location")).toBe("/");
    const visitor = await fetch(`${t.app.url}/minhas-propriedades?status=publicadas`, { redirect: "manual" });
    expect(visitor.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    expect(await visitor.text()).not.toContain("publicadas 1");
  });
});
