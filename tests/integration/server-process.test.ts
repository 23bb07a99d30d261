import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, describe, expect, inject, it } from "vitest";
import pg from "pg";
import { createPglite } from "../../server/db/client";
import { serverEntryPath } from "../support/app";
import { engine } from "../support/database";
import { freePort } from "../support/ports";
import { databaseUrlFor } from "../support/postgres-url";

function startServer(dataDir: string, port: number, options: { env?: Record<string, string>; wrapper?: string[] } = {}) {
  const [command, ...args] = [...(options.wrapper ?? []), process.execPath, serverEntryPath];
  const child = spawn(command!, args, {
    env: {
      ...process.env,
      DATABASE_URL: "",
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      MEDIA_DIR: inject("mediaDir"),
      BASE_URL: `http://127.0.0.1:${port}`,
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(url: string, child: ChildProcess) {
  // A first start migrates the embedded database: tens of seconds on a busy machine.
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error("server exited early");
    const ok = await fetch(`${url}/healthz`).then((r) => r.ok).catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not become healthy");
}

// These check the embedded database's guard-rails in a real process; PostgreSQL has its own locking.
describe.runIf(engine === "pglite")("the server process on the embedded database", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "recanto-proc-"));
  const started: ChildProcess[] = [];
  afterAll(() => {
    for (const child of started) if (child.exitCode === null) child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("migrates and seeds on first start, refuses a second process on the same data, shuts down cleanly", async () => {
    const port = await freePort();
    const first = startServer(dataDir, port);
    started.push(first.child);
    await waitForHealth(`http://127.0.0.1:${port}`, first.child);
    expect(await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()).toEqual({ status: "ok", database: "pglite" });
    expect(first.output()).toContain("demo data seeded");
    // A loader's log line carries the id of the request it served.
    expect((await fetch(`http://127.0.0.1:${port}/pagina-que-nao-existe`, { headers: { "x-request-id": "rastreio-1" } })).status).toBe(404);
    const traced = () => first.output().split("\n").filter((line) => line.includes("rastreio-1"));
    for (let i = 0; i < 50 && traced().length < 2; i++) await new Promise((r) => setTimeout(r, 100)); // stdout arrives through a pipe
    const lines = traced().map((line) => JSON.parse(line) as { msg: string; reqId: string });
    expect(lines.map((line) => line.msg).sort()).toEqual(["page not found", "request"]);
    expect(lines.every((line) => line.reqId === "rastreio-1")).toBe(true);
    const lockPid = Number.parseInt(fs.readFileSync(path.join(dataDir, "recanto.lock"), "utf8"), 10);
    expect(() => process.kill(lockPid, 0)).not.toThrow();

    const second = startServer(dataDir, port + 1);
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain(`is in use by process ${lockPid}`);

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain("bye");
    expect(fs.existsSync(path.join(dataDir, "recanto.lock"))).toBe(false);
  }, 90_000);

  it("with PORT and no BASE_URL, a reset email's link, and where it redirects, are this server's own port", async () => {
    const ownData = fs.mkdtempSync(path.join(os.tmpdir(), "recanto-proc-port-"));
    const port = await freePort();
    const server = startServer(ownData, port, { env: { BASE_URL: "" } });
    started.push(server.child);
    try {
      await waitForHealth(`http://127.0.0.1:${port}`, server.child);
      const own = `http://localhost:${port}`;
      const res = await fetch(`${own}/esqueci-senha`, {
        method: "POST",
        headers: { origin: own, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: "hospede@recanto.dev" }),
      });
      expect(res.status).toBe(200);
      // The demo's hosts get their monthly summaries in the same outbox: the guest's email is the reset.
      const outbox = path.join(ownData, "outbox");
      const resetEmail = async () => {
        const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
        const mails = await Promise.all(files.map(async (file) => simpleParser(fs.readFileSync(path.join(outbox, file)))));
        return mails.find((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text.includes("hospede@recanto.dev"));
      };
      let mail = await resetEmail();
      for (let i = 0; i < 100 && !mail; i++) {
        await new Promise((r) => setTimeout(r, 100));
        mail = await resetEmail();
      }
      const link = /https?:\/\/\S+/.exec(mail?.text ?? "")?.[0] ?? "";
      expect(link.startsWith(`${own}/`), link).toBe(true);
      const followed = await fetch(link, { redirect: "manual" });
      expect(new URL(followed.headers.get("location") ?? "", link).href).toMatch(new RegExp(`^${own}/redefinir-senha\\?`));
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
      fs.rmSync(ownData, { recursive: true, force: true });
    }
  }, 90_000);

  it("a setting missing in production is said in one clear message, without a stack trace, and the process exits 1", () => {
    // PostgreSQL in production without AUTH_SECRET: refused before anything connects (the address is never tried).
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", DATABASE_URL: "postgres://recanto@127.0.0.1:9/recanto", DATA_DIR: dataDir, BASE_URL: "http://localhost:3000" };
    delete env.AUTH_SECRET;
    for (const args of [[], ["jobs:run"]]) {
      const run = spawnSync(process.execPath, [serverEntryPath, ...args], { env, encoding: "utf8", timeout: 30_000 });
      expect(run.stderr, args.join(" ")).toBe("Invalid configuration:\n  AUTH_SECRET: required in production (32 or more characters)\n");
      expect(run.stdout).toBe("");
      expect(run.status).toBe(1);
    }
  }, 90_000);

  it("`npm run admin:create -- email` promotes an existing account, and creates one when missing", () => {
    // Vitest puts Vite's BASE_URL ("/") into process.env; the command needs a real one.
    const env = { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, BASE_URL: "http://localhost:3000" };
    const adminCreate = (email: string) => spawnSync(process.execPath, [serverEntryPath, "admin:create", email], { env, encoding: "utf8" });
    const promote = adminCreate("hospede@recanto.dev");
    expect(promote.stderr + promote.stdout).toContain("agora é operador");
    expect(promote.status).toBe(0);
    expect(promote.stdout).toContain("hospede@recanto.dev agora é operador (admin).");

    const create = adminCreate("nova.operadora@example.com");
    expect(create.status).toBe(0);
    expect(create.stdout).toMatch(/Senha provisória .*: \S{12,}/);

    const invalid = adminCreate("não-é-email");
    expect(invalid.status).toBe(2);
    expect(invalid.stderr).toContain("Uso: npm run admin:create -- email@exemplo.com");
  }, 90_000);

  it("command-line tools read DATA_DIR from .env in the working folder (the operator lands in the configured database)", async () => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "recanto-dotenv-"));
    const configured = path.join(cwd, "dados-configurados");
    fs.writeFileSync(path.join(cwd, ".env"), `DATA_DIR=${configured}\nBASE_URL=http://localhost:3000\nSEED_DEMO=false\n`);
    // Nothing but .env names the database: no DATA_DIR, DATABASE_URL or BASE_URL in the environment.
    const { DATA_DIR: _d, DATABASE_URL: _u, BASE_URL: _b, ...env } = process.env;
    try {
      const run = spawnSync(process.execPath, [serverEntryPath, "admin:create", "operadora.env@example.com"], { cwd, env, encoding: "utf8" });
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      expect(fs.existsSync(path.join(cwd, "data"))).toBe(false);
      const client = await createPglite({ dataDir: path.join(configured, "pglite") });
      try {
        const { rows } = await client.query<{ role: string }>("SELECT role FROM users WHERE email = 'operadora.env@example.com'");
        expect(rows).toEqual([{ role: "admin" }]);
      } finally {
        await client.close();
      }
    } finally {
      fs.rmSync(cwd, { recursive: true, force: true });
    }
  }, 90_000);

  it("`npm run admin:create` runs the existing build and never rebuilds it (a running server keeps its files)", () => {
    const run = spawnSync(process.execPath, ["scripts/start.mjs", "admin:create", "não-é-email"], { encoding: "utf8" });
    expect(run.status).toBe(2);
    expect(run.stdout).not.toContain("Compilando");
    expect(run.stderr).toContain("Uso: npm run admin:create -- email@exemplo.com");
  }, 30_000);
});

