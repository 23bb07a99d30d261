import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { properties, twoFactors, users } from "../../server/db/schema";
import { authenticatorCode, authenticatorFromKey, createTestAccount, signedInAs, signIn, TEST_PASSWORD, type TestAuthenticator } from "../support/accounts";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertHost, insertProperty, testImages } from "../support/factories";
import { Client } from "../support/http";

const REASON = "As fotos não mostram o interior da cabana.";
const SESSION = "recanto.session_token";
const CHALLENGE = "recanto.two_factor";

/** A code the authenticator does not show now (nor in the windows either side). */
async function wrongCode(authenticator: TestAuthenticator) {
  const right = await authenticatorCode(authenticator);
  return right === "000000" ? "111111" : "000000";
}

describe(`second factor for operators (${engine})`, () => {
  const t = useTestApp();
  const db = () => t.app.database.db;
  let host: { id: string };

  const statusOf = async (id: string) => (await db().select({ status: properties.status }).from(properties).where(eq(properties.id, id)))[0]?.status;
  const pending = (title: string) => insertProperty(db(), host.id, { title, status: "pending" }, testImages(1, `2fa/${title.replace(/\W+/g, "-")}`));
  const approved = (title: string) => insertProperty(db(), host.id, { title, status: "approved" }, testImages(1, `2fa/${title.replace(/\W+/g, "-")}`));

  /** Every operator page and decision, as a list of requests and whether the answer let the client through. */
  async function operatorAccess(client: Client, pendingId: string, publishedId: string) {
    const answers = [
      await client.get("/moderacao"),
      await client.get(`/moderacao/${pendingId}`),
      await client.post(`/moderacao/${pendingId}`, { intent: "approve" }),
      await client.post(`/moderacao/${pendingId}`, { intent: "reject", reason: REASON }),
      await client.post(`/moderacao/${publishedId}`, { intent: "unpublish", reason: REASON }),
    ];
    return answers.map((res) => ({ status: res.status, location: res.headers.get("location") }));
  }

  beforeAll(async () => {
    host = await insertHost(db(), { name: "Helena Anfitriã" });
  });

  describe("an attacker with an operator's password", () => {
    it("gets no session and no operator page or decision without the code (a direct POST included)", async () => {
      const operator = await createTestAccount(t.app, "operator");
      const { id } = await pending("Cabana visada");
      const { id: publishedId } = await approved("Cabana publicada visada");
      const attacker = new Client(t.app.url);
      const login = await attacker.post("/login", { email: operator.email, password: TEST_PASSWORD });
      expect(login.status).toBe(302);
      expect(login.headers.get("location")).toBe("/login/verificacao");
      expect(attacker.cookie(SESSION)).toBeUndefined();
      expect(attacker.cookie(CHALLENGE)).toBeDefined();

      for (const answer of await operatorAccess(attacker, id, publishedId)) {
        expect(answer.status).toBe(302);
        expect(answer.location).toMatch(/^\/login\?redirectTo=/);
      }
      expect(await (await attacker.get("/")).text()).not.toContain("Moderação");
      expect(await statusOf(id)).toBe("pending");
      expect(await statusOf(publishedId)).toBe("approved");
    });

    it("is refused a wrong code, a malformed one, and after 5 wrong codes even the right one: the password step must start over", async () => {
      const operator = await createTestAccount(t.app, "operator");
      const attacker = new Client(t.app.url);
      await attacker.post("/login", { email: operator.email, password: TEST_PASSWORD });
      const step = await attacker.get("/login/verificacao");
      expect(step.status).toBe(200);
      expect(await step.text()).toContain("Código do aplicativo");

      const malformed = await attacker.post("/login/verificacao", { method: "totp", code: "12ab56" });
      expect(malformed.status).toBe(400);
      expect(await malformed.text()).toContain("Digite os 6 números do aplicativo autenticador.");

      const wrong = await wrongCode(operator.authenticator!);
      for (let i = 0; i < 5; i++) {
        const res = await attacker.post("/login/verificacao", { method: "totp", code: wrong });
        expect(res.status).toBe(401);
        expect(await res.text()).toContain("Código incorreto. Confira o aplicativo e tente de novo.");
      }
      const right = await attacker.post("/login/verificacao", { method: "totp", code: await authenticatorCode(operator.authenticator!) });
      expect(right.status).toBe(401);
      expect(await right.text()).toContain("Sua verificação expirou. Entre com seu email e senha de novo.");
      expect(attacker.cookie(SESSION)).toBeUndefined();
      expect((await attacker.get("/moderacao")).status).toBe(302);
    });

    it("cannot skip the password step: no challenge, no code page and no sign-in", async () => {
      const operator = await createTestAccount(t.app, "operator");
      const stranger = new Client(t.app.url);
      const page = await stranger.get("/login/verificacao?redirectTo=%2Fmoderacao");
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe("/login?redirectTo=%2Fmoderacao");
      const post = await stranger.post("/login/verificacao", { method: "totp", code: await authenticatorCode(operator.authenticator!) });
      // The action refuses it, and the page it would show sends the visitor to the password step.
      expect(post.status).toBe(302);
      expect(post.headers.get("location")).toBe("/login");
      expect(stranger.cookie(SESSION)).toBeUndefined();
      // A forged challenge cookie is not signed by the server.
      const res = await fetch(new URL("/login/verificacao", t.app.url), {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams({ method: "totp", code: await authenticatorCode(operator.authenticator!) }),
        headers: { origin: t.app.url, "content-type": "application/x-www-form-urlencoded", cookie: `${CHALLENGE}=2fa-forged.c2lnbmF0dXJl` },
      });
      expect(res.status).toBe(401);
      expect(res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION}=`) && !/max-age=0/i.test(c))).toBe(false);
    });
  });

  describe("the owner", () => {
    it("signs in with the app's code and lands where they were going; the session keeps 'Lembrar de mim'", async () => {
      const operator = await createTestAccount(t.app, "operator");
      const { id } = await pending("Cabana de volta");
      for (const remember of [false, true]) {
        const owner = new Client(t.app.url);
        const login = await owner.post("/login", {
          email: operator.email,
          password: TEST_PASSWORD,
          redirectTo: `/moderacao/${id}`,
          ...(remember && { remember: "on" }),
        });
        expect(login.headers.get("location")).toBe(`/login/verificacao?redirectTo=${encodeURIComponent(`/moderacao/${id}`)}`);
        const res = await owner.post("/login/verificacao", {
          method: "totp",
          code: ` ${await authenticatorCode(operator.authenticator!)} `,
          redirectTo: `/moderacao/${id}`,
        });
        expect(res.status).toBe(302);
        expect(res.headers.get("location")).toBe(`/moderacao/${id}`);
        const sessionCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION}=`))!;
        if (remember) expect(sessionCookie).toMatch(/Max-Age=2592000/i);
        else expect(sessionCookie).not.toMatch(/Max-Age|Expires/i);
        expect(owner.cookie(CHALLENGE)).toBeUndefined();
        expect((await owner.get(`/moderacao/${id}`)).status).toBe(200);
      }
    });

    it("signs in with a recovery code, which works once", async () => {
      const operator = await createTestAccount(t.app, "operator");
      const [first, second] = operator.authenticator!.recoveryCodes;
      const signInWith = async (code: string) => {
        const client = new Client(t.app.url);
        await client.post("/login", { email: operator.email, password: TEST_PASSWORD });
        const res = await client.post("/login/verificacao", { method: "recovery", code });
        return { client, res };
      };
      const used = await signInWith(first!);
      expect(used.res.status).toBe(302);
      expect((await used.client.get("/moderacao")).status).toBe(200);

      const again = await signInWith(first!);
      expect(again.res.status).toBe(401);
      expect(await again.res.text()).toContain("Código de recuperação inválido ou já usado.");
      expect((await again.client.get("/moderacao")).status).toBe(302);

      // Typed without its hyphen and in capitals, the next one works.
      const next = await signInWith(second!.replace("-", "").toUpperCase());
      expect(next.res.status).toBe(302);
    });
  });

  describe("an operator without a second factor", () => {
    it("is sent to set it up from every operator page and decision, and moderates nothing until done", async () => {
      const operator = await signedInAs(t.app, "operator", { secondFactor: false, name: "Otto Sem Código" });
      // Someone else signed in with the same password before the set-up.
      const earlier = await signIn(t.app, operator.email);
      const { id } = await pending("Cabana à espera");
      const { id: publishedId } = await approved("Cabana no ar");
      const answers = await operatorAccess(operator.client, id, publishedId);
      expect(answers[0]).toEqual({ status: 302, location: "/perfil/seguranca?redirectTo=%2Fmoderacao" });
      for (const answer of answers.slice(1)) {
        expect(answer).toEqual({
          status: 302,
          location: `/perfil/seguranca?redirectTo=${encodeURIComponent(`/moderacao/${answer === answers[4] ? publishedId : id}`)}`,
        });
      }
      expect(await statusOf(id)).toBe("pending");
      expect(await statusOf(publishedId)).toBe("approved");
      // The menu offers moderation (which leads to the set-up) without the queue's count.
      const home = await (await operator.client.get("/")).text();
      expect(home).toContain('aria-label="Menu da conta de Otto Sem Código"');

      // Step 1: the password again.
      const page = await operator.client.get("/perfil/seguranca?redirectTo=%2Fmoderacao");
      expect(await page.text()).toContain("Obrigatória para operadores.");
      const wrongPassword = await operator.client.post("/perfil/seguranca?redirectTo=%2Fmoderacao", { intent: "start", password: "outra-senha" });
      expect(wrongPassword.status).toBe(400);
      expect(await wrongPassword.text()).toContain("Senha incorreta");
      expect((await operator.client.post("/perfil/seguranca?redirectTo=%2Fmoderacao", { intent: "start", password: TEST_PASSWORD })).status).toBe(200);

      // Step 2: the QR code (an SVG drawn on the server) and the key to type; a code from an app holding that key confirms it.
      const scan = await (await operator.client.get("/perfil/seguranca?redirectTo=%2Fmoderacao")).text();
      expect(scan).toMatch(/role="img" aria-label="Código QR[^"]*"[^>]*><svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      const key = scan.match(/data-testid="totp-secret"[^>]*>([A-Z2-7 ]+)</)![1]!;
      expect(key).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
      const app = authenticatorFromKey(key);
      expect((await operator.client.get("/moderacao")).status).toBe(302);
      const wrong = await operator.client.post("/perfil/seguranca?redirectTo=%2Fmoderacao", { intent: "confirm", code: await wrongCode(app) });
      expect(wrong.status).toBe(400);
      expect(await wrong.text()).toContain("Código incorreto");
      expect((await operator.client.get("/moderacao")).status).toBe(302);

      const done = await operator.client.post("/perfil/seguranca?redirectTo=%2Fmoderacao", { intent: "confirm", code: await authenticatorCode(app) });
      expect(done.status).toBe(200);
      const html = await done.text();
      const codes = html.match(/<ul aria-label="Códigos de recuperação".*?<\/ul>/s)![0].match(/[a-z0-9]{5}-[a-z0-9]{5}/g)!;
      expect(new Set(codes).size).toBe(10);
      expect(html).toContain('href="/moderacao"');
      const [mail] = (await t.app.outbox()).filter((m) => m.to.includes(operator.email));
      expect(mail?.subject).toBe("Verificação em duas etapas ativada no Recanto");

      // The session opened with the password alone is over; it never became an operator's.
      expect((await earlier.get("/moderacao")).headers.get("location")).toBe("/login?redirectTo=%2Fmoderacao");
      // Now a full operator: the session rotated with the change, and the decision goes through.
      expect((await operator.client.get("/moderacao")).status).toBe(200);
      expect((await operator.client.post(`/moderacao/${id}`, { intent: "approve" })).status).toBe(302);
      expect(await statusOf(id)).toBe("approved");
      // The codes were shown once: the page now only offers new ones.
      expect(await (await operator.client.get("/perfil/seguranca")).text()).not.toContain(codes[0]!);

      // The next sign-in asks for the code; one of the recovery codes shown works.
      const later = new Client(t.app.url);
      expect((await later.post("/login", { email: operator.email, password: TEST_PASSWORD })).headers.get("location")).toBe("/login/verificacao");
      expect((await later.post("/login/verificacao", { method: "recovery", code: codes[3]! })).status).toBe(302);
      expect((await later.get("/moderacao")).status).toBe(200);
    });

    it("cannot turn it off once on, only get new recovery codes (the old ones stop working)", async () => {
      const operator = await signedInAs(t.app, "operator");
      const off = await operator.client.post("/perfil/seguranca", { intent: "turn-off", password: TEST_PASSWORD });
      expect(off.status).toBe(403);
      expect(await off.text()).toContain("Operadores não podem desativar a verificação em duas etapas.");
      expect((await db().select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, operator.id)))[0]?.on).toBe(true);

      const fresh = await operator.client.post("/perfil/seguranca", { intent: "regenerate", password: TEST_PASSWORD });
      expect(fresh.status).toBe(200);
      const codes = (await fresh.text()).match(/<ul aria-label="Códigos de recuperação".*?<\/ul>/s)![0].match(/[a-z0-9]{5}-[a-z0-9]{5}/g)!;
      expect(codes).toHaveLength(10);
      const tryCode = async (code: string) => {
        const client = new Client(t.app.url);
        await client.post("/login", { email: operator.email, password: TEST_PASSWORD });
        return (await client.post("/login/verificacao", { method: "recovery", code })).status;
      };
      expect(await tryCode(operator.authenticator!.recoveryCodes[0]!)).toBe(401);
      expect(await tryCode(codes[0]!)).toBe(302);
    });
  });

  describe("guests and hosts", () => {
    it("may turn it on and off again; a stranger's session cannot read anyone's secret", async () => {
      const guest = await signedInAs(t.app, "guest", { secondFactor: true });
      const res = await guest.client.get("/perfil/seguranca");
      const html = await res.text();
      expect(html).toContain("A verificação em duas etapas está ativada.");
      expect(html).not.toContain("Obrigatória para operadores.");
      const off = await guest.client.post("/perfil/seguranca", { intent: "turn-off", password: TEST_PASSWORD });
      expect(off.status).toBe(302);
      expect((await db().select().from(twoFactors).where(eq(twoFactors.userId, guest.id))).length).toBe(0);

      const host = await signedInAs(t.app, "host");
      expect((await host.client.post("/perfil/seguranca", { intent: "start", password: TEST_PASSWORD })).status).toBe(200);
      expect(await (await host.client.get("/perfil/seguranca")).text()).toContain('data-testid="totp-secret"');
      // Another account's page shows its own state only.
      expect(await (await guest.client.get("/perfil/seguranca")).text()).not.toContain('data-testid="totp-secret"');
      // Still password-only until confirmed.
      const client = new Client(t.app.url);
      expect((await client.post("/login", { email: host.email, password: TEST_PASSWORD })).headers.get("location")).toBe("/");
    });

    it("answers a form that does not fit the account's state (an old tab, a hand-made request) with a 4xx in Portuguese, never a 500", async () => {
      const without = await signedInAs(t.app, "guest");
      for (const intent of ["regenerate", "turn-off"]) {
        const res = await without.client.post("/perfil/seguranca", { intent, password: TEST_PASSWORD });
        expect(res.status, intent).toBe(409);
        expect(await res.text()).toContain("A verificação em duas etapas não está ativada.");
      }
      const withFactor = await signedInAs(t.app, "guest", { secondFactor: true });
      for (const intent of ["start", "confirm"]) {
        const res = await withFactor.client.post("/perfil/seguranca", { intent, password: TEST_PASSWORD, code: "123456" });
        expect(res.status, intent).toBe(409);
        expect(await res.text()).toContain("A verificação em duas etapas já está ativada.");
      }
      const unknown = await without.client.post("/perfil/seguranca", { intent: "apagar-tudo", password: TEST_PASSWORD });
      expect(unknown.status).toBe(400);
      expect(await unknown.text()).toContain("Ação inválida.");
      // Nothing changed: the one still has no factor, the other still has it.
      expect((await db().select().from(twoFactors).where(eq(twoFactors.userId, without.id))).length).toBe(0);
      expect((await db().select().from(twoFactors).where(eq(twoFactors.userId, withFactor.id))).length).toBe(1);
    });
  });
});
