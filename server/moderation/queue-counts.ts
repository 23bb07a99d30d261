import type { Db } from "../db/client";
import { pendingVerificationCount } from "../trust/identity";
import { pendingCount } from "./moderation";

/** How many wait in each of the operators' queues. */
export async function queueCounts(db: Db) {
  const [listings, identities] = await Promise.all([pendingCount(db), pendingVerificationCount(db)]);
  return { listings, identities };
}
