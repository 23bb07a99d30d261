import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "./logger";

/**
 * Work done after the answer, because waiting for it would tell the client something (how long
 * an account's email takes reveals that the account exists). It starts a moment later, once the
 * answer is usually out: started at once, it would compete with rendering that very answer (on
 * the event loop and the database) and slow it down just the same. Failures are logged; closing
 * the process waits for what is still pending, so a shutdown does not drop a reset email.
 */
export interface Background {
  run(what: string, task: () => Promise<unknown>): void;
  /** Resolves once nothing is pending any more. */
  settled(): Promise<void>;
}

/** Longer than rendering an answer takes on a busy server (tens of milliseconds), short enough for an email. */
const START_AFTER_MS = 250;

export function createBackground(logger: Logger): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(what, task) {
      const done: Promise<void> = sleep(START_AFTER_MS)
        .then(task)
        .then(
          () => {},
          (err: unknown) => logger.error({ err }, `${what} failed`),
        )
        .finally(() => pending.delete(done));
      pending.add(done);
    },
    async settled() {
      while (pending.size) await Promise.all(pending);
    },
  };
}
