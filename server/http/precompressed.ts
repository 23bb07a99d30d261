import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** A body that never changes while the process runs, compressed once instead of at every request. */
export interface Precompressed {
  etag: string;
  bodies: { br: Buffer; gzip: Buffer; identity: Buffer };
}

/** At the best ratios, off the event loop (brotli's best takes a few hundred ms on the cities list). */
export async function precompress(text: string): Promise<Precompressed> {
  const identity = Buffer.from(text);
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzipped(identity, { level: 9 }),
  ]);
  return { etag: `"${createHash("sha1").update(identity).digest("base64url")}"`, bodies: { br, gzip: gz, identity } };
}

/** The best encoding `Accept-Encoding` allows: brotli, then gzip, else none (a `;q=0` refuses one). */
export function chosenEncoding(acceptEncoding: string | null): "br" | "gzip" | "identity" {
  const accepted = new Set(
    (acceptEncoding ?? "")
      .split(",")
      .map((part) => part.trim().toLowerCase().split(";"))
      .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p)))
      .map(([name]) => name),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return "identity";
}

/** 304 when the client has it, else the body in the best encoding it accepts (the compression middleware leaves an encoded body alone). */
export function precompressedResponse(request: Request, body: Precompressed, headers: Record<string, string>): Response {
  const common = { ...headers, ETag: body.etag, Vary: "Accept-Encoding" };
  if (request.headers.get("if-none-match") === body.etag) return new Response(null, { status: 304, headers: common });
  const encoding = chosenEncoding(request.headers.get("accept-encoding"));
  const content = body.bodies[encoding];
  return new Response(new Uint8Array(content), {
    headers: { ...common, ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }), "Content-Length": String(content.length) },
  });
}
