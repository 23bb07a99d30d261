import net, { type AddressInfo } from "node:net";

/**
 * A TCP port free right now, for a server process a test starts: picked by the system, since other
 * services on the machine hold fixed ports in any range a test might choose (NATS has 4222).
 */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
