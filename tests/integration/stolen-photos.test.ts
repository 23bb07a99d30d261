import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { UPLOAD_MESSAGES } from "../../common/image-upload";
import { imageUrl } from "../../common/media";
import { fraudPhotoHashes, imageUploads, photoHashes as photoHashesTable, properties, propertyImages } from "../../server/db/schema";
import { photoHashesJob } from "../../server/jobs/jobs";
import { runJob } from "../../server/jobs/runner";
import { hashDistance, photoHashes, PHOTO_MATCH_DISTANCE } from "../../server/media/photo-hash";
import { backfillPhotoHashes, hashBands, photoMatchStatements, similarPhotos } from "../../server/media/photo-fingerprints";
import { normalizeImage, storeImageVariants } from "../../server/media/variants";
import { moderate } from "../../server/moderation/moderation";
import { deleteHostProperty } from "../../server/properties/manage";
import { signedInAs } from "../support/accounts";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertHost, insertProperty } from "../support/factories";
import type { Client } from "../support/http";
import { formBody, LISTING_FORM, postForm } from "../support/listings";
import { mirroredCopy, resizedCopy, scenePhoto } from "../support/scenes";
import { uploadPhoto } from "../support/uploads";

/** Every file and folder under a folder, relative paths, sorted: a folder left by files written then removed shows too. */
async function entriesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}

const REASON = "As fotos são de outra hospedagem, copiadas de um anúncio real.";

/** Each index is another photo-like scene: every test uses its own, so fraud flags of one never touch another. */
const scene = scenePhoto;

