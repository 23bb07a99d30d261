import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { imageUrl } from "../../common/media";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertHost, insertProperty, testImages } from "../support/factories";

const NOT_FOUND = ["Propriedade não encontrada", "Não foi possível carregar a galeria desta propriedade.", "Voltar ao início"];

/** The visible text of an HTML fragment, tags removed and spaces collapsed. */
function textOf(html: string) {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

function mainOf(html: string) {
  return html.match(/<main id="conteudo"[\s\S]*<\/main>/)?.[0] ?? "";
}

describe(`the photo gallery page (${engine})`, () => {
  const t = useTestApp();
  const ids = {} as Record<"three" | "one" | "none" | "pending" | "rejected" | "inactive", { id: string; slug: string }>;
  const threeImages = testImages(3, "gallery/ipe");

  beforeAll(async () => {
    const db = t.app.services.database.db;
    const host = await insertHost(db);
    ids.three = await insertProperty(db, host.id, { title: "Cabana do Ipê", propertyType: "Cabana" }, threeImages);
    ids.one = await insertProperty(db, host.id, { title: "Chalé da Neblina", propertyType: "Chalé" }, testImages(1, "gallery/neblina"));
    ids.none = await insertProperty(db, host.id, { title: "Casa na Árvore Sem Fotos", propertyType: "Casa na Árvore" }, []);
    ids.pending = await insertProperty(db, host.id, { title: "Pendente Secreta", status: "pending" });
    ids.rejected = await insertProperty(db, host.id, { title: "Recusada Secreta", status: "rejected" });
    ids.inactive = await insertProperty(db, host.id, { title: "Desativada Secreta", isActive: false });
  });

  const get = (path: string) => fetch(`${t.app.url}${path}`);

  it.each(["slug", "id"] as const)("shows a public property's breadcrumb, header, count and every photo, by %s", async (key) => {
    const res = await get(`/property-gallery/${ids.three[key]}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Fotos de Cabana do Ipê | Recanto</title>");
    expect(html).toMatch(/<meta name="description" content="3 fotos de Cabana do Ipê, Cabana em Campos do Jordão - SP\./);

    const breadcrumb = html.match(/<nav aria-label="Navegação estrutural"[\s\S]*?<\/nav>/)?.[0] ?? "";
    expect(textOf(breadcrumb)).toBe("Início Cabana Cabana do Ipê");
    expect(breadcrumb).toContain('href="/"');
    expect(breadcrumb).toContain('href="/category/cabanas"');
    expect(breadcrumb).toMatch(/aria-current="page"[^>]*>Cabana do Ipê</);

    const main = mainOf(html);
    expect(main).toContain(`href="/accommodation/${ids.three.slug}"`);
    expect(textOf(main)).toContain("Voltar para a propriedade Cabana do Ipê 3 fotos");
    for (const [i, image] of threeImages.entries()) {
      expect(main).toContain(`aria-label="Abrir foto ${i + 1} de 3: Foto ${i + 1}"`);
      expect(main).toContain(`src="${imageUrl(image.storageKey, 800, "webp")}"`);
      for (const width of [400, 800, 1200] as const) expect(main).toContain(`${imageUrl(image.storageKey, width, "webp")} ${width}w`);
    }
    // The first two photos fill a phone's first screen and come first; below them, images wait until they scroll into view.
    const imgs = main.match(/<img [^>]*>/g)!;
    expect(imgs.map((img) => [/loading="lazy"/.test(img), /fetchpriority="high"/i.test(img)])).toEqual([
      [false, true],
      [false, true],
      [true, false],
    ]);
  });

  it("says '1 foto' for a single photo, with the type's category in the breadcrumb", async () => {
    const res = await get(`/property-gallery/${ids.one.slug}`);
    expect(res.status).toBe(200);
    const text = textOf(mainOf(await res.text()));
    expect(text).toContain("Início Chalé Chalé da Neblina");
    expect(text).toMatch(/Chalé da Neblina 1 foto(?!s)/);
  });

  it("shows an honest empty state for a property without photos", async () => {
    const res = await get(`/property-gallery/${ids.none.slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('href="/category/casas-na-arvore"');
    const text = textOf(mainOf(html));
    expect(text).toContain("Casa na Árvore Sem Fotos 0 fotos");
    expect(text).toContain("Sem fotos");
    expect(text).toContain("Esta propriedade ainda não tem fotos.");
    expect(html).not.toContain("Abrir foto");
  });

  it.each([
    ["pending", () => ids.pending.slug, "Pendente Secreta"],
    ["rejected", () => ids.rejected.slug, "Recusada Secreta"],
    ["inactive (by id)", () => ids.inactive.id, "Desativada Secreta"],
    ["inactive (by slug)", () => ids.inactive.slug, "Desativada Secreta"],
    ["unknown uuid", () => randomUUID(), ""],
    ["unknown slug", () => "nao-existe-123", ""],
    ["garbage", () => encodeURIComponent("' OR 1=1 --<script>"), ""],
    ["almost a uuid", () => "00000000-0000-0000-0000-00000000000g", ""],
  ])("answers 404 with the gallery's not-found message for a %s property", async (_, id, hiddenTitle) => {
    const res = await get(`/property-gallery/${id()}`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("<title>Propriedade não encontrada | Recanto</title>");
    const text = textOf(mainOf(html));
    for (const words of NOT_FOUND) expect(text).toContain(words);
    if (hiddenTitle) expect(html).not.toContain(hiddenTitle);
    expect(html).not.toContain("<script>alert");
  });

  it("shows the same message, not a crash page, when the database fails", async () => {
    const db = t.app.services.database.db;
    // The loader's error is logged on the server (app/entry.server.tsx handleError): make sure it was.
    const logged = vi.spyOn(t.app.services.logger, "error");
    const unread = await insertProperty(db, (await insertHost(db)).id, { title: "Cabana Ainda Não Vista" }, testImages(1, "gallery/nao-vista"));
    const address = `/property-gallery/${ids.three.slug}`;
    await get(address);
    await db.execute(sql`ALTER TABLE property_images RENAME TO property_images_offline`);
    try {
      // The page kept for visitors stays as it was: the catalogue's version has not moved.
      expect((await get(address)).headers.get("x-page-cache")).toBe("hit");
      // A listing no request has read in this version of the catalogue is drawn, and its loader fails.
      const res = await get(`/property-gallery/${unread.slug}`);
      expect(res.status).toBe(500);
      const html = await res.text();
      const text = textOf(mainOf(html));
      for (const words of NOT_FOUND) expect(text).toContain(words);
      expect(text).not.toContain("Algo deu errado");
      expect(html).toContain("<title>Propriedade não encontrada | Recanto</title>");
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
      await db.execute(sql`ALTER TABLE property_images_offline RENAME TO property_images`);
    }
    expect((await get(`/property-gallery/${ids.three.slug}`)).status).toBe(200);
  });
});
