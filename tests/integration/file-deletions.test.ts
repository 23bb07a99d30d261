import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { allVariantKeys } from "../../common/media";
import { deleteAccount } from "../../server/accounts/personal-data";
import type { Storage } from "../../server/adapters/storage";
import { LOCKS, openPostgres } from "../../server/db/client";
import { fileDeletions, imageUploads, properties, propertyImages, users } from "../../server/db/schema";
import { fileDeletionsJob } from "../../server/jobs/jobs";
import { runJob, scheduleJobs, type Job } from "../../server/jobs/runner";
import { removeStaleUploads } from "../../server/media/uploads";
import { storeImageVariants } from "../../server/media/variants";
import { deleteHostProperty } from "../../server/properties/manage";
import { signedInAs } from "../support/accounts";
import { serverEntryPath, useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertHost, insertProperty } from "../support/factories";
import type { Client } from "../support/http";
import { solidPng } from "../support/images";
import { formBody, LISTING_FORM, postForm } from "../support/listings";
import { databaseUrlFor } from "../support/postgres-url";
import { uploadPhoto } from "../support/uploads";

describe(`files are removed only after their rows, through the list of files to delete (${engine})`, async () => {
  const mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), "recanto-deletions-media-"));
  afterAll(() => fs.rm(mediaDir, { recursive: true, force: true }));
  const t = useTestApp({ MEDIA_DIR: mediaDir });
  const db = () => t.app.database.db;
  const storage = () => t.app.services.storage;
  const deps = () => ({ ...t.app.services, storage: storage() });

  /** How many of the image's six files are stored. */
  const storedFiles = async (storageKey: string) => (await Promise.all(allVariantKeys(storageKey).map((file) => storage().exists(file)))).filter(Boolean).length;
  const listed = () => db().select({ storageKey: fileDeletions.storageKey }).from(fileDeletions);

  /** A listing with `photos` uploaded photos, saved through the form; its id and photo keys. */
  async function listingWithPhotos(client: Client, hostId: string, photos: number) {
    const uploads = [];
    for (let i = 0; i < photos; i++) uploads.push(await uploadPhoto(client, t.app.url));
    const res = await postForm(client, t.app.url, "/adicionar-propriedade", formBody(LISTING_FORM, { imageIds: uploads.map((u) => u.id) }));
    expect(res.status).toBe(302);
    const [listing] = await db().select({ id: properties.id }).from(properties).where(eq(properties.hostId, hostId));
    const images = await db().select({ id: propertyImages.id, storageKey: propertyImages.storageKey }).from(propertyImages).where(eq(propertyImages.propertyId, listing!.id));
    return { id: listing!.id, images };
  }

  it("a failure after the rows are deleted changes nothing: rows and files stay, since the list is written in the deleting transaction", async () => {
    const host = await signedInAs(t.app, "premium-host");
    const listing = await listingWithPhotos(host.client, host.id, 2);
    const staged = await uploadPhoto(host.client, t.app.url);
    await db().update(imageUploads).set({ createdAt: new Date(Date.now() - 13 * 60 * 60 * 1000) }).where(eq(imageUploads.id, staged.id));
    const [stagedRow] = await db().select().from(imageUploads).where(eq(imageUploads.id, staged.id));
    const keys = [...listing.images.map((image) => image.storageKey), stagedRow!.storageKey];

    // Writing the list fails: everything the same transaction deleted must come back.
    await db().execute(sql.raw(`CREATE FUNCTION refuse_file_deletions() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the list of files to delete is unavailable'; END $$`));
    await db().execute(sql.raw(`CREATE TRIGGER refuse_file_deletions BEFORE INSERT ON file_deletions FOR EACH STATEMENT EXECUTE FUNCTION refuse_file_deletions()`));
    try {
      const deleting = await postForm(host.client, t.app.url, "/api/propriedades", new URLSearchParams({ intent: "delete", id: listing.id }));
      expect(deleting.status).toBe(500);
      const editing = await postForm(host.client, t.app.url, `/editar-propriedade/${listing.id}`, formBody(LISTING_FORM, { imageIds: [listing.images[0]!.id] }));
      expect(editing.status).toBe(500);
      await expect(removeStaleUploads(db(), storage(), new Date(Date.now() - 12 * 60 * 60 * 1000))).rejects.toThrow();
      await expect(deleteAccount(db(), storage(), host.id)).rejects.toThrow();

      expect(await db().select({ id: users.id }).from(users).where(eq(users.id, host.id))).toHaveLength(1);
      expect(await db().select({ id: properties.id }).from(properties).where(eq(properties.id, listing.id))).toHaveLength(1);
      expect(await db().select({ id: propertyImages.id }).from(propertyImages).where(eq(propertyImages.propertyId, listing.id))).toHaveLength(2);
      expect(await db().select({ id: imageUploads.id }).from(imageUploads).where(eq(imageUploads.id, staged.id))).toHaveLength(1);
      for (const key of keys) expect(await storedFiles(key), key).toBe(6);
    } finally {
      await db().execute(sql.raw(`DROP TRIGGER refuse_file_deletions ON file_deletions`));
      await db().execute(sql.raw(`DROP FUNCTION refuse_file_deletions()`));
    }

    expect(await deleteAccount(db(), storage(), host.id)).toBe(true);
    for (const key of keys) expect(await storedFiles(key), key).toBe(0);
    expect(await listed()).toEqual([]);
  });

  it("a process that stops after the rows are gone leaves the files listed, and the file-deletion job removes them", async () => {
    const host = await signedInAs(t.app, "premium-host");
    const listing = await listingWithPhotos(host.client, host.id, 2);
    const keys = listing.images.map((image) => image.storageKey).sort();
    // The process dies (or the bucket is unreachable) right after the transaction commits.
    const dying: Storage = {
      ...storage(),
      remove: () => Promise.reject(new Error("the process ended before removing the files")),
    };
    expect(await deleteHostProperty(db(), dying, host.id, listing.id)).toBe(true);
    expect(await db().select().from(propertyImages).where(eq(propertyImages.propertyId, listing.id))).toEqual([]);
    for (const key of keys) expect(await storedFiles(key)).toBe(6);
    expect((await listed()).map((entry) => entry.storageKey).sort()).toEqual(keys);

    expect(await runJob(deps(), fileDeletionsJob)).toEqual({ ran: true, count: 2 });
    for (const key of keys) expect(await storedFiles(key)).toBe(0);
    expect(await listed()).toEqual([]);
  });

  it("keeps a file while another listing shows it (shared demo illustrations), and removes it with the last one", async () => {
    const { id: hostId } = await insertHost(db());
    const shared = { storageKey: "demo/teste-compartilhada-1", width: 400, height: 300, alt: "Ilustração" };
    await storeImageVariants(storage(), shared.storageKey, await solidPng(400, 300));
    const first = await insertProperty(db(), hostId, {}, [shared]);
    const second = await insertProperty(db(), hostId, {}, [shared]);

    expect(await deleteHostProperty(db(), storage(), hostId, first.id)).toBe(true);
    expect(await storedFiles(shared.storageKey)).toBe(6);
    expect(await listed()).toEqual([]);
    expect(await deleteHostProperty(db(), storage(), hostId, second.id)).toBe(true);
    expect(await storedFiles(shared.storageKey)).toBe(0);
  });

  it("the server's schedule runs each job at once, never twice at a time, and stop() waits for a run under way", async () => {
    let runs = 0;
    let aborted = false;
    const job: Job = {
      name: "teste-agenda",
      counts: "execuções",
      everyMs: 5,
      run: ({ signal }) =>
        new Promise((resolve) => {
          runs += 1;
          signal.addEventListener("abort", () => {
            aborted = true;
            setTimeout(() => resolve(1), 20);
          });
        }),
    };
    const schedule = scheduleJobs(deps(), [job]);
    await new Promise((resolve) => setTimeout(resolve, 50)); // ten turns of its interval go by while the first run waits
    expect(runs).toBe(1);
    await schedule.stop();
    expect(aborted).toBe(true);
  });

  describe.runIf(engine === "postgres")("on PostgreSQL, one process at a time runs a job", () => {
    /** The test app's database, for other connections than its pool's. */
    async function databaseUrl() {
      const result = (await db().execute(sql`SELECT current_database() AS name`)) as unknown as { rows: [{ name: string }] };
      return databaseUrlFor(process.env.DATABASE_URL!, result.rows[0].name);
    }

    it("a second process skips a job another runs (advisory lock), not the other jobs, and runs it once it is free", async () => {
      const url = await databaseUrl();
      const other = openPostgres(url, 2);
      try {
        let release!: () => void;
        let started!: () => void;
        const running = new Promise<void>((resolve) => (started = resolve));
        const blocking: Job = {
          name: "teste-exclusivo",
          counts: "execuções",
          everyMs: 60_000,
          run: () => {
            started();
            return new Promise((resolve) => (release = () => resolve(1)));
          },
        };
        const quick: Job = { ...blocking, name: "teste-rapido", run: () => Promise.resolve(1) };
        const first = runJob(deps(), blocking);
        await running;
        const otherDeps = { ...deps(), database: other };
        expect(await runJob(otherDeps, { ...blocking, run: () => Promise.resolve(1) })).toEqual({ ran: false });
        expect(await runJob(otherDeps, quick)).toEqual({ ran: true, count: 1 });
        release();
        expect(await first).toEqual({ ran: true, count: 1 });
        expect(await runJob(otherDeps, { ...blocking, run: () => Promise.resolve(2) })).toEqual({ ran: true, count: 2 });
      } finally {
        await other.close();
      }
    });

    it("`jobs:run` in another process skips a job the server process is running", async () => {
      const url = await databaseUrl();
      // A session holding the job's lock stands for a server running it.
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      try {
        const lock = LOCKS.job("file-deletions");
        await holder.query("SELECT pg_advisory_lock($1, hashtext($2))", [lock.space, lock.name]);
        const env = { ...process.env, DATABASE_URL: url, BASE_URL: "http://localhost:3000", DATA_DIR: t.app.dataDir, MEDIA_DIR: mediaDir, NODE_ENV: "test" };
        const run = spawnSync(process.execPath, [serverEntryPath, "jobs:run"], { env, encoding: "utf8" });
        expect(run.stderr).toBe("");
        expect(run.status).toBe(0);
        expect(run.stdout).toContain("stale-uploads: 0 envios de imagens nunca salvos removidos.");
        expect(run.stdout).toContain("file-deletions: ignorada, outro processo está executando esta tarefa agora.");
      } finally {
        await holder.end();
      }
    }, 60_000);
  });
});
