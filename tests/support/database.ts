import fs from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { createPglite, openPostgres, wrapPglite, type Database } from "../../server/db/client";
import { databaseUrlFor } from "./postgres-url";

export const engine = (process.env.TEST_DB ?? "pglite") as "pglite" | "postgres";

let counter = 0;

/** A fresh, migrated database cloned from the run's template: PGlite in memory, or a new PostgreSQL database. */
export async function createTestDatabase(options: { demo?: boolean } = {}): Promise<Database> {
  if (engine === "postgres") {
    const adminUrl = process.env.DATABASE_URL!;
    // Named after the template so the run's teardown finds and drops every copy.
    const template = inject("postgresTemplate");
    const name = `${template}_c${process.pid}_${counter++}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    } finally {
      await admin.end();
    }
    return openPostgres(databaseUrlFor(adminUrl, name), 5);
  }
  if (options.demo && !inject("pgliteDemoTemplate")) throw new Error("The demo template is made for the e2e project only.");
  const dump = await fs.readFile(inject(options.demo ? "pgliteDemoTemplate" : "pgliteTemplate"));
  const client = await createPglite({ loadDataDir: new Blob([dump]) });
  return wrapPglite(client);
}
