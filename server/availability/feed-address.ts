import net from "node:net";

/**
 * The addresses a calendar feed may be fetched from: public unicast only. Our server fetches what a
 * host types in, so any other range would let that address reach inside our network (SSRF): this
 * machine, the cloud's metadata service, private and carrier-grade NAT networks, link-local,
 * multicast, broadcast and unspecified addresses, the ranges kept for documentation, benchmarks and
 * future use, and IPv6's forms of all of them (mapped, NAT64 and 6to4 addresses carry an IPv4 one).
 */
const refused = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, the metadata service among them
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relays
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarks
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and 255.255.255.255
] as const) {
  refused.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["::", 96], // IPv4-compatible (deprecated)
  ["64:ff9b::", 96], // NAT64: an IPv4 address inside
  ["64:ff9b:1::", 48], // local NAT64
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments (Teredo among them)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: an IPv4 address inside
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  refused.addSubnet(network, prefix, "ipv6");
}

/** Whether a feed may be fetched from `address` (an IP address as text). Anything that is not one is refused. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIPv4(address) ? "ipv4" : net.isIPv6(address) ? "ipv6" : null;
  // BlockList reads an IPv4-mapped IPv6 address (::ffff:10.0.0.1) by its IPv4 rules.
  return family !== null && !refused.check(address, family);
}
