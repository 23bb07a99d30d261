import { CLIENT_RESIZE, UPLOAD_MESSAGES } from "@common/image-upload";

/** In the browser: what every image upload does before and while sending (the listing form's photos, the profile photo). */

const EXTENSION_TYPES: Record<string, string> = { jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", webp: "image/webp" };

/** The file's type as the browser labels it, or by its extension when the label is missing. */
export function typeOf(file: File): string {
  if (file.type) return file.type.toLowerCase();
  return EXTENSION_TYPES[file.name.split(".").pop()?.toLowerCase() ?? ""] ?? "";
}

/**
 * Spec: at most 1200 wide and 800 high, keeping the ratio, as JPEG at quality 0.8. The bitmap is
 * turned upright by its EXIF orientation first. Transparent areas become white (JPEG has no alpha).
 */
async function resizeForUpload(file: File): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  try {
    const scale = Math.min(1, CLIENT_RESIZE.maxWidth / bitmap.width, CLIENT_RESIZE.maxHeight / bitmap.height);
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext("2d");
    if (!context) throw new Error("canvas 2d indisponível");
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("toBlob falhou"))), "image/jpeg", CLIENT_RESIZE.quality),
    );
  } finally {
    bitmap.close();
  }
}

/** What to send for `file`: resized as JPEG, or the original when the browser cannot read it (the server then says why it refuses it). */
export async function uploadBody(file: File): Promise<{ body: Blob; type: string }> {
  try {
    return { body: await resizeForUpload(file), type: "image/jpeg" };
  } catch {
    return { body: file, type: typeOf(file) };
  }
}

export class UploadFailed extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Seconds the server asked us to wait before trying again (Retry-After of a 503). */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

/** A server busy with other images (503) is asked again this many times, after the wait it names. */
const BUSY_RETRIES = 3;
const MAX_BUSY_WAIT_SECONDS = 30;

/** The answer's JSON object, or null (not JSON: a proxy's error page gets the generic message). */
function jsonObject(text: string): { message?: unknown } | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? value : null;
  } catch {
    return null;
  }
}

/** POSTs the bytes to an upload address with XMLHttpRequest (fetch cannot report upload progress); resolves with its 201 answer. */
function sendImage<T extends object>(path: string, body: Blob, type: string, onProgress: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.setRequestHeader("Content-Type", type);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      // 100 means 'Concluído': kept for the server's answer.
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const answer = jsonObject(xhr.responseText);
      if (xhr.status === 201 && answer) resolve(answer as T);
      else {
        const retryAfter = Number(xhr.getResponseHeader("Retry-After"));
        const message = typeof answer?.message === "string" ? answer.message : UPLOAD_MESSAGES.failed;
        reject(new UploadFailed(xhr.status, message, xhr.status === 503 && retryAfter > 0 ? Math.min(retryAfter, MAX_BUSY_WAIT_SECONDS) : null));
      }
    };
    xhr.onerror = () => reject(new UploadFailed(0, UPLOAD_MESSAGES.failed));
    xhr.onabort = () => reject(new UploadFailed(0, UPLOAD_MESSAGES.failed));
    xhr.send(body);
  });
}

/** sendImage, asking again after the wait a busy server names (its message stays if it is still busy). */
export async function sendImageWhenFree<T extends object>(path: string, body: Blob, type: string, onProgress: (percent: number) => void = () => {}): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await sendImage<T>(path, body, type, onProgress);
    } catch (err) {
      if (!(err instanceof UploadFailed) || err.retryAfter === null || attempt >= BUSY_RETRIES) throw err;
      onProgress(0);
      await new Promise((resolve) => setTimeout(resolve, err.retryAfter! * 1000));
    }
  }
}

