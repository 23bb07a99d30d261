import http from "node:http";
import net, { type Socket } from "node:net";
import type { AppOptions } from "./app";
import { createApp } from "./app";
import { bootstrap } from "./bootstrap";
import { JOBS } from "./jobs/jobs";
import { scheduleJobs } from "./jobs/runner";
import { seedDemoData } from "./seed/demo";

/**
 * Idle keep-alive connections stay open longer than load balancers keep theirs (AWS ALB 60 s,
 * nginx 75 s upstream keepalive is set by the proxy): the balancer, not us, closes an idle
 * connection, so it never sends a request on a socket we are closing.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** On shutdown, how long a connection that has sent nothing yet is kept for its first request. */
const SILENT_CONNECTION_GRACE_MS = 1000;

/** Starts the web server: bootstrap, demo data on a first local start, background jobs, listen, and a graceful stop on SIGINT/SIGTERM. */
export async function serve(options: AppOptions & { onClose?: () => Promise<void> }) {
  const services = await bootstrap();
  const { config, database, logger } = services;
  // A rejected promise nobody handles is a bug, but it leaves no state half-changed (unlike an
  // uncaught exception, which still ends the process): log it and keep serving everyone else
  // (docs/decisions/011-dependency-faults.md).
  process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "unhandled promise rejection: the process keeps serving"));
  if (config.seedDemo) await seedDemoData(services);
  // PGlite never gathers planner statistics by itself; PostgreSQL's autovacuum does, and an ANALYZE of
  // the whole database at every start was half of a process's cold start at 100,000 listings (1.45 s).
  if (database.engine === "pglite") await database.analyze();
  // Background jobs (stale uploads, files listed for deletion): now and on their intervals; with
  // several processes on PostgreSQL, one at a time runs each (server/jobs/runner.ts).
  const jobs = scheduleJobs(services, JOBS);

  let stopping = false;
  let accepted = 0;
  // Every open connection: the process exits when none is left (or at the deadline).
  const open = new Set<Socket>();
  let allClosed = () => {};
  // Keep-alive connections waiting between two requests: ended at once when stopping. A connection
  // whose first request has not been read yet is not among them: that request may have begun before the signal.
  const betweenRequests = new Set<Socket>();
  const server = http.createServer();
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
  server.on("connection", (socket: Socket) => {
    accepted++;
    open.add(socket);
    socket.on("close", () => {
      open.delete(socket);
      betweenRequests.delete(socket);
      if (stopping && open.size === 0) allClosed();
    });
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
   * A connection that has sent nothing a second after the signal carries no request that began
   * before it (a browser's spare connection, say): it is closed rather than kept to the deadline.
   */
  function endSilentConnections() {
    setTimeout(() => {
      for (const socket of open) if (socket.bytesRead === 0) socket.end();
    }, SILENT_CONNECTION_GRACE_MS).unref();
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
    const jobsStopped = jobs.stop(); // runs under way end after their current batch, before the database closes
    await acceptQueuedConnections();
    // Stop listening as net.Server does: http.Server's close() would also close every connection
    // without a request under way, fresh ones whose first request is not read yet included. Its
    // callback is no measure of the connections still open (it may come while some are), so they are counted here.
    net.Server.prototype.close.call(server);
    const drained = new Promise<boolean>((resolve) => {
      allClosed = () => resolve(true);
      if (open.size === 0) resolve(true);
    });
    for (const socket of betweenRequests) socket.end();
    endSilentConnections();
    const deadline = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), config.SHUTDOWN_TIMEOUT_MS).unref());
    if (!(await Promise.race([drained, deadline]))) {
      logger.warn("requests still under way at the shutdown deadline: closing their connections");
      server.closeAllConnections();
    }
    await jobsStopped;
    await services.close();
    await options.onClose?.();
    logger.info("bye");
    process.exit(0);
  }
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}
