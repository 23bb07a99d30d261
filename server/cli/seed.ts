import { parseArgs } from "node:util";
import { hasUsers } from "../accounts/users";
import { bootstrap } from "../bootstrap";
import { municipalityLabels } from "../cities/cities";
import { countPublicProperties, ensureBulkHosts, insertBulkProperties, parseCount } from "../seed/bulk";
import { seedDemoData } from "../seed/demo";
import { ensureDemoImages } from "../seed/demo-images";

const USAGE = "Uso: npm run seed -- --count 100000";
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/**
 * `seed --count N`: adds N generated, approved listings to the configured database (PGlite in
 * DATA_DIR, or DATABASE_URL) for load tests. The server must not be running on the same PGlite directory.
 */
export async function seed(args: string[]): Promise<number> {
  let count: number;
  try {
    const { values } = parseArgs({ args, options: { count: { type: "string" } }, strict: true });
    const parsed = parseCount(values.count);
    if (!parsed.ok) throw new Error(parsed.message);
    count = parsed.count;
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }

  const started = performance.now();
  let services;
  try {
    services = await bootstrap({ logLevel: "warn" });
  } catch (err) {
    console.error((err as Error).message); // e.g. the server holds the PGlite directory
    return 1;
  }
  const { config, database } = services;
  const where = database.engine === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite em ${config.DATA_DIR}`;
  try {
    // An empty local database gets the usual first-start demo (accounts and 68 listings) first,
    // exactly as the server would; the bulk listings belong to password-less hosts.
    if (config.seedDemo && !(await hasUsers(database.db))) await seedDemoData(services);
    const hosts = await ensureBulkHosts(database.db);
    console.log("Preparando as ilustrações…");
    const pool = await ensureDemoImages(services.storage);
    const locations = municipalityLabels();

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
    return 0;
  } finally {
    await services.close();
  }
}
