import { expect } from "vitest";
import type { UploadedImage } from "../../common/image-upload";
import type { Client } from "./http";
import { photoJpeg } from "./images";

/** Uploads like the form's uploader does (POST, body = the file) and returns the staged upload. */
export async function uploadPhoto(client: Client, origin: string, body?: Buffer, type = "image/jpeg"): Promise<UploadedImage> {
  const res = await client.request("/api/imagens", { method: "POST", body: new Uint8Array(body ?? (await photoJpeg(1200, 800))), headers: { origin, "content-type": type } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as UploadedImage;
}
