import { expect } from "vitest";
import { IDENTITY_IMAGE_PATH, type UploadedIdentityImage } from "../../common/image-upload";
import type { Client } from "./http";
import { photoJpeg } from "./images";

/** Valid numbers (check digits right), and the alphanumeric CNPJ in force from July 2026. */
export const VALID_DOCUMENTS = { cpf: "529.982.247-25", otherCpf: "111.444.777-35", cnpj: "11.222.333/0001-81", alphanumericCnpj: "12.ABC.345/01DE-35" } as const;

/** Sends an identity image as the profile page does (POST, body = the file); returns the answer. */
export function sendIdentityImage(client: Client, origin: string, body: Buffer, type = "image/jpeg") {
  return client.request(IDENTITY_IMAGE_PATH, { method: "POST", body: new Uint8Array(body), headers: { origin, "content-type": type } });
}

/** Stages a document photo and a selfie for this host: their upload ids. */
export async function stageIdentityImages(client: Client, origin: string): Promise<{ documentUpload: string; selfieUpload: string }> {
  const ids: string[] = [];
  for (const size of [[1200, 800], [800, 1000]] as const) {
    const res = await sendIdentityImage(client, origin, await photoJpeg(size[0], size[1]));
    expect(res.status, await res.clone().text()).toBe(201);
    ids.push(((await res.json()) as UploadedIdentityImage).id);
  }
  return { documentUpload: ids[0]!, selfieUpload: ids[1]! };
}

/** Posts /perfil's verification form. */
export function requestVerification(client: Client, fields: Record<string, string>) {
  return client.post("/perfil", { intent: "request-verification", documentKind: "cpf", ...fields });
}