/**
 * As in a container: the server runs as PID 1 of its own PID namespace (needs util-linux's unshare
 * and the right to use it); signals go to that process, and it dies if unshare is killed.
 */
const AS_PID_1 = ["unshare", "--pid", "--fork", "--mount-proc", "--kill-child"];
const pid1Of = (wrapper: ChildProcess) => Number(spawnSync("pgrep", ["-P", String(wrapper.pid)], { encoding: "utf8" }).stdout.trim());
const canRunAsPid1 = spawnSync(AS_PID_1[0]!, [...AS_PID_1.slice(1), "true"]).status === 0;

describe.runIf(engine === "pglite")("the embedded database's lock after a crash", () => {
  const dirs: string[] = [];
  const started: ChildProcess[] = [];
  const freshDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "recanto-lock-"));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const child of started) if (child.exitCode === null) child.kill("SIGKILL");
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  const seedless = { env: { SEED_DEMO: "false" } };

  it("a lock naming a live process that started at another time (a reused pid) is stale", async () => {
    const dataDir = freshDir();
    fs.writeFileSync(path.join(dataDir, "recanto.lock"), `1:999999999999`); // pid 1 lives, but did not start then
    const port = await freePort();
    const server = startServer(dataDir, port, seedless);
    started.push(server.child);
    await waitForHealth(`http://127.0.0.1:${port}`, server.child);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 150_000);

  it.runIf(canRunAsPid1)("a server that ran as PID 1 and was killed restarts as PID 1 on the same data", async () => {
    const dataDir = freshDir();
    const port = await freePort();
    const first = startServer(dataDir, port, { ...seedless, wrapper: AS_PID_1 });
    started.push(first.child);
    await waitForHealth(`http://127.0.0.1:${port}`, first.child);
    expect(fs.readFileSync(path.join(dataDir, "recanto.lock"), "utf8")).toMatch(/^1:\d+$/);
    // The container is killed: its PID 1 (the server, the child of unshare) dies with everything in it.
    process.kill(pid1Of(first.child), "SIGKILL");
    await first.exited;
    expect(fs.existsSync(path.join(dataDir, "recanto.lock"))).toBe(true);

    const second = startServer(dataDir, port, { ...seedless, wrapper: AS_PID_1 });
    started.push(second.child);
    await waitForHealth(`http://127.0.0.1:${port}`, second.child);
    process.kill(pid1Of(second.child), "SIGTERM");
    expect(await second.exited).toBe(0);
  }, 300_000);
});

