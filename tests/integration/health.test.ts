import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { signedInAs } from "../support/accounts";
import { useTestApp } from "../support/app";
import { Client } from "../support/http";
import { photoJpeg } from "../support/images";
import { engine } from "../support/database";

describe(`server basics (${engine})`, () => {
  const t = useTestApp();

  it("answers /healthz after checking the database", async () => {
    const res = await fetch(`${t.app.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: engine });
  });

  it("renders the home page on the server in Portuguese", async () => {
    const res = await fetch(t.app.url);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="pt-BR"');
    expect(html).toContain("Encontre seu refúgio na natureza");
  });

  it("serves stored image variants from /media with a year of caching, and nothing else from that folder", async () => {
    const storage = t.app.services.storage;
    await storage.put("test/foto-400.webp", Buffer.from("RIFF....WEBP"), "image/webp");
    await storage.put("test/nota.txt", Buffer.from("segredo"), "text/plain");
    const ok = await fetch(`${t.app.url}/media/test/foto-400.webp`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    for (const path of ["/media/test/nota.txt", "/media/test/foto-401.webp", "/media/test/nao-existe-400.webp", "/media/%2e%2e/auth-secret", "/media/"]) {
      const res = await fetch(`${t.app.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain("segredo");
    }
  });

  it("answers unknown paths with the 404 page", async () => {
    const res = await fetch(`${t.app.url}/nao-existe/mesmo`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Oops! Page not found");
  });

  it("serves /brazilian-cities.json in the spec's shape, cacheable, with ETag revalidation", async () => {
    const res = await fetch(`${t.app.url}/brazilian-cities.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    const data = (await res.json()) as { estados: { id: number; estado: string }[]; cidades: { cidade: string; estadoId: number }[] };
    expect(data.estados).toHaveLength(27);
    expect(data.estados).toContainEqual({ id: 31, estado: "MG", nome: "Minas Gerais" });
    expect(data.cidades.length).toBeGreaterThanOrEqual(5570);
    expect(data.cidades).toContainEqual({ cidade: "São João del Rei", estadoId: 31 });
    const again = await fetch(`${t.app.url}/brazilian-cities.json`, { headers: { "if-none-match": res.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it("serves /brazilian-cities.json compressed once, in the best encoding the client accepts", async () => {
    /** The raw bytes and headers (fetch would decode them). */
    const raw = (acceptEncoding: string | null) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${t.app.url}/brazilian-cities.json`, { headers: acceptEncoding === null ? {} : { "accept-encoding": acceptEncoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on("error", reject);
      });
    const plain = await raw(null);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toContain("Accept-Encoding");
    const json = plain.body.toString();
    expect(JSON.parse(json).estados).toHaveLength(27);
    const decode = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["br;q=0, gzip;q=0.5", "gzip"],
      ["BR", "br"],
    ] as const) {
      const res = await raw(accept);
      expect(res.headers["content-encoding"], accept).toBe(encoding);
      expect(Number(res.headers["content-length"])).toBe(res.body.length);
      expect(res.body.length).toBeLessThan(json.length / 5);
      expect(decode[encoding](res.body).toString()).toBe(json);
    }
    const refused = await raw("gzip;q=0, br;q=0.0");
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body.toString()).toBe(json);
  });

  it("sends security headers and no x-powered-by", async () => {
    const res = await fetch(t.app.url);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-powered-by")).toBeNull();
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("sends a nonce-based Content-Security-Policy that every inline script carries", async () => {
    const res = await fetch(`${t.app.url}/login`);
    const csp = res.headers.get("content-security-policy")!;
    const nonce = csp.match(/script-src 'self' 'nonce-([^']+)'/)![1]!;
    expect(csp).toContain("frame-ancestors 'none'");
    // Map tiles come from MAP_TILE_URL's origin (here the test stand-in's).
    expect(csp).toContain(`img-src 'self' data: blob: ${new URL(t.app.tiles.template).origin};`);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(1);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
    const again = await fetch(`${t.app.url}/login`);
    expect(again.headers.get("content-security-policy")).not.toContain(nonce);
  });

  it("refuses writes whose origin is hidden or from a sibling site, and sends an origin-keeping referrer policy", async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${t.app.url}/newsletter`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: "email=",
        redirect: "manual",
      }).then((r) => r.status);
    expect(await post({ origin: t.app.url })).toBe(400); // reached validation
    expect(await post({ "sec-fetch-site": "same-origin" })).toBe(400);
    expect(await post({ origin: "null" })).toBe(403);
    expect(await post({ "sec-fetch-site": "same-site" })).toBe(403);
    expect(await post({ "sec-fetch-site": "cross-site" })).toBe(403);
    // "no-referrer" would make browsers send "Origin: null" on plain form posts and lock out visitors without JavaScript.
    expect((await fetch(t.app.url)).headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("answers malformed requests with 4xx, never 5xx", async () => {
    const json = await fetch(`${t.app.url}/login`, {
      method: "POST",
      headers: { origin: t.app.url, "content-type": "application/json" },
      body: JSON.stringify({ email: "a@b.com", password: "123456" }),
      redirect: "manual",
    });
    expect(json.status).toBe(400);
    expect(await json.text()).toContain("Formulário inválido.");
    const multipart = await fetch(`${t.app.url}/tema`, {
      method: "POST",
      headers: { origin: t.app.url, "content-type": "multipart/form-data; boundary=x" },
      body: "--x\r\nbroken",
    });
    expect(multipart.status).toBe(400);
    for (const path of ["/category/%E0%A4%A", "/perfil%", "/editar-propriedade/%E0"]) {
      expect((await fetch(`${t.app.url}${path}`, { redirect: "manual" })).status).toBeLessThan(500);
    }
    const huge = await fetch(`${t.app.url}/newsletter`, {
      method: "POST",
      headers: { origin: t.app.url, "content-type": "application/x-www-form-urlencoded" },
      body: `email=${"a".repeat(200_000)}`,
    });
    expect(huge.status).toBe(413);
  });

  it("refuses a form post from another site", async () => {
    const res = await fetch(`${t.app.url}/login`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: "email=a@b.com&password=123456",
      redirect: "manual",
    });
    expect(res.status).toBe(403);
  });
});

describe(`an https site (${engine})`, () => {
  const t = useTestApp({ BASE_URL: "https://recanto.example", AUTH_SECRET: "s".repeat(40), BILLING_SANDBOX: "true" });

  it("marks every cookie it sets Secure: the theme's, and the toast's when it is cleared", async () => {
    const theme = await fetch(`${t.app.url}/tema`, {
      method: "POST",
      body: new URLSearchParams({ theme: "dark" }),
      headers: { origin: t.app.url, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(theme.status).toBe(200);
    const toast = await createCookie("recanto_toast").serialize({ title: "Olá" });
    const page = await fetch(t.app.url, { headers: { cookie: toast.split(";")[0]! } });
    const cookies = [...theme.headers.getSetCookie(), ...page.headers.getSetCookie()];
    expect(cookies.map((c) => c.split("=")[0])).toEqual(["recanto_theme", "recanto_toast"]);
    for (const cookie of cookies) expect(cookie).toMatch(/; Secure(;|$)/i);
  });
});


describe(`a process whose Redis and S3 do not answer (${engine})`, () => {
  // Nothing listens on port 9: connections are refused at once.
  const t = useTestApp({
    REDIS_URL: "redis://127.0.0.1:9",
    S3_BUCKET: "recanto-ausente",
    S3_ENDPOINT: "http://127.0.0.1:9",
    S3_ACCESS_KEY_ID: "x",
    S3_SECRET_ACCESS_KEY: "y",
    S3_FORCE_PATH_STYLE: "true",
    S3_MAX_ATTEMPTS: "1",
    HEALTHZ_TIMEOUT_MS: "1000",
  });

  it("stays in rotation: /healthz answers 200 degraded, naming them", async () => {
    const res = await fetch(`${t.app.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "degraded", database: engine, unavailable: ["redis", "storage"] });
  });

  it("answers an image with 503 in Portuguese, and still renders pages", async () => {
    const image = await fetch(`${t.app.url}/media/demo/cabana-1-400.webp`);
    expect(image.status).toBe(503);
    expect(image.headers.get("retry-after")).toBe("5");
    expect(await image.text()).toContain("Serviço temporariamente indisponível");
    expect((await fetch(`${t.app.url}/category/cabanas`)).status).toBe(200);
  });

  it("answers the image upload API with the refusal JSON", async () => {
    const host = await signedInAs(t.app, "premium-host");
    const res = await host.client.request("/api/imagens", {
      method: "POST",
      body: await photoJpeg(40, 30),
      headers: { origin: t.app.url, "content-type": "image/jpeg" },
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ ok: false, status: 503, title: "Serviço temporariamente indisponível" });
  });

  it("keeps rate-limited actions working, counted in the process", async () => {
    const res = await new Client(t.app.url).post("/login", { email: "ninguem@example.com", password: "errada123" });
    expect(res.status).toBe(401);
  });
});
