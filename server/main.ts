import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createApp, type AppOptions } from "./app";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { createLogger } from "./logger";
import { scheduleStaleUploadCleanup } from "./media/uploads";
import { seedDemoData } from "./seed/demo";
import { createServices } from "./services";

if (fs.existsSync(".env")) process.loadEnvFile(".env");

const dev = process.argv.includes("--dev");
const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL);

const database = await openDatabase(config, (err) => logger.warn({ err }, "a PostgreSQL connection was lost; the pool opens a new one"));
await database.migrate();
const services = createServices(config, database, logger);
if (config.seedDemo) await seedDemoData(services);
await database.analyze();
// Images uploaded for a property form that was never saved: removed within a day (see server/media/uploads.ts).
const stopUploadCleanup = scheduleStaleUploadCleanup({ db: database.db, storage: services.storage, logger });

let options: AppOptions;
if (dev) {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  options = {
    build: () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    devMiddleware: viteServer.middlewares,
  };
} else {
  // BUILD_DIR: the folder `npm run build` wrote (parallel work trees keep their own), build/ by default.
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  options = {
    build: (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild,
    clientDir: path.join(buildDir, "client"),
  };
}

const server = createApp(services, options).listen(config.PORT, config.HOST, () => {
  logger.info({ url: config.BASE_URL, port: config.PORT, database: database.engine }, "Recanto is listening");
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down");
  const force = setTimeout(() => {
    logger.error("shutdown timed out; exiting");
    process.exit(1);
  }, 10_000);
  force.unref();
  server.close();
  server.closeIdleConnections();
  await new Promise((r) => setTimeout(r, 200));
  server.closeAllConnections();
  stopUploadCleanup();
  await services.close();
  logger.info("bye");
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
