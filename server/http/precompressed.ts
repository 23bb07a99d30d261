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

/**
 * Off the event loop. "best" for what is compressed once per process (brotli's best takes a few
 * hundred ms on the cities list); "fast" for what is compressed again whenever it changes (pages:
 * a few ms, most of the gain).
 */
export async function precompress(content: string | Uint8Array, effort: "best" | "fast" = "best"): Promise<Precompressed> {
  const identity = Buffer.isBuffer(content) ? content : Buffer.from(content);
  const best = effort === "best";
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: best ? constants.BROTLI_MAX_QUALITY : 5, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzipped(identity, { level: best ? 9 : 6 }),
  ]);
  return { etag: etagOf(identity), bodies: { br, gzip: gz, identity } };
}

export const etagOf = (body: Buffer) => `"${createHash("sha1").update(body).digest("base64url")}"`;

/** The best encoding `Accept-Encoding` allows: brotli, then gzip, else none (a `;q=0` refuses one). */
function chosenEncoding(acceptEncoding: string | null): "br" | "gzip" | "identity" {
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

/** A body in the forms ready so far (identity always); the compressed ones may join later. */
export interface EncodedBody {
  etag: string;
  bodies: Partial<Precompressed["bodies"]> & { identity: Buffer };
}

/** null when the client already has this body (a 304), else the best form it accepts among those ready. */
export function bodyFor(ifNoneMatch: string | null | undefined, acceptEncoding: string | null | undefined, body: EncodedBody) {
  if (ifNoneMatch === body.etag) return null;
  const accepted = chosenEncoding(acceptEncoding ?? null);
  const encoding = body.bodies[accepted] ? accepted : "identity";
  return { encoding, content: body.bodies[encoding]! };
}

/** 304 when the client has it, else the body in the best encoding it accepts (the compression middleware leaves an encoded body alone). */
export function precompressedResponse(request: Request, body: Precompressed, headers: Record<string, string>): Response {
  const common = { ...headers, ETag: body.etag, Vary: "Accept-Encoding" };
  const chosen = bodyFor(request.headers.get("if-none-match"), request.headers.get("accept-encoding"), body);
  if (!chosen) return new Response(null, { status: 304, headers: common });
  const { encoding, content } = chosen;
  return new Response(new Uint8Array(content), {
    headers: { ...common, ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }), "Content-Length": String(content.length) },
  });
}
