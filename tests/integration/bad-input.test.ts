import http from "node:http";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { properties, users } from "../../server/db/schema";
import { signedInAs, TEST_PASSWORD } from "../support/accounts";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { Client } from "../support/http";
import { formBody, LISTING_FORM, postForm } from "../support/listings";
import { uploadPhoto } from "../support/uploads";

const LONG = "a".repeat(10_000);
const SCRIPT = "<script>alert(1)</script>";
const SQL = "' OR 1=1; DROP TABLE users; --";

describe(`bad input on every account form (${engine})`, () => {
  const t = useTestApp();
  let signedIn: Client;
  beforeAll(async () => {
    ({ client: signedIn } = await signedInAs(t.app, "host", { name: "Olívia", email: "olivia@example.com" }));
  });

  const profile = async () => (await t.app.database.db.select().from(users).where(eq(users.email, "olivia@example.com")))[0]!;

  it.each([
    ["empty email", { email: "", password: "x" }, 400, "Informe um email válido."],
    ["10,000-char email", { email: LONG, password: "x" }, 400, "Informe um email válido."],
    ["script as email", { email: SCRIPT, password: "x" }, 400, "Informe um email válido."],
    ["SQL as email", { email: SQL, password: "x" }, 400, "Informe um email válido."],
    ["empty password", { email: "olivia@example.com", password: "" }, 400, "Informe sua senha."],
    ["10,000-char password", { email: "olivia@example.com", password: LONG }, 400, "A senha deve ter no máximo 128 caracteres."],
    ["SQL as password", { email: "olivia@example.com", password: SQL }, 401, "Email ou senha incorretos"],
  ])("login with %s answers %i in Portuguese", async (_label, fields, status, message) => {
    const res = await new Client(t.app.url).post("/login", fields);
    expect(res.status).toBe(status);
    expect(await res.text()).toContain(message);
  });

  it.each([
    ["empty name", { name: "" }, "Informe seu nome completo."],
    ["10,000-char name", { name: LONG }, "O nome deve ter no máximo 100 caracteres."],
    ["script as name", { name: SCRIPT }, "O nome deve conter apenas letras"],
    ["SQL as name", { name: SQL }, "O nome deve conter apenas letras"],
    ["letters as phone", { phone: "telefone" }, "Informe um telefone válido"],
    ["10,000-char phone", { phone: "9".repeat(10_000) }, "Informe um telefone válido"],
    ["invisible name (Hangul fillers)", { name: "\u3164\u3164\u3164" }, "Informe seu nome completo."],
    ["invisible name (zero-width and braille blanks)", { name: "\u200B\u200D\u2800\u2060" }, "Informe seu nome completo."],
    ["name without a letter", { name: "- . '" }, "O nome deve ter pelo menos uma letra."],
    ["10,000-char location", { location: LONG }, "A localização deve ter no máximo 100 caracteres."],
    ["location that is no municipality", { location: "Lugar Nenhum - SP" }, "Não encontramos o município “Lugar Nenhum” em SP."],
    ["location without a state", { location: SQL.slice(0, 90) }, "Informe também a UF, no formato “Cidade - UF”"],
    ["10,000-char bio", { bio: LONG }, "A bio deve ter no máximo 500 caracteres."],
  ])("profile with %s is refused and nothing changes", async (_label, patch, message) => {
    const before = await profile();
    const res = await signedIn.post("/perfil", { intent: "update-profile", name: "Olívia", phone: "", location: "", bio: "", ...patch });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(message);
    expect(await profile()).toEqual(before);
  });

  it("refuses HTML in a bio (issue 44), stores SQL-looking text as plain text and shows it escaped; a location in its canonical spelling", async () => {
    const before = await profile();
    const markup = await signedIn.post("/perfil?editar=1", { intent: "update-profile", name: "Olívia", phone: "", location: "sao paulo - sp", bio: `${SCRIPT}\n${SQL}` });
    expect(markup.status).toBe(400);
    expect(await markup.text()).toContain("A bio não pode ter HTML (como &lt;b&gt; ou &lt;a&gt;): escreva só o texto.");
    expect(await profile()).toEqual(before);
    const res = await signedIn.post("/perfil", { intent: "update-profile", name: "Olívia", phone: "", location: "sao paulo - sp", bio: `a < b && c > d\u200B\n${SQL}` });
    expect(res.status).toBe(302);
    expect(await profile()).toMatchObject({ bio: `a < b && c > d\n${SQL}`, location: "São Paulo - SP" });
    const html = await (await signedIn.get("/perfil")).text();
    expect(html).toContain("a &lt; b &amp;&amp; c &gt; d");
  });

  it("keeps a profile's older free-text location while it is unchanged", async () => {
    await t.app.database.db.update(users).set({ location: "Serra da Mantiqueira" }).where(eq(users.email, "olivia@example.com"));
    const res = await signedIn.post("/perfil", { intent: "update-profile", name: "Olívia Reis", phone: "", location: "Serra da Mantiqueira", bio: "" });
    expect(res.status).toBe(302);
    expect(await profile()).toMatchObject({ name: "Olívia Reis", location: "Serra da Mantiqueira" });
    const changed = await signedIn.post("/perfil", { intent: "update-profile", name: "Olívia", phone: "", location: "Serra da Mantiqueira - MG", bio: "" });
    expect(changed.status).toBe(400);
    expect(await changed.text()).toContain("Não encontramos o município “Serra da Mantiqueira” em MG.");
    expect(await profile()).toMatchObject({ name: "Olívia Reis", location: "Serra da Mantiqueira" });
  });

  it.each([
    ["Hangul fillers", "\u3164\u115F\u1160", "Informe seu nome completo."],
    ["zero-width characters", "\u200B\u200C\u200D\uFEFF", "Informe seu nome completo."],
    ["no letter", "' - .", "O nome deve ter pelo menos uma letra."],
  ])("sign-up with a name of %s is refused and no account is made", async (_label, name, message) => {
    const email = `sem-nome-${name.codePointAt(0)}@example.com`;
    const res = await new Client(t.app.url).post("/cadastro", {
      name,
      email,
      phone: "(11) 98765-4321",
      userType: "guest",
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
      terms: "on",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(message);
    expect(await t.app.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("refuses an unknown profile action", async () => {
    const res = await signedIn.post("/perfil", { intent: "promote-to-admin" });
    expect(res.status).toBe(400);
    expect((await profile()).role).toBe("user");
  });

  it.each([
    ["empty", ""],
    ["10,000 chars", LONG],
    ["script", SCRIPT],
    ["SQL", SQL],
  ])("forgotten-password form with %s email answers 400", async (_label, email) => {
    const res = await new Client(t.app.url).post("/esqueci-senha", { email });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Informe um email válido.");
  });

  it.each([
    ["empty password", { password: "", confirmPassword: "" }, "Informe sua senha."],
    ["10,000-char password", { password: LONG, confirmPassword: LONG }, "A senha deve ter no máximo 128 caracteres."],
    ["forged token", { password: "nova12345", confirmPassword: "nova12345", token: SQL }, "Este link é inválido ou expirou."],
    ["10,000-char token", { password: "nova12345", confirmPassword: "nova12345", token: LONG }, "Este link é inválido ou expirou."],
  ])("password reset with %s answers 400", async (_label, fields, message) => {
    const res = await new Client(t.app.url).post("/redefinir-senha", { token: "x", ...fields });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(message);
  });

  it("ignores a wrong-typed 'Lembrar de mim' (short session)", async () => {
    const res = await new Client(t.app.url).post("/login", { email: "olivia@example.com", password: TEST_PASSWORD, remember: "banana" });
    expect(res.status).toBe(302);
    expect(res.headers.getSetCookie().find((c) => c.startsWith("recanto.session_token="))).not.toMatch(/Max-Age/i);
  });

  it("answers a NUL byte in the address, a cookie or a form field with 400, and other methods with 405, never 5xx", async () => {
    const visitor = new Client(t.app.url);
    for (const path of ["/accommodation/%00", "/category/chales%00", "/?search=caba%00na", "/?location=%00", "/perfil%00", "/property-gallery/x%00y", "/api/auth/reset-password/%00"]) {
      const res = await visitor.get(path);
      expect(res.status, path).toBe(400);
      expect(await res.text()).toBe("Requisição inválida.");
    }
    const cookie = await fetch(t.app.url, { headers: { cookie: "better-auth.session_token=abc%00def" } });
    expect(cookie.status).toBe(400);

    const login = await visitor.post("/login", { email: "olivia@example.com\u0000", password: TEST_PASSWORD });
    expect(login.status).toBe(400);
    expect(await login.text()).toContain("Formulário inválido.");
    const before = await profile();
    const update = await signedIn.post("/perfil", { intent: "update-profile", name: "Olívia", phone: "", location: "", bio: "nul\u0000aqui" });
    expect(update.status).toBe(400);
    expect((await profile()).bio).toBe(before.bio);

    const trace = await new Promise<{ status: number; allow: string }>((resolve, reject) =>
      http
        .request(`${t.app.url}/`, { method: "TRACE" }, (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, allow: String(res.headers.allow) });
        })
        .on("error", reject)
        .end(),
    );
    expect(trace).toEqual({ status: 405, allow: "GET, HEAD, POST, OPTIONS" });
  });

  it.each([
    ["/api/auth/verify-email?token=abc&callbackURL=%2F%5Cevil.example"],
    ["/api/auth/verify-email?token=abc&callbackURL=s6%5BN8u(%7B"],
    ["/api/auth/verify-email?token=abc&callbackURL=%2F%2Fevil.example"],
    ["/api/auth/verify-email?token=abc&callbackURL=%2Femail-confirmado&callbackURL=%2F%2Fx"],
    ["/api/auth/reset-password/abc?callbackURL=%2F%5Cevil.example"],
  ])("answers an email link with a callbackURL we never send (%s) with 400", async (path) => {
    for (const client of [new Client(t.app.url), signedIn]) {
      const res = await client.get(path);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("Link inválido");
    }
  });

  it("answers a Host no URL can be made of with 400, and a forged X-Forwarded-Proto on an email link below 500", async () => {
    const get = (path: string, headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) =>
        http
          .request(`${t.app.url}${path}`, { headers, setHost: false }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
          .on("error", reject)
          .end(),
      );
    for (const host of ["[::1", "a b", "127.0.0.1:99999"]) {
      for (const path of ["/", "/login", "/api/auth/verify-email?token=x"]) expect(await get(path, { host }), `${host} ${path}`).toBe(400);
    }
    // The auth handler used to build its URL from this header and fail outside any request handler (an unhandled rejection).
    const host = new URL(t.app.url).host;
    expect(await get("/api/auth/verify-email?token=x", { host, "x-forwarded-proto": "\xff" })).toBeLessThan(500);
    expect(await get("/api/auth/reset-password/x", { host, "x-forwarded-proto": "a b" })).toBeLessThan(500);
  });
});

describe(`bad input in the listing form's house rules and cancellation policy (${engine})`, () => {
  const t = useTestApp();
  let host: Awaited<ReturnType<typeof signedInAs>>;
  let photo: string;
  beforeAll(async () => {
    host = await signedInAs(t.app, "premium-host");
    photo = (await uploadPhoto(host.client, t.app.url)).id;
  });

  it.each([
    ["10,000-char other rules", { otherRules: LONG }, "O texto das outras regras deve ter no máximo 1.000 caracteres."],
    ["10,000-char cancellation details", { cancellationNotes: LONG }, "O detalhamento da política de cancelamento deve ter no máximo 1.000 caracteres."],
    ["script as check-in time", { checkInFrom: SCRIPT }, "Escolha um horário da lista."],
    ["SQL as check-out time", { checkOutUntil: SQL }, "Escolha um horário da lista."],
    ["a time off the half hours", { checkInFrom: "14:10" }, "Escolha um horário da lista."],
    ["quiet hours without an end", { quietHoursFrom: "22:00" }, "Informe o início e o fim do horário de silêncio."],
    ["quiet hours that end when they start", { quietHoursFrom: "22:00", quietHoursUntil: "22:00" }, "O horário de silêncio deve começar e terminar em horários diferentes."],
    ["quiet hours made of dashes", { quietHoursFrom: "22:00-23:00", quietHoursUntil: "08:00" }, "Escolha um horário da lista."],
    ["'true' as the smoking rule", { smokingAllowed: "true" }, "Escolha uma das opções."],
    ["SQL as the parties rule", { partiesAllowed: SQL }, "Escolha uma das opções."],
    ["an unknown cancellation policy", { cancellationPolicy: "reembolso-total-sempre" }, "Escolha uma política de cancelamento da lista."],
  ])("refuses %s with a message in Portuguese, storing nothing", async (_label, change, message) => {
    const res = await postForm(host.client, t.app.url, "/adicionar-propriedade", formBody({ ...LISTING_FORM, ...change }, { imageIds: [photo] }));
    expect(res.status).toBe(422);
    expect(await res.text()).toContain(message);
    expect(await t.app.database.db.select().from(properties).where(eq(properties.hostId, host.id))).toEqual([]);
  });

  it("answers a NUL byte in the other rules with 400, and stores HTML- and SQL-looking rules as plain text, shown escaped", async () => {
    const nul = await postForm(host.client, t.app.url, "/adicionar-propriedade", formBody({ ...LISTING_FORM, otherRules: "sem\u0000festa" }, { imageIds: [photo] }));
    expect(nul.status).toBe(400);
    const saved = await postForm(host.client, t.app.url, "/adicionar-propriedade", formBody({ ...LISTING_FORM, otherRules: SCRIPT, cancellationNotes: SQL }, { imageIds: [photo] }));
    expect(saved.status).toBe(302);
    const [row] = await t.app.database.db.select().from(properties).where(eq(properties.hostId, host.id));
    expect(row).toMatchObject({ otherRules: SCRIPT, cancellationNotes: SQL });
    await t.app.database.db.update(properties).set({ status: "approved" }).where(eq(properties.id, row!.id));
    const html = await (await new Client(t.app.url).get(`/accommodation/${row!.slug}`)).text();
    expect(html).not.toContain(SCRIPT);
    expect(html).toMatch(/&lt;script(&gt;|>)alert\(1\)&lt;\/script(&gt;|>)/);
  });
});
