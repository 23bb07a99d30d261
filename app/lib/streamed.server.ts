import type { AppLoadContext } from "react-router";
import { markIncomplete } from "@server/http/page-cache";
import { noteUnavailable } from "@server/http/unavailable";

/**
 * A promise a loader returns for React Router to stream to the page (shown through <Await>, whose
 * errorElement is the error state). A failure is logged (a dependency's outage at warn, anything
 * else as a bug) and reaches the page as a bare error, without the details; the page is then not kept for other visitors.
 *
 * It is marked as handled from the start: when another loader of the same page fails (the root's
 * session lookup while the database is down), React Router renders the error boundary and never
 * awaits this promise, and an unhandled rejection would end the process.
 */
export function streamed<T>(work: Promise<T>, context: AppLoadContext, what: string, details: object = {}): Promise<T> {
  const result = work.catch((err: unknown) => {
    markIncomplete(context);
    if (!noteUnavailable(context, err, context.services.logger)) context.services.logger.error({ err, ...details }, `${what} failed`);
    throw new Error(`${what} failed`);
  });
  result.catch(() => {});
  return result;
}
