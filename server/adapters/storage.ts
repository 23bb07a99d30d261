import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { variantContentType } from "../../common/media";
import { DependencyUnavailable } from "../unavailable";

/** A stored file being read. */
export interface StoredFile {
  body: Readable;
  contentType: string;
  size?: number;
  etag?: string;
  lastModified?: Date;
}

/**
 * Where image files live: a local folder (default) or an S3-compatible bucket (S3_* settings).
 * Keys are relative paths of safe ASCII characters ("demo/cabana-1-800.webp"). Keys under
 * PRIVATE_KEY_PREFIX are never public: on disk they live in a folder of their own outside the one
 * served at /media; in a bucket, under that prefix, which /media never serves (common/media.ts).
 */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** Fails when the storage does not answer (for /healthz); a local disk has nothing to check. */
  check?(signal: AbortSignal): Promise<void>;
  /** Local folder served at /media, when the storage is a disk. */
  localDir?: string;
  /** Lets go of connections (S3). */
  close?(): void;
}

/** A stored file's bytes, or null when there is no such file. */
export async function readStoredFile(storage: Storage, key: string): Promise<Buffer | null> {
  const file = await storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Files only operators see, through the app (identity documents): server/media/private-files.ts. */
export const PRIVATE_KEY_PREFIX = "private/";
export const isPrivateKey = (key: string) => key.startsWith(PRIVATE_KEY_PREFIX);

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key) || key.split("/").some((part) => part === ".." || part === "")) {
    throw new Error(`Invalid storage key: ${key}`);
  }
}

const contentTypeOf = (key: string) => variantContentType(key) ?? "application/octet-stream";

/** `dir` is served at /media; private keys go to `privateDir`, never served (a storage without one refuses them). */
export function createDiskStorage(dir: string, privateDir?: string): Storage {
  const file = (key: string) => {
    assertSafeKey(key);
    if (!isPrivateKey(key)) return path.join(dir, key);
    if (!privateDir) throw new Error(`No folder for private files: ${key}`);
    return path.join(privateDir, key.slice(PRIVATE_KEY_PREFIX.length));
  };
  let writes = 0;
  return {
    localDir: dir,
    async put(key, body) {
      const target = file(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Written whole, then renamed: a reader never sees half a file.
      const temporary = `${target}.${process.pid}-${writes++}.tmp`;
      try {
        await fs.writeFile(temporary, body);
        await fs.rename(temporary, target);
      } catch (err) {
        await fs.rm(temporary, { force: true });
        throw err;
      }
    },
    async get(key) {
      const target = file(key);
      const stat = await fs.stat(target).catch(() => null);
      if (!stat?.isFile()) return null;
      return { body: createReadStream(target), contentType: contentTypeOf(key), size: stat.size, lastModified: stat.mtime };
    },
    async exists(key) {
      return fs.access(file(key)).then(
        () => true,
        () => false,
      );
    },
    async remove(key) {
      const target = file(key);
      await fs.rm(target, { force: true });
      // A process killed while writing this file left its temporary copy beside it: it goes too.
      const prefix = `${path.basename(target)}.`;
      const siblings = await fs.readdir(path.dirname(target)).catch(() => [] as string[]);
      await Promise.all(
        siblings.filter((name) => name.startsWith(prefix) && name.endsWith(".tmp")).map((name) => fs.rm(path.join(path.dirname(target), name), { force: true })),
      );
    },
  };
}

export interface S3Settings {
  bucket: string;
  region: string;
  /** Another S3-compatible service (MinIO, Cloudflare R2, Backblaze B2…); absent for AWS. */
  endpoint?: string;
  /** Absent: the AWS SDK's usual chain (environment, instance role…). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** bucket in the path (http://host/bucket/key) instead of the host name; most S3-compatibles need it. */
  forcePathStyle: boolean;
  /** Bounds on every call, so a hung or unreachable service fails the request quickly. */
  timeouts: { connectMs: number; requestMs: number; maxAttempts: number };
}

/** Stored images never change (a new upload gets a new key): caches, and a CDN in front of the bucket, may keep them a year. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
};

/**
 * No answer (refused, cut, timed out) or a 5xx: the service is unavailable, and the request that
 * needed it answers 503. Any other refusal (403: wrong keys or policy) is a configuration error.
 */
function storageFailure(err: unknown): unknown {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  return status === undefined || status >= 500 || e.name === "TimeoutError" ? new DependencyUnavailable("storage", err) : err;
}

export function createS3Storage(settings: S3Settings): Storage {
  const { connectMs, requestMs, maxAttempts } = settings.timeouts;
  const s3 = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: several S3-compatible services refuse the SDK's
    // newer default (CRC32 headers and trailers on every upload).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts,
    // requestTimeout bounds a whole exchange, socketTimeout a silence while reading an image's body.
    requestHandler: { connectionTimeout: connectMs, requestTimeout: requestMs, throwOnRequestTimeout: true, socketTimeout: requestMs },
  });
  const failing = <T>(call: Promise<T>) =>
    call.catch((err: unknown) => {
      throw storageFailure(err);
    });
  const Bucket = settings.bucket;
  return {
    async put(key, body, contentType) {
      assertSafeKey(key);
      await failing(s3.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, CacheControl: IMMUTABLE_CACHE_CONTROL })));
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const object = await failing(s3.send(new GetObjectCommand({ Bucket, Key: key })));
        if (!object.Body) return null;
        return {
          body: object.Body as Readable,
          contentType: object.ContentType ?? contentTypeOf(key),
          size: object.ContentLength,
          etag: object.ETag,
          lastModified: object.LastModified,
        };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async exists(key) {
      assertSafeKey(key);
      try {
        await failing(s3.send(new HeadObjectCommand({ Bucket, Key: key })));
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
    },
    async remove(key) {
      assertSafeKey(key);
      try {
        await failing(s3.send(new DeleteObjectCommand({ Bucket, Key: key })));
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    },
    async check(signal) {
      await failing(s3.send(new HeadBucketCommand({ Bucket }), { abortSignal: signal }));
    },
    close() {
      s3.destroy();
    },
  };
}
