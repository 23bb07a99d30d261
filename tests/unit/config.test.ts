import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "recanto-config-"));

describe("configuration", () => {
  it("runs with nothing set: embedded database, demo seed, a random secret kept beside the data", () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ PORT: 3000, BASE_URL: "http://localhost:3000", seedDemo: true, secureCookies: false });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.authSecret.length).toBeGreaterThanOrEqual(40);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(config.authSecret);
    expect(loadConfig({ DATA_DIR: tmp() }).authSecret).not.toBe(config.authSecret);
    expect(fs.statSync(path.join(dir, "auth-secret")).mode & 0o077).toBe(0);
  });

  it("follows PORT for its own address when BASE_URL is not set, and requires BASE_URL in production", () => {
    expect(loadConfig({ DATA_DIR: tmp(), PORT: "3900" })).toMatchObject({ PORT: 3900, BASE_URL: "http://localhost:3900" });
    expect(loadConfig({ DATA_DIR: tmp(), PORT: "3900", BASE_URL: "" }).BASE_URL).toBe("http://localhost:3900");
    expect(loadConfig({ DATA_DIR: tmp(), PORT: "3900", BASE_URL: "http://recanto.test:8080" }).BASE_URL).toBe("http://recanto.test:8080");
    const production = { NODE_ENV: "production", DATABASE_URL: "postgres://db/recanto", AUTH_SECRET: "s".repeat(32), DATA_DIR: tmp() };
    expect(() => loadConfig(production)).toThrow(/BASE_URL: required in production/);
    expect(loadConfig({ ...production, BASE_URL: "https://recanto.com.br", BILLING_SANDBOX: "true" }).BASE_URL).toBe("https://recanto.com.br");
  });

  it("syncs connected calendars every 30 minutes unless set, and refuses reading them from loopback in production", () => {
    expect(loadConfig({ DATA_DIR: tmp() }).calendarFeeds).toEqual({ syncEveryMs: 30 * 60_000, allowLoopback: false });
    expect(loadConfig({ DATA_DIR: tmp(), CALENDAR_SYNC_MINUTES: "15", CALENDAR_FEEDS_FROM_LOOPBACK: "true", NODE_ENV: "test" }).calendarFeeds).toEqual({ syncEveryMs: 15 * 60_000, allowLoopback: true });
    expect(() => loadConfig({ DATA_DIR: tmp(), CALENDAR_SYNC_MINUTES: "1" })).toThrow(/CALENDAR_SYNC_MINUTES/);
    expect(() => loadConfig({ DATA_DIR: tmp(), NODE_ENV: "production", CALENDAR_FEEDS_FROM_LOOPBACK: "true" })).toThrow(/CALENDAR_FEEDS_FROM_LOOPBACK: not allowed in production/);
  });

  it("refuses production on PostgreSQL or https without AUTH_SECRET, and never seeds demo accounts there by default", () => {
    const postgres = { NODE_ENV: "production", DATABASE_URL: "postgres://db/recanto", BASE_URL: "http://recanto.internal", DATA_DIR: tmp() };
    expect(() => loadConfig(postgres)).toThrow(/AUTH_SECRET: required in production/);
    expect(() => loadConfig({ BASE_URL: "https://recanto.com.br", DATA_DIR: tmp() })).toThrow(/AUTH_SECRET/);
    const secret = "s".repeat(32);
    expect(loadConfig({ ...postgres, AUTH_SECRET: secret })).toMatchObject({ seedDemo: false, authSecret: secret });
    expect(loadConfig({ BASE_URL: "https://recanto.com.br", BILLING_SANDBOX: "true", AUTH_SECRET: secret })).toMatchObject({ secureCookies: true, seedDemo: false });
    expect(loadConfig({ BASE_URL: "https://recanto.com.br", BILLING_SANDBOX: "true", AUTH_SECRET: secret, SEED_DEMO: "true" }).seedDemo).toBe(true);
  });

  it("draws 2 pages at once on the embedded database and 4 on PostgreSQL unless PAGE_CONCURRENCY says otherwise", () => {
    const postgres = { DATABASE_URL: "postgres://db/recanto", DATA_DIR: tmp() };
    expect(loadConfig({ DATA_DIR: tmp() }).pageConcurrency).toBe(2);
    expect(loadConfig(postgres).pageConcurrency).toBe(4);
    expect(loadConfig({ ...postgres, PAGE_CONCURRENCY: "8" }).pageConcurrency).toBe(8);
    expect(() => loadConfig({ DATA_DIR: tmp(), PAGE_CONCURRENCY: "0" })).toThrow(/PAGE_CONCURRENCY/);
  });

  it("takes map tiles from OpenStreetMap unless told, and refuses a tile address it could not allow in the page's policy", () => {
    expect(loadConfig({ DATA_DIR: tmp() }).mapTiles).toEqual({
      url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">colaboradores do OpenStreetMap</a>',
      origin: "https://tile.openstreetmap.org",
    });
    const own = loadConfig({ DATA_DIR: tmp(), MAP_TILE_URL: "https://mapas.exemplo.com.br/tiles/{z}/{x}/{y}@2x.png?key=abc", MAP_TILE_ATTRIBUTION: "© Exemplo" });
    expect(own.mapTiles).toMatchObject({ origin: "https://mapas.exemplo.com.br", attribution: "© Exemplo" });
    expect(() => loadConfig({ DATA_DIR: tmp(), MAP_TILE_URL: "https://mapas.exemplo.com.br/tiles.png" })).toThrow(/MAP_TILE_URL: must contain \{z\}, \{x\} and \{y\}/);
    expect(() => loadConfig({ DATA_DIR: tmp(), MAP_TILE_URL: "https://{s}.tile.exemplo.com/{z}/{x}/{y}.png" })).toThrow(/MAP_TILE_URL: must have one fixed host/);
    expect(() => loadConfig({ DATA_DIR: tmp(), MAP_TILE_URL: "ftp://tiles.exemplo.com/{z}/{x}/{y}.png" })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ DATA_DIR: tmp(), MAP_TILE_ATTRIBUTION: " " })).toThrow(/MAP_TILE_ATTRIBUTION/);
  });

  it("replaces an empty or truncated secret file instead of signing with a weak secret", () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, "auth-secret"), "");
    const fresh = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(fresh.length).toBeGreaterThanOrEqual(40);
    fs.writeFileSync(path.join(dir, "auth-secret"), "curto");
    expect(loadConfig({ DATA_DIR: dir }).authSecret.length).toBeGreaterThanOrEqual(40);
    expect(fs.readdirSync(dir)).toEqual(["auth-secret"]);
  });

  it("keeps images public but never the data folder: MEDIA_DIR may not be DATA_DIR or contain it", () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir }).mediaDir).toBe(path.join(dir, "media"));
    expect(loadConfig({ DATA_DIR: dir, MEDIA_DIR: path.join(os.tmpdir(), "imagens") }).mediaDir).toBe(path.join(os.tmpdir(), "imagens"));
    expect(() => loadConfig({ DATA_DIR: dir, MEDIA_DIR: dir })).toThrow(/MEDIA_DIR/);
    expect(() => loadConfig({ DATA_DIR: dir, MEDIA_DIR: path.dirname(dir) })).toThrow(/MEDIA_DIR/);
  });

  it("gives the contact address of the site's own host unless CONTACT_EMAIL says otherwise, and a WhatsApp only when one is set", () => {
    const secret = "s".repeat(32);
    expect(loadConfig({ DATA_DIR: tmp() }).contact).toEqual({ email: "contato@localhost", whatsapp: null });
    expect(loadConfig({ BASE_URL: "https://recanto.com.br", BILLING_SANDBOX: "true", AUTH_SECRET: secret }).contact.email).toBe("contato@recanto.com.br");
    expect(loadConfig({ DATA_DIR: tmp(), CONTACT_EMAIL: "ajuda@recanto.com.br", CONTACT_WHATSAPP: "+55 (11) 94000-1234" }).contact).toEqual({
      email: "ajuda@recanto.com.br",
      whatsapp: "5511940001234",
    });
    expect(() => loadConfig({ DATA_DIR: tmp(), CONTACT_EMAIL: "ajuda", CONTACT_WHATSAPP: "123" })).toThrow(/CONTACT_EMAIL: .*\n.*CONTACT_WHATSAPP: /);
  });

  it("names every bad value", () => {
    expect(() => loadConfig({ PORT: "porta", BASE_URL: "não é url", AUTH_SECRET: "curto" })).toThrow(
      /PORT: .*\n.*BASE_URL: .*\n.*AUTH_SECRET: /,
    );
  });

  it("uses Stripe only with its webhook secret, and never offers the free test checkout on a public site by accident", () => {
    const secret = "s".repeat(32);
    expect(loadConfig({ DATA_DIR: tmp() }).stripe).toBeNull();
    expect(() => loadConfig({ DATA_DIR: tmp(), STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(/STRIPE_WEBHOOK_SECRET: required/);
    expect(loadConfig({ DATA_DIR: tmp(), STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x", STRIPE_API_URL: "http://127.0.0.1:12111" }).stripe).toEqual({
      secretKey: "sk_test_x",
      webhookSecret: "whsec_x",
      apiUrl: "http://127.0.0.1:12111",
    });
    expect(() => loadConfig({ BASE_URL: "https://recanto.com.br", AUTH_SECRET: secret })).toThrow(/STRIPE_SECRET_KEY: required when BASE_URL is https/);
    expect(loadConfig({ BASE_URL: "https://recanto.com.br", AUTH_SECRET: secret, STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" }).stripe).not.toBeNull();
  });

  it("bounds every wait on a dependency, with defaults, and refuses a client-side query timeout not above the statement timeout or a request's above the long one", () => {
    const config = loadConfig({ DATA_DIR: tmp() });
    expect(config.postgresTimeouts).toEqual({ connectTimeoutMs: 5000, statementTimeoutMs: 10_000, idleInTransactionTimeoutMs: 30_000, queryTimeoutMs: 15_000, requestQueryTimeoutMs: 5000 });
    expect(config).toMatchObject({ REDIS_CONNECT_TIMEOUT_MS: 2000, REDIS_COMMAND_TIMEOUT_MS: 1000, HEALTHZ_TIMEOUT_MS: 2000 });
    const short = loadConfig({ DATA_DIR: tmp(), DATABASE_STATEMENT_TIMEOUT_MS: "1000", DATABASE_QUERY_TIMEOUT_MS: "1500", S3_BUCKET: "fotos", S3_REQUEST_TIMEOUT_MS: "800" });
    // A request's bound is never longer than the long one: by default 5 s, or the long bound when shorter.
    expect(short.postgresTimeouts).toMatchObject({ statementTimeoutMs: 1000, queryTimeoutMs: 1500, requestQueryTimeoutMs: 1500 });
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_REQUEST_QUERY_TIMEOUT_MS: "2500" }).postgresTimeouts).toMatchObject({ queryTimeoutMs: 15_000, requestQueryTimeoutMs: 2500 });
    expect(() => loadConfig({ DATA_DIR: tmp(), DATABASE_REQUEST_QUERY_TIMEOUT_MS: "20000" })).toThrow(/DATABASE_REQUEST_QUERY_TIMEOUT_MS: must not be longer than DATABASE_QUERY_TIMEOUT_MS/);
    expect(() => loadConfig({ DATA_DIR: tmp(), DATABASE_REQUEST_QUERY_TIMEOUT_MS: "0" })).toThrow(/DATABASE_REQUEST_QUERY_TIMEOUT_MS/);
    expect(short.s3?.timeouts).toEqual({ connectMs: 3000, requestMs: 800, maxAttempts: 2 });
    expect(() => loadConfig({ DATA_DIR: tmp(), DATABASE_STATEMENT_TIMEOUT_MS: "20000" })).toThrow(/DATABASE_QUERY_TIMEOUT_MS: must be longer than DATABASE_STATEMENT_TIMEOUT_MS/);
    expect(() => loadConfig({ DATA_DIR: tmp(), REDIS_COMMAND_TIMEOUT_MS: "0" })).toThrow(/REDIS_COMMAND_TIMEOUT_MS/);
    expect(() => loadConfig({ DATA_DIR: tmp(), HEALTHZ_TIMEOUT_MS: "logo" })).toThrow(/HEALTHZ_TIMEOUT_MS/);
  });

  it("keeps images on disk unless S3_BUCKET is set, and refuses half an S3 setting", () => {
    expect(loadConfig({ DATA_DIR: tmp() }).s3).toBeNull();
    const s3 = { DATA_DIR: tmp(), S3_BUCKET: "recanto-fotos", S3_ENDPOINT: "http://127.0.0.1:9000", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "segredo", S3_FORCE_PATH_STYLE: "true" };
    expect(loadConfig(s3).s3).toEqual({
      bucket: "recanto-fotos",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9000",
      credentials: { accessKeyId: "id", secretAccessKey: "segredo" },
      forcePathStyle: true,
      timeouts: { connectMs: 3000, requestMs: 10_000, maxAttempts: 2 },
    });
    // AWS itself: no endpoint, credentials from the SDK's own chain (instance role, environment).
    expect(loadConfig({ DATA_DIR: tmp(), S3_BUCKET: "recanto-fotos", S3_REGION: "sa-east-1" }).s3).toMatchObject({ bucket: "recanto-fotos", region: "sa-east-1", forcePathStyle: false });
    expect(() => loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: "" })).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: give both or neither/);
    expect(() => loadConfig({ DATA_DIR: tmp(), S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(/S3_BUCKET: required/);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: "nao e url" })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...s3, S3_FORCE_PATH_STYLE: "sim" })).toThrow(/S3_FORCE_PATH_STYLE/);
  });

  it("sizes the PostgreSQL pool and the shutdown wait, within sane bounds", () => {
    expect(loadConfig({ DATA_DIR: tmp() })).toMatchObject({ DATABASE_POOL_SIZE: 10, SHUTDOWN_TIMEOUT_MS: 25_000 });
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_POOL_SIZE: "4", SHUTDOWN_TIMEOUT_MS: "0" })).toMatchObject({ DATABASE_POOL_SIZE: 4, SHUTDOWN_TIMEOUT_MS: 0 });
    expect(() => loadConfig({ DATA_DIR: tmp(), DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATA_DIR: tmp(), SHUTDOWN_TIMEOUT_MS: "muito" })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
  });

  it("limits the image uploads decoded at once per process, 2 by default", () => {
    expect(loadConfig({ DATA_DIR: tmp() }).UPLOAD_CONCURRENCY).toBe(2);
    expect(loadConfig({ DATA_DIR: tmp(), UPLOAD_CONCURRENCY: "4" }).UPLOAD_CONCURRENCY).toBe(4);
    for (const bad of ["0", "1.5", "muitos", "65"]) expect(() => loadConfig({ DATA_DIR: tmp(), UPLOAD_CONCURRENCY: bad })).toThrow(/UPLOAD_CONCURRENCY/);
  });
});