describe(`stolen photos: perceptual hashes, similar photos in moderation, fraud (${engine})`, async () => {
  const mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), "recanto-stolen-photos-media-"));
  afterAll(() => fs.rm(mediaDir, { recursive: true, force: true }));
  const t = useTestApp({ MEDIA_DIR: mediaDir });
  const db = () => t.app.database.db;
  const storage = () => t.app.services.storage;
  const deps = () => ({ ...t.app.services, storage: storage() });

  type Host = { client: Client; id: string };
  const premiumHost = (name: string): Promise<Host> => signedInAs(t.app, "premium-host", { name });
  let operator: Host | undefined;
  const admin = async () => (operator ??= await signedInAs(t.app, "operator", { name: "Olga Operadora" }));

  /** A listing saved through the form with these photos uploaded as the host's browser does; its id and photo keys. */
  async function listing(host: Host, title: string, photos: Buffer[]) {
    const uploads = [];
    for (const photo of photos) uploads.push(await uploadPhoto(host.client, t.app.url, photo));
    const res = await postForm(host.client, t.app.url, "/adicionar-propriedade", formBody({ ...LISTING_FORM, title }, { imageIds: uploads.map((u) => u.id) }));
    expect(res.status, await res.clone().text()).toBe(302);
    const [row] = await db()
      .select({ id: properties.id, updatedAt: properties.updatedAt })
      .from(properties)
      .where(and(eq(properties.hostId, host.id), eq(properties.title, title)));
    const images = await db().select({ storageKey: propertyImages.storageKey }).from(propertyImages).where(eq(propertyImages.propertyId, row!.id)).orderBy(asc(propertyImages.position));
    return { id: row!.id, keys: images.map((image) => image.storageKey) };
  }

  const hashRows = (keys: string[]) =>
    db()
      .select({ storageKey: photoHashesTable.storageKey, kind: photoHashesTable.kind, hash: photoHashesTable.hash })
      .from(photoHashesTable)
      .where(inArray(photoHashesTable.storageKey, keys))
      .orderBy(asc(photoHashesTable.storageKey), asc(photoHashesTable.kind));
  const fraudRows = () => db().select().from(fraudPhotoHashes);
  const stagedRows = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(imageUploads))[0]!.n;
  const matchesOf = async (id: string) => {
    const [row] = await db().select({ hostId: properties.hostId }).from(properties).where(eq(properties.id, id));
    const images = await db()
      .select({ storageKey: propertyImages.storageKey, width: propertyImages.width, height: propertyImages.height, alt: propertyImages.alt })
      .from(propertyImages)
      .where(eq(propertyImages.propertyId, id))
      .orderBy(asc(propertyImages.position));
    return similarPhotos(db(), { hostId: row!.hostId, images });
  };
  /** The page's section of similar photos (from its heading to the end of the section). */
  const matchSection = async (id: string) => {
    const res = await (await admin()).client.get(`/moderacao/${id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const start = html.indexOf("Fotos parecidas em outros anúncios");
    expect(start, "the section is drawn").toBeGreaterThan(0);
    return html.slice(start, html.indexOf("</section>", start));
  };
  const upload = (client: Client, body: Buffer) =>
    client.request("/api/imagens", { method: "POST", body: new Uint8Array(body), headers: { origin: t.app.url, "content-type": "image/jpeg" } });

  it("stores three hashes per uploaded photo under its storage key, and they follow the photo to the listing", async () => {
    const host = await premiumHost("Hana Hash");
    const photo = await scene(0);
    const uploaded = await uploadPhoto(host.client, t.app.url, photo);
    const [staged] = await db().select({ storageKey: imageUploads.storageKey }).from(imageUploads).where(eq(imageUploads.id, uploaded.id));
    const expected = await photoHashes(await normalizeImage(photo));
    expect(await hashRows([staged!.storageKey])).toEqual([
      { storageKey: staged!.storageKey, kind: "cropped", hash: expected.cropped },
      { storageKey: staged!.storageKey, kind: "mirrored", hash: expected.mirrored },
      { storageKey: staged!.storageKey, kind: "plain", hash: expected.plain },
    ]);
    // The bands the indexes read are the hash's four 16-bit parts.
    const [bands] = await db()
      .select({ band0: photoHashesTable.band0, band1: photoHashesTable.band1, band2: photoHashesTable.band2, band3: photoHashesTable.band3 })
      .from(photoHashesTable)
      .where(and(eq(photoHashesTable.storageKey, staged!.storageKey), eq(photoHashesTable.kind, "plain")));
    expect(Object.values(bands!)).toEqual(hashBands(expected.plain));

    const res = await postForm(host.client, t.app.url, "/adicionar-propriedade", formBody({ ...LISTING_FORM, title: "Cabana com hash" }, { imageIds: [uploaded.id] }));
    expect(res.status).toBe(302);
    const [image] = await db().select({ storageKey: propertyImages.storageKey }).from(propertyImages).where(eq(propertyImages.storageKey, staged!.storageKey));
    expect(image?.storageKey).toBe(staged!.storageKey);
    expect(await hashRows([staged!.storageKey])).toHaveLength(3);
  });

  it("shows an operator, side by side, another host's photos that a listing copied: resized and recompressed as 'igual', mirrored as 'espelhada'; an unrelated photo matches nothing", async () => {
    const ana = await premiumHost("Ana Original");
    const bruno = await premiumHost("Bruno Copiador");
    const original = await listing(ana, "Cabana original da serra", [await scene(1), await scene(2)]);
    const copy = await listing(bruno, "Cabana copiada da serra", [await resizedCopy(await scene(1), 0.6, 60), await mirroredCopy(await scene(2)), await scene(3)]);

    const { matches, unanalysed } = await matchesOf(copy.id);
    expect(unanalysed).toBe(0);
    expect(matches.map((m) => ({ photo: m.photo.storageKey, other: m.other.storageKey, listing: m.listing.id, how: m.how }))).toEqual([
      { photo: copy.keys[0], other: original.keys[0], listing: original.id, how: "igual" },
      { photo: copy.keys[1], other: original.keys[1], listing: original.id, how: "espelhada" },
    ]);
    for (const match of matches) expect(match.distance).toBeLessThanOrEqual(4);
    expect(matches[0]!.listing).toEqual({ id: original.id, title: "Cabana original da serra", status: "pending", hostName: "Ana Original" });

    const section = await matchSection(copy.id);
    expect(section.match(/Foto do outro anúncio/g)).toHaveLength(2);
    // Both photos of each pair, the other listing linked with its host and status, and how they matched.
    for (const key of [...copy.keys.slice(0, 2), ...original.keys]) expect(section).toContain(imageUrl(key, 800));
    expect(section).not.toContain(imageUrl(copy.keys[2]!, 800));
    expect(section).toContain(`href="/moderacao/${original.id}"`);
    expect(section).toContain("Cabana original da serra");
    expect(section).toContain("Ana Original");
    expect(section).toContain("Aguardando análise");
    expect(section).toContain(">igual<");
    expect(section).toContain(">espelhada<");
    expect(section).toMatch(/\(distância \d de 64 bits\)/);

    // And from the original's page, the copy.
    const other = await matchSection(original.id);
    expect(other).toContain("Cabana copiada da serra");
    expect(other).toContain("Bruno Copiador");

    // Only operators see the page (and so the section): the copier gets the site's 404.
    const page = await bruno.client.get(`/moderacao/${copy.id}`);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain("Fotos parecidas");
  });

  it("says so when no other host has a similar photo", async () => {
    const carla = await premiumHost("Carla Única");
    const own = await listing(carla, "Chalé sem igual", [await scene(4)]);
    expect(await matchesOf(own.id)).toEqual({ matches: [], unanalysed: 0 });
    const section = await matchSection(own.id);
    expect(section).toContain("Nenhuma foto parecida foi encontrada em anúncios de outros anfitriões.");
    expect(section).not.toContain("ainda não");
  });

  it("never matches a host's photos with the same host's other listings", async () => {
    const dora = await premiumHost("Dora Duas Casas");
    const first = await listing(dora, "Casa da Dora no lago", [await scene(5)]);
    const second = await listing(dora, "Casa da Dora de novo", [await resizedCopy(await scene(5), 0.5, 70)]);
    const [a, b] = await hashRows([first.keys[0]!, second.keys[0]!]).then((rows) => rows.filter((row) => row.kind === "plain"));
    expect(hashDistance(a!.hash, b!.hash)).toBeLessThanOrEqual(PHOTO_MATCH_DISTANCE);
    expect((await matchesOf(second.id)).matches).toEqual([]);
    expect(await matchSection(second.id)).toContain("Nenhuma foto parecida foi encontrada");
  });

  it("the photo-hashes job hashes listing photos stored without hashes from their stored files, is idempotent and stops when aborted", async () => {
    const legacyHost = await insertHost(db(), { name: "Lia Antiga" });
    const keys = ["legacy/lia-1", "legacy/lia-2"];
    await storeImageVariants(storage(), keys[0]!, await scene(6));
    // A smaller photo: its files are named by every width all the same.
    await storeImageVariants(storage(), keys[1]!, await resizedCopy(await scene(7), 0.5));
    const legacy = await insertProperty(
      db(),
      legacyHost.id,
      { title: "Pousada antiga", status: "pending" },
      [...keys, "legacy/sem-arquivos"].map((storageKey) => ({ storageKey, width: 1200, height: 800, alt: "" })),
    );
    expect(await hashRows(keys)).toEqual([]);
    expect(await matchSection(legacy.id)).toContain("3 fotos ainda não foram analisadas.");

    // Aborted before it starts: nothing done.
    const aborted = new AbortController();
    aborted.abort();
    expect(await backfillPhotoHashes(db(), storage(), aborted.signal)).toBe(0);
    expect(await hashRows(keys)).toEqual([]);

    // The two photos with files (every other photo was hashed at upload); the one without files is left.
    expect(await runJob(deps(), photoHashesJob)).toEqual({ ran: true, count: 2 });
    const rows = await hashRows(keys);
    expect(rows.map((row) => `${row.storageKey} ${row.kind}`)).toEqual(keys.flatMap((key) => ["cropped", "mirrored", "plain"].map((kind) => `${key} ${kind}`)));
    // Read back from the stored 1200-wide WebP, the hash is within a few bits of the original's.
    const original = await photoHashes(await normalizeImage(await scene(6)));
    expect(hashDistance(rows.find((row) => row.storageKey === keys[0] && row.kind === "plain")!.hash, original.plain)).toBeLessThanOrEqual(4);
    // Again: nothing left to hash (the photo without files is tried and left), and nothing changed.
    expect(await runJob(deps(), photoHashesJob)).toEqual({ ran: true, count: 0 });
    expect(await hashRows(keys)).toEqual(rows);
    expect(await matchSection(legacy.id)).toContain("1 foto ainda não foi analisada.");

    // A copy uploaded by another host now matches it.
    const copier = await premiumHost("Caio Copiador");
    const copy = await listing(copier, "Pousada nova (copiada)", [await resizedCopy(await scene(6), 0.75, 80)]);
    const section = await matchSection(copy.id);
    expect(section).toContain("Pousada antiga");
    expect(section).toContain(imageUrl(keys[0]!, 800));
  });

  it("refusing a listing with the fraud box refuses that photo at upload, and a resized or mirrored copy, with nothing stored; the hashes outlive the listing", async () => {
    const scammer = await premiumHost("Golpista Gomes");
    const scam = await listing(scammer, "Chalé bom demais", [await scene(8), await scene(9)]);
    const [pending] = await db().select({ updatedAt: properties.updatedAt }).from(properties).where(eq(properties.id, scam.id));
    // The checkbox is on the refusal form.
    const page = await (await admin()).client.get(`/moderacao/${scam.id}`);
    expect(await page.text()).toContain('name="fraud"');
    const res = await (await admin()).client.post(`/moderacao/${scam.id}`, { intent: "reject", reason: REASON, fraud: "on", reviewedAt: pending!.updatedAt.toISOString() });
    expect(res.status).toBe(302);
    expect((await db().select({ status: properties.status }).from(properties).where(eq(properties.id, scam.id)))[0]?.status).toBe("rejected");
    const flagged = await fraudRows();
    expect(flagged.filter((row) => row.propertyId === scam.id).map((row) => `${row.storageKey} ${row.kind}`).sort()).toEqual(
      scam.keys.flatMap((key) => ["cropped", "mirrored", "plain"].map((kind) => `${key} ${kind}`)).sort(),
    );

    const other = await premiumHost("Outra Pessoa");
    const expectRefused = async (photo: Buffer) => {
      const rowsBefore = await stagedRows();
      const filesBefore = await entriesUnder(mediaDir);
      const hashesBefore = (await db().select({ n: sql<number>`count(*)::int` }).from(photoHashesTable))[0]!.n;
      const answer = await upload(other.client, photo);
      expect({ status: answer.status, message: ((await answer.json()) as { message: string }).message }).toEqual({ status: 422, message: UPLOAD_MESSAGES.fraud });
      expect(await stagedRows()).toBe(rowsBefore);
      // Refused before anything is written: not even the uploader's folder appears (storing then removing would leave it).
      expect(await entriesUnder(mediaDir)).toEqual(filesBefore);
      expect((await db().select({ n: sql<number>`count(*)::int` }).from(photoHashesTable))[0]!.n).toBe(hashesBefore);
    };
    await expectRefused(await scene(8));
    await expectRefused(await resizedCopy(await scene(9), 0.5, 70));
    await expectRefused(await mirroredCopy(await scene(8)));
    // The scammer too, of course.
    expect((await upload(scammer.client, await scene(9))).status).toBe(422);
    // Another photo is welcome.
    expect((await upload(other.client, await scene(10))).status).toBe(201);

    // The listing deleted: its photos' hashes go with their files, the fraud hashes stay.
    expect(await deleteHostProperty(db(), storage(), scammer.id, scam.id)).toBe(true);
    expect(await hashRows(scam.keys)).toEqual([]);
    const kept = (await fraudRows()).filter((row) => scam.keys.includes(row.storageKey));
    expect(kept).toHaveLength(6);
    expect(kept.every((row) => row.propertyId === null)).toBe(true);
    await expectRefused(await scene(8));
  });

  it("refusing without the fraud box blocks nothing", async () => {
    const host = await premiumHost("Fábio Honesto");
    const refusedListing = await listing(host, "Cabana com fotos escuras", [await scene(11)]);
    const before = (await fraudRows()).length;
    const res = await (await admin()).client.post(`/moderacao/${refusedListing.id}`, { intent: "reject", reason: "As fotos estão escuras demais, envie fotos de dia." });
    expect(res.status).toBe(302);
    expect((await fraudRows()).length).toBe(before);
    const other = await premiumHost("Gina Gêmea");
    expect((await upload(other.client, await scene(11))).status).toBe(201);
  });

  it("taking a published listing down for fraud hashes its photos the job had not reached yet, and reports those it could not", async () => {
    const host = await insertHost(db(), { name: "Publicado Antigo" });
    await storeImageVariants(storage(), "legacy/publicado-1", await scene(12));
    const published = await insertProperty(db(), host.id, { title: "Casa publicada falsa", status: "approved" }, [
      { storageKey: "legacy/publicado-1", width: 1200, height: 800, alt: "" },
      { storageKey: "legacy/publicado-sem-arquivos", width: 1200, height: 800, alt: "" },
    ]);
    const result = await moderate(t.app.services, (await admin()).id, published.id, { kind: "unpublish", reason: REASON, fraud: true });
    expect(result.ok && result.value.fraud).toEqual({ flagged: 1, unhashed: 1 });
    const other = await premiumHost("Hugo Honesto");
    const answer = await upload(other.client, await resizedCopy(await scene(12), 0.8, 75));
    expect(answer.status).toBe(422);
    expect(((await answer.json()) as { message: string }).message).toBe(UPLOAD_MESSAGES.fraud);
  });

  it("finds candidates through the band indexes, never by reading every hash", async () => {
    const own = await db()
      .select({ kind: photoHashesTable.kind, hash: photoHashesTable.hash })
      .from(photoHashesTable)
      .limit(6);
    expect(own.length).toBeGreaterThan(0);
    const plans = await db().transaction(async (tx) => {
      // Tiny test tables are cheaper to scan; forbid that to see whether the indexes can serve the searches at all.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const explain = async (statement: { getSQL(): unknown }) => {
        const result = (await tx.execute(sql`EXPLAIN ${statement}`)) as unknown as { rows: Record<string, string>[] };
        return result.rows.map((row) => Object.values(row)[0]).join("\n");
      };
      const hashes = { plain: own[0]!.hash, mirrored: own[1]!.hash, cropped: own[2]!.hash };
      return { similar: await explain(photoMatchStatements.similar(db(), own, "someone")), fraud: await explain(photoMatchStatements.fraud(db(), hashes)) };
    });
    expect(plans.similar).not.toMatch(/Seq Scan on photo_hashes/);
    for (const band of [0, 1, 2, 3]) expect(plans.similar).toContain(`photo_hashes_band${band}_idx`);
    expect(plans.fraud).not.toMatch(/Seq Scan on fraud_photo_hashes/);
    for (const band of [0, 1, 2, 3]) expect(plans.fraud).toContain(`fraud_photo_hashes_band${band}_idx`);
  });
});
