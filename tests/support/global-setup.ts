import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import pg from "pg";
import { createDiskStorage } from "../../server/adapters/storage";
import { bootstrap } from "../../server/bootstrap";
import { ensureDemoImages } from "../../server/seed/demo-images";
import { seedDemoData } from "../../server/seed/demo";
import type { TestProject } from "vitest/node";
import { createPglite, openPostgres, wrapPglite } from "../../server/db/client";
import { chromePath, hasChromium } from "./browser";
import { databaseUrlFor } from "./postgres-url";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The PGlite template plus the demo accounts and catalogue (browser tests). */
    pgliteDemoTemplate: string;
    postgresTemplate: string;
    /** Shared folder with the demo illustrations, drawn once and reused across runs. */
    mediaDir: string;
  }
}

/** The illustrations only change when their drawing code or the stored variants do: cache them by that code's hash. */
async function demoMediaDir() {
  const hash = createHash("sha256");
  for (const file of ["server/seed/demo-scenes.ts", "server/media/variants.ts", "common/media.ts"]) hash.update(await fs.readFile(path.resolve(file)));
  const dir = path.join(os.tmpdir(), "recanto-demo-media", hash.digest("hex").slice(0, 12));
  await ensureDemoImages(createDiskStorage(dir));
  return dir;
}

/**
 * Migrates one database per run and hands tests a template to clone: a PGlite data-dir dump,
 * and on PostgreSQL a template database (CREATE DATABASE … TEMPLATE …).
 */
export default async function setup(project: TestProject) {
  if (project.name === "e2e" && !hasChromium) {
    console.warn(
      `\n!!! BROWSER TESTS SKIPPED: no Chromium at ${chromePath}. Install it with \`apt-get install -y chromium\` or set CHROME_PATH. !!!\n`,
    );
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "recanto-test-"));
  const pglite = await createPglite();
  const db = wrapPglite(pglite);
  await db.migrate();
  const dump = await pglite.dumpDataDir("none");
  const templateFile = path.join(dir, "template.tar");
  await fs.writeFile(templateFile, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", templateFile);
  const mediaDir = await demoMediaDir();
  project.provide("mediaDir", mediaDir);

  let demoFile = "";
  if (project.name === "e2e") {
    const services = await bootstrap({
      env: { NODE_ENV: "test", DATA_DIR: dir, MEDIA_DIR: mediaDir, LOG_LEVEL: "silent", BASE_URL: "http://127.0.0.1" },
      database: db,
    });
    await seedDemoData(services);
    await db.analyze();
    demoFile = path.join(dir, "demo.tar");
    await fs.writeFile(demoFile, Buffer.from(await (await pglite.dumpDataDir("none")).arrayBuffer()));
  }
  await pglite.close();
  project.provide("pgliteDemoTemplate", demoFile);

  let cleanupPostgres = async () => {};
  if (project.name.endsWith("postgres")) {
    const adminUrl = process.env.DATABASE_URL!;
    const template = `recanto_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const tplDb = openPostgres(databaseUrlFor(adminUrl, template), 1);
    await tplDb.migrate();
    await tplDb.close();
    project.provide("postgresTemplate", template);
    cleanupPostgres = async () => {
      const { rows } = await admin.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE $1",
        [`${template}_c%`],
      );
      for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  } else {
    project.provide("postgresTemplate", "");
  }

  return async () => {
    await cleanupPostgres();
    await fs.rm(dir, { recursive: true, force: true });
  };
}
