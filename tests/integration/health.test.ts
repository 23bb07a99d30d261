import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app";
import { engine } from "../support/database";

describe(`server basics (${engine})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it("answers /healthz after checking the database", async () => {
    const res = await fetch(`${app.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: engine });
  });

  it("renders the home page on the server in Portuguese", async () => {
    const res = await fetch(app.url);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="pt-BR"');
    expect(html).toContain("Encontre seu refúgio na natureza");
  });

  it("answers unknown paths with the 404 page", async () => {
    const res = await fetch(`${app.url}/nao-existe/mesmo`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Oops! Page not found");
  });

  it("sends security headers and no x-powered-by", async () => {
    const res = await fetch(app.url);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-powered-by")).toBeNull();
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("sends a nonce-based Content-Security-Policy that every inline script carries", async () => {
    const res = await fetch(`${app.url}/login`);
    const csp = res.headers.get("content-security-policy")!;
    const nonce = csp.match(/script-src 'self' 'nonce-([^']+)'/)![1]!;
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await res.text();
    const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(1);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
    const again = await fetch(`${app.url}/login`);
    expect(again.headers.get("content-security-policy")).not.toContain(nonce);
  });

  it("refuses a form post from another site", async () => {
    const res = await fetch(`${app.url}/login`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: "email=a@b.com&password=123456",
      redirect: "manual",
    });
    expect(res.status).toBe(403);
  });
});
