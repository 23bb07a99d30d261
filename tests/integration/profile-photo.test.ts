import http from "node:http";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES, PROFILE_PHOTO_MESSAGES, PROFILE_PHOTO_PATH, UPLOAD_MESSAGES } from "../../common/image-upload";
import { allVariantKeys, imageSrcSet, imageUrl, variantKey } from "../../common/media";
import { fileDeletions, imageUploads, users } from "../../server/db/schema";
import { listFilesForDeletion, removeListedFiles } from "../../server/media/file-deletions";
import { signedInAs } from "../support/accounts";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertProperty } from "../support/factories";
import { Client } from "../support/http";
import { exifHasGps, photoJpeg, solidPng } from "../support/images";

describe(`profile photos: POST /api/perfil/foto, shown in the header and on the host's listings (${engine})`, () => {
  const t = useTestApp();
  const db = () => t.app.database.db;
  const storage = () => t.app.services.storage;
  const send = (client: Client, body: Buffer, type = "image/jpeg", origin = t.app.url) =>
    client.request(PROFILE_PHOTO_PATH, { method: "POST", body: new Uint8Array(body), headers: { origin, "content-type": type } });
  const photoOf = async (userId: string) => (await db().select({ image: users.image }).from(users).where(eq(users.id, userId)))[0]?.image ?? null;
  const filesExist = async (key: string) => Promise.all(allVariantKeys(key).map((file) => storage().exists(file)));
  const html = async (client: Client, path: string) => {
    const res = await client.get(path);
    expect(res.status, path).toBe(200);
    return res.text();
  };

  it("stores a guest's photo as 96 and 256 px squares in WebP and JPEG, without metadata, and shows it in the header and on /perfil", async () => {
    const guest = await signedInAs(t.app, "guest", { name: "Beatriz Hóspede" });
    expect(await html(guest.client, "/")).toContain(">BH</span>");

    const photo = await photoJpeg(3000, 4000, { gps: true });
    expect(exifHasGps((await sharp(photo).metadata()).exif)).toBe(true);
    const res = await send(guest.client, photo);
    expect(res.status, await res.clone().text()).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const key = (await photoOf(guest.id))!;
    expect(key).toMatch(new RegExp(`^avatars/${guest.id}/[a-z0-9]+$`, "i"));
    expect(await res.json()).toEqual({ url: imageUrl(key, 256, "webp") });
    // Claimed at once: nothing stays staged.
    expect(await db().select().from(imageUploads).where(eq(imageUploads.userId, guest.id))).toEqual([]);

    for (const [side, format] of [
      [96, "webp"],
      [256, "webp"],
      [96, "jpeg"],
      [256, "jpeg"],
    ] as const) {
      const served = await fetch(`${t.app.url}${imageUrl(key, side, format)}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(format === "webp" ? "image/webp" : "image/jpeg");
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect({ width: meta.width, height: meta.height, format: meta.format, exif: meta.exif, icc: meta.icc }).toEqual({ width: side, height: side, format, exif: undefined, icc: undefined });
    }
    // Photo sizes are not served for a profile photo, nor profile sizes for a listing's photo.
    expect((await fetch(`${t.app.url}/media/${variantKey(key, 400)}`)).status).toBe(404);

    const home = await html(guest.client, "/");
    expect(home).toContain(imageSrcSet(key, "webp"));
    expect(home).not.toContain(">BH</span>");
    expect(await html(guest.client, "/perfil")).toContain(`alt="Sua foto de perfil"`);
  });

  it("keeps a small photo's own size, still square", async () => {
    const guest = await signedInAs(t.app, "guest");
    expect((await send(guest.client, await solidPng(80, 60), "image/png")).status).toBe(201);
    const key = (await photoOf(guest.id))!;
    for (const side of [96, 256] as const) {
      const meta = await sharp(Buffer.from(await (await fetch(`${t.app.url}${imageUrl(key, side)}`)).arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([60, 60]);
    }
  });

  it("replacing a photo deletes the old one's files; removing it (a plain form) deletes the new one's and brings the initials back", async () => {
    const host = await signedInAs(t.app, "host", { name: "Rui Anfitrião" });
    expect((await send(host.client, await photoJpeg(600, 600))).status).toBe(201);
    const first = (await photoOf(host.id))!;
    expect(await filesExist(first)).toEqual([true, true, true, true]);

    expect((await send(host.client, await photoJpeg(800, 600))).status).toBe(201);
    const second = (await photoOf(host.id))!;
    expect(second).not.toBe(first);
    expect(await filesExist(first)).toEqual([false, false, false, false]);
    expect(await filesExist(second)).toEqual([true, true, true, true]);

    const removed = await host.client.post("/perfil", { intent: "remove-photo" });
    expect(removed.status).toBe(302);
    expect(removed.headers.get("location")).toBe("/perfil");
    expect(await photoOf(host.id)).toBeNull();
    expect(await filesExist(second)).toEqual([false, false, false, false]);
    expect(await db().select().from(fileDeletions).where(eq(fileDeletions.storageKey, second))).toEqual([]);
    const profile = await html(host.client, "/perfil");
    expect(profile).toContain(PROFILE_PHOTO_MESSAGES.removed);
    expect(profile).toContain(">RA</span>");
    expect(profile).not.toContain("Remover foto");
    // Removing again is harmless.
    expect((await host.client.post("/perfil", { intent: "remove-photo" })).status).toBe(302);
  });

  it("shows the host's photo, first name and year on their listing's page, and the initial without a photo", async () => {
    const host = await signedInAs(t.app, "premium-host", { name: "Helena Maria Souza" });
    const { slug } = await insertProperty(db(), host.id, { title: "Chalé da Helena" });
    const before = await html(new Client(t.app.url), `/accommodation/${slug}`);
    expect(before).toContain("Hospedado por Helena");
    expect(before).toContain(`No Recanto desde ${new Intl.DateTimeFormat("pt-BR", { month: "long", year: "numeric", timeZone: "America/Sao_Paulo" }).format(new Date())}`);
    expect(before).toContain(">H</span>");
    expect(before).not.toContain("Souza");

    expect((await send(host.client, await photoJpeg(500, 500))).status).toBe(201);
    const key = (await photoOf(host.id))!;
    const after = await html(new Client(t.app.url), `/accommodation/${slug}`);
    expect(after.slice(after.indexOf('id="anfitriao-titulo"'))).toContain(imageSrcSet(key, "webp"));
  });

  it("only the signed-in user changes their own photo: visitors and other sites are refused, another user's upload or removal leaves it alone", async () => {
    const owner = await signedInAs(t.app, "guest");
    expect((await send(owner.client, await photoJpeg(400, 400))).status).toBe(201);
    const ownerPhoto = (await photoOf(owner.id))!;

    const visitor = await send(new Client(t.app.url), await photoJpeg(400, 400));
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toMatchObject({ title: "Erro de autenticação", description: PROFILE_PHOTO_MESSAGES.loggedOut });
    expect((await send(owner.client, await photoJpeg(400, 400), "image/jpeg", "https://outro-site.example")).status).toBe(403);

    const other = await signedInAs(t.app, "host");
    expect((await send(other.client, await photoJpeg(400, 400))).status).toBe(201);
    expect((await other.client.post("/perfil", { intent: "remove-photo" })).status).toBe(302);
    expect(await photoOf(other.id)).toBeNull();
    expect(await photoOf(owner.id)).toBe(ownerPhoto);
    expect(await filesExist(ownerPhoto)).toEqual([true, true, true, true]);
    // A removal posted from another site changes nothing.
    const crossSite = await owner.client.post("/perfil", { intent: "remove-photo" }, { origin: "https://outro-site.example" });
    expect(crossSite.status).toBe(403);
    expect(await photoOf(owner.id)).toBe(ownerPhoto);
  });

  it("refuses what is not a usable image with a message in Portuguese, storing nothing and keeping the current photo", async () => {
    const user = await signedInAs(t.app, "guest");
    expect((await send(user.client, await photoJpeg(400, 400))).status).toBe(201);
    const current = (await photoOf(user.id))!;
    const cases: [Buffer, string, number, string][] = [
      [Buffer.from("não sou uma imagem"), "text/plain", 415, UPLOAD_MESSAGES.type],
      [Buffer.from("GIF89a fingindo ser JPEG"), "image/jpeg", 415, UPLOAD_MESSAGES.type],
      [Buffer.alloc(0), "image/jpeg", 422, UPLOAD_MESSAGES.empty],
      [(await photoJpeg(400, 400)).subarray(0, 2000), "image/jpeg", 422, UPLOAD_MESSAGES.corrupt],
    ];
    for (const [body, type, status, message] of cases) {
      const res = await send(user.client, body, type);
      expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([status, message]);
    }
    // Refused by its declared length, before the body is read.
    const tooLarge = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${t.app.url}${PROFILE_PHOTO_PATH}`, {
        method: "POST",
        headers: { origin: t.app.url, cookie: user.client.cookieHeader(), "content-type": "image/jpeg", "content-length": String(MAX_IMAGE_BYTES + 1) },
      });
      req.on("response", (res) => {
        resolve(res.statusCode!);
        req.destroy();
      });
      req.on("error", reject);
      req.write(Buffer.alloc(16));
    });
    expect(tooLarge).toBe(413);
    expect(await photoOf(user.id)).toBe(current);
    expect(await db().select().from(imageUploads).where(eq(imageUploads.userId, user.id))).toEqual([]);
  });

  it("lists it in the user's data, and deleting the account deletes its files", async () => {
    const user = await signedInAs(t.app, "host", { email: "foto-lgpd@example.com" });
    expect((await send(user.client, await photoJpeg(400, 400))).status).toBe(201);
    const key = (await photoOf(user.id))!;
    const data = (await (await user.client.get("/perfil/dados")).json()) as { account: { profilePhoto: string | null; image?: unknown } };
    expect(data.account.profilePhoto).toBe(imageUrl(key, 256, "jpeg"));
    expect(data.account).not.toHaveProperty("image");

    expect((await user.client.post("/perfil", { intent: "delete-account", confirmEmail: "foto-lgpd@example.com" })).status).toBe(302);
    expect(await db().select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await filesExist(key)).toEqual([false, false, false, false]);
  });

  it("never deletes the files of a photo a profile still shows, even when listed", async () => {
    const user = await signedInAs(t.app, "guest");
    expect((await send(user.client, await photoJpeg(400, 400))).status).toBe(201);
    const key = (await photoOf(user.id))!;
    const listed = await listFilesForDeletion(db(), [key]);
    expect(await removeListedFiles(db(), storage(), { ids: listed })).toBe(1);
    expect(await filesExist(key)).toEqual([true, true, true, true]);
  });
});
