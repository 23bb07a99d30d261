import net, { type AddressInfo, type Socket } from "node:net";

/**
 * How the proxy treats traffic:
 * - "pass": both ways, as is;
 * - "refuse": new connections are closed at once (a server that is down);
 * - "hang": new connections are accepted and nothing flows either way, and what already flows stops
 *   (a hung server or a black-holed network); on restore, what was held flows on.
 */
export type ProxyMode = "pass" | "refuse" | "hang";

export interface TcpProxy {
  /** host:port of the proxy, to put in a connection URL instead of the real server's. */
  host: string;
  port: number;
  /** Destroys every live connection (a restart or a network cut), then treats new ones as `then` says. */
  cut(then?: Exclude<ProxyMode, "pass">): void;
  /** Holds every connection, live and new, without closing any (a server that stops answering). */
  hang(): void;
  /** Adds this delay to every chunk, both ways (a slow network); 0 to stop delaying. */
  delay(ms: number): void;
  /** Destroys every live connection and goes on passing traffic (the server dropped its clients). */
  reset(): void;
  /** Back to passing traffic; held connections flow on. */
  restore(): void;
  /** Connections open now. */
  readonly connections: number;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  server: Socket;
}

/** A TCP proxy on 127.0.0.1 in front of `target`, which the test controls to simulate a failing dependency. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = "pass";
  let delayMs = 0;
  const pairs = new Set<Pair>();

  const destroy = (pair: Pair) => {
    pair.client.destroy();
    pair.server.destroy();
    pairs.delete(pair);
  };

  /** Copies from one side to the other, holding chunks while hung and delaying them when asked. */
  const forward = (from: Socket, to: Socket) => {
    let queue: Buffer[] = [];
    let flushing = false;
    const flush = () => {
      if (flushing || mode === "hang") return;
      flushing = true;
      const chunks = queue;
      queue = [];
      const write = () => {
        for (const chunk of chunks) if (!to.destroyed) to.write(chunk);
        flushing = false;
        if (queue.length) flush();
      };
      if (delayMs > 0) setTimeout(write, delayMs);
      else write();
    };
    from.on("data", (chunk: Buffer) => {
      queue.push(chunk);
      flush();
    });
    return flush;
  };

  const flushers = new Map<Pair, (() => void)[]>();

  const server = net.createServer((client) => {
    if (mode === "refuse") {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const pair = { client, server: upstream };
    pairs.add(pair);
    flushers.set(pair, [forward(client, upstream), forward(upstream, client)]);
    const end = () => {
      destroy(pair);
      flushers.delete(pair);
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const destroyAll = () => {
    for (const pair of [...pairs]) destroy(pair);
  };

  return {
    host: "127.0.0.1",
    port,
    cut(then = "refuse") {
      mode = then;
      destroyAll();
    },
    hang() {
      mode = "hang";
    },
    delay(ms) {
      delayMs = ms;
    },
    reset() {
      destroyAll();
    },
    restore() {
      mode = "pass";
      for (const list of flushers.values()) for (const flush of list) flush();
    },
    get connections() {
      return pairs.size;
    },
    async close() {
      destroyAll();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
