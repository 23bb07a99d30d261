import fs from "node:fs";
import type { UserConfig } from "vite";
import { describe, expect, it } from "vitest";
import reactRouterConfig from "../../react-router.config";
import viteConfig from "../../vite.config";

/** The future flags the installed React Router warns about at every build while they are unset. */
function warnedFutureFlags(): string[] {
  const source = fs.readFileSync("node_modules/@react-router/dev/dist/vite.js", "utf8");
  return [...source.matchAll(/logFutureFlagWarning\(\s*"(\w+)"/g)].map((match) => match[1]!);
}

/** vite.config.ts as `react-router build` resolves it for each of its two builds. */
function resolved(mode: "production" | "development", isSsrBuild: boolean): UserConfig {
  if (typeof viteConfig !== "function") throw new TypeError("vite.config.ts exports a function of the build");
  return viteConfig({ command: "build", mode, isSsrBuild, isPreview: false }) as UserConfig;
}

describe("the build's own settings print no warnings", () => {
  it("decides every future flag React Router would warn about", () => {
    const flags = warnedFutureFlags();
    expect(flags).toContain("v8_middleware");
    const future = (reactRouterConfig.future ?? {}) as Record<string, unknown>;
    for (const flag of flags) expect(typeof future[flag], flag).toBe("boolean");
  });

  it.each([
    ["production", false],
    ["production", true],
    ["development", false],
    ["development", true],
  ] as const)("%s build (server: %s): no deprecated envFile, no timings report, no size hint on unminified code", (mode, isSsrBuild) => {
    const config = resolved(mode, isSsrBuild);
    expect(config).not.toHaveProperty("envFile");
    const bundler = isSsrBuild ? config.build?.rollupOptions : config.build?.rolldownOptions;
    expect(bundler?.checks?.bundlerTimings).toBe(false);
    if (mode === "development") expect(config.build?.chunkSizeWarningLimit).toBeGreaterThanOrEqual(1024);
    else expect(config.build?.chunkSizeWarningLimit).toBeUndefined();
  });
});
