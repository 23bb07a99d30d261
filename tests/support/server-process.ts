import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "../../server/db/client";
import { serverEntryPath } from "./app";
import { freePort } from "./ports";
import { databaseUrlFor } from "./postgres-url";

/**
 * Server processes of the production build on one PostgreSQL test database, each with its own port
 * and data directory (its outbox): for claims about several processes. `stop` kills them and
 * removes their directories.
 */
export function serverProcesses(database: () => Database, env: Record<string, string> = {}) {
  const children: ChildProcess[] = [];
  const dataDirs: string[] = [];
  return {
    dataDirs,
    async start() {
      const port = await freePort();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "recanto-process-"));
      dataDirs.push(dataDir);
      const [{ name }] = ((await database().db.execute(sql`SELECT current_database() AS name`)) as unknown as { rows: [{ name: string }] }).rows;
      const child = spawn(process.execPath, [serverEntryPath], {
        env: {
          ...process.env,
          NODE_ENV: "test",
          DATABASE_URL: databaseUrlFor(process.env.DATABASE_URL!, name),
          PORT: String(port),
          BASE_URL: `http://127.0.0.1:${port}`,
          DATA_DIR: dataDir,
          SEED_DEMO: "false",
          AUTH_SECRET: "segredo-de-teste-com-mais-de-32-caracteres",
          LOG_LEVEL: "warn",
          ...env,
        },
        stdio: "ignore",
      });
      children.push(child);
    },
    stop() {
      for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
