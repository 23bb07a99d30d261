import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createPglite } from "../../server/db/client";
import { serverEntryPath } from "../support/app";
import { engine } from "../support/database";

function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, [serverEntryPath], {
    env: { ...process.env, DATABASE_URL: "", NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, MEDIA_DIR: inject("mediaDir"), BASE_URL: `http://127.0.0.1:${port}` },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(url: string, child: ChildProcess) {
  for (let i = 0; i < 150; i++) {
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
    const port = 3900 + Math.floor(Math.random() * 90);
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
    const lockPid = Number(fs.readFileSync(path.join(dataDir, "recanto.lock"), "utf8"));
    expect(() => process.kill(lockPid, 0)).not.toThrow();

    const second = startServer(dataDir, port + 1);
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain(`is in use by process ${lockPid}`);

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain("bye");
    expect(fs.existsSync(path.join(dataDir, "recanto.lock"))).toBe(false);
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