describe.runIf(engine === "postgres")("several server processes starting together on an empty PostgreSQL database", () => {
  const adminUrl = process.env.DATABASE_URL!;
  const database = `${inject("postgresTemplate")}_cstart${process.pid}`; // dropped with the run's copies
  const started: ChildProcess[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "recanto-start-"));
  afterAll(() => {
    for (const child of started) if (child.exitCode === null) child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("migrate and seed the demo data once: every process comes up", async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const url = databaseUrlFor(adminUrl, database);
    const ports = [await freePort(), await freePort(), await freePort()];
    const servers = ports.map((port) => startServer(dataDir, port, { env: { DATABASE_URL: url, SEED_DEMO: "true", AUTH_SECRET: "x".repeat(40) } }));
    started.push(...servers.map((server) => server.child));
    await Promise.all(servers.map((server, i) => waitForHealth(`http://127.0.0.1:${ports[i]}`, server.child)));

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const users = await client.query<{ n: string }>("SELECT count(*) AS n FROM users");
      const properties = await client.query<{ n: string }>("SELECT count(*) AS n FROM properties");
      expect([Number(users.rows[0]!.n), Number(properties.rows[0]!.n)]).toEqual([5, 68]);
    } finally {
      await client.end();
    }
    expect(servers.filter((server) => server.output().includes("demo data seeded"))).toHaveLength(1);
    for (const server of servers) server.child.kill("SIGTERM");
    expect(await Promise.all(servers.map((server) => server.exited))).toEqual([0, 0, 0]);
  }, 120_000);
});

/** One raw HTTP/1.1 exchange on its own connection: what came back, and whether the connection was reset. */
function rawExchange(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  let failure: string | null = null;
  socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
  socket.on("error", (err: NodeJS.ErrnoException) => (failure = err.code ?? err.message));
  const connected = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  const closed = new Promise<{ status: number | null; failure: string | null }>((resolve) =>
    socket.on("close", () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1]) || null, failure })),
  );
  return { socket, connected, closed };
}

describe.runIf(engine === "pglite")("SIGTERM under load", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "recanto-drain-"));
  let server: ReturnType<typeof startServer> | undefined;
  afterAll(() => {
    if (server?.child.exitCode === null) server.child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("every request that began before the signal gets its whole answer; then the process exits 0", async () => {
    const port = await freePort();
    server = startServer(dataDir, port, { env: { SEED_DEMO: "false" } });
    await waitForHealth(`http://127.0.0.1:${port}`, server.child);

    // Pages asked for in full and forms whose body is still arriving when the signal comes; and connections whose request comes only after it.
    const pages = Array.from({ length: 40 }, () => rawExchange(port));
    const forms = Array.from({ length: 8 }, () => rawExchange(port));
    const late = Array.from({ length: 4 }, () => rawExchange(port));
    const all = [...pages, ...forms, ...late];
    await Promise.all(all.map((exchange) => exchange.connected));
    for (const { socket } of pages) socket.write(`GET /termos-uso HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`);
    const body = "theme=dark";
    for (const { socket } of forms) {
      socket.write(`POST /tema HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\ntheme`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));

    server.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const { socket } of forms) socket.end(body.slice("theme".length));
    for (const { socket } of late) socket.end(`GET /termos-uso HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);

    const outcomes = await Promise.all([...pages, ...forms].map((exchange) => exchange.closed));
    // A reset shows as its error code, a connection closed unanswered as null.
    expect(outcomes.map((outcome, i) => `${i}: ${outcome.failure ?? outcome.status}`)).toEqual(outcomes.map((_, i) => `${i}: 200`));
    // A request sent only after the signal is answered, or its connection is closed cleanly (never reset), so a client can retry it elsewhere.
    const lateOutcomes = await Promise.all(late.map((exchange) => exchange.closed));
    expect(lateOutcomes.filter((outcome) => outcome.failure !== null || ![200, null].includes(outcome.status))).toEqual([]);
    expect(await server.exited).toBe(0);
  }, 180_000);
});
