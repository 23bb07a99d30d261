import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { variantKey } from "../../common/media";
import { favorites, properties, propertyImages, users } from "../../server/db/schema";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertHost, insertProperty } from "../support/factories";
import { signUpViaForm, TEST_PASSWORD } from "../support/accounts";
import { Client } from "../support/http";

describe(`favourites, host stats and the user's data (${engine})`, () => {
  // Its own image folder: the deletion test writes and removes files there.
  const mediaDir = path.join(os.tmpdir(), `recanto-favorites-media-${process.pid}-${engine}`);
  const t = useTestApp({ MEDIA_DIR: mediaDir });
  afterAll(() => fs.rm(mediaDir, { recursive: true, force: true }));
  const ids: Record<string, string> = {};

  async function signUp(email: string, userType: "guest" | "host" = "guest") {
    const client = await signUpViaForm(t.app.url, email, userType);
    const [row] = await t.app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return { client, id: row!.id };
  }
  const setFavorite = (client: Client, propertyId: string, favorite: boolean | string) =>
    client.post("/api/favoritos", { propertyId, favorite: String(favorite) });
  const rowsOf = (userId: string) => t.app.database.db.select().from(favorites).where(eq(favorites.userId, userId));

  beforeAll(async () => {
    const db = t.app.database.db;
    const host = await insertHost(db);
    ids.host = host.id;
    ids.cabana = (await insertProperty(db, host.id, { title: "Cabana favorita" })).id;
    ids.chale = (await insertProperty(db, host.id, { title: "Chalé favorito", propertyType: "Chalé" })).id;
    ids.pendente = (await insertProperty(db, host.id, { title: "Cabana pendente", status: "pending" })).id;
    ids.inativa = (await insertProperty(db, host.id, { title: "Cabana inativa", isActive: false })).id;
  });

  it("adds and removes idempotently, and a double click stores one row", async () => {
    const guest = await signUp("fav-idem@example.com");
    const first = await setFavorite(guest.client, ids.cabana!, true);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true, favorite: true });
    await Promise.all([setFavorite(guest.client, ids.chale!, true), setFavorite(guest.client, ids.chale!, true), setFavorite(guest.client, ids.chale!, true)]);
    expect(await rowsOf(guest.id)).toHaveLength(2);
    expect((await setFavorite(guest.client, ids.cabana!, true)).status).toBe(200);
    expect(await rowsOf(guest.id)).toHaveLength(2);
    expect(await (await setFavorite(guest.client, ids.cabana!, false)).json()).toEqual({ ok: true, favorite: false });
    expect((await setFavorite(guest.client, ids.cabana!, false)).status).toBe(200);
    expect((await rowsOf(guest.id)).map((r) => r.propertyId)).toEqual([ids.chale]);
  });

  it("refuses logged-out visitors, and unknown, hidden or malformed properties, storing nothing", async () => {
    const anonymous = await setFavorite(new Client(t.app.url), ids.cabana!, true);
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).message).toBe("Login necessário: Você precisa estar logado para favoritar propriedades.");
    const guest = await signUp("fav-bad@example.com");
    for (const [id, status] of [
      [ids.pendente!, 404],
      [ids.inativa!, 404],
      ["00000000-0000-0000-0000-000000000000", 404],
      ["nao-e-um-id", 400],
      ["'; DELETE FROM favorites; --", 400],
      ["x".repeat(5000), 400],
    ] as const) {
      const res = await setFavorite(guest.client, id, true);
      expect(res.status, id.slice(0, 40)).toBe(status);
      expect((await res.json()).message).toMatch(/Propriedade (não encontrada|inválida)\./);
    }
    expect((await setFavorite(guest.client, ids.cabana!, "talvez")).status).toBe(400);
    expect((await guest.client.post("/api/favoritos", { favorite: "true" })).status).toBe(400);
    expect(await rowsOf(guest.id)).toEqual([]);
  });

  it("shows each user only their own favourites; nobody can change someone else's", async () => {
    const ana = await signUp("fav-ana@example.com");
    const bruno = await signUp("fav-bruno@example.com");
    await setFavorite(ana.client, ids.cabana!, true);
    const anaPage = await (await ana.client.get("/favoritos")).text();
    expect(anaPage).toContain("1 propriedade favorita");
    expect(anaPage).toContain("Cabana favorita");
    const brunoPage = await (await bruno.client.get("/favoritos")).text();
    expect(brunoPage).toContain("Nenhuma propriedade favoritada ainda");
    expect(brunoPage).not.toContain("Cabana favorita");
    // Bruno "removing" the same property only touches Bruno's (empty) list: the user comes from the session.
    await setFavorite(bruno.client, ids.cabana!, false);
    expect(await rowsOf(ana.id)).toHaveLength(1);
    // A forged cross-site post is refused before it reaches the action.
    const forged = await bruno.client.post("/api/favoritos", { propertyId: ids.chale!, favorite: "true" }, { origin: "https://evil.example" });
    expect(forged.status).toBe(403);
    expect(await rowsOf(bruno.id)).toEqual([]);
    expect(await (await new Client(t.app.url).get("/favoritos")).text()).toContain("Faça login para ver seus favoritos");
  });

  it("hides a favourite while its property is inactive and shows it again when reactivated", async () => {
    const guest = await signUp("fav-toggle@example.com");
    await setFavorite(guest.client, ids.chale!, true);
    const db = t.app.database.db;
    await db.update(properties).set({ isActive: false }).where(eq(properties.id, ids.chale!));
    expect(await (await guest.client.get("/favoritos")).text()).toContain("Nenhuma propriedade favoritada ainda");
    await db.update(properties).set({ isActive: true }).where(eq(properties.id, ids.chale!));
    expect(await (await guest.client.get("/favoritos")).text()).toContain("Chalé favorito");
  });

  it("marks hearts on the first render and counts favourites in the header", async () => {
    const guest = await signUp("fav-heart@example.com");
    await setFavorite(guest.client, ids.cabana!, true);
    const html = await (await guest.client.get("/category/cabanas")).text();
    expect(html).toContain('aria-label="Favoritos (1)"');
    expect(html).toMatch(/aria-pressed="true"[^>]*aria-label="Favoritar Cabana favorita"/);
    expect(html).not.toMatch(/aria-pressed="true"[^>]*aria-label="Favoritar Cabana de/);
  });

  it("host stats count the host's active listings and the favourites they received", async () => {
    const host = await signUp("fav-host@example.com", "host");
    const db = t.app.database.db;
    const mine = (await insertProperty(db, host.id, { title: "Casa da anfitriã" })).id;
    await insertProperty(db, host.id, { title: "Casa desativada", isActive: false });
    const stats = async () => {
      const html = await (await host.client.get("/perfil")).text();
      return [html.match(/Propriedades ativas<\/dt><dd[^>]*>(\d+)/)?.[1], html.match(/Favoritos recebidos<\/dt><dd[^>]*>(\d+)/)?.[1]];
    };
    expect(await stats()).toEqual(["1", "0"]);
    const guest = await signUp("fav-fan@example.com");
    await setFavorite(guest.client, mine, true);
    expect(await stats()).toEqual(["1", "1"]);
  });

  it("exports favourites and a host's listings, and deletion leaves no rows or image files behind", async () => {
    const host = await signUp("fav-del-host@example.com", "host");
    const db = t.app.database.db;
    const storage = t.app.services.storage;
    const own = [{ storageKey: "teste/propria-1", width: 1200, height: 800, alt: "Própria" }];
    const shared = [{ storageKey: "teste/compartilhada-1", width: 1200, height: 800, alt: "Compartilhada" }];
    for (const key of ["teste/propria-1", "teste/compartilhada-1"]) {
      for (const w of [400, 800, 1200] as const) await storage.put(variantKey(key, w), Buffer.from("img"), "image/webp");
    }
    const listing = (await insertProperty(db, host.id, { title: "Casa a excluir" }, [...own, ...shared])).id;
    // Another host's listing uses the shared file: it must survive.
    await insertProperty(db, ids.host!, { title: "Casa de outra pessoa" }, shared);
    const fan = await signUp("fav-del-fan@example.com");
    await setFavorite(fan.client, listing, true);
    await setFavorite(host.client, ids.cabana!, true);

    const exported = await (await host.client.get("/perfil/dados")).json();
    expect(exported.favorites.map((f: { title: string }) => f.title)).toEqual(["Cabana favorita"]);
    expect(exported.properties).toHaveLength(1);
    expect(exported.properties[0]).toMatchObject({ title: "Casa a excluir", status: "approved" });
    expect(exported.properties[0].images.map((i: { url: string }) => i.url)).toEqual(["/media/teste/propria-1-1200.webp", "/media/teste/compartilhada-1-1200.webp"]);
    expect(JSON.stringify(exported)).not.toContain("fav-del-fan");

    const done = await host.client.post("/perfil", { intent: "delete-account", confirmEmail: "fav-del-host@example.com" });
    expect(done.status).toBe(302);
    expect(await db.select().from(properties).where(eq(properties.hostId, host.id))).toEqual([]);
    expect(await db.select().from(propertyImages).where(eq(propertyImages.propertyId, listing))).toEqual([]);
    expect(await db.select().from(favorites).where(eq(favorites.propertyId, listing))).toEqual([]);
    expect(await rowsOf(host.id)).toEqual([]);
    const exists = (key: string) => fs.access(path.join(storage.localDir!, variantKey(key, 800))).then(() => true, () => false);
    expect(await exists("teste/propria-1")).toBe(false);
    expect(await exists("teste/compartilhada-1")).toBe(true);
    expect(await db.select().from(favorites).where(and(eq(favorites.userId, fan.id)))).toEqual([]);
    expect((await new Client(t.app.url).post("/login", { email: "fav-del-host@example.com", password: TEST_PASSWORD })).status).toBe(401);
  });
});
