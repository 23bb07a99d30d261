import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { engine } from "../support/database";

const tsx = path.resolve("node_modules/.bin/tsx");

function startServer(dataDir: string, port: number) {
  const child = spawn(tsx, ["server/main.ts"], {
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
    // tsx runs the server in a child process: the lock holds that process's pid.
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
    const promote = spawnSync(tsx, ["scripts/admin-create.ts", "hospede@recanto.dev"], { env, encoding: "utf8" });
    expect(promote.stderr + promote.stdout).toContain("agora é operador");
    expect(promote.status).toBe(0);
    expect(promote.stdout).toContain("hospede@recanto.dev agora é operador (admin).");

    const create = spawnSync(tsx, ["scripts/admin-create.ts", "nova.operadora@example.com"], { env, encoding: "utf8" });
    expect(create.status).toBe(0);
    expect(create.stdout).toMatch(/Senha provisória .*: \S{12,}/);

    const invalid = spawnSync(tsx, ["scripts/admin-create.ts", "não-é-email"], { env, encoding: "utf8" });
    expect(invalid.status).toBe(2);
    expect(invalid.stderr).toContain("Uso: npm run admin:create -- email@exemplo.com");
  }, 90_000);
});
