import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROUTES = "app/routes";

/** Every `intent` a route's action tells apart: its `case "…":` and `intent === "…"`. */
function routeIntents(): { route: string; intent: string }[] {
  return fs
    .readdirSync(ROUTES)
    .filter((file) => /\.tsx?$/.test(file))
    .flatMap((file) => {
      const source = fs.readFileSync(path.join(ROUTES, file), "utf8");
      if (!/\bintent\b/.test(source)) return [];
      const found = [...source.matchAll(/case "([a-z-]+)":/g), ...source.matchAll(/intent === "([a-z-]+)"/g)].map((match) => match[1]!);
      return [...new Set(found)].map((intent) => ({ route: file, intent }));
    });
}

describe("the fuzz test's generator (tests/support/fuzz.ts)", () => {
  it("sends every intent of every form's action", () => {
    const generator = fs.readFileSync("tests/support/fuzz.ts", "utf8");
    const intents = routeIntents();
    expect(intents.length).toBeGreaterThan(10);
    const missing = intents.filter(({ intent }) => !generator.includes(`"${intent}"`));
    expect(missing).toEqual([]);
  });
});
