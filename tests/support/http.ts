/** A tiny browser stand-in for HTTP tests: keeps cookies, never follows redirects. */
export class Client {
  private cookies = new Map<string, string>();
  /** Headers sent with every request (an address behind the trusted proxy, a browser's name). */
  readonly headers = new Map<string, string>();
  constructor(private baseUrl: string) {}

  cookie(name: string) {
    return this.cookies.get(name);
  }

  /** The Cookie header this client sends, for requests made another way (node:http). */
  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async request(pathname: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    for (const [name, value] of this.headers) if (!headers.has(name)) headers.set(name, value);
    if (this.cookies.size) headers.set("cookie", this.cookieHeader());
    const res = await fetch(new URL(pathname, this.baseUrl), { ...init, headers, redirect: "manual" });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  get(pathname: string) {
    return this.request(pathname);
  }

  /** Posts a form like a browser on our own origin does. */
  post(pathname: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return this.request(pathname, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { origin: this.baseUrl, "content-type": "application/x-www-form-urlencoded", ...headers },
    });
  }
}

/**
 * What a response tells its client, minus what differs on every response (the date, the request id, the CSP
 * nonce): two answers that must not be told apart compare equal.
 */
export async function observableAnswer(res: Response) {
  const unstable = (text: string) => text.replace(/nonce-[A-Za-z0-9+/=_-]+/g, "nonce-…").replace(/nonce="[^"]*"/g, 'nonce="…"');
  const headers = [...res.headers].filter(([name]) => name !== "date" && name !== "x-request-id").map(([name, value]) => [name, unstable(value)]);
  return { status: res.status, headers, body: unstable(await res.text()) };
}
