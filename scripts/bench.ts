/**
 * npm run bench — time to first byte of the home page, served by the production build in this
 * process, on embedded PGlite and (when DATABASE_URL is set) on PostgreSQL.
 * Run `npm run build` first. Results are printed, never asserted.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import type { ServerBuild } from "react-router";
import { createApp } from "../server/app";
import { loadConfig } from "../server/config";
import { createPglite, openPostgres, wrapPglite, type Database } from "../server/db/client";
import { createLogger } from "../server/logger";
import { seedDemoData } from "../server/seed/demo";
import { createServices } from "../server/services";

const REQUESTS = 20;
const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;

function ttfb(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    http
      .get(url, (res) => {
        res.once("data", () => resolve(Number(process.hrtime.bigint() - started) / 1e6));
        res.resume();
      })
      .on("error", reject);
  });
}

async function measure(label: string, database: Database) {
  await database.migrate();
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = loadConfig({ NODE_ENV: "production", BASE_URL: url, DATA_DIR: os.tmpdir(), LOG_LEVEL: "silent" });
  const services = createServices(config, database, createLogger("silent"));
  await seedDemoData(services);
  server.on("request", createApp(services, { build, clientDir: path.resolve("build/client") }));
  for (let i = 0; i < 5; i++) await ttfb(url); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < REQUESTS; i++) samples.push(await ttfb(url));
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!.toFixed(1);
  console.log(`${label.padEnd(10)} GET /  TTFB over ${REQUESTS} requests: median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
  server.closeAllConnections();
  server.close();
  await services.close();
}

await measure("PGlite", wrapPglite(await createPglite()));

if (process.env.DATABASE_URL) {
  const name = `recanto_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    await measure("PostgreSQL", openPostgres(url.toString()));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
} else {
  console.log("PostgreSQL skipped: set DATABASE_URL to measure it too.");
}
