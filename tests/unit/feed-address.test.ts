import { describe, expect, it } from "vitest";
import { isPublicAddress } from "../../server/availability/feed-address";

describe("the addresses a calendar feed may be fetched from", () => {
  it("refuses every range that is not public unicast, in both families and IPv6's forms of IPv4", () => {
    const refused = [
      // unspecified, this network, loopback
      "0.0.0.0", "0.1.2.3", "127.0.0.1", "127.255.255.254", "::", "::1",
      // private, carrier-grade NAT
      "10.0.0.1", "10.255.255.255", "172.16.0.1", "172.31.255.254", "192.168.0.1", "192.168.255.255", "100.64.0.1", "100.127.255.254",
      // link-local (the cloud's metadata service among them), multicast, broadcast and reserved
      "169.254.0.1", "169.254.169.254", "224.0.0.1", "239.255.255.250", "240.0.0.1", "255.255.255.255",
      // documentation, benchmarks, protocol assignments, 6to4 relays
      "192.0.2.10", "198.51.100.7", "203.0.113.9", "198.18.0.1", "198.19.255.254", "192.0.0.8", "192.88.99.1",
      // IPv6: link-local, unique local, site-local, multicast, documentation, discard, Teredo
      "fe80::1", "febf::1", "fc00::1", "fd12:3456:789a::1", "fec0::1", "ff02::1", "ff05::1:3", "2001:db8::1", "100::1", "2001::1",
      // IPv4 inside IPv6: mapped, compatible, NAT64, 6to4
      "::ffff:127.0.0.1", "::ffff:169.254.169.254", "::ffff:10.0.0.1", "::127.0.0.1", "64:ff9b::a9fe:a9fe", "64:ff9b:1::1", "2002:a9fe:a9fe::1",
    ];
    expect(refused.filter(isPublicAddress)).toEqual([]);
  });

  it("accepts public unicast addresses, and the edges just outside the refused ranges", () => {
    const publicOnes = ["8.8.8.8", "1.1.1.1", "200.160.2.3", "9.255.255.255", "11.0.0.1", "172.15.255.255", "172.32.0.1", "100.63.255.255", "100.128.0.1", "169.253.255.255", "192.167.255.255", "223.255.255.254", "2800:3f0:4001:80a::200e", "2606:4700:4700::1111", "::ffff:8.8.8.8"];
    expect(publicOnes.filter((address) => !isPublicAddress(address))).toEqual([]);
  });

  it("refuses what is not an address", () => {
    expect(["", "localhost", "example.com", "256.1.1.1", "1.2.3", "::g"].filter(isPublicAddress)).toEqual([]);
  });
});
