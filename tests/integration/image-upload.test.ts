import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from "../../common/image-upload";
import { allVariantKeys, IMAGE_WIDTHS, imageUrl, variantKey } from "../../common/media";
import { deleteAccount } from "../../server/accounts/personal-data";
import { createDiskStorage, type Storage } from "../../server/adapters/storage";
import { imageUploads } from "../../server/db/schema";
import { uploadTempDir } from "../../server/http/image-upload";
import { claimUploads, removeStaleUploads, stageUpload, UploadClaimError } from "../../server/media/uploads";
import { signedInAs } from "../support/accounts";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { Client } from "../support/http";
import { exifHasGps, photoJpeg, pngBomb, solidPng } from "../support/images";

/** Every file under a folder, relative paths, sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

interface RawAnswer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * A POST written chunk by chunk with node:http, which (unlike fetch) reports the server's answer
 * even when the server closes the connection before reading the whole body.
 */
function rawPost(url: string, headers: Record<string, string>, chunks: Iterable<Buffer>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: "POST", headers });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, body, headers: res.headers }));
      res.on("error", reject);
    });
    req.on("error", reject);
    const iterator = chunks[Symbol.iterator]();
    const pump = () => {
      for (let next = iterator.next(); !next.done; next = iterator.next()) {
        if (req.destroyed) return;
        if (!req.write(next.value)) {
          req.once("drain", pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

function* repeated(chunk: Buffer, times: number) {
  for (let i = 0; i < times; i++) yield chunk;
}

/** A POST whose body is only begun: its first bytes are sent, the rest never comes unless abort() ends it. */
function startedPost(url: string, headers: Record<string, string>, first: Buffer) {
  const req = http.request(url, { method: "POST", headers });
  req.on("error", () => {}); // the abort below
  req.write(first);
  return { abort: () => req.destroy() };
}

/** Waits (checking every 20 ms, 20 s at most) until `check` holds; fails the test if it never does. */
async function until(what: string, check: () => Promise<boolean>) {
  for (let i = 0; i < 1000; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`never happened: ${what}`);
}

describe(`image uploads: POST /api/imagens, staging and claiming (${engine})`, async () => {
  const mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), "recanto-upload-media-"));
  afterAll(() => fs.rm(mediaDir, { recursive: true, force: true }));
  // One upload decoded at a time and 8 more under way at most: 9 begun uploads fill the process.
  const t = useTestApp({ MEDIA_DIR: mediaDir, UPLOAD_CONCURRENCY: "1" });
  const temporaryFiles = () => filesUnder(uploadTempDir(t.app.dataDir));
  const db = () => t.app.database.db;
  const upload = (client: Client, body: Buffer, type = "image/jpeg", origin = t.app.url) =>
    client.request("/api/imagens", { method: "POST", body: new Uint8Array(body), headers: { origin, "content-type": type } });

  const stagedRows = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(imageUploads))[0]!.n;

  /** Runs a refused upload and checks that nothing was stored or left: no row, no file, no temporary file. */
  async function expectRefused(send: () => Promise<{ status: number; message: string }>, status: number, message: string) {
    const rowsBefore = await stagedRows();
    const filesBefore = await filesUnder(mediaDir);
    const answer = await send();
    expect(answer).toEqual({ status, message });
    expect(await stagedRows()).toBe(rowsBefore);
    expect(await filesUnder(mediaDir)).toEqual(filesBefore);
    expect(await temporaryFiles()).toEqual([]);
  }

  const answerOf = async (res: Response) => ({ status: res.status, message: ((await res.json()) as { message: string }).message });

  it("takes a 12-megapixel phone photo: every width in WebP and JPEG, upright, no metadata (GPS included), staged for the host", async () => {
    const host = await signedInAs(t.app, "premium-host");
    const photo = await photoJpeg(4000, 3000, { gps: true });
    const source = await sharp(photo).metadata();
    expect(exifHasGps(source.exif)).toBe(true);

    const res = await upload(host.client, photo);
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as { id: string; url: string; width: number; height: number };
    expect(body).toMatchObject({ width: 1200, height: 900 });

    const [row] = await db().select().from(imageUploads).where(eq(imageUploads.id, body.id));
    expect(row).toMatchObject({ userId: host.id, width: 1200, height: 900 });
    expect(row!.storageKey).toMatch(new RegExp(`^uploads/${host.id}/[a-z0-9]+$`, "i"));
    expect(body.url).toBe(imageUrl(row!.storageKey, 800, "webp"));

    const stored = await filesUnder(mediaDir);
    expect(stored.filter((f) => f.startsWith(row!.storageKey))).toEqual(allVariantKeys(row!.storageKey).sort());
    expect(await temporaryFiles(), "the body's temporary file is removed before the answer").toEqual([]);
    for (const [format, ext] of [
      ["webp", "webp"],
      ["jpeg", "jpg"],
    ] as const) {
      for (const width of IMAGE_WIDTHS) {
        const file = await fs.readFile(path.join(mediaDir, `${row!.storageKey}-${width}.${ext}`));
        const meta = await sharp(file).metadata();
        expect(meta, `${width} ${format}`).toMatchObject({ format, width, height: (width * 3) / 4 });
        expect(meta.exif, "EXIF (GPS) stripped").toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.icc).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
      }
    }

    // Served from /media with a year of immutable caching, in both formats.
    for (const format of ["webp", "jpeg"] as const) {
      const served = await fetch(`${t.app.url}${imageUrl(row!.storageKey, 400, format)}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(format === "webp" ? "image/webp" : "image/jpeg");
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      await served.arrayBuffer();
    }
  });

  it("turns a photo upright by its EXIF orientation, records its true size and never enlarges it", async () => {
    const host = await signedInAs(t.app, "premium-host");
    const res = await upload(host.client, await photoJpeg(600, 400, { orientation: 6, gps: true }));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; width: number; height: number };
    expect(body).toMatchObject({ width: 400, height: 600 });
    const [row] = await db().select().from(imageUploads).where(eq(imageUploads.id, body.id));
    for (const width of IMAGE_WIDTHS) {
      const meta = await sharp(path.join(mediaDir, variantKey(row!.storageKey, width, "jpeg"))).metadata();
      // 400 wide at most: the 800 and 1200 files are the photo at its own size.
      expect([meta.width, meta.height, meta.exif]).toEqual([400, 600, undefined]);
    }
  });

  it("takes PNG (transparent areas white in the JPEG fallback, kept in WebP) and WebP, whatever the Content-Type label says", async () => {
    const host = await signedInAs(t.app, "premium-host");
    const png = await upload(host.client, await solidPng(800, 600, true), "image/png");
    expect(png.status).toBe(201);
    const pngBody = (await png.json()) as { id: string; width: number; height: number };
    expect(pngBody).toMatchObject({ width: 800, height: 600 });
    const [pngRow] = await db().select().from(imageUploads).where(eq(imageUploads.id, pngBody.id));
    const jpeg = await sharp(path.join(mediaDir, variantKey(pngRow!.storageKey, 400, "jpeg"))).metadata();
    expect([jpeg.format, jpeg.channels, jpeg.hasAlpha]).toEqual(["jpeg", 3, false]);
    const webp = await sharp(path.join(mediaDir, variantKey(pngRow!.storageKey, 400, "webp"))).metadata();
    expect([webp.format, webp.hasAlpha]).toEqual(["webp", true]);

    const webpSource = await sharp(await solidPng(300, 200)).webp().toBuffer();
    // Labelled JPEG, but the bytes decide.
    const res = await upload(host.client, webpSource, "image/jpeg");
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ width: 300, height: 200 });
  });

  it("refuses by content, storing nothing: a renamed text file, a truncated JPEG, a decompression bomb, an empty body, a few bytes", async () => {
    const host = await signedInAs(t.app, "premium-host");
    await expectRefused(
      async () => answerOf(await upload(host.client, Buffer.from("Isto é um texto, não uma foto.\n".repeat(50)), "image/jpeg")),
      415,
      UPLOAD_MESSAGES.type,
    );
    const photo = await photoJpeg(800, 600);
    await expectRefused(async () => answerOf(await upload(host.client, photo.subarray(0, Math.floor(photo.length * 0.6)))), 422, UPLOAD_MESSAGES.corrupt);
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100_000);
    await expectRefused(async () => answerOf(await upload(host.client, bomb, "image/png")), 422, UPLOAD_MESSAGES.pixels);
    await expectRefused(async () => answerOf(await upload(host.client, Buffer.alloc(0))), 422, UPLOAD_MESSAGES.empty);
    // Shorter than any image's signature (this request used to wait for ever).
    await expectRefused(async () => answerOf(await upload(host.client, Buffer.from([0xff, 0xfe]), "image/webp")), 415, UPLOAD_MESSAGES.type);
    // A GIF is an image, but not one we accept.
    const gif = await sharp(await solidPng(20, 20)).gif().toBuffer();
    await expectRefused(async () => answerOf(await upload(host.client, gif, "image/png")), 415, UPLOAD_MESSAGES.type);
    // A label we do not accept, even on a real JPEG.
    await expectRefused(async () => answerOf(await upload(host.client, photo, "text/plain")), 415, UPLOAD_MESSAGES.type);
  });

  it("refuses a body over 50 MB with 413 without reading it whole: by its Content-Length, or while it streams in", async () => {
    const host = await signedInAs(t.app, "premium-host");
    const megabyte = Buffer.alloc(1024 * 1024, 0xab);
    megabyte.set([0xff, 0xd8, 0xff], 0);
    const headers = { origin: t.app.url, "content-type": "image/jpeg", cookie: `recanto.session_token=${host.client.cookie("recanto.session_token")}` };
    await expectRefused(
      async () => {
        const res = await rawPost(`${t.app.url}/api/imagens`, { ...headers, "content-length": String(MAX_IMAGE_BYTES + 1024 * 1024) }, repeated(megabyte, 51));
        return { status: res.status, message: JSON.parse(res.body).message };
      },
      413,
      UPLOAD_MESSAGES.size,
    );
    // Chunked, no length announced: refused once the running total passes 50 MB (the client had 80 MB to send).
    await expectRefused(
      async () => {
        const res = await rawPost(`${t.app.url}/api/imagens`, { ...headers, "transfer-encoding": "chunked" }, repeated(megabyte, 80));
        return { status: res.status, message: JSON.parse(res.body).message };
      },
      413,
      UPLOAD_MESSAGES.size,
    );
  }, 120_000); // 130 MB sent over loopback: slow on a busy machine

  it("refuses a body that does not begin like an image with 415 from its first bytes, not after reading it", async () => {
    const host = await signedInAs(t.app, "premium-host");
    const headers = { origin: t.app.url, "content-type": "image/jpeg", cookie: `recanto.session_token=${host.client.cookie("recanto.session_token")}` };
    const text = Buffer.alloc(1024 * 1024, "não é uma foto ");
    // 80 MB on offer, chunked: over the size limit too, but the type is known first.
    await expectRefused(
      async () => {
        const res = await rawPost(`${t.app.url}/api/imagens`, { ...headers, "transfer-encoding": "chunked" }, repeated(text, 80));
        return { status: res.status, message: JSON.parse(res.body).message };
      },
      415,
      UPLOAD_MESSAGES.type,
    );
  });

  it("takes on a few uploads at once (UPLOAD_CONCURRENCY and 8 × as many waiting); one more is answered 503 with Retry-After before its body is read; a body abandoned midway leaves no file", async () => {
    const host = await signedInAs(t.app, "premium-host");
    const headers = { origin: t.app.url, "content-type": "image/jpeg", cookie: `recanto.session_token=${host.client.cookie("recanto.session_token")}` };
    const photo = await photoJpeg(1600, 1200);
    const begun = Array.from({ length: 9 }, () => startedPost(`${t.app.url}/api/imagens`, { ...headers, "content-length": String(photo.length) }, photo.subarray(0, 4096)));
    try {
      // Each one taken on writes its body to a temporary file as it arrives.
      await until("9 uploads under way", async () => (await temporaryFiles()).length === 9);
      const rowsBefore = await stagedRows();
      const busy = await rawPost(`${t.app.url}/api/imagens`, { ...headers, "content-length": String(photo.length) }, [photo]);
      expect(busy.status).toBe(503);
      expect(busy.headers["retry-after"]).toBe("5");
      expect(JSON.parse(busy.body)).toEqual({ ok: false, status: 503, title: UPLOAD_MESSAGES.busy, message: UPLOAD_MESSAGES.busy });
      expect(await stagedRows()).toBe(rowsBefore);
      expect(await temporaryFiles()).toHaveLength(9);
    } finally {
      for (const upload of begun) upload.abort();
    }
    // The senders went away: their files are removed and their places given back.
    await until("no temporary file left", async () => (await temporaryFiles()).length === 0);
    const again = await upload(host.client, photo);
    expect(again.status).toBe(201);
  }, 60_000);

  it("is for signed-in hosts with Premium only, from our own pages", async () => {
    const photo = await photoJpeg(400, 300);
    await expectRefused(
      async () => answerOf(await upload(new Client(t.app.url), photo)),
      401,
      "Erro de autenticação: Você precisa estar logado para adicionar uma propriedade.",
    );
    const guest = await signedInAs(t.app, "guest");
    await expectRefused(async () => answerOf(await upload(guest.client, photo)), 403, UPLOAD_MESSAGES.notHost);
    const unpaid = await signedInAs(t.app, "host");
    await expectRefused(async () => answerOf(await upload(unpaid.client, photo)), 403, UPLOAD_MESSAGES.notPremium);

    const host = await signedInAs(t.app, "premium-host");
    const rowsBefore = await stagedRows();
    const crossSite = await upload(host.client, photo, "image/jpeg", "https://evil.example");
    expect(crossSite.status).toBe(403);
    expect(await stagedRows()).toBe(rowsBefore);
  });

  it("claimUploads takes the user's staged uploads in the given order, and refuses, changing nothing, anyone else's, unknown or repeated ids", async () => {
    const ana = await signedInAs(t.app, "premium-host");
    const bruno = await signedInAs(t.app, "premium-host");
    const ids: string[] = [];
    for (const size of [300, 400, 500]) ids.push(((await (await upload(ana.client, await photoJpeg(size, 200))).json()) as { id: string }).id);
    const brunos = ((await (await upload(bruno.client, await photoJpeg(300, 200))).json()) as { id: string }).id;

    const refusals = [[ids[0]!, brunos], [ids[0]!, ids[0]!], [ids[1]!, "00000000-0000-4000-8000-000000000000"], ["nao-e-um-id"]];
    for (const attempt of refusals) {
      const rowsBefore = await stagedRows();
      await expect(db().transaction((tx) => claimUploads(tx, ana.id, attempt))).rejects.toBeInstanceOf(UploadClaimError);
      expect(await stagedRows()).toBe(rowsBefore);
    }
    await expect(claimUploads(db(), ana.id, [brunos])).rejects.toThrow("Algumas imagens não estão mais disponíveis. Remova-as e envie-as novamente.");

    // A save that fails after claiming rolls back: the uploads stay staged.
    await expect(
      db().transaction(async (tx) => {
        await claimUploads(tx, ana.id, [ids[0]!]);
        throw new Error("a later step of the save failed");
      }),
    ).rejects.toThrow("a later step");
    expect(await db().select().from(imageUploads).where(eq(imageUploads.id, ids[0]!))).toHaveLength(1);

    const claimed = await db().transaction((tx) => claimUploads(tx, ana.id, [ids[2]!, ids[0]!, ids[1]!.toUpperCase()]));
    expect(claimed.map((c) => c.id)).toEqual([ids[2], ids[0], ids[1]]);
    expect(claimed.map((c) => c.width)).toEqual([500, 300, 400]);
    expect(claimed.every((c) => c.storageKey.startsWith(`uploads/${ana.id}/`))).toBe(true);
    expect(await db().select().from(imageUploads).where(eq(imageUploads.userId, ana.id))).toEqual([]);
    // Claimed once: a second save with the same ids is refused.
    await expect(claimUploads(db(), ana.id, [ids[0]!])).rejects.toBeInstanceOf(UploadClaimError);
    expect(await claimUploads(db(), ana.id, [])).toEqual([]);
  });

  it("removes uploads never attached to a property once they are stale, rows and files", async () => {
    const host = await signedInAs(t.app, "premium-host");
    const old = (await (await upload(host.client, await photoJpeg(300, 200))).json()) as { id: string };
    const fresh = (await (await upload(host.client, await photoJpeg(300, 200))).json()) as { id: string };
    await db()
      .update(imageUploads)
      .set({ createdAt: new Date(Date.now() - 13 * 60 * 60 * 1000) })
      .where(eq(imageUploads.id, old.id));
    const [oldRow] = await db().select().from(imageUploads).where(eq(imageUploads.id, old.id));
    const [freshRow] = await db().select().from(imageUploads).where(eq(imageUploads.id, fresh.id));

    expect(await removeStaleUploads(db(), t.app.services.storage, new Date(Date.now() - 12 * 60 * 60 * 1000))).toBe(1);
    const files = await filesUnder(mediaDir);
    expect(files.filter((f) => f.startsWith(oldRow!.storageKey))).toEqual([]);
    expect(files.filter((f) => f.startsWith(freshRow!.storageKey))).toHaveLength(6);
    expect(await db().select({ id: imageUploads.id }).from(imageUploads).where(eq(imageUploads.userId, host.id))).toEqual([{ id: fresh.id }]);
  });

  it("deleting the account removes its staged uploads' files", async () => {
    const host = await signedInAs(t.app, "premium-host");
    const staged = (await (await upload(host.client, await photoJpeg(300, 200))).json()) as { id: string };
    const [row] = await db().select().from(imageUploads).where(eq(imageUploads.id, staged.id));
    expect(await deleteAccount(db(), t.app.services.storage, host.id)).toBe(true);
    expect((await filesUnder(mediaDir)).filter((f) => f.startsWith(row!.storageKey))).toEqual([]);
    expect(await db().select().from(imageUploads).where(eq(imageUploads.id, staged.id))).toEqual([]);
  });

  it("leaves no row and no file when storing fails halfway (a full disk, an unreachable bucket)", async () => {
    const host = await signedInAs(t.app, "premium-host");
    const disk = createDiskStorage(mediaDir);
    let puts = 0;
    const failing: Storage = {
      ...disk,
      async put(key, body, type) {
        puts += 1;
        if (puts === 4) throw new Error("ENOSPC: no space left on device");
        await disk.put(key, body, type);
      },
    };
    const rowsBefore = await stagedRows();
    const filesBefore = await filesUnder(mediaDir);
    const received = path.join(t.app.dataDir, "recebida.jpg");
    await fs.writeFile(received, await photoJpeg(1600, 1200));
    await expect(stageUpload(db(), failing, host.id, { path: received, type: "jpeg" })).rejects.toThrow("ENOSPC");
    expect(puts).toBe(6);
    expect(await stagedRows()).toBe(rowsBefore);
    expect(await filesUnder(mediaDir)).toEqual(filesBefore);
  });
});
