import fs from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/** The committed SQL migrations travel with the server build, which applies them at start. */
function copyMigrations(): Plugin {
  return {
    name: "recanto-copy-migrations",
    writeBundle(options) {
      fs.cpSync("server/db/migrations", path.join(options.dir!, "migrations"), { recursive: true });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server build starts at the Express app (server/index.ts), which imports the routes: one
  // module graph, one copy of each module in the running server (docs/decisions/009-one-module-graph.md).
  build: isSsrBuild ? { rollupOptions: { input: "server/index.ts" } } : {},
  plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [copyMigrations()] : [])],
  resolve: { tsconfigPaths: true },
}));
