import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";

const manifest = (file: string) => JSON.parse(fs.readFileSync(file, "utf8")) as { name: string; version: string; dependencies?: Record<string, string> };

/** The owner's requirement: React's own `react` and `react-dom`, never an alias or a look-alike (decision 023). */
describe("the frontend runs on React itself", () => {
  it("installs react and react-dom from the React team at exact versions, nothing aliased", () => {
    const { dependencies = {} } = manifest("package.json");
    for (const name of ["react", "react-dom"]) {
      expect(dependencies[name], name).toMatch(/^19\.\d+\.\d+$/);
      const installed = manifest(`node_modules/${name}/package.json`);
      expect([installed.name, installed.version]).toEqual([name, dependencies[name]]);
    }
  });

  it("has no Preact anywhere in the dependency tree", () => {
    // npm exits 1 when nothing matches: what it prints is the answer either way.
    const listed = spawnSync("npm", ["ls", "preact", "@preact/compat", "--all", "--json"], { encoding: "utf8" });
    const tree = JSON.parse(listed.stdout) as { dependencies?: object };
    expect(tree.dependencies ?? {}).toEqual({});
  });
});
