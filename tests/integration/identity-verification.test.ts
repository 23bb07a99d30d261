import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDENTITY_MESSAGES } from "../../common/identity";
import { MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from "../../common/image-upload";
import { MODERATION_MESSAGES } from "../../common/moderation";
import { identityVerifications, imageUploads, users } from "../../server/db/schema";
import { claimUploads, UploadClaimError } from "../../server/media/uploads";
import { signedInAs } from "../support/accounts";
import { startTestApp, type TestApp } from "../support/app";
import { engine } from "../support/database";
import { insertProperty } from "../support/factories";
import { Client } from "../support/http";
import { requestVerification, sendIdentityImage, stageIdentityImages, VALID_DOCUMENTS } from "../support/identity";
import { photoJpeg } from "../support/images";
import { waitForMail } from "../support/mail";
import { startLocalS3, type LocalS3 } from "../support/s3";
import { uploadPhoto } from "../support/uploads";

/** React writes these characters escaped in the page. */
const inPage = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

/** The whole flow, once on local disk and once on the S3 stand-in. */
for (const storageKind of ["disk", "s3"] as const) {
  describe(`verified identity, images on ${storageKind} (${engine})`, () => {
    let app: TestApp;
    let s3: LocalS3 | undefined;
    const db = () => app.database.db;
    const rows = () => db().select().from(identityVerifications);

    beforeAll(async () => {
      s3 = storageKind === "s3" ? await startLocalS3() : undefined;
      app = await startTestApp(s3?.env ?? {});
    });
    afterAll(async () => {
      await app?.close();
      await s3?.close();
    });

    /** Where a private key's file is: on disk, DATA_DIR/private and never MEDIA_DIR; in the bucket, under private/. */
    const privateFileExists = async (key: string) => {
      if (storageKind === "disk") {
        expect(await fs.access(path.join(app.services.config.mediaDir, key)).then(() => true, () => false)).toBe(false);
        return fs.access(path.join(app.services.config.privateDir, key.replace(/^private\//, ""))).then(() => true, () => false);
      }
      return app.services.storage.exists(key);
    };

    it("refuses bad numbers, names, uploads and actors with a Portuguese message, storing nothing", { timeout: 90_000 }, async () => {
      const host = await signedInAs(app, "host", { name: "Rita Alves" });
      const images = await stageIdentityImages(host.client, app.url);
      const good = { document: VALID_DOCUMENTS.cpf, legalName: "Rita de Cássia Alves", ...images };
      const cases: [Record<string, string>, string][] = [
        [{ ...good, document: "529.982.247-24" }, IDENTITY_MESSAGES.cpf],
        [{ ...good, document: "111.111.111-11" }, IDENTITY_MESSAGES.cpf],
        [{ ...good, document: "5299822472" }, IDENTITY_MESSAGES.cpf],
        [{ ...good, documentKind: "cnpj", document: "11.222.333/0001-82" }, IDENTITY_MESSAGES.cnpj],
        [{ ...good, documentKind: "cnpj", document: "12.ABC.345/01DE-36" }, IDENTITY_MESSAGES.cnpj],
        [{ ...good, documentKind: "rg" }, IDENTITY_MESSAGES.kind],
        [{ ...good, legalName: "Rita" }, IDENTITY_MESSAGES.legalNameFull],
        [{ ...good, legalName: "   " }, IDENTITY_MESSAGES.legalNameRequired],
        [{ ...good, legalName: "Rita <b>Alves</b>" }, IDENTITY_MESSAGES.legalNameMarkup],
        [{ ...good, cadastur: "abc" }, IDENTITY_MESSAGES.cadastur],
        [{ ...good, documentUpload: "" }, IDENTITY_MESSAGES.documentImage],
        [{ ...good, selfieUpload: "nao-e-um-id" }, IDENTITY_MESSAGES.selfieImage],
      ];
      for (const [fields, message] of cases) {
        const res = await requestVerification(host.client, fields);
        expect(res.status, JSON.stringify(fields)).toBe(400);
        expect(await res.text()).toContain(inPage(message));
      }
      // Someone else's uploads, a listing photo's upload, the same upload twice: nothing is claimed.
      const other = await signedInAs(app, "premium-host");
      const theirs = await stageIdentityImages(other.client, app.url);
      const photo = await uploadPhoto(other.client, app.url);
      const mine = await signedInAs(app, "premium-host");
      const myPhoto = await uploadPhoto(mine.client, app.url);
      for (const fields of [
        { ...good, ...theirs },
        { ...good, documentUpload: images.documentUpload, selfieUpload: images.documentUpload },
        { ...good, selfieUpload: photo.id },
      ]) {
        const res = await requestVerification(host.client, fields);
        expect(res.status).toBe(400);
        expect(await res.text()).toContain(inPage(IDENTITY_MESSAGES.uploadsGone));
      }
      const mineImages = await stageIdentityImages(mine.client, app.url);
      expect((await requestVerification(mine.client, { ...good, documentUpload: myPhoto.id, selfieUpload: mineImages.selfieUpload })).status).toBe(400);
      // A listing cannot take an identity image as a photo either.
      await expect(db().transaction((tx) => claimUploads(tx, mine.id, [mineImages.documentUpload]))).rejects.toThrow(UploadClaimError);

      // A guest has no verification: neither the images nor the form.
      const guest = await signedInAs(app, "guest");
      const guestImage = await sendIdentityImage(guest.client, app.url, await photoJpeg(600, 400));
      expect(guestImage.status).toBe(403);
      expect(await guestImage.json()).toMatchObject({ title: IDENTITY_MESSAGES.notHost });
      expect((await requestVerification(guest.client, good)).status).toBe(403);
      const anonymous = await sendIdentityImage(new Client(app.url), app.url, await photoJpeg(600, 400));
      expect(anonymous.status).toBe(401);

      // Not an image, or over the size limit.
      const text = await sendIdentityImage(host.client, app.url, Buffer.from("<html>não é imagem</html>".repeat(10)), "image/jpeg");
      expect(text.status).toBe(415);
      expect(await text.json()).toMatchObject({ title: UPLOAD_MESSAGES.type });
      const oversized = Buffer.alloc(MAX_IMAGE_BYTES + 1);
      (await photoJpeg(100, 100)).copy(oversized);
      const huge = await sendIdentityImage(host.client, app.url, oversized);
      expect(huge.status).toBe(413);
      expect(await huge.json()).toMatchObject({ title: UPLOAD_MESSAGES.size });

      expect(await rows()).toEqual([]);
      // The host's staged images are still there to use.
      expect(await db().select().from(imageUploads).where(eq(imageUploads.userId, host.id))).toHaveLength(2);
    });

    it("stores images privately: no address answers them but the operators' route", async () => {
      const host = await signedInAs(app, "host", { name: "Joana Prado" });
      const res = await sendIdentityImage(host.client, app.url, await photoJpeg(1000, 700));
      expect(res.status).toBe(201);
      const body = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(["id"]);
      const [staged] = await db().select().from(imageUploads).where(eq(imageUploads.id, body.id as string));
      expect(staged!.storageKey).toMatch(/^private\/identity\/[^/]+\/[^/]+\.webp$/);
      expect(await privateFileExists(staged!.storageKey)).toBe(true);
      for (const address of [`/media/${staged!.storageKey}`, `/media/${staged!.storageKey.replace(/\.webp$/, "-800.webp")}`, `/media/${staged!.storageKey.toUpperCase()}`]) {
        expect((await fetch(new URL(address, app.url))).status, address).toBe(404);
      }
    });

    it("lets only operators see a waiting request's images; the decision deletes them and emails the host; the badge shows", async () => {
      const host = await signedInAs(app, "host", { name: "Marina Costa", email: `marina-${storageKind}@example.com` });
      const listing = await insertProperty(db(), host.id, { title: `Cabana da Marina ${storageKind}`, status: "approved" });
      const images = await stageIdentityImages(host.client, app.url);
      // Naming another account changes nothing: a request is always the signed-in host's own.
      const bystander = await signedInAs(app, "host");
      const sent = await requestVerification(host.client, { document: VALID_DOCUMENTS.cpf, legalName: "Marina Souza Costa", cadastur: "26.012345.10.0001-4", ...images, userId: bystander.id });
      expect(sent.status).toBe(302);
      expect(await db().select().from(identityVerifications).where(eq(identityVerifications.userId, bystander.id))).toEqual([]);
      const [request] = await rows();
      expect(request).toMatchObject({ userId: host.id, status: "pending", document: "52998224725", legalName: "Marina Souza Costa", cadastur: "26.012345.10.0001-4" });
      const keys = [request!.documentImage!, request!.selfieImage!];
      for (const key of keys) expect(await privateFileExists(key)).toBe(true);
      expect(await db().select().from(imageUploads).where(eq(imageUploads.userId, host.id))).toEqual([]);

      // A second request while one waits.
      const again = await requestVerification(host.client, { document: VALID_DOCUMENTS.cpf, legalName: "Marina Souza Costa", ...(await stageIdentityImages(host.client, app.url)) });
      expect(await again.text()).toContain(inPage(IDENTITY_MESSAGES.pending));
      expect(await rows()).toHaveLength(1);

      const documentPath = `/moderacao/verificacoes/${request!.id}/documento`;
      const operator = await signedInAs(app, "operator");
      const seen = await operator.client.get(documentPath);
      expect(seen.status).toBe(200);
      expect(seen.headers.get("content-type")).toBe("image/webp");
      expect(seen.headers.get("cache-control")).toBe("private, no-store");
      expect((await seen.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      expect((await operator.client.get(`/moderacao/verificacoes/${request!.id}/selfie`)).status).toBe(200);
      expect((await operator.client.get(`/moderacao/verificacoes/${request!.id}/outra`)).status).toBe(404);

      // Everyone else: the owner, another host, a guest, an operator without a second factor, a visitor.
      const stranger = await signedInAs(app, "host");
      const guest = await signedInAs(app, "guest");
      const halfOperator = await signedInAs(app, "operator", { secondFactor: false });
      for (const [who, client] of [["owner", host.client], ["another host", stranger.client], ["guest", guest.client]] as const) {
        for (const address of [documentPath, `/moderacao/verificacoes/${request!.id}`, "/moderacao/verificacoes"]) {
          const res = await client.get(address);
          expect(res.status, `${who} ${address}`).toBe(404);
          expect(res.headers.get("content-type") ?? "", `${who} ${address}`).not.toContain("image/");
        }
      }
      expect((await halfOperator.client.get(documentPath)).headers.get("location")).toMatch(/^\/perfil\/seguranca/);
      const visitor = await new Client(app.url).get(documentPath);
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("location")).toMatch(/^\/login/);

      // Others cannot decide it either.
      for (const client of [host.client, stranger.client, guest.client, new Client(app.url)]) {
        const res = await client.post(`/moderacao/verificacoes/${request!.id}`, { intent: "approve-identity" });
        expect([302, 404]).toContain(res.status);
        expect(res.headers.get("location") ?? "").not.toBe("/moderacao/verificacoes");
      }
      expect((await rows())[0]!.status).toBe("pending");

      // The queue shows it with the typed name.
      const queue = await (await operator.client.get("/moderacao/verificacoes")).text();
      expect(queue).toContain("Marina Souza Costa");
      expect(queue).toContain("1 pedido de verificação aguardando análise");
      const review = await (await operator.client.get(`/moderacao/verificacoes/${request!.id}`)).text();
      expect(review).toContain("529.982.247-25");
      expect(review).toContain(`src="${documentPath}"`);

      // Approved, with the Cadastur checked.
      const approved = await operator.client.post(`/moderacao/verificacoes/${request!.id}`, { intent: "approve-identity", cadasturChecked: "on" });
      expect(approved.status).toBe(302);
      const [decided] = await rows();
      expect(decided).toMatchObject({ status: "approved", decidedBy: operator.id, documentImage: null, selfieImage: null, cadasturChecked: true });
      for (const key of keys) expect(await privateFileExists(key)).toBe(false);
      expect((await operator.client.get(documentPath)).status).toBe(404);
      const mail = await waitForMail(app, host.email, "Sua identidade foi verificada");
      expect(mail.text).toContain("Apagamos as fotos");
      // Deciding again changes nothing.
      const twice = await operator.client.post(`/moderacao/verificacoes/${request!.id}`, { intent: "refuse-identity", reason: "Documento ilegível, envie outro." });
      expect(twice.status).toBe(409);

      const visitorClient = new Client(app.url);
      const hostPage = await (await visitorClient.get(`/anfitriao/${host.id}`)).text();
      const listingPage = await (await visitorClient.get(`/accommodation/${listing.slug}`)).text();
      // Followed: the understood search ("cabana" is a type) has its own address.
      const results = await (await fetch(new URL(`/?search=${encodeURIComponent(`Cabana da Marina ${storageKind}`)}`, app.url))).text();
      for (const page of [hostPage, listingPage]) {
        expect(page).toContain("Identidade verificada");
        expect(page).toContain("Cadastur");
        // The legal name, the document and its number are never on public pages.
        for (const secret of ["Souza", "529.982", "52998224725", "26.012345"]) expect(page).not.toContain(secret);
      }
      expect(results).toContain("Identidade verificada · Cadastur");

      // The same CPF on another account: refused, nothing stored.
      const copycat = await signedInAs(app, "host");
      const copied = await requestVerification(copycat.client, { document: "52998224725", legalName: "Marina Souza Costa", ...(await stageIdentityImages(copycat.client, app.url)) });
      expect(copied.status).toBe(409);
      expect(await copied.text()).toContain(inPage(IDENTITY_MESSAGES.documentTaken));
      expect(await db().select().from(identityVerifications).where(eq(identityVerifications.userId, copycat.id))).toEqual([]);
    });

    it("refuses with a reason the host receives, who may then ask again; an operator never decides their own", async () => {
      const host = await signedInAs(app, "host", { name: "Paulo Reis", email: `paulo-${storageKind}@example.com` });
      await requestVerification(host.client, { documentKind: "cnpj", document: VALID_DOCUMENTS.alphanumericCnpj, legalName: "Pousada Reis Ltda", ...(await stageIdentityImages(host.client, app.url)) });
      const [request] = await db().select().from(identityVerifications).where(eq(identityVerifications.userId, host.id));
      expect(request).toMatchObject({ documentKind: "cnpj", document: "12ABC34501DE35", status: "pending" });
      const operator = await signedInAs(app, "operator");
      const path = `/moderacao/verificacoes/${request!.id}`;
      const markup = await operator.client.post(path, { intent: "refuse-identity", reason: '<a href="https://golpe.example">clique</a> aqui' });
      expect(markup.status).toBe(400);
      expect(await markup.text()).toContain(inPage(MODERATION_MESSAGES.reasonMarkup));
      const short = await operator.client.post(path, { intent: "refuse-identity", reason: "ruim" });
      expect(short.status).toBe(400);
      expect((await db().select().from(identityVerifications).where(eq(identityVerifications.id, request!.id)))[0]!.status).toBe("pending");

      const refusedRes = await operator.client.post(path, { intent: "refuse-identity", reason: "A selfie não mostra o documento. Envie outra foto segurando o cartão." });
      expect(refusedRes.status).toBe(302);
      const mail = await waitForMail(app, host.email, "Não foi possível verificar sua identidade");
      expect(mail.text).toContain("A selfie não mostra o documento.");
      const profile = await (await host.client.get("/perfil")).text();
      expect(profile).toContain("A selfie não mostra o documento.");
      expect(profile).toContain("Enviar para verificação");
      const retry = await requestVerification(host.client, { documentKind: "cnpj", document: "12ABC34501DE35", legalName: "Pousada Reis Ltda", ...(await stageIdentityImages(host.client, app.url)) });
      expect(retry.status).toBe(302);

      // An operator who hosts too sends a request: another operator decides it.
      const operatorHost = await signedInAs(app, "operator");
      await db().update(users).set({ userType: "host" }).where(eq(users.id, operatorHost.id));
      const own = await requestVerification(operatorHost.client, { document: VALID_DOCUMENTS.otherCpf, legalName: "Operadora Que Hospeda", ...(await stageIdentityImages(operatorHost.client, app.url)) });
      expect(own.status).toBe(302);
      const [ownRequest] = await db().select().from(identityVerifications).where(eq(identityVerifications.userId, operatorHost.id));
      const self = await operatorHost.client.post(`/moderacao/verificacoes/${ownRequest!.id}`, { intent: "approve-identity" });
      expect(self.status).toBe(403);
      expect((await db().select().from(identityVerifications).where(eq(identityVerifications.id, ownRequest!.id)))[0]!.status).toBe("pending");
    });

    it("exports the verification without its images, and deleting the account removes it with any waiting images", async () => {
      const host = await signedInAs(app, "host", { name: "Clara Nunes", email: `clara-${storageKind}@example.com` });
      await requestVerification(host.client, { document: "491.111.359-64", legalName: "Clara Nunes Lima", ...(await stageIdentityImages(host.client, app.url)) });
      const [request] = await db().select().from(identityVerifications).where(eq(identityVerifications.userId, host.id));
      const exported = await (await host.client.get("/perfil/dados")).text();
      expect(JSON.parse(exported).identityVerification).toEqual([
        expect.objectContaining({ documentKind: "cpf", document: "49111135964", legalName: "Clara Nunes Lima", status: "pending" }),
      ]);
      expect(exported).not.toContain("private/");
      const gone = await host.client.post("/perfil", { intent: "delete-account", confirmEmail: host.email });
      expect(gone.status).toBe(302);
      expect(await db().select().from(identityVerifications).where(eq(identityVerifications.userId, host.id))).toEqual([]);
      for (const key of [request!.documentImage!, request!.selfieImage!]) expect(await privateFileExists(key)).toBe(false);
    });
  });
}
