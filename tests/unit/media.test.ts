import { describe, expect, it } from "vitest";
import { isAcceptedImageType, UPLOAD_MESSAGES } from "../../common/image-upload";
import { allVariantKeys, IMAGE_VARIANT_PATH, imageSrcSet, imageUrl, variantContentType, variantKey } from "../../common/media";
import { sniffImageType } from "../../server/media/upload";

describe("stored image files", () => {
  it("names every width in WebP and in JPEG, in one place", () => {
    expect(variantKey("uploads/u1/abc", 400)).toBe("uploads/u1/abc-400.webp");
    expect(variantKey("uploads/u1/abc", 1200, "jpeg")).toBe("uploads/u1/abc-1200.jpg");
    expect(allVariantKeys("demo/cabana-1")).toEqual([
      "demo/cabana-1-400.webp",
      "demo/cabana-1-800.webp",
      "demo/cabana-1-1200.webp",
      "demo/cabana-1-400.jpg",
      "demo/cabana-1-800.jpg",
      "demo/cabana-1-1200.jpg",
    ]);
    expect(imageUrl("demo/cabana-1")).toBe("/media/demo/cabana-1-800.webp");
    expect(imageSrcSet("demo/cabana-1", "jpeg")).toBe("/media/demo/cabana-1-400.jpg 400w, /media/demo/cabana-1-800.jpg 800w, /media/demo/cabana-1-1200.jpg 1200w");
    expect(variantContentType("a/b-400.jpg")).toBe("image/jpeg");
    expect(variantContentType("a/b-400.webp")).toBe("image/webp");
    expect(variantContentType("a/b.txt")).toBeNull();
  });

  it("names a profile photo's squares, 96 and 256 px, by its key", () => {
    expect(allVariantKeys("avatars/u1/abc")).toEqual(["avatars/u1/abc-96.webp", "avatars/u1/abc-256.webp", "avatars/u1/abc-96.jpg", "avatars/u1/abc-256.jpg"]);
    expect(imageSrcSet("avatars/u1/abc")).toBe("/media/avatars/u1/abc-96.webp 96w, /media/avatars/u1/abc-256.webp 256w");
    expect(imageUrl("avatars/u1/abc", 256, "jpeg")).toBe("/media/avatars/u1/abc-256.jpg");
  });

  it("serves only variant paths from /media", () => {
    for (const key of [...allVariantKeys("uploads/u1/abc"), ...allVariantKeys("avatars/u1/abc")]) expect(IMAGE_VARIANT_PATH.test(`/${key}`), key).toBe(true);
    for (const path of ["/a/b-400.png", "/a/b-401.webp", "/a/b-400.jpeg", "/a/../b-400.webp", "/.env-400.webp", "/a/b.txt", "/", "/avatars/u1/abc-400.webp", "/uploads/u1/abc-96.webp", "/avatars/../x-96.webp"]) {
      expect(IMAGE_VARIANT_PATH.test(path), path).toBe(false);
    }
  });
});

describe("uploaded files are recognised by their first bytes", () => {
  const bytes = (...b: (number | string)[]) => Buffer.concat(b.map((x) => (typeof x === "string" ? Buffer.from(x, "latin1") : Buffer.from([x]))));

  it("knows JPEG, PNG and WebP, and nothing else", () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("jpeg");
    expect(sniffImageType(bytes(0x89, "PNG\r\n", 0x1a, "\n", 0, 0))).toBe("png");
    expect(sniffImageType(bytes("RIFF", 0, 0, 0, 0, "WEBPVP8 "))).toBe("webp");
    expect(sniffImageType(bytes("RIFF", 0, 0, 0, 0, "WAVEfmt "))).toBeNull();
    expect(sniffImageType(bytes("GIF89a"))).toBeNull();
    expect(sniffImageType(bytes("<svg xmlns"))).toBeNull();
    expect(sniffImageType(bytes("%PDF-1.7"))).toBeNull();
    expect(sniffImageType(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });

  it("takes the browser's labels for the three types only, with the spec's messages", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp", "IMAGE/JPEG"]) expect(isAcceptedImageType(type), type).toBe(true);
    for (const type of ["image/jpg", "image/gif", "image/svg+xml", "image/heic", "application/pdf", ""]) expect(isAcceptedImageType(type), type).toBe(false);
    expect(UPLOAD_MESSAGES).toMatchObject({
      type: "Tipo de arquivo não suportado. Use JPEG, PNG ou WebP.",
      size: "Arquivo muito grande. Máximo 50MB.",
      count: "Máximo de 10 imagens permitidas",
    });
  });
});
