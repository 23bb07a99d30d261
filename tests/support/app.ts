import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, inject } from "vitest";
import type { Database } from "../../server/db/client";
import type * as ServerEntry from "../../server/index";
import type { Services } from "../../server/services";
import { createTestDatabase } from "./database";
import { startTileServer, type TileServer } from "./tiles";

export interface TestApp {
  url: string;
  services: Services;
  database: Database;
  dataDir: string;
  /** The local map tile stand-in every map of this app draws from (no test reaches a tile service). */
  tiles: TileServer;
  /** Emails written to the outbox, oldest first; `headers` by lower-case name, unfolded. */
  outbox(): Promise<{ to: string; subject: string; text: string; html: string; headers: Map<string, string> }[]>;
  close(): Promise<void>;
}

/** The built server entry (BUILD_DIR lets parallel work trees keep their own build). */
export const serverEntryPath = path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js");
/** The same app built with React's development code (`npm run build:dev`), which reports every hydration mismatch. */
export const developmentServerEntryPath = path.resolve(process.env.DEV_BUILD_DIR ?? "build-dev", "server/index.js");

export interface TestAppOptions {
  /** The demo accounts and catalogue (browser tests only). */
  demo?: boolean;
  /** The server entry to run: the production build unless told. */
  entry?: string;
}

/**
 * The real server (production build: Express, routes, domain and better-auth in one module graph)
 * on a random port, with its own fresh database and outbox. `npm test` builds first; run
 * `npm run build` before running tests alone.
 */
export async function startTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const { bootstrap, createApp, serverBuild, clientDir } = (await import(options.entry ?? serverEntryPath)) as typeof ServerEntry;
  const database = await createTestDatabase(options);
  const tiles = await startTileServer();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "recanto-app-"));
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const services = await bootstrap({
    env: { NODE_ENV: "test", BASE_URL: url, DATA_DIR: dataDir, MEDIA_DIR: inject("mediaDir"), LOG_LEVEL: "silent", MAP_TILE_URL: tiles.template, ...env },
    database,
  });
  server.on("request", createApp(services, { build: serverBuild, clientDir }));

  return {
    url,
    services,
    database,
    dataDir,
    tiles,
    async outbox() {
      const dir = path.join(dataDir, "outbox");
      const files = (await fs.readdir(dir).catch(() => [] as string[])).sort();
      return Promise.all(
        files.map(async (f) => {
          const mail = await simpleParser(await fs.readFile(path.join(dir, f)));
          const headers = new Map(mail.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(":") + 1).replace(/\r?\n[ \t]+/g, " ").trim()]));
          return { to: mail.to && !Array.isArray(mail.to) ? mail.to.text : "", subject: mail.subject ?? "", text: mail.text ?? "", html: mail.html || "", headers };
        }),
      );
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await services.close();
      await tiles.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** One real server with a fresh database for a describe block: `const t = useTestApp(); … t.app.url`. */
export function useTestApp(env?: Record<string, string>) {
  const handles = {} as { app: TestApp };
  beforeAll(async () => {
    handles.app = await startTestApp(env);
  });
  afterAll(() => handles.app?.close());
  return handles;
}
