import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export interface LocalS3 {
  /** The S3_* settings that point the app at it. */
  env: Record<string, string>;
  /** Where the stand-in keeps the bucket's objects on disk. */
  directory: string;
  close(): Promise<void>;
}

/** An S3-compatible server in this process on 127.0.0.1 (s3rver), with one empty bucket. */
export async function startLocalS3(bucket = "recanto-test"): Promise<LocalS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "recanto-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: "us-east-1",
      // s3rver's fixed test credentials.
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    directory,
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
