import http from "node:http";
import type { AppOptions } from "./app";
import { createApp } from "./app";
import { bootstrap } from "./bootstrap";
import { scheduleStaleUploadCleanup } from "./media/uploads";
import { seedDemoData } from "./seed/demo";

/**
 * Idle keep-alive connections stay open longer than load balancers keep theirs (AWS ALB 60 s,
 * nginx 75 s upstream keepalive is set by the proxy): the balancer, not us, closes an idle
 * connection, so it never sends a request on a socket we are closing.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Starts the web server: bootstrap, demo data on a first local start, background cleanup, listen, and a graceful stop on SIGINT/SIGTERM. */
export async function serve(options: AppOptions & { onClose?: () => Promise<void> }) {
  const services = await bootstrap();
  const { config, database, logger } = services;
  if (config.seedDemo) await seedDemoData(services);
  await database.analyze();
  // Images uploaded for a property form that was never saved: removed within a day (see server/media/uploads.ts).
  const stopUploadCleanup = scheduleStaleUploadCleanup({ db: database.db, storage: services.storage, logger });

  let stopping = false;
  const server = http.createServer();
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
  // While stopping, every answer asks the client to close its connection, so none is reused.
  server.prependListener("request", (_req, res) => {
    if (stopping) res.setHeader("Connection", "close");
  });
  server.on("request", createApp(services, options));
  server.listen(config.PORT, config.HOST, () => {
    logger.info({ url: config.BASE_URL, port: config.PORT, database: database.engine }, "Recanto is listening");
  });

  /**
   * Stop accepting connections, let the requests under way finish (up to SHUTDOWN_TIMEOUT_MS), then
   * close the database and the other services. Idle keep-alive connections are closed at once.
   */
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, "shutting down: finishing the requests under way");
    const force = setTimeout(() => {
      logger.error("shutdown timed out; exiting");
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS + 10_000);
    force.unref();
    const drained = new Promise<boolean>((resolve) => server.close(() => resolve(true)));
    // A connection whose answer began before the signal stays open for keep-alive once it is sent:
    // close each as soon as it falls idle.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    server.closeIdleConnections();
    const deadline = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), config.SHUTDOWN_TIMEOUT_MS).unref());
    const finished = await Promise.race([drained, deadline]);
    clearInterval(sweep);
    if (!finished) {
      logger.warn("requests still under way at the shutdown deadline: closing their connections");
      server.closeAllConnections();
    }
    stopUploadCleanup();
    await services.close();
    await options.onClose?.();
    logger.info("bye");
    process.exit(0);
  }
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}
