import fs from "node:fs/promises";
import path from "node:path";

/** Where image files live: local disk by default; an S3-compatible bucket comes with the image pipeline. */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /** Local folder served at /media, when the storage is a disk. */
  localDir?: string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key) || key.split("/").some((part) => part === ".." || part === "")) {
    throw new Error(`Invalid storage key: ${key}`);
  }
}

export function createDiskStorage(dir: string): Storage {
  const file = (key: string) => {
    assertSafeKey(key);
    return path.join(dir, key);
  };
  return {
    localDir: dir,
    async put(key, body) {
      const target = file(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Written whole, then renamed: a reader never sees half a file.
      const temporary = `${target}.${process.pid}.tmp`;
      await fs.writeFile(temporary, body);
      await fs.rename(temporary, target);
    },
    async exists(key) {
      return fs.access(file(key)).then(
        () => true,
        () => false,
      );
    },
    async remove(key) {
      await fs.rm(file(key), { force: true });
    },
  };
}
