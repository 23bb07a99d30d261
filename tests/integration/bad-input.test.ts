import http from "node:http";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { signedInAs, TEST_PASSWORD } from "../support/accounts";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { Client } from "../support/http";

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
    ["10,000-char location", { location: LONG }, "A localização deve ter no máximo 100 caracteres."],
    ["10,000-char bio", { bio: LONG }, "A bio deve ter no máximo 500 caracteres."],
  ])("profile with %s is refused and nothing changes", async (_label, patch, message) => {
    const before = await profile();
    const res = await signedIn.post("/perfil", { intent: "update-profile", name: "Olívia", phone: "", location: "", bio: "", ...patch });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(message);
    expect(await profile()).toEqual(before);
  });

  it("stores HTML- and SQL-looking bio and location as plain text and shows them escaped", async () => {
    const res = await signedIn.post("/perfil", { intent: "update-profile", name: "Olívia", phone: "", location: SQL.slice(0, 90), bio: SCRIPT });
    expect(res.status).toBe(302);
    expect(await profile()).toMatchObject({ bio: SCRIPT, location: SQL.slice(0, 90) });
    const html = await (await signedIn.get("/perfil")).text();
    expect(html).not.toContain(SCRIPT);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
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
});
