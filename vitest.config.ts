import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

const alias = { resolve: { tsconfigPaths: true } };
const integration = (engine: "pglite" | "postgres") => ({
  ...alias,
  test: {
    name: `integration-${engine}`,
    include: ["tests/integration/**/*.test.ts"],
    env: { TEST_DB: engine },
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // At least two files at once (the default is one fewer than the cores: one on two): the browser
    // tests, one file at a time, mostly wait on pages while the database tests compute beside them.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { ...alias, test: { name: "unit", include: ["tests/unit/**/*.test.ts"] } },
      integration("pglite"),
      // PostgreSQL is the production engine: CI sets DATABASE_URL so every integration test runs on both.
      ...(process.env.DATABASE_URL ? [integration("postgres")] : []),
      {
        ...alias,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          env: { TEST_DB: "pglite" },
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // A poll passes as soon as it holds; a loaded machine can delay a page's next frame (a
          // media query's change, a hydration) past the default second.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
