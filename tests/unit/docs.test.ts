import fs from "node:fs";
import { describe, expect, it } from "vitest";

const records = fs.readdirSync("docs/decisions").filter((name) => /^\d{3}-.+\.md$/.test(name) && !name.startsWith("000-"));

describe("decision records", () => {
  it("each carries a date and a status, and the README's layout section links it", () => {
    const readme = fs.readFileSync("README.md", "utf8");
    const layout = readme.slice(readme.indexOf("## Layout"));
    expect(records.length).toBeGreaterThanOrEqual(10);
    for (const name of records) {
      const text = fs.readFileSync(`docs/decisions/${name}`, "utf8");
      expect(text, name).toMatch(/^- Date: \d{4}-\d{2}-\d{2}$/m);
      expect(text, name).toMatch(/^- Status: \S/m);
      expect(layout, name).toContain(`(docs/decisions/${name})`);
    }
  });
});
