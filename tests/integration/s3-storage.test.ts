import http from "node:http";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allVariantKeys, imageUrl } from "../../common/media";
import { imageUploads } from "../../server/db/schema";
import { removeImageFiles } from "../../server/media/variants";
import { signedInAs } from "../support/accounts";
import { startTestApp, type TestApp } from "../support/app";
import { engine } from "../support/database";
import { photoJpeg } from "../support/images";
import { startLocalS3, type LocalS3 } from "../support/s3";

async function text(body: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString();
}

describe(`images in an S3-compatible bucket (local stand-in) (${engine})`, () => {
  let s3: LocalS3;
  let app: TestApp;
  beforeAll(async () => {
    s3 = await startLocalS3();
    app = await startTestApp(s3.env);
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  it("puts, reads, checks and removes files (removing twice is fine)", async () => {
    const storage = app.services.storage;
    expect(storage.localDir).toBeUndefined();
    await storage.put("teste/arquivo-400.webp", Buffer.from("conteúdo"), "image/webp");
    expect(await storage.exists("teste/arquivo-400.webp")).toBe(true);
    expect(await storage.exists("teste/outro-400.webp")).toBe(false);
    const file = await storage.get("teste/arquivo-400.webp");
    expect(file).toMatchObject({ contentType: "image/webp", size: Buffer.byteLength("conteúdo") });
    expect(await text(file!.body)).toBe("conteúdo");
    expect(await storage.get("teste/outro-400.webp")).toBeNull();
    await storage.remove("teste/arquivo-400.webp");
    await storage.remove("teste/arquivo-400.webp");
    expect(await storage.exists("teste/arquivo-400.webp")).toBe(false);
    await expect(storage.put("../fora-400.webp", Buffer.from("x"), "image/webp")).rejects.toThrow("Invalid storage key");
  });

  it("stores an upload's variants in the bucket and serves them through /media with a year of immutable caching", async () => {
    const { client } = await signedInAs(app, "premium-host");
    const res = await client.request("/api/imagens", {
      method: "POST",
      body: new Uint8Array(await photoJpeg(1600, 1200, { gps: true })),
      headers: { origin: app.url, "content-type": "image/jpeg" },
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [row] = await app.database.db.select().from(imageUploads).where(eq(imageUploads.id, id));
    for (const key of allVariantKeys(row!.storageKey)) expect(await app.services.storage.exists(key), key).toBe(true);

    const url = `${app.url}${imageUrl(row!.storageKey, 800, "jpeg")}`;
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = served.headers.get("etag");
    expect(etag).toBeTruthy();
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["jpeg", 800, 600, undefined]);

    // fetch() marks conditional requests "Cache-Control: no-cache" (always stale): a browser's revalidation is a plain GET.
    const revalidated = await new Promise<number>((resolve, reject) =>
      http.get(url, { headers: { "if-none-match": etag! } }, (r) => resolve(r.resume().statusCode!)).on("error", reject),
    );
    expect(revalidated).toBe(304);
    const head = await fetch(url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(meta.size));

    await app.services.storage.put("teste/nota.txt", Buffer.from("segredo"), "text/plain");
    for (const path of ["/media/teste/nota.txt", "/media/teste/nao-existe-400.webp", "/media/%2e%2e/x-400.webp", "/media/"]) {
      const missing = await fetch(`${app.url}${path}`);
      expect(missing.status, path).toBe(404);
      expect(await missing.text()).not.toContain("segredo");
    }

    await removeImageFiles(app.services.storage, [row!.storageKey]);
    for (const key of allVariantKeys(row!.storageKey)) expect(await app.services.storage.exists(key), key).toBe(false);
    expect((await fetch(url)).status).toBe(404);
  });
});
