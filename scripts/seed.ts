/**
 * npm run seed -- --count 100000
 * Adds N generated, approved listings to the configured database (PGlite in DATA_DIR, or
 * DATABASE_URL) for load tests. The server must not be running on the same PGlite directory.
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { hasUsers } from "../server/accounts/users";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { createLogger } from "../server/logger";
import { countPublicProperties, ensureBulkHosts, insertBulkProperties, parseCount, readMunicipalities } from "../server/seed/bulk";
import { seedDemoData } from "../server/seed/demo";
import { ensureDemoImages } from "../server/seed/demo-images";
import { createServices } from "../server/services";

const USAGE = "Uso: npm run seed -- --count 100000";

let count: number;
try {
  const { values } = parseArgs({ options: { count: { type: "string" } }, strict: true });
  const parsed = parseCount(values.count);
  if (!parsed.ok) throw new Error(parsed.message);
  count = parsed.count;
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}

if (fs.existsSync(".env")) process.loadEnvFile(".env");
const config = loadConfig();
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

let database;
try {
  database = await openDatabase(config);
} catch (err) {
  console.error((err as Error).message); // e.g. the server holds the PGlite directory
  process.exit(1);
}
const where = database.engine === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite em ${config.DATA_DIR}`;
const services = createServices(config, database, createLogger("warn"));
try {
  const started = performance.now();
  await database.migrate();
  // An empty local database gets the usual first-start demo (accounts and 68 listings) first,
  // exactly as the server would; the bulk listings belong to password-less hosts.
  if (config.seedDemo && !(await hasUsers(database.db))) await seedDemoData(services);
  const hosts = await ensureBulkHosts(database.db);
  console.log("Preparando as ilustrações…");
  const pool = await ensureDemoImages(services.storage);
  const locations = readMunicipalities();

  console.log(`Inserindo ${count.toLocaleString("pt-BR")} anúncios em ${where}…`);
  const inserting = performance.now();
  let lastReport = 0;
  const inserted = await insertBulkProperties(database.db, {
    count,
    hosts,
    pool,
    locations,
    seed: Date.now() >>> 0,
    onProgress: (done) => {
      if (done === count || performance.now() - lastReport > 2000) {
        lastReport = performance.now();
        const rate = Math.round(done / ((performance.now() - inserting) / 1000));
        console.log(`  ${done.toLocaleString("pt-BR")} / ${count.toLocaleString("pt-BR")} (${rate.toLocaleString("pt-BR")} por segundo)`);
      }
    },
  });
  console.log(`Inseridos em ${seconds(inserting)}. Atualizando as estatísticas (ANALYZE)…`);
  const analyzing = performance.now();
  await database.analyze();
  console.log(`ANALYZE em ${seconds(analyzing)}.`);
  const total = await countPublicProperties(database.db);
  const skipped = count - inserted;
  console.log(
    `Pronto: ${inserted.toLocaleString("pt-BR")} anúncios novos${skipped ? ` (${skipped} ignorados por colisão de slug)` : ""}, ` +
      `${total.toLocaleString("pt-BR")} públicos no total, em ${seconds(started)}.`,
  );
} finally {
  await services.close();
}
