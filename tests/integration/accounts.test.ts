import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../server/db/schema";
import { createTestAccount, signedInAs, signIn, TEST_PASSWORD } from "../support/accounts";
import { startTestApp, useTestApp, type TestApp } from "../support/app";
import { engine } from "../support/database";
import { Client, observableAnswer } from "../support/http";
import { waitForMail, waitForMails } from "../support/mail";

const SESSION = "recanto.session_token";

function signUpFields(over: Record<string, string> = {}) {
  return {
    name: "Maria da Silva",
    email: "maria@example.com",
    phone: "(11) 98765-4321",
    userType: "guest",
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    terms: "on",
    ...over,
  };
}

describe(`accounts over HTTP (${engine})`, () => {
  const t = useTestApp();

  const db = () => t.app.database.db;
  const userByEmail = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0];
  const sessionsOf = async (userId: string) => db().select().from(sessions).where(eq(sessions.userId, userId));

  it("signs a host up: stored normalised, session cookie set, welcome toast, confirmation email", async () => {
    const client = new Client(t.app.url);
    const res = await client.post("/cadastro", signUpFields({ email: "Host@Example.com", userType: "host" }));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/perfil");
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const user = await userByEmail("host@example.com");
    expect(user).toMatchObject({ name: "Maria da Silva", phone: "5511987654321", userType: "host", role: "user", emailVerified: false });

    const profile = await client.get("/perfil");
    expect(profile.status).toBe(200);
    const html = await profile.text();
    expect(html).toContain("Anfitrião na plataforma");
    expect(html).toContain("Conta criada com sucesso!");
    // Every host is welcomed alike, whatever their gender.
    expect(html).toContain("Boas-vindas! Agora você pode anunciar suas propriedades no Recanto.");
    expect(html).not.toContain("anfitrião!");

    const mail = (await t.app.outbox()).find((m) => m.to.includes("host@example.com"))!;
    expect(mail.subject).toBe("Confirme seu email no Recanto");
    const link = new URL(mail.text.match(/https?:\/\/\S+verify-email\S+/)![0]);
    expect(link.origin).toBe(t.app.url);
    const verified = await fetch(link, { redirect: "manual" });
    expect(verified.status).toBe(302);
    // The link confirms; it never signs anyone in (a stranger's link would log the victim into the stranger's account).
    expect(verified.headers.getSetCookie().some((c) => c.startsWith(`${SESSION}=`))).toBe(false);
    expect(new URL(verified.headers.get("location")!, t.app.url).pathname).toBe("/email-confirmado");
    expect((await userByEmail("host@example.com"))!.emailVerified).toBe(true);
    const landing = await client.get(verified.headers.get("location")!);
    expect(landing.headers.get("location")).toBe("/");
    expect(await (await client.get("/")).text()).toContain("Email confirmado!");
    // The toast is a one-shot: it does not come back on the next page.
    expect(await (await client.get("/")).text()).not.toContain("Email confirmado!");
  });

  it("refuses a second account with the same email (any case) and stores nothing", async () => {
    const client = new Client(t.app.url);
    const res = await client.post("/cadastro", signUpFields({ email: "HOST@example.com" }));
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("Este email já está cadastrado");
    expect(await db().select().from(users).where(eq(users.email, "host@example.com"))).toHaveLength(1);
  });

  it("answers simultaneous sign-ups with one email once with an account and otherwise 409, never 500", async () => {
    const attempts = await Promise.all(
      Array.from({ length: 5 }, (_, i) => new Client(t.app.url).post("/cadastro", signUpFields({ email: i % 2 ? "Corrida@Example.com" : "corrida@example.com" }))),
    );
    expect(attempts.map((res) => res.status).sort()).toEqual([302, 409, 409, 409, 409]);
    for (const res of attempts.filter((r) => r.status === 409)) expect(await res.text()).toContain("Este email já está cadastrado");
    expect(await db().select().from(users).where(eq(users.email, "corrida@example.com"))).toHaveLength(1);
  });

  const badInputs: [string, Record<string, string>, string][] = [
    ["no terms", { terms: "" }, "Você deve aceitar os termos de uso para continuar."],
    ["no user type", { userType: "" }, "Selecione o tipo de usuário."],
    ["another user type", { userType: "admin" }, "Selecione o tipo de usuário."],
    ["different passwords", { confirmPassword: "outra123" }, "As senhas não coincidem."],
    ["short password", { password: "12345", confirmPassword: "12345" }, "A senha deve ter pelo menos 6 caracteres."],
    ["empty name", { name: "" }, "Informe seu nome completo."],
    ["10,000-char name", { name: "a".repeat(10_000) }, "O nome deve ter no máximo 100 caracteres."],
    ["script in name", { name: "<script>alert(1)</script>" }, "O nome deve conter apenas letras"],
    ["SQL in name", { name: "Robert'); DROP TABLE users;--" }, "O nome deve conter apenas letras"],
    ["bad email", { email: "maria@" }, "Informe um email válido."],
    ["SQL in email", { email: "' OR 1=1 --" }, "Informe um email válido."],
    ["10,000-char email", { email: `${"a".repeat(10_000)}@example.com` }, "Informe um email válido."],
    ["bad phone", { phone: "12" }, "Informe um telefone válido"],
    ["10,000-char phone", { phone: "9".repeat(10_000) }, "Informe um telefone válido"],
    ["10,000-char password", { password: "a".repeat(10_000), confirmPassword: "a".repeat(10_000) }, "A senha deve ter no máximo 128 caracteres."],
  ];

  it.each(badInputs)("sign-up with %s answers 400 in Portuguese and stores nothing", async (_label, patch, message) => {
    const before = (await db().select({ id: users.id }).from(users)).length;
    const res = await new Client(t.app.url).post("/cadastro", signUpFields({ email: "bad-input@example.com", ...patch }));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(message);
    expect((await db().select({ id: users.id }).from(users)).length).toBe(before);
  });

  it("ignores fields a visitor must not set (role, email verified)", async () => {
    const res = await new Client(t.app.url).post("/cadastro", signUpFields({ email: "sneaky@example.com", role: "admin", emailVerified: "true" }));
    expect(res.status).toBe(302);
    expect(await userByEmail("sneaky@example.com")).toMatchObject({ role: "user", emailVerified: false });
  });

  it("logs in: wrong password 401 with the spec's text, right one redirects to the origin only if local", async () => {
    await createTestAccount(t.app, "guest", { name: "Lia", email: "lia@example.com" });
    const client = new Client(t.app.url);
    const wrong = await client.post("/login", { email: "lia@example.com", password: "errada" });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("Email ou senha incorretos");
    const unknown = await client.post("/login", { email: "ninguem@example.com", password: "errada" });
    expect(unknown.status).toBe(401);
    expect(await unknown.text()).toContain("Email ou senha incorretos");

    const ok = await client.post("/login", { email: "LIA@example.com", password: TEST_PASSWORD, redirectTo: "/perfil" });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/perfil");

    const other = new Client(t.app.url);
    const evil = await other.post("/login", { email: "lia@example.com", password: TEST_PASSWORD, redirectTo: "https://evil.example/x" });
    expect(evil.headers.get("location")).toBe("/");
  });

  it("'Lembrar de mim' gives a 30-day cookie; without it a browser-session cookie and a 1-day session", async () => {
    await createTestAccount(t.app, "guest", { name: "Rui", email: "rui@example.com" });
    const short = await new Client(t.app.url).post("/login", { email: "rui@example.com", password: TEST_PASSWORD });
    const shortCookie = short.headers.getSetCookie().find((c) => c.startsWith(`${SESSION}=`))!;
    expect(shortCookie).not.toMatch(/Max-Age/i);
    const long = await new Client(t.app.url).post("/login", { email: "rui@example.com", password: TEST_PASSWORD, remember: "on" });
    const longCookie = long.headers.getSetCookie().find((c) => c.startsWith(`${SESSION}=`))!;
    expect(longCookie).toMatch(/Max-Age=2592000/);

    const user = await userByEmail("rui@example.com");
    const lifetimes = (await sessionsOf(user!.id)).map((s) => (s.expiresAt.getTime() - s.createdAt.getTime()) / 3_600_000).sort((a, b) => a - b);
    expect(lifetimes[0]).toBeCloseTo(24, 0);
    expect(lifetimes[1]).toBeCloseTo(24 * 30, 0);
  });

  it("keeps the current session when a new login or sign-up in the same browser fails", async () => {
    const { client } = await signedInAs(t.app, "guest", { name: "Nina", email: "nina@example.com" });
    expect((await client.post("/login", { email: "nina@example.com", password: "errada" })).status).toBe(401);
    expect((await client.post("/cadastro", signUpFields({ email: "nina@example.com" }))).status).toBe(409);
    expect((await client.get("/perfil")).status).toBe(200);
  });

  it("rotates the session at login and deletes it at logout", async () => {
    const u = await createTestAccount(t.app, "guest", { name: "Téo", email: "teo@example.com" });
    const client = new Client(t.app.url);
    await client.post("/login", { email: "teo@example.com", password: TEST_PASSWORD });
    const first = client.cookie(SESSION);
    await client.post("/login", { email: "teo@example.com", password: TEST_PASSWORD });
    const second = client.cookie(SESSION);
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect(await sessionsOf(u.id)).toHaveLength(1);

    const out = await client.post("/sair", {});
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/");
    expect(await sessionsOf(u.id)).toHaveLength(0);
    const guarded = await client.get("/perfil");
    expect(guarded.headers.get("location")).toBe("/login?redirectTo=%2Fperfil");
  });

  it("'Sair de todos os dispositivos' ends every session of the user, and only theirs", async () => {
    const { email, client: laptop } = await signedInAs(t.app, "guest");
    const phone = await signIn(t.app, email);
    const { client: someoneElse } = await signedInAs(t.app, "guest");

    const res = await laptop.post("/perfil", { intent: "logout-everywhere" });
    expect(res.headers.get("location")).toBe("/");
    expect((await phone.get("/perfil")).status).toBe(302);
    expect((await laptop.get("/perfil")).status).toBe(302);
    expect((await someoneElse.get("/perfil")).status).toBe(200);
  });

  it("guards host-only pages on the server", async () => {
    const visitor = new Client(t.app.url);
    const { client: guest } = await signedInAs(t.app, "guest");
    const { client: host } = await signedInAs(t.app, "host");
    for (const path of ["/minhas-propriedades", "/adicionar-propriedade", "/editar-propriedade/123"]) {
      const anon = await visitor.get(path);
      if (path === "/adicionar-propriedade") {
        // The spec shows 'Acesso Restrito' there, with a button to log in, instead of redirecting.
        expect(anon.status).toBe(200);
        expect(await anon.text()).toContain('href="/login?redirectTo=%2Fadicionar-propriedade"');
      } else {
        expect(anon.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      }
      const g = await guest.get(path);
      expect(g.status).toBe(302);
      expect(g.headers.get("location")).toBe("/");
    }
    expect((await host.get("/minhas-propriedades")).status).toBe(200);
    expect((await host.get("/adicionar-propriedade")).status).toBe(200);
  });

  it("saves the profile for the signed-in user only, validating again on the server", async () => {
    const { client, ...a } = await signedInAs(t.app, "host", { name: "Ana", email: "ana-p@example.com" });
    const b = await createTestAccount(t.app, "guest", { name: "Bia", email: "bia-p@example.com" });
    const saved = await client.post("/perfil", {
      intent: "update-profile",
      name: "Ana Souza",
      phone: "(21) 99876-5432",
      location: "Paraty - RJ",
      bio: "Anfitriã em Paraty.",
      // An attacker-controlled id must not matter: the session decides whose profile changes.
      id: b.id,
      email: "outro@example.com",
    });
    expect(saved.status).toBe(302);
    expect(await userByEmail("ana-p@example.com")).toMatchObject({ name: "Ana Souza", phone: "5521998765432", location: "Paraty - RJ", bio: "Anfitriã em Paraty." });
    expect(await userByEmail("bia-p@example.com")).toMatchObject({ name: "Bia", location: "" });

    const bad = await client.post("/perfil?editar=1", { intent: "update-profile", name: "Ana Nova", phone: "21912345678", location: "Paraty - RJ", bio: "x".repeat(10_000) });
    expect(bad.status).toBe(400);
    const refusedPage = await bad.text();
    expect(refusedPage).toContain("A bio deve ter no máximo 500 caracteres.");
    expect((await userByEmail("ana-p@example.com"))!).toMatchObject({ name: "Ana Souza", bio: "Anfitriã em Paraty." });
    // Posted by the browser itself (before the scripts ran), the refused form comes back as typed, not as saved.
    for (const typed of ['value="Ana Nova"', 'value="(21) 91234-5678"', 'value="Paraty - RJ"', ">" + "x".repeat(10_000) + "</textarea>"]) expect(refusedPage).toContain(typed);

    const anonymous = await new Client(t.app.url).post("/perfil", { intent: "update-profile", name: "Hacker", phone: "", location: "", bio: "" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/login/);
    expect((await userByEmail("ana-p@example.com"))!.name).toBe("Ana Souza");
    expect(a.id).not.toBe(b.id);
  });

  it("resets a forgotten password by email link without revealing who has an account", async () => {
    await createTestAccount(t.app, "guest", { name: "Caio", email: "caio@example.com", password: "antiga123" });
    const client = new Client(t.app.url);
    const unknown = await client.post("/esqueci-senha", { email: "nao-existe@example.com" });
    const known = await client.post("/esqueci-senha", { email: "caio@example.com" });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    const neutral = "Se houver uma conta com este email";
    expect(await unknown.text()).toContain(neutral);
    expect(await known.text()).toContain(neutral);

    const mail = await waitForMail(t.app, "caio@example.com", "Redefinição de senha do Recanto");
    const link = mail.text.match(/https?:\/\/\S+reset-password\S+/)![0];
    const landing = await fetch(link, { redirect: "manual" });
    const location = new URL(landing.headers.get("location")!, t.app.url);
    expect(location.pathname).toBe("/redefinir-senha");
    const token = location.searchParams.get("token")!;
    expect(token).toBeTruthy();

    const mismatch = await client.post("/redefinir-senha", { token, password: "nova12345", confirmPassword: "outra" });
    expect(mismatch.status).toBe(400);
    const reset = await client.post("/redefinir-senha", { token, password: "nova12345", confirmPassword: "nova12345" });
    expect(reset.status).toBe(302);
    expect(reset.headers.get("location")).toBe("/login");

    expect((await new Client(t.app.url).post("/login", { email: "caio@example.com", password: "antiga123" })).status).toBe(401);
    expect((await new Client(t.app.url).post("/login", { email: "caio@example.com", password: "nova12345" })).status).toBe(302);
    const reused = await client.post("/redefinir-senha", { token, password: "outra12345", confirmPassword: "outra12345" });
    expect(reused.status).toBe(400);
  });

  it("after a reset, the account's other reset links no longer work and the owner is told by email", async () => {
    await createTestAccount(t.app, "guest", { name: "Dana", email: "dana@example.com", password: "antiga123" });
    const client = new Client(t.app.url);
    for (let i = 0; i < 2; i++) expect((await client.post("/esqueci-senha", { email: "dana@example.com" })).status).toBe(200);
    const tokens = [];
    for (const mail of await waitForMails(t.app, "dana@example.com", "Redefinição de senha do Recanto", 2)) {
      const landing = await fetch(mail.text.match(/https?:\/\/\S+reset-password\S+/)![0], { redirect: "manual" });
      tokens.push(new URL(landing.headers.get("location")!, t.app.url).searchParams.get("token")!);
    }
    expect(tokens).toHaveLength(2);
    expect((await client.post("/redefinir-senha", { token: tokens[1]!, password: "nova12345", confirmPassword: "nova12345" })).status).toBe(302);
    const older = await client.post("/redefinir-senha", { token: tokens[0]!, password: "intrusa123", confirmPassword: "intrusa123" });
    expect(older.status).toBe(400);
    expect(await older.text()).toContain("Este link é inválido ou expirou.");
    expect((await new Client(t.app.url).post("/login", { email: "dana@example.com", password: "nova12345" })).status).toBe(302);
    const notice = (await t.app.outbox()).find((m) => m.to.includes("dana@example.com") && m.subject === "Sua senha do Recanto foi alterada");
    expect(notice?.text).toContain("/esqueci-senha?email=dana%40example.com");
  });

  it("does not expose better-auth's own form endpoints (validation and limits cannot be bypassed)", async () => {
    const res = await fetch(`${t.app.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: t.app.url },
      body: JSON.stringify({ email: "bypass@example.com", password: "123456", name: "<b>x</b>", userType: "admin" }),
    });
    expect(res.status).toBe(404);
    expect(await userByEmail("bypass@example.com")).toBeUndefined();
  });
});

describe(`password-reset requests do not tell who has an account (${engine})`, () => {
  // An SMTP stand-in that takes each message and holds its reply until the test lets go.
  const held: string[] = [];
  const delivered: string[] = [];
  let letGo!: () => void;
  const gate = new Promise<void>((resolve) => (letGo = resolve));
  let smtp: SMTPServer;
  let app: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        const to = session.envelope.rcptTo.map((r) => r.address).join(",");
        stream.resume();
        stream.on("end", () => {
          held.push(to);
          void gate.then(() => {
            delivered.push(to);
            callback();
          });
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    app = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` });
  });
  afterAll(async () => {
    letGo();
    await app.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it("answers a known email before its link is emailed, exactly as it answers an unknown one", async () => {
    await createTestAccount(app, "guest", { name: "Elisa", email: "elisa@example.com" });
    const known = await new Client(app.url).post("/esqueci-senha", { email: "elisa@example.com" });
    expect(known.status).toBe(200);
    await expect.poll(() => held).toEqual(["elisa@example.com"]);
    expect(delivered).toEqual([]);
    const unknown = await new Client(app.url).post("/esqueci-senha", { email: "ninguem-aqui@example.com" });
    expect(await observableAnswer(known)).toEqual(await observableAnswer(unknown));

    letGo();
    await expect.poll(() => delivered).toEqual(["elisa@example.com"]);
  });
});

describe(`rate limits (${engine})`, () => {
  const t = useTestApp();

  it("limits login attempts per email with a Portuguese message, even with the right password", async () => {
    await createTestAccount(t.app, "guest", { name: "Alvo", email: "alvo@example.com" });
    const client = new Client(t.app.url);
    for (let i = 0; i < 8; i++) expect((await client.post("/login", { email: "alvo@example.com", password: `errada${i}` })).status).toBe(401);
    const blocked = await client.post("/login", { email: "alvo@example.com", password: TEST_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toMatch(/Muitas tentativas\. Aguarde \d+ minutos? e tente novamente\./);
  });

  it("limits password-reset requests per email", async () => {
    const client = new Client(t.app.url);
    for (let i = 0; i < 3; i++) expect((await client.post("/esqueci-senha", { email: "limite@example.com" })).status).toBe(200);
    const blocked = await client.post("/esqueci-senha", { email: "limite@example.com" });
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Muitas tentativas");
  });

  it("limits sign-ups per IP", async () => {
    const client = new Client(t.app.url);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await client.post("/cadastro", signUpFields({ email: `massa${i}@example.com` }));
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 302)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe(`login throttling behind a proxy (${engine})`, () => {
  const t = useTestApp({ TRUST_PROXY: "1" });
  const from = (network: string) => ({ "x-forwarded-for": network });
  const login = (network: string, email: string, password: string) => new Client(t.app.url).post("/login", { email, password }, from(network));

  it("an attacker on many networks cannot lock the owner out of a network that has not failed, and stays throttled", async () => {
    const email = "cobicada@example.com";
    await createTestAccount(t.app, "guest", { name: "Cobiçada", email });
    const attacker = (n: number) => `203.0.113.${n}`;
    const statuses: number[] = [];
    // Network 1 uses up its own allowance on the email (8 failures); networks 2 to 10 stay under it.
    for (let n = 1; n <= 10; n++) for (let i = 0; i < (n === 1 ? 8 : 5); i++) statuses.push((await login(attacker(n), email, `palpite-${n}-${i}`)).status);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(50);
    expect(new Set(statuses)).toEqual(new Set([401, 429]));

    const owner = new Client(t.app.url);
    const res = await owner.post("/login", { email, password: TEST_PASSWORD, redirectTo: "/perfil" }, from("198.51.100.77"));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/perfil");
    expect(owner.cookie(SESSION)).toBeTruthy();
    const profile = await owner.get("/perfil");
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain("Cobiçada");

    for (const network of [attacker(1), attacker(2)]) {
      const again = await login(network, email, "mais-um-palpite");
      expect(again.status).toBe(429);
      expect(await again.text()).toMatch(/Muitas tentativas\. Aguarde \d+ minutos? e tente novamente\./);
      expect((await login(network, email, TEST_PASSWORD)).status).toBe(429);
    }
    // A new network's first guess is heard, its second is not.
    expect((await login("192.0.2.50", email, "palpite-novo")).status).toBe(401);
    expect((await login("192.0.2.50", email, TEST_PASSWORD)).status).toBe(429);
  }, 180_000);
});

describe(`rate limits shared through Redis (${engine})`, () => {
  const redisEnv = { REDIS_URL: "redis://127.0.0.1:6379", TRUST_PROXY: "1" };
  let apps: TestApp[];
  beforeAll(async () => {
    apps = await Promise.all([startTestApp(redisEnv), startTestApp(redisEnv)]);
  });
  afterAll(() => Promise.all(apps.map((a) => a.close())));

  it("counts attempts made on two app processes together", async () => {
    // The Redis server outlives this run and is shared with the other engine's tests: a client
    // address (behind the trusted proxy) and an email of our own keep the counters apart.
    const id = `${engine}-${process.pid}-${Date.now()}`;
    const email = `redis-${id}@example.com`;
    const octet = () => Math.floor(Math.random() * 250) + 1;
    const forwarded = { "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` };
    const [a, b] = apps.map((app) => new Client(app.url));
    const attempt = (client: Client) => client.post("/login", { email, password: "errada1" }, forwarded).then((r) => r.status);
    for (let i = 0; i < 4; i++) {
      expect(await attempt(a!)).toBe(401);
      expect(await attempt(b!)).toBe(401);
    }
    expect(await attempt(a!)).toBe(429);
    expect(await attempt(b!)).toBe(429);
  });
});

describe(`cookies behind https (${engine})`, () => {
  const t = useTestApp({ BASE_URL: "https://recanto.example", AUTH_SECRET: "x".repeat(40), BILLING_SANDBOX: "true" });

  it("marks the session cookie Secure (with the __Secure- prefix) when the site is served over https", async () => {
    await createTestAccount(t.app, "guest", { name: "Sara", email: "sara@example.com" });
    const { headers } = await t.app.services.auth.api.signInEmail({
      body: { email: "sara@example.com", password: TEST_PASSWORD },
      returnHeaders: true,
    });
    const cookie = headers.getSetCookie().find((c) => c.includes("session_token"))!;
    expect(cookie).toMatch(/^__Secure-recanto\.session_token=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
});
