import http from "node:http";
import net, { type Socket } from "node:net";
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
  let accepted = 0;
  // Keep-alive connections waiting between two requests: ended at once when stopping. A connection
  // whose first request has not been read yet is not among them: that request began before the signal.
  const betweenRequests = new Set<Socket>();
  const server = http.createServer();
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
  server.on("connection", (socket: Socket) => {
    accepted++;
    socket.on("close", () => betweenRequests.delete(socket));
  });
  server.prependListener("request", (req, res) => {
    betweenRequests.delete(req.socket);
    // While stopping, every answer asks the client to close its connection, and it ends with the answer.
    if (stopping) res.setHeader("Connection", "close");
    res.on("finish", () => (stopping ? req.socket.end() : betweenRequests.add(req.socket)));
  });
  server.on("request", createApp(services, options));
  server.listen(config.PORT, config.HOST, () => {
    logger.info({ url: config.BASE_URL, port: config.PORT, database: database.engine }, "Recanto is listening");
  });

  /**
   * Under load Node accepts queued connections a few per turn of the event loop, and closing the
   * listener resets the ones still queued: requests that began before the signal. So keep accepting
   * until a whole turn brings no new connection (at most 2 s, in case clients keep coming).
   */
  async function acceptQueuedConnections() {
    const since = performance.now();
    let seen: number;
    do {
      seen = accepted;
      await new Promise((resolve) => setTimeout(resolve, 10));
    } while (accepted !== seen && performance.now() - since < 2000);
  }

  /**
   * Stop accepting connections, let the requests under way finish (up to SHUTDOWN_TIMEOUT_MS), then
   * close the database and the other services.
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
    await acceptQueuedConnections();
    // Stop listening as net.Server does: http.Server's close() would also close every connection
    // without a request under way, fresh ones whose first request is not read yet included.
    const drained = new Promise<boolean>((resolve) => net.Server.prototype.close.call(server, () => resolve(true)));
    for (const socket of betweenRequests) socket.end();
    const deadline = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), config.SHUTDOWN_TIMEOUT_MS).unref());
    if (!(await Promise.race([drained, deadline]))) {
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
