import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { ImageRejected, receiveUpload, UploadAborted } from "../../server/media/upload";

const dir = await fs.mkdtemp(path.join(os.tmpdir(), "recanto-receive-"));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

const megabytes = (n: number) => {
  const chunk = Buffer.alloc(n * 1024 * 1024, 0xab);
  chunk.set([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1], 0);
  return chunk;
};

/**
 * Runs receiveUpload: writes `first`, waits until it is on disk (the file open and idle), then
 * writes `then` at once; reports what it settled with and any error nobody heard.
 */
async function receive(first: Buffer, then: Buffer[], maxBytes: number, end = true) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.upload`);
  const source = new PassThrough();
  const unheard: unknown[] = [];
  const onUncaught = (err: unknown) => unheard.push(err);
  process.prependListener("uncaughtException", onUncaught);
  try {
    const received = receiveUpload(source, file, maxBytes).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    source.write(first);
    while ((await fs.stat(file).catch(() => null))?.size !== first.length) await new Promise((resolve) => setTimeout(resolve, 5));
    for (const chunk of then) source.write(chunk);
    if (end) source.end();
    else source.destroy();
    const result = await received;
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { result, unheard, file };
  } finally {
    process.off("uncaughtException", onUncaught);
  }
}

describe("receiveUpload", () => {
  it("refuses with 413 while a write is still under way, and the destroyed file's late error is heard", async () => {
    for (let i = 0; i < 5; i++) {
      // The second chunk's write is under way when the third passes the limit.
      const kilobytes8 = Buffer.alloc(8 * 1024, 0xab);
      const { result, unheard } = await receive(megabytes(1), [kilobytes8, kilobytes8], 1024 * 1024 + 10 * 1024);
      expect(unheard).toEqual([]);
      expect("error" in result && result.error instanceof ImageRejected && result.error.status).toBe(413);
    }
  });

  it("writes a whole body to the file and names its type", async () => {
    const { result, unheard, file } = await receive(megabytes(1), [megabytes(1)], 6 * 1024 * 1024);
    expect(unheard).toEqual([]);
    expect(result).toEqual({ value: { path: file, type: "jpeg" } });
    expect((await fs.stat(file)).size).toBe(2 * 1024 * 1024);
  });

  it("reports a body that stops short as aborted", async () => {
    const { result, unheard } = await receive(megabytes(1), [megabytes(1)], 6 * 1024 * 1024, false);
    expect(unheard).toEqual([]);
    expect("error" in result && result.error).toBeInstanceOf(UploadAborted);
  });
});
