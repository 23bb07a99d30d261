import { describe, expect, it } from "vitest";
import { createRateLimiter, rateLimitMessage } from "../../server/http/rate-limit";

describe("rate limits", () => {
  it("count a whole IPv6 /64 as one client", async () => {
    const limiter = createRateLimiter();
    for (let i = 1; i <= 10; i++) expect(await limiter.consume("signup", { ip: `2001:db8:1:2::${i.toString(16)}` })).toBeNull();
    expect(await limiter.consume("signup", { ip: "2001:db8:1:2:ffff:1:2:3" })).toBeGreaterThan(0);
    expect(await limiter.consume("signup", { ip: "2001:db8:1:3::1" })).toBeNull();
  });

  it("treat IPv4-mapped IPv6 addresses as the IPv4 address", async () => {
    const limiter = createRateLimiter();
    for (let i = 0; i < 10; i++) await limiter.consume("signup", { ip: i % 2 ? "::ffff:198.51.100.7" : "198.51.100.7" });
    expect(await limiter.consume("signup", { ip: "198.51.100.7" })).toBeGreaterThan(0);
  });

  it("stop a password guesser on one network without locking the owner out elsewhere", async () => {
    const limiter = createRateLimiter();
    const email = "vitima@example.com";
    for (let i = 0; i < 8; i++) expect(await limiter.consume("login", { ip: "203.0.113.9", email })).toBeNull();
    expect(await limiter.consume("login", { ip: "203.0.113.9", email: "VITIMA@example.com" })).toBeGreaterThan(0);
    expect(await limiter.consume("login", { ip: "198.51.100.20", email })).toBeNull();
  });

  it("hold back the networks that tried an email attacked from many, but never a network's first try", async () => {
    const limiter = createRateLimiter();
    const email = "cercada@example.com";
    const attacker = (n: number) => `203.0.113.${n}`;
    for (let n = 1; n <= 10; n++) for (let i = 0; i < 5; i++) expect(await limiter.consume("login", { ip: attacker(n), email })).toBeNull();
    expect(await limiter.consume("login", { ip: attacker(1), email })).toBeGreaterThan(0);
    expect(await limiter.consume("login", { ip: "198.51.100.30", email })).toBeNull();
    expect(await limiter.consume("login", { ip: "198.51.100.30", email })).toBeGreaterThan(0);
    expect(await limiter.consume("login", { ip: attacker(1), email: "outra@example.com" })).toBeNull();
  });

  it("count neither a successful login nor its network's earlier failures", async () => {
    const limiter = createRateLimiter();
    const keys = { ip: "203.0.113.11", email: "escritorio@example.com" };
    for (let i = 0; i < 40; i++) {
      expect(await limiter.consume("login", keys)).toBeNull();
      await limiter.reset("login", keys);
    }
  });

  it("forget a network's failures for the email after a successful login", async () => {
    const limiter = createRateLimiter();
    const keys = { ip: "203.0.113.10", email: "dona@example.com" };
    for (let i = 0; i < 7; i++) await limiter.consume("login", keys);
    await limiter.reset("login", keys);
    for (let i = 0; i < 8; i++) expect(await limiter.consume("login", keys)).toBeNull();
  });

  it("explain the wait in Portuguese", () => {
    expect(rateLimitMessage(30)).toBe("Muitas tentativas. Aguarde 1 minuto e tente novamente.");
    expect(rateLimitMessage(601)).toBe("Muitas tentativas. Aguarde 11 minutos e tente novamente.");
  });
});
