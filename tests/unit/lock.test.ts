import fs from "node:fs";
import { describe, expect, it } from "vitest";

interface LockedPackage {
  optionalDependencies?: Record<string, string>;
}

describe("package-lock.json", () => {
  it("lists every platform package its packages declare, so `npm ci` accepts it on any machine", () => {
    const { packages } = JSON.parse(fs.readFileSync("package-lock.json", "utf8")) as { packages: Record<string, LockedPackage> };
    const missing = Object.entries(packages).flatMap(([location, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !packages[`${location}/node_modules/${name}`] && !packages[`node_modules/${name}`])
        .map((name) => `${name} (of ${location})`),
    );
    expect(missing, "run `npm run lock:complete`").toEqual([]);
  });
});
