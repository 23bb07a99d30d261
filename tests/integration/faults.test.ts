import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { createS3Storage } from "../../server/adapters/storage";
import { freePort } from "../support/ports";
import { serverEntryPath } from "../support/app";
import { engine } from "../support/database";
import { Client } from "../support/http";
import { databaseUrlFor } from "../support/postgres-url";
import { startLocalS3, type LocalS3 } from "../support/s3";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";

/**
 * Two real app processes on PostgreSQL, Redis and S3, each reached through a TCP proxy the test
 * controls, under concurrent readers and writers while a dependency is cut, hung, and brought back.
 * The shared PostgreSQL and Redis servers are never touched: only the proxies fail.
 */

/**
 * Short bounds, so a fault is answered within about two seconds (with room for a loaded machine).
 * The long query bound (jobs, migrations' work) is well above a request's, so a page that waits
 * for it shows.
 */
const TIMEOUTS = {
  DATABASE_CONNECT_TIMEOUT_MS: "1000",
  DATABASE_STATEMENT_TIMEOUT_MS: "1000",
  DATABASE_QUERY_TIMEOUT_MS: "6000",
  DATABASE_REQUEST_QUERY_TIMEOUT_MS: "1500",
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: "5000",
  REDIS_CONNECT_TIMEOUT_MS: "500",
  REDIS_COMMAND_TIMEOUT_MS: "1000",
  S3_CONNECT_TIMEOUT_MS: "500",
  S3_REQUEST_TIMEOUT_MS: "1000",
  S3_MAX_ATTEMPTS: "1",
  HEALTHZ_TIMEOUT_MS: "2000",
};
/** No answer by then is a hang, whatever the machine's load: far above every bound a request waits on. */
const HANG_MS = 8000;
/** What the brief promises once a dependency is back. */
const RECOVERY_MS = 2000;
const IMAGE_KEY = "falhas/foto-400.webp";
const PASSWORD = "segredo123";

interface AppProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  logLines(): { level: number; msg: string; dependency?: string }[];
}

interface Outcome {
  kind: "page" | "signed-in page" | "category" | "signup" | "health" | "image";
  status: number | "hang" | "network error";
  ms: number;
  email?: string;
}

