import type { Mailer } from "../adapters/email";
import type { Storage } from "../adapters/storage";
import type { Config } from "../config";
import { LOCKS, type Database, type Db } from "../db/client";
import type { Logger } from "../logger";

/** What a job works with; `signal` aborts at shutdown: a job stops between two batches. */
export interface JobContext {
  db: Db;
  storage: Storage;
  config: Config;
  mailer: Mailer;
  /** The time the job's rules read (services.clock: tests move it). */
  now(): Date;
  signal: AbortSignal;
}

export interface Job {
  /** Its name on the command line (`jobs:run NAME`) and in the log. */
  name: string;
  /** What its count counts, in Portuguese, for the command's output ("envios nunca salvos removidos"). */
  counts: string;
  /** How often the server runs it (also once at start). */
  everyMs: number;
  /**
   * Its work is a set of rows each run leases for itself (connected calendars): every process runs
   * it at once, sharing the work, instead of one process at a time.
   */
  leasesItsWork?: true;
  /** Does the work once and returns how many things it handled. */
  run(context: JobContext): Promise<number>;
}

export interface JobDeps {
  database: Database;
  storage: Storage;
  config: Config;
  logger: Logger;
  mailer: Mailer;
  clock: { now(): Date };
}

export type JobOutcome = { ran: true; count: number } | { ran: false };

/**
 * Runs a job once unless another process is running it (Database.unlessHeldElsewhere: on
 * PostgreSQL an advisory lock on the job's name, let go if the process dies; PGlite allows a single
 * process per data directory). The work runs in transactions of its own.
 */
export async function runJob(deps: JobDeps, job: Job, signal: AbortSignal = new AbortController().signal): Promise<JobOutcome> {
  const context: JobContext = { db: deps.database.db, storage: deps.storage, config: deps.config, mailer: deps.mailer, now: () => deps.clock.now(), signal };
  if (job.leasesItsWork) return { ran: true, count: await job.run(context) };
  const outcome = await deps.database.unlessHeldElsewhere(LOCKS.job(job.name), () => job.run(context));
  return outcome.ran ? { ran: true, count: outcome.value } : { ran: false };
}

/**
 * Runs every job at once and then every `everyMs` in this process (timers that do not keep the
 * process alive; a run still going when the next is due is not doubled). `stop` aborts the runs
 * under way and waits for them to end, so the database can be closed after it.
 */
export function scheduleJobs(deps: JobDeps, jobs: readonly Job[]): { stop(): Promise<void> } {
  const abort = new AbortController();
  const running = new Set<Promise<void>>();
  const timers = jobs.map((job) => {
    let busy = false;
    const tick = () => {
      if (busy || abort.signal.aborted) return;
      busy = true;
      const run = runJob(deps, job, abort.signal)
        .then((outcome) => {
          if (!outcome.ran) deps.logger.debug({ job: job.name }, "job skipped: another process is running it");
          else if (outcome.count > 0) deps.logger.info({ job: job.name, count: outcome.count }, "job done");
        })
        .catch((err: unknown) => deps.logger.error({ err, job: job.name }, "job failed; it runs again at its next turn"))
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    };
    tick();
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    return timer;
  });
  return {
    async stop() {
      abort.abort();
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running);
    },
  };
}
