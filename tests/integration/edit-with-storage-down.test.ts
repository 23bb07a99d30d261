import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { variantKey } from "../../common/media";
import { fileDeletions, properties, propertyImages } from "../../server/db/schema";
import { fileDeletionsJob } from "../../server/jobs/jobs";
import { runJob } from "../../server/jobs/runner";
import { signedInAs } from "../support/accounts";
import { startTestApp, type TestApp } from "../support/app";
import { engine } from "../support/database";
import { formBody, LISTING_FORM, postForm } from "../support/listings";
import { startLocalS3, type LocalS3 } from "../support/s3";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";
import { uploadPhoto } from "../support/uploads";

// Issue 12, finding 6: an edit that was saved answered 500, because removing the dropped photos' files failed after the commit.
describe(`a saved edit answers as saved while the image storage is down (${engine})`, () => {
  let s3: LocalS3;
  let proxy: TcpProxy;
  let app: TestApp;
  beforeAll(async () => {
    s3 = await startLocalS3();
    const endpoint = new URL(s3.env.S3_ENDPOINT!);
    proxy = await startTcpProxy({ host: endpoint.hostname, port: Number(endpoint.port) });
    app = await startTestApp({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${proxy.port}`, S3_CONNECT_TIMEOUT_MS: "500", S3_REQUEST_TIMEOUT_MS: "1000", S3_MAX_ATTEMPTS: "1" });
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await s3?.close();
  });

  it("removing photos while the bucket is unreachable: 302 with the edit saved, the files listed, and removed once the bucket is back", async () => {
    const host = await signedInAs(app, "premium-host");
    const photos = [await uploadPhoto(host.client, app.url), await uploadPhoto(host.client, app.url)];
    expect((await postForm(host.client, app.url, "/adicionar-propriedade", formBody(LISTING_FORM, { imageIds: photos.map((p) => p.id) }))).status).toBe(302);
    const db = app.database.db;
    const [listing] = await db.select({ id: properties.id }).from(properties).where(eq(properties.hostId, host.id));
    const images = await db.select({ id: propertyImages.id, storageKey: propertyImages.storageKey }).from(propertyImages).where(eq(propertyImages.propertyId, listing!.id)).orderBy(propertyImages.position);

    proxy.cut("refuse");
    const edit = await postForm(host.client, app.url, `/editar-propriedade/${listing!.id}`, formBody({ ...LISTING_FORM, price: "450,00" }, { imageIds: [images[0]!.id] }));
    expect(edit.status).toBe(302);
    expect(edit.headers.get("location")).toBe("/minhas-propriedades");
    const [saved] = await db.select({ priceCents: properties.priceCents }).from(properties).where(eq(properties.id, listing!.id));
    expect(saved!.priceCents).toBe(45_000);
    expect((await db.select({ storageKey: fileDeletions.storageKey }).from(fileDeletions)).map((row) => row.storageKey)).toEqual([images[1]!.storageKey]);

    proxy.restore();
    const deps = app.services;
    expect(await runJob(deps, fileDeletionsJob)).toEqual({ ran: true, count: 1 });
    expect(await db.select().from(fileDeletions)).toEqual([]);
    expect(await app.services.storage.exists(variantKey(images[1]!.storageKey, 400))).toBe(false);
    expect(await app.services.storage.exists(variantKey(images[0]!.storageKey, 400))).toBe(true);
  });
});
