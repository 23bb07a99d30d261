import type { AppOptions } from "./app";
import { createApp } from "./app";
import { bootstrap } from "./bootstrap";
import { scheduleStaleUploadCleanup } from "./media/uploads";
import { seedDemoData } from "./seed/demo";

/** Starts the web server: bootstrap, demo data on a first local start, background cleanup, listen, and a clean stop on SIGINT/SIGTERM. */
export async function serve(options: AppOptions & { onClose?: () => Promise<void> }) {
  const services = await bootstrap();
  const { config, database, logger } = services;
  if (config.seedDemo) await seedDemoData(services);
  await database.analyze();
  // Images uploaded for a property form that was never saved: removed within a day (see server/media/uploads.ts).
  const stopUploadCleanup = scheduleStaleUploadCleanup({ db: database.db, storage: services.storage, logger });

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
    await options.onClose?.();
    logger.info("bye");
    process.exit(0);
  }
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}
