import type { Db } from "../db/client";
import { pendingVerificationCount } from "../trust/identity";
import { reportQueueCount } from "../trust/reports";
import { pendingCount } from "./moderation";

/** How many wait in each of the operators' queues (reviews held for an operator wait in the reports queue). */
export async function queueCounts(db: Db) {
  const [listings, identities, reports] = await Promise.all([pendingCount(db), pendingVerificationCount(db), reportQueueCount(db)]);
  return { listings, identities, reports };
}
