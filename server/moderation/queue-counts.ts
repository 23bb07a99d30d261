import type { Db } from "../db/client";
import { pendingVerificationCount } from "../trust/identity";
import { openReportTargets } from "../trust/reports";
import { pendingCount } from "./moderation";

/** How many wait in each of the operators' queues. */
export async function queueCounts(db: Db) {
  const [listings, identities, reports] = await Promise.all([pendingCount(db), pendingVerificationCount(db), openReportTargets(db)]);
  return { listings, identities, reports };
}
