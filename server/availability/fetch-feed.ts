import dns from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import net, { type LookupFunction, type Socket } from "node:net";
import { isPublicAddress } from "./feed-address";

export const FEED_FETCH_LIMITS = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3 };

export const FEED_FETCH_ERRORS = {
  scheme: "Use o endereço do calendário que começa com https:// (ou http://).",
  address: "Este endereço não pode ser usado: informe o endereço público do calendário, como o Airbnb ou o Booking.com o mostram.",
  timeout: `O calendário não respondeu em ${FEED_FETCH_LIMITS.timeoutMs / 1000} s.`,
  tooLarge: `O calendário passa de ${FEED_FETCH_LIMITS.maxBytes / 1024 / 1024} MB: não foi lido.`,
  redirects: "O endereço do calendário redireciona vezes demais.",
  unreachable: "Não foi possível conectar ao endereço do calendário. Confira o endereço.",
  status: (status: number) => `O calendário respondeu com um erro (HTTP ${status}). Confira o endereço.`,
} as const;

export type FeedFetch = { ok: true; text: string } | { ok: false; error: string };

export interface FeedFetchOptions {
  /**
   * Lets feeds come from this machine's own addresses (loopback only): the tests' local servers.
   * The configuration refuses it in production.
   */
  allowLoopback?: boolean;
  /** FEED_FETCH_LIMITS.timeoutMs unless given (tests wait less). */
  timeoutMs?: number;
}

class Refused extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

const isLoopback = (address: string) => /^(127\.|::1$|::ffff:127\.)/.test(address);

/**
 * A calendar feed's body, fetched by our server from the address a host typed. Only http(s); only
 * public addresses, checked on the address each connection is actually made to (a name that
 * resolves to a public address, then to an inside one, gains nothing) and again after each
 * redirect (at most FEED_FETCH_LIMITS.maxRedirects); at most FEED_FETCH_LIMITS.maxBytes, within
 * FEED_FETCH_LIMITS.timeoutMs in all. Every failure is a message for the host, in Portuguese.
 */
export async function fetchFeed(address: string, options: FeedFetchOptions = {}): Promise<FeedFetch> {
  const allowed = (ip: string) => isPublicAddress(ip) || (options.allowLoopback === true && isLoopback(ip));
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Refused(FEED_FETCH_ERRORS.timeout)), options.timeoutMs ?? FEED_FETCH_LIMITS.timeoutMs);
  try {
    let url = parse(address);
    for (let redirects = 0; ; redirects++) {
      const response = await request(url, allowed, abort.signal);
      const location = response.headers.location;
      if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
        response.resume();
        if (redirects === FEED_FETCH_LIMITS.maxRedirects) throw new Refused(FEED_FETCH_ERRORS.redirects);
        url = parse(new URL(location, url).href);
        continue;
      }
      if (response.statusCode !== 200) {
        response.resume();
        throw new Refused(FEED_FETCH_ERRORS.status(response.statusCode ?? 0));
      }
      return { ok: true, text: await body(response) };
    }
  } catch (error) {
    const reason = abort.signal.aborted ? abort.signal.reason : error;
    return { ok: false, error: reason instanceof Refused ? reason.reason : FEED_FETCH_ERRORS.unreachable };
  } finally {
    clearTimeout(timer);
  }
}

function parse(address: string): URL {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    throw new Refused(FEED_FETCH_ERRORS.scheme);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Refused(FEED_FETCH_ERRORS.scheme);
  // Credentials in the address would be sent to whoever answers.
  if (url.username || url.password) throw new Refused(FEED_FETCH_ERRORS.address);
  return url;
}

function request(url: URL, allowed: (ip: string) => boolean, signal: AbortSignal): Promise<IncomingMessage> {
  const hostname = url.hostname.replace(/^\[(.*)\]$/, "$1");
  // A literal address is connected to without a lookup: checked here. A name resolves only to the
  // addresses that pass; the socket's own address is checked again once connected.
  if (net.isIP(hostname) && !allowed(hostname)) return Promise.reject(new Refused(FEED_FETCH_ERRORS.address));
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    dns.lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const usable = addresses.find((a) => allowed(a.address));
      if (!usable) return callback(new Refused(FEED_FETCH_ERRORS.address), "", 0);
      if (lookupOptions.all) return callback(null, [usable]);
      callback(null, usable.address, usable.family);
    });
  };
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const req = client.get(url, { lookup, signal, headers: { accept: "text/calendar, */*;q=0.1", "user-agent": "Recanto/1.0 (calendario)" }, agent: false }, resolve);
    req.on("socket", (socket: Socket) => {
      const check = () => {
        if (!allowed(socket.remoteAddress ?? "")) req.destroy(new Refused(FEED_FETCH_ERRORS.address));
      };
      if (socket.remoteAddress) check();
      else socket.once("connect", check);
    });
    req.on("error", reject);
  });
}

function body(response: IncomingMessage): Promise<string> {
  const declared = Number(response.headers["content-length"]);
  if (declared > FEED_FETCH_LIMITS.maxBytes) {
    response.destroy();
    return Promise.reject(new Refused(FEED_FETCH_ERRORS.tooLarge));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > FEED_FETCH_LIMITS.maxBytes) {
        response.destroy();
        reject(new Refused(FEED_FETCH_ERRORS.tooLarge));
        return;
      }
      chunks.push(chunk);
    });
    response.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    response.on("error", reject);
  });
}
