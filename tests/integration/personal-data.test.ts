import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, newsletterSubscribers, sessions, users } from "../../server/db/schema";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { signIn, signUpViaForm, TEST_PASSWORD } from "../support/accounts";
import { insertProperty } from "../support/factories";
import { Client } from "../support/http";

describe(`the user's own data: export and deletion (${engine})`, () => {
  const t = useTestApp();

  async function signUp(email: string, name: string) {
    const client = await signUpViaForm(t.app.url, email, "host", name);
    await client.post("/newsletter", { email });
    return client;
  }

  it("'Baixar meus dados' downloads this user's data and nobody else's", async () => {
    const ana = await signUp("ana-lgpd@example.com", "Ana Lgpd");
    await signUp("bruno-lgpd@example.com", "Bruno Lgpd");
    const [anaRow] = await t.app.database.db.select({ id: users.id }).from(users).where(eq(users.email, "ana-lgpd@example.com"));
    await insertProperty(t.app.database.db, anaRow!.id, { title: "Cabana da Ana", amenities: ["Wi-Fi"] }, []);
    const res = await ana.get("/perfil/dados");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="recanto-meus-dados-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.text();
    const data = JSON.parse(body);
    expect(data.account).toMatchObject({ name: "Ana Lgpd", email: "ana-lgpd@example.com", phone: "5548991234567", userType: "host" });
    expect(data.sessions).toHaveLength(1);
    // The listing as the host gave it, without the search machinery derived from it.
    expect(data.properties).toHaveLength(1);
    expect(data.properties[0]).toMatchObject({ title: "Cabana da Ana", amenities: ["Wi-Fi"] });
    for (const derived of ["searchVector", "locationFolded", "facetLanes", "hostId"]) expect(data.properties[0], derived).not.toHaveProperty(derived);
    expect(data.newsletter).toMatchObject({ confirmedAt: null });
    expect(body).not.toContain("bruno");
    expect(body).not.toMatch(/password|token/i);

    const anonymous = await new Client(t.app.url).get("/perfil/dados");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/login?redirectTo=%2Fperfil%2Fdados");
  });

  it("keeps signed-in pages and their data out of every cache; what is the same for everyone keeps its own policy", async () => {
    const dora = await signUp("dora-cache@example.com", "Dora Cache");
    for (const path of ["/", "/perfil", "/perfil.data", "/perfil/dados.data", "/favoritos", "/category/chales.data"]) {
      const res = await dora.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
    }
    expect((await dora.get("/perfil/dados")).headers.get("cache-control")).toBe("no-store");
    expect((await dora.get("/brazilian-cities.json")).headers.get("cache-control")).toBe("public, max-age=86400");
    expect((await new Client(t.app.url).get("/")).headers.get("cache-control") ?? "").not.toContain("private");
  });

  it("'Excluir minha conta' needs the account's email, then removes the account, sessions, credentials and consent", async () => {
    const carla = await signUp("carla-lgpd@example.com", "Carla Lgpd");
    const otherDevice = await signIn(t.app, "carla-lgpd@example.com");
    const diego = await signUp("diego-lgpd@example.com", "Diego Lgpd");
    const [carlaRow] = await t.app.database.db.select({ id: users.id }).from(users).where(eq(users.email, "carla-lgpd@example.com"));

    // Typing someone else's email deletes nothing: the session decides whose account it is.
    const wrong = await carla.post("/perfil", { intent: "delete-account", confirmEmail: "diego-lgpd@example.com" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Digite o email da sua conta para confirmar a exclusão.");
    expect(await t.app.database.db.select().from(users).where(eq(users.id, carlaRow!.id))).toHaveLength(1);

    const done = await carla.post("/perfil", { intent: "delete-account", confirmEmail: "Carla-LGPD@example.com" });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/");
    expect(await t.app.database.db.select().from(users).where(eq(users.id, carlaRow!.id))).toEqual([]);
    expect(await t.app.database.db.select().from(sessions).where(eq(sessions.userId, carlaRow!.id))).toEqual([]);
    expect(await t.app.database.db.select().from(accounts).where(eq(accounts.userId, carlaRow!.id))).toEqual([]);
    expect(
      await t.app.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "carla-lgpd@example.com")),
    ).toEqual([]);

    expect((await otherDevice.get("/perfil")).status).toBe(302);
    expect((await new Client(t.app.url).post("/login", { email: "carla-lgpd@example.com", password: TEST_PASSWORD })).status).toBe(401);
    expect((await diego.get("/perfil")).status).toBe(200);
  });
});
