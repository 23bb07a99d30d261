import { isOperator, type Viewer } from "../accounts/guards";
import type { Db } from "../db/client";
import { findPendingProperty } from "./properties";

/**
 * A listing awaiting approval, for the only people who may see it before it is public: its host
 * and operators (with their second factor, decision 015). Null for everyone else, who get the same
 * 404 as for a listing that does not exist. Signed-out visitors and guests cost no query.
 */
export async function pendingPreview(db: Db, viewer: Viewer | null, key: string) {
  if (!viewer || (viewer.userType !== "host" && !isOperator(viewer))) return null;
  const found = await findPendingProperty(db, key);
  if (!found) return null;
  const { hostId, ...property } = found;
  if (hostId === viewer.id) return { property, viewer: "host" as const };
  return isOperator(viewer) ? { property, viewer: "operator" as const } : null;
}