// PostgreSQL only (the integration-postgres project, DATABASE_URL set): PGlite runs inside the
// process and cannot fail apart from it, so there is no connection to cut.
describe.runIf(engine === "postgres")("dependency faults: two processes, PostgreSQL, Redis and S3 behind proxies", () => {
  // Read in beforeAll: on PGlite this block is collected (and skipped) without DATABASE_URL.
  let adminUrl: string;
  let databaseName: string;
  let directUrl: string;
  const dataDirs: string[] = [];
  const apps: AppProcess[] = [];
  const acknowledged: string[] = [];
  const recoveries: Record<string, number[]> = {};
  /** Per fault: how many answers of each status, and the slowest of each (for the record, not asserted). */
  const answers: Record<string, Record<string, { count: number; slowestMs: number }>> = {};
  let direct: pg.Pool;
  let database: TcpProxy;
  let redis: TcpProxy;
  let storage: TcpProxy;
  let s3: LocalS3;
  let signedIn: Client;

  function startApp(port: number): AppProcess {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "recanto-faults-"));
    dataDirs.push(dataDir);
    const proxied = new URL(directUrl);
    proxied.host = `${database.host}:${database.port}`;
    const s3Endpoint = `http://${storage.host}:${storage.port}`;
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [serverEntryPath], {
      env: {
        ...process.env,
        ...s3.env,
        ...TIMEOUTS,
        S3_ENDPOINT: s3Endpoint,
        NODE_ENV: "production",
        DATABASE_URL: proxied.toString(),
        DATABASE_POOL_SIZE: "5",
        REDIS_URL: `redis://${redis.host}:${redis.port}/11`,
        AUTH_SECRET: "f".repeat(40),
        TRUST_PROXY: "1",
        PORT: String(port),
        HOST: "127.0.0.1",
        BASE_URL: url,
        DATA_DIR: dataDir,
        MEDIA_DIR: path.join(dataDir, "media"),
        SEED_DEMO: "false",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
    return {
      url,
      child,
      output: () => output,
      logLines: () =>
        output
          .split("\n")
          .filter((line) => line.startsWith("{"))
          .map((line) => JSON.parse(line) as { level: number; msg: string; dependency?: string }),
    };
  }

  async function until(what: string, ok: () => Promise<boolean>, limitMs = 30_000) {
    const since = Date.now();
    while (Date.now() - since < limitMs) {
      if (await ok().catch(() => false)) return Date.now() - since;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`${what}: not within ${limitMs} ms`);
  }

  const healthStatus = (app: AppProcess) => fetch(`${app.url}/healthz`, { signal: AbortSignal.timeout(HANG_MS) }).then((r) => r.status);

  /** One request, timed; a request without an answer within HANG_MS counts as a hang. */
  async function timed(kind: Outcome["kind"], run: (signal: AbortSignal) => Promise<Response>, email?: string): Promise<Outcome> {
    const started = performance.now();
    try {
      const res = await run(AbortSignal.timeout(HANG_MS));
      await res.arrayBuffer();
      return { kind, status: res.status, ms: performance.now() - started, email };
    } catch (err) {
      const status = (err as Error).name === "TimeoutError" ? "hang" : "network error";
      return { kind, status, ms: performance.now() - started, email };
    }
  }

  let signups = 0;
  function signUp(app: AppProcess, signal: AbortSignal) {
    const email = `falha-${process.pid}-${signups++}@example.com`;
    const fields = { name: "Pessoa em Falha", email, phone: "(48) 99123-4567", userType: "guest", password: PASSWORD, confirmPassword: PASSWORD, terms: "on" };
    return {
      email,
      response: fetch(`${app.url}/cadastro`, {
        method: "POST",
        body: new URLSearchParams(fields),
        // Each sign-up from its own address: the per-address limit is not what is under test.
        headers: { origin: app.url, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `10.${signups % 250}.${Math.floor(signups / 250) % 250}.7` },
        redirect: "manual",
        signal,
      }),
    };
  }

  /** Concurrent readers and writers on both processes until `stop` resolves; bounded in time. */
  async function underLoad(name: string, during: () => Promise<void>): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    let running = true;
    const reader = async (i: number) => {
      for (let n = 0; running && n < 400; n++) {
        const app = apps[(i + n) % apps.length]!;
        const kind = (["page", "signed-in page", "category", "health"] as const)[(i + n) % 4]!;
        outcomes.push(
          await timed(kind, (signal) => {
            if (kind === "signed-in page") return fetch(`${app.url}/?search=cabana`, { headers: { cookie: signedInCookie() }, signal, redirect: "manual" });
            if (kind === "category") return fetch(`${app.url}/category/cabanas`, { signal, redirect: "manual" });
            if (kind === "health") return fetch(`${app.url}/healthz`, { signal });
            return fetch(`${app.url}/`, { headers: { cookie: signedInCookie() }, signal, redirect: "manual" });
          }),
        );
      }
    };
    const writer = async (i: number) => {
      for (let n = 0; running && n < 200; n++) {
        const app = apps[(i + n) % apps.length]!;
        let email = "";
        const outcome = await timed("signup", (signal) => {
          const attempt = signUp(app, signal);
          email = attempt.email;
          return attempt.response;
        });
        outcome.email = email;
        outcomes.push(outcome);
        if (outcome.status === 302 || outcome.status === 303) acknowledged.push(email);
      }
    };
    const load = Promise.all([...[0, 1, 2, 3].map(reader), ...[0, 1].map(writer)]);
    try {
      await during();
    } finally {
      running = false;
      await load;
      const summary: Record<string, { count: number; slowestMs: number }> = (answers[name] = {});
      for (const o of outcomes) {
        const entry = (summary[o.status] ??= { count: 0, slowestMs: 0 });
        entry.count++;
        entry.slowestMs = Math.max(entry.slowestMs, Math.round(o.ms));
      }
    }
    return outcomes;
  }

  const signedInCookie = () => `recanto.session_token=${signedIn.cookie("recanto.session_token")}`;
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /** Time from the dependency's return to each process's first healthy answer (and a page that renders). */
  async function recovery(name: string, healthy: (app: AppProcess) => Promise<boolean>) {
    const times = await Promise.all(apps.map((app) => until(`${name}: ${app.url} back`, () => healthy(app))));
    (recoveries[name] ??= []).push(...times.map((t) => Math.round(t)));
    return times;
  }

  const statuses = (outcomes: Outcome[]) => [...new Set(outcomes.map((o) => o.status))].sort();
  /** Answers other than a page, a redirect after a write, or a 503; with the processes' errors, to tell why. */
  const unexpected = (outcomes: Outcome[]) => {
    const odd = outcomes.filter((o) => ![200, 302, 503].includes(o.status as number));
    const errors = apps.flatMap((app) => app.logLines().filter((l) => l.level >= 50 && l.msg !== "request"));
    return odd.length ? { odd, errors: errors.slice(0, 5) } : null;
  };

  afterEach(() => {
    // A failed assertion must not leave a dependency cut for the next test.
    for (const proxy of [database, redis, storage]) proxy?.restore();
  });

  beforeAll(async () => {
    adminUrl = process.env.DATABASE_URL!;
    databaseName = `${inject("postgresTemplate")}_c${process.pid}_faults`;
    directUrl = databaseUrlFor(adminUrl, databaseName);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${databaseName} TEMPLATE ${inject("postgresTemplate")}`);
    } finally {
      await admin.end();
    }
    direct = new pg.Pool({ connectionString: directUrl, max: 2 });
    const pgTarget = new URL(adminUrl);
    database = await startTcpProxy({ host: pgTarget.hostname, port: Number(pgTarget.port || 5432) });
    redis = await startTcpProxy({ host: "127.0.0.1", port: 6379 });
    s3 = await startLocalS3("recanto-faults");
    const s3Url = new URL(s3.env.S3_ENDPOINT!);
    storage = await startTcpProxy({ host: s3Url.hostname, port: Number(s3Url.port) });
    const bucket = createS3Storage({
      bucket: s3.env.S3_BUCKET!,
      region: "us-east-1",
      endpoint: s3.env.S3_ENDPOINT,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      forcePathStyle: true,
      timeouts: { connectMs: 1000, requestMs: 5000, maxAttempts: 1 },
    });
    await bucket.put(IMAGE_KEY, Buffer.from("RIFF....WEBP"), "image/webp");
    bucket.close?.();

    apps.push(startApp(await freePort()), startApp(await freePort()));
    await Promise.all(apps.map((app) => until(`${app.url} healthy`, async () => (await healthStatus(app)) === 200, 60_000)));
    signedIn = new Client(apps[0]!.url);
    const email = `leitora-${process.pid}@example.com`;
    const res = await signedIn.post("/cadastro", { name: "Leitora", email, phone: "(48) 99123-4567", userType: "guest", password: PASSWORD, confirmPassword: PASSWORD, terms: "on" }, { "x-forwarded-for": "10.250.0.1" });
    expect(res.status).toBe(302);
    expect(signedIn.cookie("recanto.session_token")).toBeTruthy();
  }, 120_000);

  afterAll(async () => {
    for (const app of apps) if (app.child.exitCode === null) app.child.kill("SIGKILL");
    await Promise.all([database?.close(), redis?.close(), storage?.close(), s3?.close(), direct?.end()]);
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    console.info(`recovery times (ms from the dependency's return to each process's first healthy answer): ${JSON.stringify(recoveries)}`);
    console.info(`answers under load, by status: ${JSON.stringify(answers)}`);
  });

  it("a database that refuses connections: 503 in Portuguese at once, no hang, no lost write, back within 2 s", async () => {
    const outcomes = await underLoad("database refused", async () => {
      await pause(800);
      database.cut("refuse");
      const during = await Promise.all(
        apps.map(async (app) => {
          const health = await fetch(`${app.url}/healthz`, { signal: AbortSignal.timeout(HANG_MS) });
          const page = await fetch(`${app.url}/`, { headers: { cookie: signedInCookie() }, signal: AbortSignal.timeout(HANG_MS) });
          // A client navigation's data: the root's session lookup fails, so the whole answer is a 503.
          const data = await fetch(`${app.url}/category/cabanas.data`, { headers: { cookie: signedInCookie() }, signal: AbortSignal.timeout(HANG_MS) });
          const api = await fetch(`${app.url}/api/favoritos`, {
            method: "POST",
            body: new URLSearchParams({ propertyId: randomUUID(), favorite: "true" }),
            headers: { cookie: signedInCookie(), origin: app.url, "content-type": "application/x-www-form-urlencoded" },
            signal: AbortSignal.timeout(HANG_MS),
          });
          return {
            health: health.status,
            healthBody: await health.json(),
            page: page.status,
            pageText: await page.text(),
            data: data.status,
            api: api.status,
            apiBody: await api.json(),
          };
        }),
      );
      for (const d of during) {
        expect(d).toMatchObject({
          health: 503,
          // Redis may be named too when its ping is slow on a loaded machine: it is not what is under test.
          healthBody: { status: "unavailable", unavailable: expect.arrayContaining(["database"]) },
          page: 503,
          data: 503,
          api: 503,
          apiBody: { ok: false, status: 503, title: "Serviço temporariamente indisponível" },
        });
        expect(d.pageText).toContain("Serviço temporariamente indisponível");
        expect(d.pageText).toContain("Tente novamente em instantes");
      }
      await pause(1500);
      database.restore();
      await recovery("database refused", async (app) => (await healthStatus(app)) === 200);
      await pause(500);
    });
    expect(unexpected(outcomes)).toBeNull();
    expect(outcomes.filter((o) => o.status === 503).length).toBeGreaterThan(0);
    for (const app of apps) expect(app.child.exitCode, app.output().slice(-3000)).toBeNull();
    expect(Math.max(...recoveries["database refused"]!)).toBeLessThan(RECOVERY_MS);
  }, 90_000);

  it("a hung database (connections held, nothing answered): 503 within the bounds, then recovery", async () => {
    const outcomes = await underLoad("database hung", async () => {
      await pause(500);
      database.hang();
      const during = await Promise.all(
        apps.map((app) => timed("signed-in page", (signal) => fetch(`${app.url}/category/cabanas`, { headers: { cookie: signedInCookie() }, signal }))),
      );
      const health = await Promise.all(apps.map((app) => healthStatus(app)));
      expect(during.map((d) => d.status)).toEqual([503, 503]);
      expect(health).toEqual([503, 503]);
      await pause(1000);
      database.restore();
      await recovery("database hung", async (app) => (await healthStatus(app)) === 200);
      await pause(500);
    });
    expect(unexpected(outcomes)).toBeNull();
    for (const app of apps) expect(app.child.exitCode, app.output().slice(-3000)).toBeNull();
    expect(Math.max(...recoveries["database hung"]!)).toBeLessThan(RECOVERY_MS);
  }, 90_000);

  it("a hung database: a signed-in page answers the 503 page at the request bound, long before the long one", async () => {
    // Each process keeps an open connection in its pool for the page to wait on (a new one would
    // fail sooner, at the connect bound): a signed-in page bypasses the page cache and reads the database.
    for (const app of apps) {
      for (let i = 0; i < 2; i++) expect((await fetch(`${app.url}/category/cabanas`, { headers: { cookie: signedInCookie() } })).status).toBe(200);
    }
    database.hang();
    const pages = await Promise.all(
      apps.map(async (app) => {
        const started = performance.now();
        const res = await fetch(`${app.url}/category/cabanas`, { headers: { cookie: signedInCookie() }, signal: AbortSignal.timeout(HANG_MS) });
        const text = await res.text();
        return { status: res.status, text, ms: Math.round(performance.now() - started) };
      }),
    );
    const summary: Record<string, { count: number; slowestMs: number }> = (answers["database hung, a signed-in page per process"] = {});
    for (const page of pages) {
      const entry = (summary[page.status] ??= { count: 0, slowestMs: 0 });
      entry.count++;
      entry.slowestMs = Math.max(entry.slowestMs, page.ms);
    }
    for (const page of pages) {
      expect(page.status).toBe(503);
      expect(page.text).toContain("Serviço temporariamente indisponível");
      expect(page.text).toContain("Tente novamente em instantes");
      // The long bound would have held it at least this long.
      expect(page.ms).toBeLessThan(Number(TIMEOUTS.DATABASE_QUERY_TIMEOUT_MS));
    }
    database.restore();
    await recovery("database hung, one page", async (app) => (await healthStatus(app)) === 200);
    for (const app of apps) expect(app.child.exitCode, app.output().slice(-3000)).toBeNull();
  }, 60_000);

  it("Redis cut: rate-limited actions keep answering (limits in the process), one warning and one recovery line per process", async () => {
    const before = apps.map((app) => app.logLines().length);
    const outcomes = await underLoad("redis", async () => {
      await pause(300);
      redis.cut("refuse");
      await pause(2500);
      const health = await Promise.all(apps.map((app) => fetch(`${app.url}/healthz`).then((r) => r.json())));
      for (const body of health) expect(body).toMatchObject({ status: "degraded", unavailable: ["redis"] });
      redis.restore();
      await recovery("redis", async (app) => ((await (await fetch(`${app.url}/healthz`)).json()) as { status: string }).status === "ok");
      // A Redis that stops answering: each command gives up after its timeout, and the limit is counted in the process.
      redis.hang();
      await pause(1500);
      redis.restore();
      await recovery("redis hung", async (app) => ((await (await fetch(`${app.url}/healthz`)).json()) as { status: string }).status === "ok");
    });
    const signupsDuring = outcomes.filter((o) => o.kind === "signup");
    expect(signupsDuring.length).toBeGreaterThan(0);
    expect(statuses(signupsDuring)).toEqual([302]);
    apps.forEach((app, i) => {
      const lines = app.logLines().slice(before[i]).filter((l) => l.dependency === "redis" && l.msg.startsWith("Redis"));
      expect(lines.map((l) => l.msg)).toEqual([
        "Redis is unreachable: each process counts rate limits on its own until it returns",
        "Redis is reachable again: rate limits are shared again",
      ]);
      expect(app.output()).not.toContain("Unhandled error event");
    });
  }, 90_000);

  it("S3 cut: images answer 503 quickly, pages still render, images come back", async () => {
    for (const app of apps) expect((await fetch(`${app.url}/media/${IMAGE_KEY}`)).status).toBe(200);
    storage.cut("refuse");
    for (const app of apps) {
      const image = await fetch(`${app.url}/media/${IMAGE_KEY}`, { signal: AbortSignal.timeout(HANG_MS) });
      expect(image.status).toBe(503);
      expect((await fetch(`${app.url}/category/cabanas`, { signal: AbortSignal.timeout(HANG_MS) })).status).toBe(200);
      expect(await (await fetch(`${app.url}/healthz`)).json()).toMatchObject({ status: "degraded", unavailable: ["storage"] });
    }
    storage.cut("hang");
    for (const app of apps) expect((await fetch(`${app.url}/media/${IMAGE_KEY}`, { signal: AbortSignal.timeout(HANG_MS) })).status).toBe(503);
    storage.restore();
    await recovery("storage", async (app) => (await fetch(`${app.url}/media/${IMAGE_KEY}`)).status === 200);
    for (const app of apps) expect(app.child.exitCode).toBeNull();
  }, 90_000);

  it("every write the processes acknowledged is in the database", async () => {
    expect(acknowledged.length).toBeGreaterThan(0);
    const { rows } = await direct.query<{ email: string }>("SELECT email FROM users WHERE email = ANY($1)", [acknowledged]);
    expect(rows.map((r) => r.email).sort()).toEqual([...acknowledged].sort());
    for (const app of apps) {
      expect(app.child.exitCode).toBeNull();
      expect(app.output()).not.toMatch(/unhandled promise rejection|uncaughtException/i);
    }
  });
});
