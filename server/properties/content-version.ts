import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { publicContentVersion } from "../db/schema";

/** Read before every anonymous page: prepared once per database, as building the query costs more than running it. */
const statements = new WeakMap<Db, ReturnType<typeof prepare>>();

const prepare = (db: Db) =>
  db.select({ version: publicContentVersion.version }).from(publicContentVersion).where(eq(publicContentVersion.id, 1)).prepare("public_content_version");

/**
 * The number of the catalogue's public state (migration 0013): it moves, in the same transaction,
 * with every write to a listing, its photos or its host's public name and photo.
 */
export async function currentContentVersion(db: Db): Promise<number> {
  let statement = statements.get(db);
  if (!statement) statements.set(db, (statement = prepare(db)));
  const [row] = await statement.execute();
  return row!.version;
}
