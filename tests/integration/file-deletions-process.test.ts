import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { allVariantKeys } from "../../common/media";
import { createPglite } from "../../server/db/client";
import { DEMO_PASSWORD } from "../../server/seed/demo";
import { listingCardFile } from "../../server/sharing/listing-cards";
import { serverEntryPath } from "../support/app";
import { createTestDatabase, engine } from "../support/database";
import { Client } from "../support/http";
import { photoJpeg } from "../support/images";
import { formBody, LISTING_FORM, ownListingIds, postForm } from "../support/listings";
import { freePort } from "../support/ports";
import { databaseUrlFor } from "../support/postgres-url";

/**
 * The built server as a real process, killed with SIGKILL while hosts upload, save, edit and delete
 * listings and while its start-up cleanup removes stale uploads, three times over; then started
 * again and the jobs run once. No stored file may be left without a row naming it, and no row
 * without its files.
 */
describe(`a server killed at any moment leaves no orphan file and no orphan row (${engine})`, () => {
  let port = 0;
  let url = "";
  const children: ChildProcess[] = [];
  let dataDir = "";
  let mediaDir = "";
  let databaseUrl = ""; // empty: the embedded database in dataDir

  beforeAll(async () => {
    port = await freePort();
    url = `http://127.0.0.1:${port}`;
    dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "recanto-kill-data-"));
    mediaDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "recanto-kill-media-"));
    // The demo illustrations, already drawn (only them: other tests upload into the shared folder).
    await fs.promises.cp(path.join(inject("mediaDir"), "demo"), path.join(mediaDir, "demo"), { recursive: true });
    if (engine === "postgres") {
      const database = await createTestDatabase();
      const result = (await database.db.execute(sql`SELECT current_database() AS name`)) as unknown as { rows: [{ name: string }] };
      databaseUrl = databaseUrlFor(process.env.DATABASE_URL!, result.rows[0].name);
      await database.close();
    }
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await fs.promises.rm(dataDir, { recursive: true, force: true });
    await fs.promises.rm(mediaDir, { recursive: true, force: true });
  });

  const env = () => ({
    ...process.env,
    DATABASE_URL: databaseUrl,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    MEDIA_DIR: mediaDir,
    BASE_URL: url,
    SEED_DEMO: "true",
    AUTH_SECRET: "segredo-de-teste-com-mais-de-32-caracteres",
    LOG_LEVEL: "info",
  });

  async function startServer() {
    const child = spawn(process.execPath, [serverEntryPath], { env: env(), stdio: ["ignore", "pipe", "pipe"] });
    children.push(child);
    let output = "";
    child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    // The first start creates and seeds the database: on a busy machine that takes a while.
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
      if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) break;
      if (i > 1200) throw new Error(`the server did not become healthy:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return { child, exited, output: () => output };
  }

  /** SQL on the database while no server runs (the embedded one is opened directly). */
  async function query<T>(text: string): Promise<T[]> {
    if (engine === "postgres") {
      const pg = await import("pg");
      const client = new pg.default.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return (await client.query(text)).rows as T[];
      } finally {
        await client.end();
      }
    }
    const client = await createPglite({ dataDir: path.join(dataDir, "pglite") });
    try {
      return (await client.query<T>(text)).rows;
    } finally {
      await client.close();
    }
  }

  /** Every upload staged so far becomes older than the 12 hours the cleanup waits for. */
  const ageStagedUploads = () => query("UPDATE image_uploads SET created_at = created_at - interval '13 hours'");

  const photo = photoJpeg(1200, 800);
  /** A staged upload (id and the folder its files are in), or null once the server is gone. */
  async function upload(client: Client): Promise<{ id: string; folder: string } | null> {
    const res = await client.request("/api/imagens", { method: "POST", body: new Uint8Array(await photo), headers: { origin: url, "content-type": "image/jpeg" } });
    if (res.status !== 201) return null;
    const staged = (await res.json()) as { id: string; url: string };
    return { id: staged.id, folder: path.join(mediaDir, path.dirname(staged.url.slice("/media/".length))) };
  }
  const uploadIds = async (client: Client, count: number) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push((await upload(client))!.id);
    return ids;
  };

  const create = async (host: Client, imageIds: string[]) => (await postForm(host, url, "/adicionar-propriedade", formBody(LISTING_FORM, { imageIds }))).status;
  const edit = async (host: Client, id: string, imageIds: string[]) => (await postForm(host, url, `/editar-propriedade/${id}`, formBody(LISTING_FORM, { imageIds }))).status;
  const remove = async (host: Client, id: string) => (await postForm(host, url, "/api/propriedades", new URLSearchParams({ intent: "delete", id }))).status;

  /**
   * A host's turn: a new listing with two photos, a photo left staged (never saved), an edit that
   * replaces every photo of a listing (demo illustrations included) by a new one, a deletion.
   */
  async function hostTurn(host: Client) {
    expect(await create(host, await uploadIds(host, 2))).toBe(302);
    await upload(host);
    const [edited, deleted] = await ownListingIds(host);
    expect(await edit(host, edited!, await uploadIds(host, 1))).toBe(302);
    expect(await remove(host, deleted!)).toBe(200);
  }

  /**
   * Each host saves three listings of three photos, then deletes them and replaces the photo of a
   * fourth, all at once; the server is killed the moment the first of those files disappears from
   * the disk, with the other deletions committed or under way.
   */
  async function burstThenKill(server: { child: ChildProcess; exited: Promise<number | null> }, hosts: Client[]) {
    const folders = new Set<string>();
    const starts = await Promise.all(
      hosts.map(async (host) => {
        for (let i = 0; i < 3; i++) expect(await create(host, await uploadIds(host, 3))).toBe(302);
        const replacement = (await upload(host))!;
        folders.add(replacement.folder);
        const [a, b, c, d] = await ownListingIds(host);
        return () => [remove(host, a!), remove(host, b!), remove(host, c!), edit(host, d!, [replacement.id])];
      }),
    );
    const killed = new Promise<void>((resolve) => {
      const watchers = [...folders].map((folder) =>
        fs.watch(folder, () => {
          server.child.kill("SIGKILL");
          for (const watcher of watchers) watcher.close();
          resolve();
        }),
      );
    });
    const requests = starts.flatMap((start) => start());
    await Promise.race([killed, Promise.allSettled(requests)]);
    server.child.kill("SIGKILL");
    await Promise.allSettled(requests);
    await server.exited;
  }

  it("killed three times mid-work, started again and the jobs run: every file belongs to a row, every row has its files", async () => {
    for (let round = 0; round < 3; round++) {
      const server = await startServer(); // at start the stale-uploads job removes what the previous round left staged
      const hosts = await Promise.all(
        ["anfitriao@recanto.dev", "bruno@recanto.dev", "carla@recanto.dev"].map(async (email) => {
          const client = new Client(url);
          expect((await client.post("/login", { email, password: DEMO_PASSWORD })).status).toBe(302);
          return client;
        }),
      );
      await Promise.all(hosts.map(hostTurn));
      await burstThenKill(server, hosts);
      await ageStagedUploads();
    }

    const server = await startServer();
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toContain("job failed");
    await ageStagedUploads();
    const jobs = spawnSync(process.execPath, [serverEntryPath, "jobs:run"], { env: env(), encoding: "utf8" });
    expect(jobs.stderr).toBe("");
    expect(jobs.status).toBe(0);
    expect(jobs.stdout).toMatch(
      /^stale-uploads: \d+ envios de imagens nunca salvos removidos\.\nlisting-cards: \d+ imagens de compartilhamento de anúncios desenhadas\.\nfile-deletions: \d+ exclusões pendentes de arquivos de imagem concluídas\.\ncalendar-feeds: 0 calendários conectados sincronizados\.\nphoto-hashes: \d+ fotos de anúncios analisadas\.\nreview-invitations: 0 convites para avaliar hospedagens enviados\.\nresponse-questions: 0 perguntas “O anfitrião respondeu\?” enviadas\.\nold-footprints: 0 registros de origem antigos apagados\.\nold-views: 0 visualizações antigas apagadas\.\ninsights-summary: \d+ resumos mensais de desempenho enviados\.\n$/,
    );

    expect(await query("SELECT storage_key FROM file_deletions")).toEqual([]);
    expect(await query("SELECT storage_key FROM image_uploads")).toEqual([]);
    const named = (await query<{ storage_key: string }>("SELECT DISTINCT storage_key FROM property_images")).map((row) => row.storage_key);
    expect(named.some((key) => key.startsWith("uploads/")), "listings saved with uploaded photos").toBe(true);

    const stored = (await fs.promises.readdir(mediaDir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(mediaDir, path.join(entry.parentPath, entry.name)));
    const orphanRows = named.filter((key) => allVariantKeys(key).some((file) => !stored.includes(file)));
    const cards = (await query<{ storage_key: string }>("SELECT storage_key FROM listing_cards")).map((row) => listingCardFile(row.storage_key));
    const rowFiles = new Set([...named.flatMap(allVariantKeys), ...cards]);
    // The demo illustrations (demo/…) are a fixed set the seed draws, shown by any number of listings.
    const orphanFiles = stored.filter((file) => !rowFiles.has(file) && !/^demo\/[a-z0-9-]+-(400|800|1200)\.(webp|jpg)$/.test(file));
    expect({ orphanRows, orphanFiles }, "rows whose files are missing, files no row names").toEqual({ orphanRows: [], orphanFiles: [] });
  }, 600_000);
});
